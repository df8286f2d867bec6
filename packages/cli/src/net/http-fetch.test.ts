import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { inspect } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from './http-fetch';
import { TEST_CERT, TEST_KEY } from './test-certificate';

/** 65 MiB of spaces, gzipped to ~65 KiB (made when first asked for). */
let bomb: Buffer | undefined;

// A real server on a loopback port; each path shows one behaviour fetch has and the SDK relies on.
let server: Server;
let base: string;
const seen: { method: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body });
      const path = req.url!;
      if (path === '/json')
        return res.writeHead(200, { 'content-type': 'application/json', 'x-twice': ['a', 'b'] }).end('{"ok":true}');
      if (path === '/empty') return res.writeHead(204).end();
      if (path === '/moved') return res.writeHead(302, { location: '/json' }).end();
      if (path === '/gzip') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('packed text'));
      if (path === '/bom') return res.writeHead(200).end(Buffer.from('\ufeffhello'));
      if (path === '/hang') return; // never answers: only an abort ends it
      if (path === '/half') {
        // Headers and the start of a body, then nothing: only an abort ends the read.
        res.writeHead(200, { 'content-length': '100' });
        return res.write('x'.repeat(10));
      }
      if (path === '/endless') {
        // 1 MiB writes until the client hangs up (bounded by count: 80 MiB at most).
        res.writeHead(200, { 'content-type': 'application/json' });
        let sent = 0;
        const more = () => {
          while (sent < 80) {
            sent++;
            if (!res.write(Buffer.alloc(1 << 20, 32))) return;
          }
          res.end();
        };
        res.on('drain', more);
        res.on('close', () => res.off('drain', more));
        return more();
      }
      if (path === '/bomb') {
        bomb ??= gzipSync(Buffer.alloc(65 * 2 ** 20, 32), { level: 1 });
        return res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
      }
      if (path === '/large') {
        // 4 MiB in 64 KiB writes: more than one chunk reaches the client.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 64; i++) res.write(Buffer.alloc(64 * 1024, i));
        return res.end();
      }
      res.writeHead(404).end('no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('createHttpFetch', () => {
  const fetch = createHttpFetch();

  it('sends method, headers and body, and answers like fetch', async () => {
    const response = await fetch(`${base}/json`, {
      method: 'post',
      headers: new Headers({ authorization: 'Bearer t', 'content-type': 'application/json' }),
      body: JSON.stringify({ a: 1 }),
    });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { authorization: 'Bearer t', 'content-length': '7' },
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('x-twice')).toBe('a, b');
    expect(response.body).not.toBeNull();
    expect(await response.json()).toEqual({ ok: true });
    await expect(response.text()).rejects.toThrow(/already been read/);
  });

  it('takes headers as a record or as pairs', async () => {
    await fetch(`${base}/json`, { headers: { 'x-one': '1' } });
    expect(seen.at(-1)!.headers['x-one']).toBe('1');
    await fetch(`${base}/json`, { headers: [['x-two', '2']] });
    expect(seen.at(-1)!.headers['x-two']).toBe('2');
  });

  it('gives a 204 no body, and a 404 as an answer, not an error', async () => {
    const empty = await fetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(await empty.text()).toBe('');
    const missing = await fetch(`${base}/nowhere`);
    expect([missing.status, missing.ok, await missing.text()]).toEqual([404, false, 'no']);
  });

  it('leaves a redirect to the caller with redirect: manual, follows it otherwise', async () => {
    const manual = await fetch(`${base}/moved`, { redirect: 'manual' });
    expect([manual.status, manual.headers.get('location')]).toEqual([302, '/json']);
    const followed = await fetch(`${base}/moved`);
    expect(await followed.json()).toEqual({ ok: true });
    await expect(fetch(`${base}/moved`, { redirect: 'error' })).rejects.toThrow(/redirect/);
  });

  it('decodes a gzip answer and drops a byte order mark from text, as fetch does', async () => {
    expect(await (await fetch(`${base}/gzip`)).text()).toBe('packed text');
    expect(await (await fetch(`${base}/bom`)).text()).toBe('hello');
  });

  it('rejects with the signal’s reason when aborted, before or during the request', async () => {
    const before = new AbortController();
    before.abort(new Error('stopped early'));
    await expect(fetch(`${base}/json`, { signal: before.signal })).rejects.toThrow('stopped early');
    const during = new AbortController();
    const pending = fetch(`${base}/hang`, { signal: during.signal });
    const arrived = seen.length;
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(arrived);
    during.abort(new Error('stopped while waiting'));
    await expect(pending).rejects.toThrow('stopped while waiting');
  });

  it('rejects a body being read with the signal’s reason when aborted', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/half`, { signal: controller.signal });
    const reading = response.text();
    controller.abort(new Error('stopped while reading'));
    await expect(reading).rejects.toThrow('stopped while reading');
  });

  it('refuses to gather an answer larger than 64 MiB, compressed or not, and closes the connection', async () => {
    for (const path of ['/endless', '/bomb']) {
      const response = await fetch(`${base}${path}`);
      await expect(response.text()).rejects.toThrow(/larger than 64 MiB/);
    }
  });

  it('fails like fetch when nothing listens: a TypeError whose cause has the network code', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    // Nothing of the request travels with the error: not its credential, wherever one looks.
    const refused = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { authorization: 'Bearer loc_secret_token' },
    }).catch((e: unknown) => e);
    expect(inspect(refused, { depth: 10, showHidden: true })).not.toContain('loc_secret_token');
    expect(JSON.stringify(refused)).not.toContain('loc_secret_token');
  });

  it('refuses other URL schemes and bodies it cannot send', async () => {
    await expect(fetch('ftp://127.0.0.1/x')).rejects.toThrow(/ftp/);
    await expect(fetch(`${base}/json`, { method: 'POST', body: new Blob(['x']) })).rejects.toThrow(
      /string and byte bodies/,
    );
  });

  it('streams a body through `body` as fetch does, chunk by chunk, also into node:stream', async () => {
    const response = await fetch(`${base}/large`);
    const reader = response.body!.getReader();
    let bytes = 0;
    let chunks = 0;
    const hash = createHash('sha256');
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      expect(read.value).toBeInstanceOf(Uint8Array);
      bytes += read.value.byteLength;
      chunks++;
      hash.update(read.value);
    }
    const expected = createHash('sha256');
    for (let i = 0; i < 64; i++) expected.update(Buffer.alloc(64 * 1024, i));
    expect([bytes, hash.digest('hex')]).toEqual([4 * 1024 * 1024, expected.digest('hex')]);
    expect(chunks).toBeGreaterThan(1);
    // A body being read cannot be read a second way.
    await expect(response.text()).rejects.toThrow(TypeError);

    const piped = await fetch(`${base}/gzip`);
    let text = '';
    for await (const chunk of Readable.fromWeb(piped.body as never)) text += chunk;
    expect(text).toBe('packed text');
  });

  it('reads the socket directly when `body` was only looked at, and cancelling the stream ends it', async () => {
    const looked = await fetch(`${base}/large`);
    expect(looked.body).not.toBeNull();
    expect((await looked.arrayBuffer()).byteLength).toBe(4 * 1024 * 1024);
    const cancelled = await fetch(`${base}/large`);
    await cancelled.body!.cancel();
    await expect(cancelled.text()).rejects.toThrow(TypeError);
  });

  it('fails like fetch on a certificate it cannot trust: a TypeError whose cause has the TLS code', async () => {
    const tls = createHttpsServer({ key: TEST_KEY, cert: TEST_CERT }, (_, res) => res.end('{}'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/`;
      const error = await fetch(url, { headers: { authorization: 'Bearer loc_secret_token' } }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect((error as { cause?: { code?: string } }).cause?.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      expect(inspect(error, { depth: 10, showHidden: true })).not.toContain('loc_secret_token');
    } finally {
      tls.closeAllConnections();
      tls.close();
    }
  });
});
