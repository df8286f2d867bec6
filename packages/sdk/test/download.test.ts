import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile, type FileHandle } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  DownloadError,
  createClient,
  downloadExportFile,
  downloadRelease,
  downloadToFile,
} from '../src/node';
import { createHashingWriter, WRITE_BATCH_BYTES } from '../src/hashing-writer';
import { CDN_KEY, TOKEN } from './fixtures';

const payload = Buffer.alloc(256 * 1024, 'a');
const sha = createHash('sha256').update(payload).digest('hex');
let server: Server;
let base: string;
let dir: string;
const seenHeaders: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seenHeaders.push(req.headers);
    const url = new URL(req.url!, 'http://x');
    switch (url.pathname) {
      case '/cdn/check':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            distributionReleaseId: 'rel_1',
            name: 'R1',
            createdAt: '2026-11-01T10:00:00Z',
            filesUrl: `${base}/files/ok.zip?expires=9999999999&signature=abc`,
            filesSha256: sha,
          }),
        );
        return;
      case '/files/ok.zip':
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': payload.length });
        res.end(payload);
        return;
      case '/files/short.zip':
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': payload.length });
        res.write(payload.subarray(0, 1000), () => res.destroy());
        return;
      case '/files/slow.zip':
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': payload.length });
        res.write(payload.subarray(0, 1000));
        return; // never ends
      case '/files/expired.zip':
        res.writeHead(403, { 'content-type': 'text/plain' });
        res.end('expired');
        return;
      case '/files/redirect.zip':
        res.writeHead(302, { location: '/files/ok.zip' });
        res.end();
        return;
      case '/files/to-file.zip':
        res.writeHead(302, { location: 'file:///etc/passwd' });
        res.end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loc-sdk-download-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  dir = await mkdtemp(join(tmpdir(), 'loc-sdk-download-'));
  seenHeaders.length = 0;
});

describe('downloadToFile', () => {
  it('streams the body to the file and reports progress', async () => {
    const progress: number[] = [];
    const target = join(dir, 'nested', 'out.zip');
    const result = await downloadToFile(`${base}/files/ok.zip?signature=s`, target, {
      onProgress: (p) => progress.push(p.receivedBytes),
    });
    expect(result).toMatchObject({ path: target, bytes: payload.length, sha256: sha });
    expect((await readFile(target)).equals(payload)).toBe(true);
    expect(progress.at(-1)).toBe(payload.length);
    expect(await readdir(join(dir, 'nested'))).toEqual(['out.zip']);
  });

  it('leaves no file behind when the body is cut short, and keeps an existing file', async () => {
    const target = join(dir, 'out.zip');
    await writeFile(target, 'previous');
    const error = await downloadToFile(`${base}/files/short.zip`, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(await readdir(dir)).toEqual(['out.zip']);
    expect(await readFile(target, 'utf8')).toBe('previous');
  });

  it('fails a stalled download after the idle timeout, leaving nothing', async () => {
    const error = await downloadToFile(`${base}/files/slow.zip`, join(dir, 'out.zip'), { idleTimeoutMs: 200 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/stalled/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a file whose SHA-256 does not match, leaving nothing', async () => {
    const error = await downloadToFile(`${base}/files/ok.zip`, join(dir, 'out.zip'), {
      expectedSha256: '00'.repeat(32),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/corrupt/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('explains an expired or altered URL and never shows its signature', async () => {
    const error = await downloadToFile(`${base}/files/expired.zip?signature=topsecret`, join(dir, 'out.zip')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ status: 403 });
    expect((error as Error).message).toMatch(/expired or was altered/);
    expect((error as Error).message).not.toContain('topsecret');
  });

  it('follows a redirect but refuses one to a non-http URL', async () => {
    await expect(downloadToFile(`${base}/files/redirect.zip`, join(dir, 'a.zip'))).resolves.toMatchObject({
      bytes: payload.length,
    });
    await expect(downloadToFile(`${base}/files/to-file.zip`, join(dir, 'b.zip'))).rejects.toThrow(/file: URL/);
  });

  it('stops and cleans up on abort', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await downloadToFile(`${base}/files/slow.zip`, join(dir, 'out.zip'), {
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('streams over node:http by default (no global fetch needed) and through a given fetch when one is passed', async () => {
    const original = globalThis.fetch;
    const calls: string[] = [];
    globalThis.fetch = (() => Promise.reject(new Error('the global fetch was used'))) as typeof fetch;
    try {
      expect((await downloadToFile(`${base}/files/ok.zip`, join(dir, 'a.zip'))).sha256).toBe(sha);
      const viaFetch: typeof fetch = (input, init) => {
        calls.push(String(input));
        return original(input, init);
      };
      expect((await downloadToFile(`${base}/files/redirect.zip`, join(dir, 'b.zip'), { fetch: viaFetch })).sha256).toBe(
        sha,
      );
    } finally {
      globalThis.fetch = original;
    }
    expect(calls).toEqual([`${base}/files/redirect.zip`, `${base}/files/ok.zip`]);
    expect((await readFile(join(dir, 'b.zip'))).equals(payload)).toBe(true);
  });

  it('refuses a body over maxBytes', async () => {
    await expect(downloadToFile(`${base}/files/ok.zip`, join(dir, 'out.zip'), { maxBytes: 10 })).rejects.toThrow(
      /limit/,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('createHashingWriter', () => {
  it('hashes in the same pass and holds at most two 1 MiB batches however slow the disk is', async () => {
    let release: () => void = () => {};
    const written: Uint8Array[] = [];
    // A file whose every write waits until the test lets it finish.
    const slowFile = {
      writev: (buffers: Uint8Array[]) =>
        new Promise<{ bytesWritten: number }>((resolve) => {
          release = () => {
            release = () => {};
            written.push(...buffers);
            resolve({ bytesWritten: buffers.reduce((n, b) => n + b.length, 0) });
          };
        }),
    } as unknown as FileHandle;
    const writer = createHashingWriter(slowFile);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const hash = createHash('sha256');
    let accepted = 0;
    let blocked = false;
    for (let i = 0; i < 64 && !blocked; i++) {
      const pending = writer.write(chunk);
      hash.update(chunk);
      accepted += chunk.length;
      if (pending)
        blocked = await Promise.race([
          Promise.resolve(pending).then(() => false),
          new Promise<boolean>((r) => setImmediate(() => r(true))),
        ]);
    }
    // The first batch is being written and the second is full: the writer waits for the disk.
    expect(blocked).toBe(true);
    expect(accepted).toBe(2 * WRITE_BATCH_BYTES);
    const finishing = (async () => {
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setImmediate(r));
        release();
      }
    })();
    const digest = await writer.finish();
    await finishing;
    expect(digest).toBe(hash.digest('hex'));
    expect(Buffer.concat(written).length).toBe(accepted);
  });
});

describe('downloadRelease', () => {
  it('verifies filesSha256 and never sends the API token or CDN key to the download host', async () => {
    const loc = createClient({ baseUrl: base, token: TOKEN, cdnKey: CDN_KEY });
    const release = await loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });
    expect(seenHeaders[0]!.authorization).toBe(`Bearer ${CDN_KEY}`);
    const result = await downloadRelease(release!, join(dir, 'release.zip'));
    expect(result.sha256).toBe(sha);
    const downloadHeaders = seenHeaders.slice(1);
    expect(downloadHeaders).toHaveLength(1);
    expect(downloadHeaders[0]!.authorization).toBeUndefined();
    expect(JSON.stringify(downloadHeaders)).not.toContain(TOKEN);
    expect(JSON.stringify(downloadHeaders)).not.toContain(CDN_KEY);
  });
});

describe('downloadExportFile', () => {
  const job = (downloadUrl: string | null) => ({
    id: 'reg_1',
    status: 'SUCCESS' as const,
    resourceExports: [
      { filePath: 'res/values-de/strings.xml', iso2Slug: 'de', status: 'SUCCESS' as const, downloadUrl },
      { filePath: 'res/values/strings.xml', iso2Slug: 'en', status: 'SUCCESS' as const, downloadUrl: null },
    ],
    errorDetails: null,
    filePath: 'export.zip',
    downloadUrl: `${base}/files/ok.zip`,
    triggerType: 'API_V1',
    createdAt: '2026-11-01T10:00:00Z',
  });

  it('fetches one file by its own URL, without the ZIP', async () => {
    const target = join(dir, 'strings.xml');
    const result = await downloadExportFile(job(`${base}/files/ok.zip?one=file`), 'res/values-de/strings.xml', target);
    expect(result).toMatchObject({ path: target, bytes: payload.length });
    expect(seenHeaders).toHaveLength(1);
  });

  it('says what to do, before any request, when a file has no URL or is not in the export', async () => {
    await expect(downloadExportFile(job(null), 'res/values-de/strings.xml', join(dir, 'x'))).rejects.toThrow(
      /no download URL .*whole export/,
    );
    await expect(downloadExportFile(job(null), 'res/values-fr/strings.xml', join(dir, 'x'))).rejects.toThrow(
      /has no file 'res\/values-fr\/strings.xml'; it has res\/values-de/,
    );
    expect(seenHeaders).toHaveLength(0);
  });
});
