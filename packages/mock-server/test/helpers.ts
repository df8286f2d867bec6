import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions } from '../src';

/** A real loc-mock server on a loopback port for the file's tests, and fetch helpers bound to it. */
export function useServer(options: MockServerOptions = {}) {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, host: '127.0.0.1', exportDelayMs: 0, ...options });
  });
  afterAll(() => server?.close());
  const api = {
    get server() {
      return server;
    },
    get url() {
      return server.url;
    },
    /** A request with an optional Bearer token and JSON body (or a form); the answer with its parsed body. */
    async call(
      method: string,
      path: string,
      options: {
        token?: string;
        body?: unknown;
        raw?: string;
        form?: FormData;
        headers?: Record<string, string>;
      } = {},
    ) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      let body: string | FormData | undefined = options.raw ?? options.form;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      let json: any;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
  };
  return api;
}

/** A request with exactly these headers (fetch cannot set Host or Origin): status, headers and body. */
export function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; type: string | undefined; json: any; headers: IncomingHttpHeaders }> {
  // A body goes with its Content-Length: node:http frames no body of a DELETE otherwise.
  const framed = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: framed, setHost: !('host' in headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode!, type: res.headers['content-type'], json, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
