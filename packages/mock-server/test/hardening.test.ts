// The real server stays up and answers a normal request after hostile clients: slowloris (hundreds of
// connections sending their headers slowly), 2,000 connections at once, bodies over the limit, invalid
// UTF-8, unknown methods. Waits are on events and bounded by count; nothing sleeps.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src';
import { useServer } from './helpers';

// Capacity, not the headers timeout (test/cors.test.ts holds that): opening 2,000 connections on a busy
// machine can take longer than the 10 s a connection has to send its headers.
const api = useServer({ headersTimeoutMs: 10 * 60_000 });

/** This process's limit of open files (`ulimit -n`); Infinity when unlimited or unknown. */
function openFileLimit(): number {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return /^\d+$/.test(out) ? Number(out) : Number.POSITIVE_INFINITY;
}

/** A normal request: the demo admin lists projects. */
async function stillServes() {
  const { status, json } = await api.call('GET', '/v1/projects', { token: DEMO.tokens.admin });
  expect(status).toBe(200);
  expect(json.members.length).toBeGreaterThan(0);
}

function open(): Promise<Socket> {
  const { hostname, port } = new URL(api.url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {}); // the server may close a hostile connection
  return once(socket, 'connect').then(() => socket);
}

/** Opens `n` connections, `batch` at a time (the listen backlog is finite), and waits for each to connect. */
async function openMany(n: number, batch = 250): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i += batch)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, open))));
  return sockets;
}

/** Sends raw bytes on a new connection and reads the answer until the server closes or a head arrives. */
async function raw(bytes: Buffer | string): Promise<string> {
  const socket = await open();
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (c: string) => (text += c));
  socket.write(bytes);
  await Promise.race([once(socket, 'close'), waitFor(socket, () => /\r\n\r\n/.test(text))]);
  socket.destroy();
  return text;
}

function waitFor(socket: Socket, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (done()) {
        socket.off('data', check);
        resolve();
      }
    };
    socket.on('data', check);
  });
}

describe('the real server under hostile clients', () => {
  it('slowloris: 300 connections holding half-sent headers do not stop it answering', async () => {
    const slow = await openMany(300);
    // Each sends part of a request head and then, one at a time, more header lines — never the blank line.
    for (const s of slow) s.write(`GET /v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    for (let line = 0; line < 3; line++) for (const s of slow) s.write(`X-Slow-${line}: ${'a'.repeat(100)}\r\n`);
    await stillServes();
    for (const s of slow) s.destroy();
  });

  // Client and server share this process: 2,000 connections hold 4,000 descriptors.
  it.skipIf(openFileLimit() < 4200)(
    '2,000 connections at once, each with a request: all answered, then a normal request (needs ulimit -n ≥ 4200)',
    async () => {
      const sockets = await openMany(2000);
      const answered = sockets.map((s) => {
        let text = '';
        s.setEncoding('latin1');
        s.on('data', (c: string) => (text += c));
        return waitFor(s, () => /^HTTP\/1\.1 401 /.test(text));
      });
      for (const s of sockets) s.write('GET /v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await Promise.all(answered);
      await stillServes();
      for (const s of sockets) s.destroy();
    },
  );

  it('bodies over the limit: 413, again and again, and it still serves', async () => {
    for (let i = 0; i < 5; i++) {
      const { status } = await api.call('POST', '/v1/acme/projects', {
        token: DEMO.tokens.admin,
        raw: 'x'.repeat(1024 * 1024 + 1),
      });
      expect(status).toBe(413);
    }
    // A declared length far past what it reads: answered at once, connection closed.
    const answer = await raw(`POST /v1/acme/projects HTTP/1.1\r\nHost: x\r\nContent-Length: ${2 ** 40}\r\n\r\nxx`);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    await stillServes();
  });

  it('invalid UTF-8 in a body, a path and a header: a 4xx each, the journal summarises the body, and it still serves', async () => {
    const bad = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0xc3, 0x28, 0x7d]);
    const response = await fetch(`${api.url}/v1/acme/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO.tokens.admin}`, 'content-type': 'application/json' },
      body: bad,
    });
    expect(response.status).toBe(400);
    const entry = api.server.service.admin.listRequests().requests.at(-1)!;
    expect(entry.body).toEqual({ bytes: bad.byteLength, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const path = await raw(Buffer.concat([Buffer.from('GET /v1/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1')]));
    expect(path).toMatch(/^HTTP\/1\.1 4\d\d /);
    const header = await raw(Buffer.from('GET /v1/projects HTTP/1.1\r\nHost: x\r\nX-Bad: \xff\xfe\r\n\r\n', 'latin1'));
    expect(header).toMatch(/^HTTP\/1\.1 4\d\d /);
    await stillServes();
  });

  it('unknown and unusual methods: 405 with Allow, or 400 for what HTTP does not know, and it still serves', async () => {
    expect(await raw('PATCH /v1/projects HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 405 [\s\S]*allow: GET/i);
    expect(await raw('PROPFIND /v1/projects HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 405 /);
    expect(await raw('BREW /v1/projects HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw('CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n')).toMatch(/^HTTP\/1\.1 405 /);
    expect(await raw('GET /v1/projects HTTP/9.9\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 [45]\d\d /);
    await stillServes();
  });
});
