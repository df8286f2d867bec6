// loc-mock serves browser apps: CORS on the service's routes (/v1, /cdn, /_storage) for pages on this
// machine's loopback by default, narrowed or widened by `corsOrigins` (`--cors-origin`); the control API
// stays same-origin. Real preflights over a socket, as a browser sends them (examples/mock-cors-browser
// .test.ts does the same from a real Chromium). And slow headers are cut off after the headers timeout.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startMockServer, type MockServer } from '../src';
import { corsPolicyOf } from '../src/server/cors';
import { send } from './helpers';

const APP = 'http://localhost:5173';
const preflightOf = (origin: string, method = 'POST', headers = 'authorization,content-type') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': headers,
});
const CHECK = JSON.stringify({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });

describe('CORS, by default', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, exportDelayMs: 0 });
  });
  afterAll(() => server?.close());

  it.each([
    '/cdn/check',
    '/v1/distributions/check',
    '/v1/projects',
    '/v1/acme/projects/web-frontend/exports',
    '/_storage/releases/x.zip',
  ])('answers a preflight to %s from a page on another loopback port with what it may send', async (path) => {
    const answer = await send(server.url, 'OPTIONS', path, preflightOf(APP));
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(APP);
    expect(answer.headers['access-control-allow-methods']).toContain('POST');
    expect(answer.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(answer.headers.vary).toContain('Origin');
  });

  it('lets the page read the answers, a fault’s and a download’s too, with Retry-After exposed', async () => {
    const headers = {
      origin: 'http://127.0.0.1:3000',
      authorization: `Bearer ${DEMO.cdnKeys.valid}`,
      'content-type': 'application/json',
    };
    const checked = await send(server.url, 'POST', '/cdn/check', headers, CHECK);
    expect(checked.status).toBe(200);
    expect(checked.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(checked.headers['access-control-expose-headers']).toContain('Retry-After');
    const download = await send(
      server.url,
      'GET',
      new URL(checked.json.filesUrl).pathname + new URL(checked.json.filesUrl).search,
      { origin: 'http://[::1]:8080' },
    );
    expect([download.status, download.headers['access-control-allow-origin']]).toEqual([200, 'http://[::1]:8080']);
    server.service.admin.addFault({ kind: 'STATUS', status: 503, path: '/cdn/check' });
    const faulted = await send(server.url, 'POST', '/cdn/check', headers, CHECK);
    expect([faulted.status, faulted.headers['access-control-allow-origin']]).toEqual([503, 'http://127.0.0.1:3000']);
  });

  it('refuses a preflight from another site with a 403 naming the flag, and lets it read nothing', async () => {
    const refused = await send(server.url, 'OPTIONS', '/v1/projects', preflightOf('https://evil.example'));
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.json.error).toContain('--cors-origin https://evil.example');
    const read = await send(server.url, 'GET', '/v1/projects', {
      origin: 'https://evil.example',
      authorization: `Bearer ${DEMO.tokens.admin}`,
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const nul = await send(server.url, 'GET', '/v1/projects', { origin: 'null' });
    expect(nul.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps the control API same-origin: no CORS for any page', async () => {
    const preflight = await send(server.url, 'OPTIONS', '/__admin/reset', preflightOf(APP));
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const read = await send(server.url, 'GET', '/__admin/state', { origin: APP });
    expect([read.status, read.headers['access-control-allow-origin']]).toEqual([403, undefined]);
  });

  it('does not journal preflights (the browser’s, not the app’s requests)', async () => {
    server.service.admin.clearRequests();
    await send(server.url, 'OPTIONS', '/v1/projects', preflightOf(APP));
    expect(server.service.admin.listRequests().total).toBe(0);
  });
});

describe('CORS, with --cors-origin', () => {
  it('narrows it to the origins given', async () => {
    const server = await startMockServer({ port: 0, corsOrigins: [APP] });
    try {
      expect((await send(server.url, 'OPTIONS', '/v1/projects', preflightOf(APP))).status).toBe(204);
      expect((await send(server.url, 'OPTIONS', '/v1/projects', preflightOf('http://127.0.0.1:3000'))).status).toBe(
        403,
      );
    } finally {
      await server.close();
    }
  });

  it('widens it to any origin with *, and turns it off with none', async () => {
    const any = await startMockServer({ port: 0, corsOrigins: ['*'] });
    const none = await startMockServer({ port: 0, corsOrigins: ['none'] });
    try {
      const answer = await send(any.url, 'OPTIONS', '/v1/projects', preflightOf('https://app.example.test'));
      expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([204, '*']);
      expect((await send(none.url, 'OPTIONS', '/v1/projects', preflightOf(APP))).status).toBe(403);
    } finally {
      await any.close();
      await none.close();
    }
  });

  it('refuses a value that is not an origin, naming it', () => {
    for (const bad of ['localhost:5173', 'http://localhost:5173/app', 'ftp://x', ''])
      expect(() => corsPolicyOf([bad]), bad).toThrow(/--cors-origin .* is not an origin/);
  });
});

describe('slow headers', () => {
  it('are cut off after the headers timeout with 408 (default 10 s, well under Node’s ~90 s)', async () => {
    const server = await startMockServer({ port: 0, headersTimeoutMs: 300 });
    try {
      const { port } = new URL(server.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let text = '';
        socket.on('data', (c) => (text += c));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.write('GET /v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect((await fetch(`${server.url}/v1/projects`)).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
