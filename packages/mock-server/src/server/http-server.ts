// src/server/: the transport, node:http: startMockServer (here), the request path, bodies read and answers written.
// startMockServer: the mock service on node:http, a real port for clients in any language. The request
// path is request-path.ts; this file makes the server, answers what never reaches that path (a proxy
// tunnel, malformed HTTP), listens and closes.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isLoopbackHost } from '@loc/sdk/internal';
import { adminSite } from '../admin/guard';
import type { AdminAccess } from '../admin/http';
import { createMockService, type MockService, type MockServiceOptions } from '../service/mock-service';
import { createFront, mayContinue, onRequest, type Front } from './request-path';

export interface MockServerOptions extends Omit<MockServiceOptions, 'baseUrl'> {
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * Default 127.0.0.1: only this machine can reach it. On an address beyond loopback the control API
   * (/__admin/) needs `adminToken`, and is off without one.
   */
  host?: string;
  /** The secret the control API (/__admin/) asks for as `Authorization: Bearer <token>`. Default: none. */
  adminToken?: string;
  /** Told each request and its answer (the binary logs them to stderr). */
  onRequest?: (line: string) => void;
  /**
   * The origin of the URLs the mock hands out (`downloadUrl`, `filesUrl`, links). Default: the address it
   * listens on. Set it when clients reach the mock by another name (a container's service name, a proxy).
   * A request's Host header never decides it: a client must not be able to point another's URLs elsewhere.
   */
  publicUrl?: string;
  /**
   * Which web pages may call the service's routes from a browser (CORS): origins
   * (`http://localhost:5173`), `loopback` (any page on this machine's loopback, any port), `*` (any), or
   * `none`. Default: `['loopback']`. The control API (/__admin/) is same-origin whatever this says.
   */
  corsOrigins?: readonly string[];
  /**
   * How long a client may take to send a request's headers, in ms (default 10 s): a slow client is
   * answered 408 and closed, instead of holding a connection for Node's default minute.
   */
  headersTimeoutMs?: number;
}

export interface MockServer {
  url: string;
  /** Who may use the control API under /__admin/: everyone who reaches the server, the token's holders, or nobody. */
  admin: 'open' | 'token' | 'off';
  service: MockService;
  close(): Promise<void>;
}

/**
 * Serves the mock service's msw handlers on a real port: the same handlers, another transport.
 *
 * @example
 * const { url, close } = await startMockServer({ port: 0 });
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const service = createMockService(options);
  const front = createFront(service, options);
  const access = adminAccess(options.host ?? '127.0.0.1', options.adminToken);
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout,
      // Node refuses a headers timeout longer than the request's (5 minutes by default).
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeout),
      // Node checks its timeouts on this interval (30 s by default, which would add up to 30 s to the bound).
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    (req, res) => onRequest(front, req, res),
  );
  server.on('checkContinue', (req, res) => {
    if (!mayContinue(front, req, res)) return;
    res.writeContinue();
    server.emit('request', req, res);
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => refuseTunnel(front, req, socket));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => refuseMalformed(front, error, socket));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  front.origin = options.publicUrl ? new URL(options.publicUrl).origin : url;
  front.gate = { access, site: adminSite(address.port, options.host ?? '127.0.0.1', options.publicUrl) };
  return {
    url,
    admin: access.mode,
    service,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * CONNECT (a proxy tunnel) never reaches the 'request' listener; without an answer the client waits on a
 * dead connection. This is no proxy: 405, and the connection closed.
 */
function refuseTunnel(front: Front, req: IncomingMessage, socket: Duplex) {
  const body = JSON.stringify({ error: `${req.method} is not supported: loc-mock is not a proxy.` });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${front.target.requestIdOf(undefined)}\r\nConnection: close\r\n\r\n${body}`,
  );
  front.onRequest?.(`${req.method} ${req.url} → 405 (0 ms)`);
}

/**
 * Malformed HTTP never reaches the handlers: answer 400 and close, as a real front end would; a client
 * too slow to send its headers (headersTimeout) gets 408.
 */
function refuseMalformed(front: Front, error: NodeJS.ErrnoException, socket: Duplex) {
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\nX-Request-Id: ${front.target.requestIdOf(undefined)}\r\n\r\n`,
    );
  else socket.destroy();
}

/** The control API's access: open on loopback (unless a token is given), else the token's or off. */
function adminAccess(host: string, token: string | undefined): AdminAccess {
  if (token) return { mode: 'token', token };
  return isLoopbackHost(host) ? { mode: 'open' } : { mode: 'off' };
}

/**
 * How long a client may take to send a request's headers (Node's default is a minute, checked every 30 s:
 * up to ~90 s). A test's client sends them at once; a slow one is cut off well before.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** How long a client may take to send a whole request (Node's default): a large seed on loopback takes seconds. */
const REQUEST_TIMEOUT_MS = 300_000;
