// The over-the-air client's download against a real loopback server (no msw: Node's fetch, its sockets and
// its chunked decoding run as in production). Issue 32, item 6: a bundle sent without Content-Length
// (chunked) was read whole before the size limit was checked; it must be cut off at maxBundleBytes + 1.
// The check's own answer is capped the same way.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { otaClient } from './ota-fixtures';

const LIMIT = 1024 * 1024;
const CHUNK = 64 * 1024;
/** What the server would send in all: 64 times the limit. */
const TOTAL = 64 * LIMIT;

let server: Server;
let base = '';
/** Bytes the server handed to the socket, and a promise of that count once the connection closed. */
let download: { written: number; closed: Promise<number> } | undefined;
/** What the check answers: a release, or an endless JSON-looking body (a compromised CDN). */
let checkAnswer: 'release' | 'endless' = 'release';

/** Writes TOTAL bytes of `byte` in chunks as fast as the client reads them, without Content-Length (chunked). */
function pump(res: ServerResponse, byte: number) {
  const state = {
    written: 0,
    closed: new Promise<number>((resolve) => res.on('close', () => resolve(state.written))),
  };
  download = state;
  const chunk = Buffer.alloc(CHUNK, byte);
  const next = () => {
    while (state.written < TOTAL && !res.destroyed) {
      state.written += CHUNK;
      if (!res.write(chunk)) return void res.once('drain', next);
    }
    if (!res.destroyed) res.end();
  };
  next();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'POST' && checkAnswer === 'endless') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"distributionReleaseId":"big","name":"');
      return pump(res, 0x61);
    }
    if (req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          distributionReleaseId: 'big',
          name: 'Big',
          createdAt: '2026-11-01T10:00:00Z',
          filesUrl: `${base}/files/big.zip`,
        }),
      );
      return;
    }
    // No Content-Length: Node sends the body chunked.
    res.writeHead(200, { 'content-type': 'application/zip' });
    pump(res, 0x50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('a chunked download without Content-Length is cancelled past maxBundleBytes: a download event, bounded reading', async () => {
  let pulled = 0;
  const ota = otaClient({
    baseUrl: base,
    maxBundleBytes: LIMIT,
    // Node's own fetch, with the body read only as the client pulls it: `pulled` is what the client read.
    fetch: async (input, init) => {
      const response = await globalThis.fetch(input, init);
      if (!String(input).includes('/files/') || !response.body) return response;
      const reader = response.body.getReader();
      const counted = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            pulled += value.length;
            controller.enqueue(value);
          },
          cancel: (reason) => reader.cancel(reason),
        },
        { highWaterMark: 0 },
      );
      return new Response(counted, { status: response.status, headers: response.headers });
    },
  });
  const result = await ota.checkNow();
  expect(result).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
  expect(ota.failures.map((f) => f.error.message)).toEqual([
    `GET /files/big.zip: more than the limit of ${LIMIT} bytes`,
  ]);
  // The client read one chunk past the limit at most (chunks are at most the server's 64 KiB here)…
  expect(pulled).toBeGreaterThan(LIMIT);
  expect(pulled).toBeLessThanOrEqual(LIMIT + CHUNK);
  // …and closed the connection: the server stopped far short of the whole body (what it wrote beyond the
  // client's reading sat in socket buffers).
  const written = await download!.closed;
  expect(written).toBeLessThan(TOTAL / 2);
  expect(ota.currentRelease).toBeUndefined();
});

it('an endless check answer is read no further than 64 KiB: a check event, the connection closed', async () => {
  checkAnswer = 'endless';
  try {
    const ota = otaClient({ baseUrl: base });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check', status: 200 } });
    expect(ota.failures[0]!.error.message).toBe('200 from POST /cdn/check without a release');
    expect(await download!.closed).toBeLessThan(TOTAL / 2);
  } finally {
    checkAnswer = 'release';
  }
});
