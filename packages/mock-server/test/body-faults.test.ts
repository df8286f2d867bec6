// Faults inside the answer, over the real server: cut, reset, stalled and slow bodies, corrupt and escaping
// ZIPs (judged by Python's zipfile, a reader that is not ours), a wrong SHA-256, and their scopes.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ControlError } from '../src/rules/control-error';
import { createMockService, DEMO } from '../src';
import { useServer } from './helpers';

const api = useServer();
const dir = mkdtempSync(join(tmpdir(), 'loc-mock-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => api.server.service.reset());

const admin = () => api.server.service.admin;

/** A CDN check for an app version: its answer's JSON. */
async function cdnCheck(clientVersion = '2.0.0') {
  const response = await api.call('POST', '/cdn/check', {
    token: DEMO.cdnKeys.valid,
    body: { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS', clientVersion },
  });
  return response.json as { distributionReleaseId: string; filesUrl: string; filesSha256: string };
}

/**
 * What Python's zipfile says of a ZIP: its names, and the first bad entry or the error opening it. Run
 * without blocking this process, whose event loop serves the mock: a loop blocked past the server's
 * keep-alive timeout closed the idle connection just as the next download reused it (ECONNRESET on a
 * loaded machine).
 */
async function python(zip: Uint8Array): Promise<{ names?: string[]; bad?: string | null; error?: string }> {
  const file = join(dir, `z${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, zip);
  const script = `
import json, sys, zipfile
try:
    z = zipfile.ZipFile(sys.argv[1])
    print(json.dumps({"names": z.namelist(), "bad": z.testzip()}))
except Exception as e:
    print(json.dumps({"error": type(e).__name__}))
`;
  const { stdout } = await promisify(execFile)('python3', ['-c', script, file], { encoding: 'utf8' });
  return JSON.parse(stdout);
}

/** GET over a bare socket: the head, the body bytes, and how the connection ended (FIN or reset). */
function rawGet(url: string): Promise<{ head: string; body: Buffer; how: string }> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    const done = (how: string) => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, split).toString(), body: all.subarray(split + 4), how });
    };
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => done('end'));
    socket.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
  });
}

/**
 * GET with Python's socket, the kernel's answer read as it is: the body's bytes, then how the connection
 * ended. A reset is always ECONNRESET there. (Node cannot tell: when the last bytes and the reset land
 * before it reads, libuv reads the bytes, sees the hang-up and reports an end of stream, not the reset.)
 * Run asynchronously: the server answers from this process.
 */
async function pythonGet(url: string): Promise<{ head: string; bodyBytes: number; how: string }> {
  const { hostname, port, pathname, search } = new URL(url);
  const script = `
import json, socket, sys
host, port, target = sys.argv[1], int(sys.argv[2]), sys.argv[3]
s = socket.create_connection((host, port))
s.sendall(("GET %s HTTP/1.1\\r\\nHost: %s\\r\\nConnection: close\\r\\n\\r\\n" % (target, host)).encode())
data, how = b"", "end"
try:
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
except ConnectionResetError:
    how = "ECONNRESET"
head, _, body = data.partition(b"\\r\\n\\r\\n")
print(json.dumps({"head": head.decode("latin-1"), "bodyBytes": len(body), "how": how}))
`;
  const { stdout } = await promisify(execFile)('python3', ['-c', script, hostname, port, `${pathname}${search}`]);
  return JSON.parse(stdout);
}

async function download(url: string) {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

describe('faults inside a ZIP', () => {
  it('CORRUPT_ZIP_CRC: the bundle opens, and its first entry fails its CRC check', async () => {
    const { filesUrl } = await cdnCheck();
    expect((await python(await download(filesUrl))).bad).toBeNull();
    admin().addFault({ kind: 'CORRUPT_ZIP_CRC', path: '/_storage/releases/' });
    const verdict = await python(await download(filesUrl));
    expect(verdict.names!.length).toBeGreaterThan(0);
    expect(verdict.bad).toBe(verdict.names![0]);
    expect((await python(await download(filesUrl))).bad).toBeNull(); // count 1: the next download is whole
  });

  it('CORRUPT_ZIP_CENTRAL_DIRECTORY: the bundle does not open', async () => {
    const { filesUrl } = await cdnCheck();
    admin().addFault({ kind: 'CORRUPT_ZIP_CENTRAL_DIRECTORY' });
    expect((await python(await download(filesUrl))).error).toBe('BadZipFile');
  });

  it.each([
    ['ZIP_ENTRY_PARENT_PATH', '../../loc-mock-escaped.txt'],
    ['ZIP_ENTRY_ABSOLUTE_PATH', '/tmp/loc-mock-escaped.txt'],
    ['ZIP_ENTRY_SYMLINK', 'loc-mock-link'],
  ] as const)('%s: the bundle has an entry %s', async (kind, name) => {
    admin().addFault({ kind, release: 'rel_ios_2_1' });
    // The check names the checksum of the bundle as served: only a ZIP reader can catch it.
    const { filesUrl, filesSha256 } = await cdnCheck();
    const bundle = await download(filesUrl);
    expect(createHash('sha256').update(bundle).digest('hex')).toBe(filesSha256);
    const verdict = await python(bundle);
    expect(verdict.names).toContain(name);
    expect(verdict.bad).toBeNull();
  });

  it('on an export download, scoped to its project', async () => {
    admin().addFault({ kind: 'CORRUPT_ZIP_CENTRAL_DIRECTORY', project: 'acme/backend', count: 'all' });
    const exportOf = async (project: string) => {
      const created = await api.call('POST', `/v1/acme/projects/${project}/exports`, {
        token: DEMO.tokens.admin,
        body: {},
      });
      const done = await api.call('GET', `/v1/acme/projects/${project}/exports/${created.json.id}`, {
        token: DEMO.tokens.admin,
      });
      return await python(await download(done.json.downloadUrl));
    };
    expect((await exportOf('web-frontend')).error).toBeUndefined();
    expect((await exportOf('backend')).error).toBe('BadZipFile');
    expect((await exportOf('backend')).error).toBe('BadZipFile');
  });
});

describe('WRONG_SHA256', () => {
  it('answers a checksum that is not the bundle’s, for the release it is scoped to only', async () => {
    admin().addFault({ kind: 'WRONG_SHA256', release: 'rel_ios_1_9', count: 'all' });
    const newest = await cdnCheck('2.0.0');
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(newest.filesSha256).toBe(sha(await download(newest.filesUrl)));
    const old = await cdnCheck('1.5.0');
    expect(old.distributionReleaseId).toBe('rel_ios_1_9');
    expect(old.filesSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(old.filesSha256).not.toBe(sha(await download(old.filesUrl)));
  });
});

describe('faults on the wire', () => {
  it('TRUNCATED_BODY: the full Content-Length, then part of the body and a closed connection', async () => {
    const { filesUrl } = await cdnCheck();
    admin().addFault({ kind: 'TRUNCATED_BODY', bytes: 100, path: '/_storage/' });
    const response = await fetch(filesUrl);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(100);
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect(admin().listRequests().requests.at(-1)).toMatchObject({ status: 200, fault: 'TRUNCATED_BODY' });
    // a clean close (FIN, not a reset) after exactly 100 bytes of body
    admin().addFault({ kind: 'TRUNCATED_BODY', bytes: 100, path: '/_storage/' });
    const { how, body } = await rawGet(filesUrl);
    expect([how, body.byteLength]).toEqual(['end', 100]);
  });

  it('CONNECTION_RESET_BY_PEER: a reset in the middle of the body', async () => {
    const { filesUrl } = await cdnCheck();
    admin().addFault({ kind: 'CONNECTION_RESET_BY_PEER', bytes: 100, path: '/_storage/' });
    const { head, bodyBytes, how } = await pythonGet(filesUrl);
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(Number(/content-length: (\d+)/i.exec(head)![1])).toBeGreaterThan(100);
    // A reset drops what the server had not sent yet: at most the 100 bytes, never the whole body.
    expect(bodyBytes).toBeLessThanOrEqual(100);
    expect(how).toBe('ECONNRESET');
    expect(admin().listRequests().requests.at(-1)).toMatchObject({ status: 200, fault: 'CONNECTION_RESET_BY_PEER' });
  });

  it('STALL_AFTER_BYTES: that many bytes, then nothing', async () => {
    const { filesUrl } = await cdnCheck();
    admin().addFault({ kind: 'STALL_AFTER_BYTES', bytes: 64, path: '/_storage/' });
    const controller = new AbortController();
    const response = await fetch(filesUrl, { signal: controller.signal });
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 64) received += (await reader.read()).value!.byteLength;
    expect(received).toBe(64);
    controller.abort();
  });

  it('SLOW_BODY: the whole body, in many small writes', async () => {
    const { filesUrl } = await cdnCheck();
    const whole = await download(filesUrl);
    admin().addFault({ kind: 'SLOW_BODY', bytesPerSecond: Math.ceil(whole.byteLength * 2), path: '/_storage/' });
    const reader = (await fetch(filesUrl)).body!.getReader();
    const parts: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    expect(parts.length).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(Buffer.from(whole))).toBe(true);
  });

  it('are refused through msw, which cannot cut a connection, naming the kind', () => {
    const mock = createMockService();
    for (const kind of ['TRUNCATED_BODY', 'CONNECTION_RESET_BY_PEER', 'STALL_AFTER_BYTES'] as const) {
      const error = (() => {
        try {
          mock.admin.addFault({ kind });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ControlError);
      expect((error as ControlError).errors[0]).toMatchObject({ field: '$.kind' });
      expect((error as ControlError).message).toMatch(/needs the real HTTP server/);
    }
    expect(() => mock.admin.addFault({ kind: 'SLOW_BODY', bytesPerSecond: 1 })).toThrow(/needs the real HTTP server/);
  });
});

describe('scopes and counts', () => {
  it('STATUS by method, and "all" until removed', async () => {
    const fault = admin().addFault({ kind: 'STATUS', status: 500, method: 'POST', path: '/cdn/', count: 'all' });
    const check = () =>
      api.call('POST', '/cdn/check', {
        token: DEMO.cdnKeys.valid,
        body: { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' },
      });
    expect((await check()).status).toBe(500);
    expect((await check()).status).toBe(500);
    expect((await api.call('GET', '/cdn/check')).status).toBe(405);
    expect(admin().listFaults().faults[0]).toMatchObject({ id: fault.id, remaining: 'all', hits: 2 });
    admin().removeFault({ id: fault.id });
    expect((await check()).status).toBe(200);
  });

  it('EXPORT_ERROR ends the next exports in ERROR', async () => {
    admin().addFault({ kind: 'EXPORT_ERROR', message: 'disk on fire', count: 1 });
    const created = await api.call('POST', '/v1/acme/projects/backend/exports', { token: DEMO.tokens.admin, body: {} });
    const done = await api.call('GET', `/v1/acme/projects/backend/exports/${created.json.id}`, {
      token: DEMO.tokens.admin,
    });
    expect(done.json).toMatchObject({ status: 'ERROR', errorDetails: 'disk on fire' });
  });

  it('EMPTY_RESPONSE: no answer, and the journal says so', async () => {
    admin().addFault({ kind: 'EMPTY_RESPONSE', path: '/v1/projects' });
    await expect(fetch(`${api.url}/v1/projects`)).rejects.toThrow();
    expect(admin().listRequests().requests.at(-1)).toMatchObject({ status: null, fault: 'EMPTY_RESPONSE' });
  });
});
