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
    /** A request with an optional Bearer token and JSON body; the answer with its parsed body. */
    async call(
      method: string,
      path: string,
      options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined = options.raw;
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
