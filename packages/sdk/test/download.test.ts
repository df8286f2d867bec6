import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Socket } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  DEFAULT_DOWNLOAD_MAX_BYTES,
  DEFAULT_DOWNLOAD_TIMEOUT_MS,
  DownloadError,
  createClient,
  downloadExportFile,
  downloadRelease,
  downloadToFile,
} from '../src/node';
import {
  createHashingWriter,
  type HashingWriter,
  MAX_WRITE_BYTES,
  MIN_READ_BYTES,
  WRITE_BATCH_BYTES,
  type WriteSync,
} from '../src/download/hashing-writer';
import { requestOverSocket } from '../src/download/socket-download';
import { CDN_KEY, TOKEN } from './fixtures';

const payload = Buffer.alloc(256 * 1024, 'a');
const sha = createHash('sha256').update(payload).digest('hex');

/** A file for a HashingWriter that keeps a copy of each write call's bytes; it takes at most `takes` bytes per call. */
function recordingFile(takes = Number.POSITIVE_INFINITY) {
  const written: Buffer[] = [];
  const write: WriteSync = (bytes, offset, length) => {
    const taken = Math.min(length, takes);
    written.push(Buffer.from(bytes.subarray(offset, offset + taken)));
    return taken;
  };
  return { write, written, bytes: () => written.reduce((n, w) => n + w.length, 0) };
}
const LOOPBACK = 'http://127.0.0.1:9';

/**
 * A fetch that answers without any network: a redirect to `hops[url]` where there is one, else the payload.
 * `asked` lists every URL it was given, so a test sees which hops were made.
 */
function fakeFetch(hops: Record<string, string>) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL) => {
    const url = String(input);
    asked.push(url);
    const next = hops[url];
    return next ? new Response(null, { status: 302, headers: { location: next } }) : new Response(payload);
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

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
      case '/files/to-userinfo.zip':
        res.writeHead(302, { location: `http://user:topsecret@${req.headers.host}/files/ok.zip` });
        res.end();
        return;
      case '/files/to-file.zip':
        res.writeHead(302, { location: 'file:///etc/passwd' });
        res.end();
        return;
      case '/files/huge.zip':
        // A header that promises more than any resource ZIP, then nothing.
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': 600 * 2 ** 20 });
        res.flushHeaders();
        return;
      case '/files/trickle.zip': {
        // One byte at a time, each far apart, each of which reset the idle timeout of old.
        const total = Number(url.searchParams.get('bytes') ?? 400);
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': total });
        let sent = 0;
        const timer = setInterval(() => {
          if (sent === total) {
            clearInterval(timer);
            res.end();
          } else res.write(payload.subarray(sent, ++sent));
        }, 10);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/files/steady.zip': {
        // 4 KiB every 10 ms (well above any idle rule) for at most 100 writes, then cut short.
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': 100 * 2 ** 20 });
        let writes = 0;
        const timer = setInterval(() => {
          if (++writes > 100) {
            clearInterval(timer);
            res.destroy();
          } else res.write(payload.subarray(0, 4096));
        }, 10);
        res.on('close', () => clearInterval(timer));
        return;
      }
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

  it('refuses a URL or a redirect with a user name or password, without showing them', async () => {
    const error = await downloadToFile(`${base}/files/to-userinfo.zip`, join(dir, 'c.zip')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/user name or password/);
    expect((error as Error).message).not.toContain('topsecret');
    const direct = `${base.replace('//', '//user:topsecret@')}/files/ok.zip`;
    await expect(downloadToFile(direct, join(dir, 'd.zip'))).rejects.toThrow(/user name or password/);
    expect(await readdir(dir)).toEqual([]);
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

  it('downloads without the global fetch by default, and through a given fetch when one is passed', async () => {
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

  it('holds the first URL to the URL rule: plain http: only on loopback, no other scheme, before any request', async () => {
    const { fetch, asked } = fakeFetch({});
    for (const url of ['http://files.example/r.zip?X-Amz-Signature=s3cr3t', 'ftp://files.example/r.zip']) {
      const error = await downloadToFile(url, join(dir, 'r.zip'), { fetch }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DownloadError);
      expect((error as Error).message).toMatch(/plain http:|ftp: URL/);
      expect(JSON.stringify(error) + (error as Error).message).not.toContain('s3cr3t');
    }
    expect(asked).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  // Issue 42, point 2: "plain http only on loopback" carried over redirects; every hop is held to the rule.
  it.each([
    ['loopback http: to plain http: off loopback', [`${LOOPBACK}/a.zip`, 'http://files.example/b.zip?sig=s3cr3t'], 1],
    [
      'a downgrade in the middle of an https: chain',
      ['https://a.example/1', 'https://b.example/2', 'http://c.example/3?sig=s3cr3t', 'https://d.example/4'],
      2,
    ],
    ['https: to plain http: on loopback', ['https://a.example/1', `${LOOPBACK}/2?sig=s3cr3t`], 1],
  ] as const)('refuses %s at the hop that breaks the rule, asking nothing of it', async (_what, chain, refusedAt) => {
    const hops = Object.fromEntries(chain.slice(0, -1).map((url, i) => [url, chain[i + 1]!]));
    const { fetch, asked } = fakeFetch(hops);
    const error = await downloadToFile(chain[0], join(dir, 'r.zip'), { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/a redirect to a plain http: URL/);
    expect(JSON.stringify(error) + (error as Error).message).not.toContain('s3cr3t');
    expect(asked).toEqual(chain.slice(0, refusedAt));
    expect(await readdir(dir)).toEqual([]);
  });

  it('follows a chain that keeps to the rule: loopback to loopback, then up to https:', async () => {
    const { fetch, asked } = fakeFetch({
      [`${LOOPBACK}/1`]: 'http://localhost:2/2',
      'http://localhost:2/2': 'https://files.example/3',
    });
    await expect(downloadToFile(`${LOOPBACK}/1`, join(dir, 'ok.zip'), { fetch })).resolves.toMatchObject({
      bytes: payload.length,
    });
    expect(asked).toEqual([`${LOOPBACK}/1`, 'http://localhost:2/2', 'https://files.example/3']);
  });

  it('keeps no signature or password a fetch puts into its error (as node-fetch names the URL)', async () => {
    const fetch = (async (input: string) => {
      throw new TypeError(`request to ${input} failed, reason: connect ECONNREFUSED`, {
        cause: new Error(`to https://u:pw-s3cr3t@files.example/r.zip?X-Amz-Signature=s3cr3t`),
      });
    }) as unknown as typeof globalThis.fetch;
    const error = await downloadToFile('https://files.example/r.zip?X-Amz-Signature=s3cr3t', join(dir, 'r.zip'), {
      fetch,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    const shown = `${(error as Error).message} ${JSON.stringify(error)} ${String((error as Error).cause)} ${JSON.stringify((error as Error).cause)}`;
    expect(shown).toMatch(/files\.example\/r\.zip\?…/);
    expect(shown).not.toMatch(/s3cr3t/);
  });

  it('refuses a body over maxBytes', async () => {
    await expect(downloadToFile(`${base}/files/ok.zip`, join(dir, 'out.zip'), { maxBytes: 10 })).rejects.toThrow(
      /limit/,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});

// Issue 42, point 3: bounded by default, and an idle timeout a trickle cannot reset forever.
describe('bounds', () => {
  it('refuses, by default, a download whose Content-Length is over DEFAULT_DOWNLOAD_MAX_BYTES, before its body', async () => {
    const release = { distributionReleaseId: 'rel_huge', name: 'H', createdAt: '2026-11-01T10:00:00Z' };
    const error = await downloadRelease({ ...release, filesUrl: `${base}/files/huge.zip` }, join(dir, 'h.zip'), {
      idleTimeoutMs: 5000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(
      new RegExp(`is ${600 * 2 ** 20} bytes, more than the limit of ${DEFAULT_DOWNLOAD_MAX_BYTES}`),
    );
    expect(DEFAULT_DOWNLOAD_MAX_BYTES).toBe(512 * 2 ** 20);
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails a trickle (one byte every 10 ms) as stalled, though each byte came within the idle timeout', async () => {
    const error = await downloadToFile(`${base}/files/trickle.zip?bytes=400`, join(dir, 't.zip'), {
      idleTimeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/stalled: fewer than 154 bytes in 300 ms/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes a small body that comes whole within one window, however slow the rate it would need', async () => {
    await expect(
      downloadToFile(`${base}/files/trickle.zip?bytes=3`, join(dir, 's.zip'), { idleTimeoutMs: 5000 }),
    ).resolves.toMatchObject({ bytes: 3 });
  });

  it('ends a download that outlasts its deadline (timeoutMs), however steadily it comes', async () => {
    const error = await downloadToFile(`${base}/files/steady.zip`, join(dir, 'd.zip'), { timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/took longer than its deadline of 300 ms/);
    expect(DEFAULT_DOWNLOAD_TIMEOUT_MS).toBe(10 * 60_000);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('downloads off the socket (the default)', () => {
  /** A server that writes raw bytes, for answers node:http would not produce. */
  async function rawServer(answer: (socket: Socket) => void): Promise<{ url: string; close: () => Promise<void> }> {
    const raw = createNetServer((socket) => {
      socket.once('data', () => answer(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(raw.address() as AddressInfo).port}/file.zip`,
      close: () => new Promise((resolve) => raw.close(() => resolve())),
    };
  }

  it('skips a 1xx answer and decodes a chunked body', async () => {
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n');
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      socket.write(`${(100_000).toString(16)}\r\n`);
      socket.write(payload.subarray(0, 100_000));
      socket.end(
        `\r\n${(payload.length - 100_000).toString(16)}\r\n${payload.subarray(100_000).toString('latin1')}\r\n0\r\n\r\n`,
        'latin1',
      );
    });
    try {
      const result = await downloadToFile(server.url, join(dir, 'out.zip'));
      expect(result).toMatchObject({ bytes: payload.length, sha256: sha });
    } finally {
      await server.close();
    }
  });

  it('fails a chunked body the connection cut short, leaving nothing', async () => {
    const server = await rawServer((socket) => {
      socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n400\r\nonly this');
    });
    try {
      const error = await downloadToFile(server.url, join(dir, 'out.zip')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DownloadError);
      expect((error as Error).message).toMatch(/before the last chunk/);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses what is not an HTTP answer', async () => {
    const server = await rawServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n'));
    try {
      await expect(downloadToFile(server.url, join(dir, 'out.zip'))).rejects.toThrow(/not an HTTP\/1.1 status line/);
    } finally {
      await server.close();
    }
  });

  it('reads the body straight into the write batch and writes it in calls of at most MAX_WRITE_BYTES', async () => {
    const big = Buffer.alloc(3 * WRITE_BATCH_BYTES + 12_344);
    for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
    const server = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${big.length}\r\n\r\n`);
      socket.end(big);
    });
    const file = recordingFile();
    try {
      const response = await requestOverSocket(new URL(server.url), {}, undefined);
      expect(response.status).toBe(200);
      const inner = createHashingWriter(file.write);
      // Counts the bytes the socket read into the writer's batch (no copy) and the bytes it copied in.
      let committed = 0;
      let copied = 0;
      const writer: HashingWriter = {
        ...inner,
        commit: (length) => {
          committed += length;
          inner.commit(length);
        },
        write: (chunk) => {
          copied += chunk.length;
          inner.write(chunk);
        },
      };
      let received = 0;
      await response.pipeTo(writer, (length) => {
        received += length;
      });
      expect(writer.finish()).toBe(createHash('sha256').update(big).digest('hex'));
      expect(received).toBe(big.length);
      expect(committed + copied).toBe(big.length);
      expect(committed).toBeGreaterThan(copied);
      expect(Buffer.concat(file.written).equals(big)).toBe(true);
      expect(Math.max(...file.written.map((w) => w.length))).toBeLessThanOrEqual(MAX_WRITE_BYTES);
    } finally {
      await server.close();
    }
  });

  it('speaks TLS for https URLs, checking the certificate', async () => {
    const tlsServer = createHttpsServer({ key: TLS_KEY, cert: TLS_CERT }, (_req, res) => {
      res.writeHead(200, { 'content-length': payload.length });
      res.end(payload);
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    const url = new URL(`https://localhost:${(tlsServer.address() as AddressInfo).port}/file.zip`);
    try {
      const response = await requestOverSocket(url, {}, undefined, { ca: TLS_CERT });
      const writer = createHashingWriter((_bytes, _offset, length) => length);
      await response.pipeTo(writer, () => {});
      expect(writer.finish()).toBe(sha);
      // Without our test CA the certificate is refused.
      await expect(requestOverSocket(url, {}, undefined)).rejects.toThrow(/self-signed|certificate/);
    } finally {
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });

  it('goes through node:http while a test tool intercepts it (msw), so the tool sees the download', async () => {
    const msw = setupServer(
      mswHttp.get('https://downloads.invalid/file.zip', () => new HttpResponse(payload, { status: 200 })),
    );
    msw.listen({ onUnhandledFrame: 'error' });
    try {
      const result = await downloadToFile('https://downloads.invalid/file.zip', join(dir, 'out.zip'));
      expect(result.sha256).toBe(sha);
    } finally {
      msw.close();
    }
  });
});

// A throwaway self-signed certificate for localhost and 127.0.0.1 (valid until 2126), for the TLS test only.
const TLS_KEY =
  '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgV0j5MibMoI8N3Awg\ncLoU0FTzckBIAeqF8hIHbVEuBGChRANCAAQ6HUTZUxR8P7NBXTcU1bkni4polFPd\n67se2thVrpj9f8Tt1C6YPePo2YoAKZjdscu4GZhvAbDSl1We8XE5PMDQ\n-----END PRIVATE KEY-----\n';
const TLS_CERT =
  '-----BEGIN CERTIFICATE-----\nMIIBmzCCAUGgAwIBAgIUNkRxUPTY6pzXt0RzBQSDVXWjd+4wCgYIKoZIzj0EAwIw\nFDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzA5MDYyOFoYDzIxMjYxMDMw\nMDkwNjI4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO\nPQMBBwNCAAQ6HUTZUxR8P7NBXTcU1bkni4polFPd67se2thVrpj9f8Tt1C6YPePo\n2YoAKZjdscu4GZhvAbDSl1We8XE5PMDQo28wbTAdBgNVHQ4EFgQU+iZBwQIBt76X\nZQbAhe6llDb4dsowHwYDVR0jBBgwFoAU+iZBwQIBt76XZQbAhe6llDb4dsowDwYD\nVR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI\nzj0EAwIDSAAwRQIgENCf8bXLbLG7Tqwl+722Sb2tFukCsqxjBLYxFkYzYDECIQCt\nVkKoCz/zzEONsh7mHWQGJltsLkiAAKW3XJxwGBs2fQ==\n-----END CERTIFICATE-----\n';

describe('createHashingWriter', () => {
  const chunkNumber = (i: number) => Buffer.alloc(64 * 1024, i % 251);

  it('hashes in the same pass and writes every byte in order, one batch at a time, however much a write takes', () => {
    // A file that takes at most 100,000 bytes per call, as a write may: the writer goes on where it stopped.
    const file = recordingFile(100_000);
    const writer = createHashingWriter(file.write);
    const hash = createHash('sha256');
    const given: Buffer[] = [];
    // Chunks of three and a half batches, some larger than a batch.
    for (let i = 0; given.reduce((n, c) => n + c.length, 0) < 3.5 * WRITE_BATCH_BYTES; i++) {
      const chunk = i % 5 === 4 ? Buffer.alloc(WRITE_BATCH_BYTES + 7, i) : chunkNumber(i).subarray(0, 60_000 + i);
      writer.write(chunk);
      hash.update(chunk);
      given.push(chunk);
      // Nothing beyond the batch being gathered is held: what is not written yet is less than a batch.
      expect(given.reduce((n, c) => n + c.length, 0) - file.bytes()).toBeLessThan(WRITE_BATCH_BYTES);
    }
    expect(writer.finish()).toBe(hash.digest('hex'));
    expect(Buffer.concat(file.written).equals(Buffer.concat(given))).toBe(true);
  });

  it('lets a source read straight into its batch: space() then commit()', () => {
    const file = recordingFile();
    const writer = createHashingWriter(file.write);
    const hash = createHash('sha256');
    const given: Buffer[] = [];
    // Parts of about 50 kB filling two and a half batches.
    for (let i = 0; i < Math.ceil((2.5 * WRITE_BATCH_BYTES) / 50_000); i++) {
      const room = writer.space();
      expect(room.length).toBeGreaterThanOrEqual(MIN_READ_BYTES);
      expect(room.length).toBeLessThanOrEqual(WRITE_BATCH_BYTES);
      const bytes = chunkNumber(i).subarray(0, 50_000 + i);
      room.set(bytes);
      writer.commit(bytes.length);
      hash.update(bytes);
      given.push(bytes);
    }
    expect(writer.finish()).toBe(hash.digest('hex'));
    expect(Buffer.concat(file.written).equals(Buffer.concat(given))).toBe(true);
    // No write call of more than MAX_WRITE_BYTES: larger ones get page-cache folios as large (see there).
    expect(Math.max(...file.written.map((w) => w.length))).toBeLessThanOrEqual(MAX_WRITE_BYTES);
  });

  it('throws a failed write (a full disk) out of the call that filled the batch', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const writer = createHashingWriter(() => {
      throw full;
    });
    expect(() => {
      for (let i = 0; i < 2 * (WRITE_BATCH_BYTES / (64 * 1024)); i++) writer.write(chunkNumber(i));
    }).toThrow(full);
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

  it('keeps checking filesSha256 when the options say expectedSha256: undefined (which the type allows)', async () => {
    const loc = createClient({ baseUrl: base, token: TOKEN, cdnKey: CDN_KEY });
    const release = await loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });
    const target = join(dir, 'tampered.zip');
    await expect(
      downloadRelease({ ...release!, filesSha256: '0'.repeat(64) }, target, { expectedSha256: undefined }),
    ).rejects.toBeInstanceOf(DownloadError);
    expect(existsSync(target)).toBe(false);
  });

  it.each([
    ['plain http: off loopback', 'http://cdn.example/release.zip?X-Amz-Signature=s3cr3t'],
    ['data:', 'data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA=='],
    ['file:', 'file:///etc/passwd'],
    ['relative', '/files/ok.zip'],
  ])('refuses a %s filesUrl before any request (the CDN URL rule), and names no signature', async (_, filesUrl) => {
    const loc = createClient({ baseUrl: base, token: TOKEN, cdnKey: CDN_KEY });
    const release = await loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });
    const requests = seenHeaders.length;
    const target = join(dir, 'refused.zip');
    const error = await downloadRelease({ ...release!, filesUrl }, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/must send an https: URL/);
    expect(JSON.stringify(error) + (error as Error).message).not.toContain('s3cr3t');
    expect(seenHeaders).toHaveLength(requests);
    expect(existsSync(target)).toBe(false);
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
