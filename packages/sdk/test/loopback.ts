// A real HTTP server on a loopback port whose behaviour each test sets: the SDK's own fetch, sockets and
// errors run exactly as in production (no interception), which is what error graphs and retries depend on.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export type Behaviour =
  | { answer: number; body?: unknown; headers?: Record<string, string> }
  /** Closes the socket without an answer once the request arrived (ECONNRESET / socket hang up). */
  | { reset: true }
  /** Never answers (until the test ends). */
  | { hang: true };

export interface Loopback {
  base: string;
  /** Behaviours of the next requests, in order; the last one repeats. */
  script(...behaviours: Behaviour[]): void;
  /** Requests received so far, as `METHOD /path`. */
  hits: string[];
  /** Resolves when the `count`-th request has arrived. */
  arrived(count: number): Promise<void>;
  /** A base URL on which nothing listens (connection refused). */
  refusedBase(): Promise<string>;
}

export function useLoopback(): Loopback {
  let server: Server;
  let behaviours: Behaviour[] = [];
  const hanging = new Set<ServerResponse>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const loopback: Loopback = {
    base: '',
    hits: [],
    script: (...next) => {
      behaviours = next;
    },
    arrived: (count) =>
      new Promise((resolve) => {
        if (loopback.hits.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    refusedBase: async () => {
      const probe = createServer();
      await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((r) => probe.close(() => r()));
      return `http://127.0.0.1:${port}`;
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    for await (const _ of req); // read the whole body first, as a real service does
    loopback.hits.push(`${req.method} ${new URL(req.url!, 'http://x').pathname}`);
    for (const w of waiters.filter((w) => loopback.hits.length >= w.count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
    const behaviour = behaviours.length > 1 ? behaviours.shift()! : behaviours[0];
    if (!behaviour) return void res.writeHead(500).end('no behaviour scripted');
    if ('reset' in behaviour) return void req.socket.destroy();
    if ('hang' in behaviour) return void hanging.add(res);
    const text = behaviour.body === undefined ? '' : JSON.stringify(behaviour.body);
    res.writeHead(behaviour.answer, {
      ...(text ? { 'content-type': 'application/json' } : {}),
      'content-length': Buffer.byteLength(text),
      ...behaviour.headers,
    });
    res.end(text);
  }

  beforeAll(async () => {
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    loopback.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    behaviours = [];
    loopback.hits.length = 0;
    for (const res of hanging) res.destroy();
    hanging.clear();
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  return loopback;
}
