// The real server's own request path, before the handlers: the URL it parses (once per Host and target)
// and the body it reads (in one chunk or several).
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO, startMockServer } from '../src';
import { useServer } from './helpers';

const api = useServer();
const iosCheck = JSON.stringify({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });

/** POSTs /cdn/check over node:http with these headers and the body written in `parts`: status and JSON answer. */
function postCheck(headers: Record<string, string>, parts: string[]): Promise<{ status: number; json: any }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/cdn/check',
        headers: { authorization: `Bearer ${DEMO.cdnKeys.valid}`, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

describe('the real server', () => {
  it('hands out URLs on its own origin, whatever Host header a client sends', async () => {
    const a = await postCheck({ host: 'a.example:1234' }, [iosCheck]);
    const b = await postCheck({ host: 'evil.example' }, [iosCheck]);
    const plain = await postCheck({}, [iosCheck]);
    expect([a.status, b.status, plain.status]).toEqual([200, 200, 200]);
    for (const r of [a, b, plain]) expect(new URL(r.json.filesUrl).origin).toBe(api.url);
  });

  it('hands out URLs on the public URL it is given instead', async () => {
    const server = await startMockServer({ port: 0, publicUrl: 'http://loc-mock:4010/ignored/path' });
    try {
      const response = await fetch(`${server.url}/cdn/check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEMO.cdnKeys.valid}`, 'content-type': 'application/json' },
        body: iosCheck,
      });
      expect(new URL((await response.json()).filesUrl).origin).toBe('http://loc-mock:4010');
    } finally {
      await server.close();
    }
  });

  it('answers a body far over the limit with 413 once it has read it, so the client sees the 413', async () => {
    const { hostname, port } = new URL(api.url);
    const size = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    // Both must happen: the whole body written (no EPIPE, no reset), and the 413 read.
    const result = await new Promise<{ status?: number; error?: string }>((resolve) => {
      let status: number | undefined;
      let written = false;
      const settle = () => {
        if (status !== undefined && written) resolve({ status });
      };
      const req = request(
        {
          hostname,
          port,
          method: 'POST',
          path: '/v1/acme/projects',
          headers: { authorization: `Bearer ${DEMO.tokens.admin}`, 'content-length': size },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            status = res.statusCode;
            settle();
          });
        },
      );
      req.on('finish', () => {
        written = true;
        settle();
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      let sent = 0;
      const more = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end();
      };
      more();
    });
    expect(result).toEqual({ status: 413 });
    expect((await api.call('GET', '/v1/projects', { token: DEMO.tokens.admin })).status).toBe(200);
  });

  it('tells a client that waits for 100-continue 413 at once, before it sends the body', async () => {
    const { hostname, port } = new URL(api.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({
        hostname,
        port,
        method: 'POST',
        path: '/v1/acme/projects',
        headers: { expect: '100-continue', 'content-length': 50 * 1024 * 1024 },
      });
      req.on('continue', () => reject(new Error('the server asked for the body')));
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('answers CONNECT with 405 and closes the connection', async () => {
    const { hostname, port } = new URL(api.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
      });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => (received += c));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(text).toContain('not a proxy');
  });

  it('reads a body sent in several chunks whole, and checks it as the spec says', async () => {
    const whole = await postCheck({}, [iosCheck]);
    const chunked = { 'transfer-encoding': 'chunked' };
    const parts = await postCheck(chunked, [iosCheck.slice(0, 10), iosCheck.slice(10, 40), iosCheck.slice(40)]);
    expect(parts.status).toBe(200);
    expect([parts.json.distributionReleaseId, parts.json.filesSha256]).toEqual([
      whole.json.distributionReleaseId,
      whole.json.filesSha256,
    ]);
    const bad = await postCheck(chunked, [
      '{"distributionEnvironment":',
      '"NOPE","distributionType":"MOBILE_SDK_IOS"}',
    ]);
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ field: 'distributionEnvironment', infos: ['INVALID_VALUE'] }]);
  });
});
