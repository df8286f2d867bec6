import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createDispatcher } from './dispatch';
import { errorFor } from './handlers/errors';
import { keptAnswerOf } from './handlers/answers';
import { socketRequest } from './socket-request';
import { isUploadRoute } from './handlers/routes';
import {
  createMockService,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_UPLOAD_BYTES,
  servedOverHttp,
  type MockService,
  type MockServiceOptions,
} from './mock-service';
import {
  ADMIN_PREFIX,
  adminAnswer,
  adminTooLarge,
  MAX_ADMIN_BODY_BYTES,
  type AdminAccess,
  type AdminAnswer,
  type AdminGate,
} from './admin/http';
import { adminSite } from './admin/guard';
import { isLoopbackHost } from '@loc/sdk/internal';
import { corsHeaders, corsPolicyOf, DEFAULT_CORS_ORIGINS, allowsOrigin, isPreflight, preflightAnswer } from './cors';
import { openExchange } from './exchange';
import { REQUEST_ID_HEADER } from './request-id';
import type { WireFault } from './faults';
import type { Recorded } from './journal';

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
  const target = servedOverHttp(service);
  const { journal } = service;
  const access = adminAccess(options.host ?? '127.0.0.1', options.adminToken);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  /** The limit a request's body is read against: the control API's, an upload's, or the service's. */
  const limitOf = (method: string, { isAdmin, url }: RequestTarget) =>
    isAdmin ? MAX_ADMIN_BODY_BYTES : isUploadRoute(method, url.pathname) ? maxUploadBytes : maxBodyBytes;
  const dispatch = createDispatcher(service.handlers);
  const cors = corsPolicyOf(options.corsOrigins ?? DEFAULT_CORS_ORIGINS);
  // Set once the server listens: the base of every request's URL, and what the control API checks a
  // request's Host and Origin against (no request is read before that).
  let origin = '';
  let gate: AdminGate;
  // The request path runs for every request, so it is written without async functions and closures
  // where it can be: a promise only where a handler answers later (docs/decisions.md, "One behaviour,
  // two transports").
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout,
      // Node refuses a headers timeout longer than the request's (5 minutes by default).
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeout),
      // Node checks its timeouts on this interval (30 s by default, which would add up to 30 s to the bound).
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    (req, res) => {
      const started = options.onRequest ? Date.now() : 0;
      const method = req.method ?? 'GET';
      // Every answer names its request (the client's own id when it sent a usable one): request-id.ts.
      res.setHeader(REQUEST_ID_HEADER, target.requestIdOf(req.headers[REQUEST_ID_HEADER]));
      const requested = requestTarget(req, res, method, started);
      if (!requested) return;
      // A page in a browser: its preflight answered here (not journaled: the browser's, not the app's
      // request), its requests given the CORS headers. Never on the control API, which is same-origin.
      const from = req.headers.origin;
      if (from !== undefined && !requested.isAdmin) {
        if (isPreflight(method, req.headers)) return preflight(req, res, started, requested.url.pathname);
        if (allowsOrigin(cors, from))
          for (const [name, value] of Object.entries(corsHeaders(cors, from))) res.setHeader(name, value);
      }
      const limit = limitOf(method, requested);
      readLimited(new Reading(req, res, method, requested, started, limit, received, failed));
    },
  );

  /** Answers a request once its body is read (or found too large). */
  function received({ req, res, method, requested: { url, isAdmin }, started, limit }: Reading, body: Body) {
    if (isAdmin) {
      if (body === 'too-large') writeAdmin(req, res, method, adminTooLarge(limit), started);
      else admin(req, res, method, url, body, started);
      return;
    }
    // Recorded before it is answered (references only: the journal formats an entry when it is read).
    const recorded = journal.enabled
      ? journal.record(
          method,
          url,
          req.headers,
          body === 'too-large' ? null : body,
          res.getHeader(REQUEST_ID_HEADER) as string,
        )
      : undefined;
    if (body === 'too-large') {
      answer(req, res, method, started, tooLarge(url.pathname, limit), undefined, recorded);
      return;
    }
    const request = socketRequest(url, method, req.headers, body);
    // The exchange lets a fault note itself in the entry; with no fault waiting none is opened (a WeakMap
    // entry per request showed under load).
    if (recorded && target.faults.list().length > 0) openExchange(request, { recorded });
    let response: ReturnType<typeof dispatch>;
    try {
      response = dispatch(request);
    } catch (error) {
      failed(res, error);
      return;
    }
    if (response instanceof Promise) answerLater(req, res, method, started, response, request, recorded);
    else answer(req, res, method, started, response, request, recorded);
  }

  // A client that waits for 100-continue before sending a body over the limit is told 413 at once, and
  // sends nothing. The limit is the one the body would be read against: the control API's or the service's.
  server.on('checkContinue', (req, res) => {
    const method = req.method ?? 'POST';
    const started = options.onRequest ? Date.now() : 0;
    const requested = requestTarget(req, res, method, started);
    if (!requested) return;
    const limit = limitOf(method, requested);
    if (Number(req.headers['content-length']) > limit) {
      res.setHeader(REQUEST_ID_HEADER, target.requestIdOf(req.headers[REQUEST_ID_HEADER]));
      if (requested.isAdmin) writeAdmin(req, res, method, adminTooLarge(limit), started);
      else answer(req, res, method, started, tooLarge(requested.url.pathname, limit));
      return;
    }
    res.writeContinue();
    server.emit('request', req, res);
  });
  // CONNECT (a proxy tunnel) never reaches the 'request' listener; without an answer the client waits on a
  // dead connection. This is no proxy: 405, and the connection closed.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const body = JSON.stringify({ error: `${req.method} is not supported: loc-mock is not a proxy.` });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${target.requestIdOf(undefined)}\r\nConnection: close\r\n\r\n${body}`,
    );
    options.onRequest?.(`${req.method} ${req.url} → 405 (0 ms)`);
  });
  // Malformed HTTP never reaches the handlers: answer 400 and close, as a real front end would; a client
  // too slow to send its headers (headersTimeout) gets 408.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable)
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\nX-Request-Id: ${target.requestIdOf(undefined)}\r\n\r\n`,
      );
    else socket.destroy();
  });

  // Parsed request URLs by target, checked, and shared by the requests that send them (the handlers only
  // read a request's parsed URL: see `urlOf` in socket-request.ts).
  const targets = new Map<string, RequestTarget>();

  /**
   * The request's URL, on the server's own origin (never the Host header's); undefined when it is
   * malformed, and then it is answered here with a 400.
   */
  function requestTarget(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    started: number,
  ): RequestTarget | undefined {
    const target = req.url ?? '/';
    const known = targets.get(target);
    if (known) return known;
    let url: URL;
    try {
      // An absolute-form target (`GET http://elsewhere/v1/projects`) is read for its path and query only.
      const parsed = new URL(target, origin);
      url = new URL(`${parsed.pathname}${parsed.search}`, origin);
    } catch {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'Malformed request URL.' }));
      logged(req, res, started);
      return undefined;
    }
    // msw's route matching decodes every path (wildcards too) and throws on broken percent-encoding
    // (`%ZZ`, a cut-off UTF-8 sequence): such a path names no resource, so it is a 400 here.
    try {
      decodeURIComponent(url.pathname);
    } catch {
      const message = `The path ${url.pathname} has a malformed percent-encoding. Encode each path segment with encodeURIComponent.`;
      answer(req, res, method, started, errorFor(url.pathname, 400, message));
      return undefined;
    }
    const { pathname } = url;
    const isAdmin =
      pathname.startsWith(ADMIN_PREFIX) &&
      (pathname.length === ADMIN_PREFIX.length || pathname[ADMIN_PREFIX.length] === '/');
    if (targets.size >= MAX_REMEMBERED_URLS) targets.clear();
    const checked = { url, isAdmin };
    targets.set(target, checked);
    return checked;
  }

  /**
   * Writes the handlers' answer (none: 404; a network error: the connection dropped), with the faults
   * inside it, notes it in the journal and logs it.
   */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    started: number,
    response?: Response,
    request?: Request,
    recorded?: Recorded,
  ) {
    let sent: Promise<void> | undefined;
    if (!response) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'No route.' }));
      if (recorded) recorded.status = 404;
    } else if (response.type === 'error')
      req.socket.destroy(); // an injected dropped connection: no status
    else {
      const faulted = request ? target.faults.after(request, response) : undefined;
      const final = faulted?.answer ?? response;
      if (recorded) recorded.status = final.status;
      if (faulted?.wire) sendCut(req, res, method, final, faulted.wire);
      else sent = send(res, method, final);
    }
    if (!sent) logged(req, res, started);
    else loggedOnceSent(req, res, started, sent);
  }

  /** `answer` once the handlers' promise settles (its own function, as `loggedOnceSent`). */
  function answerLater(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    started: number,
    response: Promise<Response | undefined>,
    request: Request,
    recorded: Recorded | undefined,
  ) {
    response.then(
      (r) => answer(req, res, method, started, r, request, recorded),
      (error: unknown) => failed(res, error),
    );
  }

  /** Logs an answer once it is written (apart from `answer`: its callbacks would cost every answer their scope). */
  function loggedOnceSent(req: IncomingMessage, res: ServerResponse, started: number, sent: Promise<void>) {
    sent.then(
      () => logged(req, res, started),
      (error: unknown) => failed(res, error),
    );
  }

  /** Tells `onRequest` of an answered request. */
  function logged(req: IncomingMessage, res: ServerResponse, started: number) {
    options.onRequest?.(`${req.method} ${req.url?.split('?')[0]} → ${res.statusCode} (${Date.now() - started} ms)`);
  }

  /** Answers a CORS preflight: what the page may send, or 403 naming the flag that allows its origin. */
  function preflight(req: IncomingMessage, res: ServerResponse, started: number, pathname: string) {
    req.resume();
    const out = preflightAnswer(cors, req.headers);
    if (out.status === 204) {
      res.writeHead(204, out.headers).end();
      logged(req, res, started);
    } else answer(req, res, 'OPTIONS', started, errorFor(pathname, 403, out.message!, out.headers));
  }

  /** Answers the control API (/__admin/), which the journal does not record. */
  function admin(req: IncomingMessage, res: ServerResponse, method: string, url: URL, body: Buffer, started: number) {
    let out: AdminAnswer;
    try {
      out = adminAnswer(target, gate, method, url, body, req.headers);
    } catch (error) {
      failed(res, error);
      return;
    }
    writeAdmin(req, res, method, out, started);
  }

  function writeAdmin(req: IncomingMessage, res: ServerResponse, method: string, out: AdminAnswer, started: number) {
    res.writeHead(out.status, { ...out.headers, 'content-length': String(Buffer.byteLength(out.body)) });
    res.end(method === 'HEAD' ? undefined : out.body);
    logged(req, res, started);
  }

  function failed(res: ServerResponse, error: unknown) {
    console.error('[loc-mock] unexpected error', error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Internal error in the mock server (a bug: please report it).' }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  origin = options.publicUrl ? new URL(options.publicUrl).origin : url;
  gate = { access, site: adminSite(address.port, options.host ?? '127.0.0.1', options.publicUrl) };
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
 * Writes a fetch `Response` to node:http. A HEAD answer keeps the Content-Length its handler gave. An
 * answer made by the handlers is written at once (no promise: this runs for every request).
 */
function send(res: ServerResponse, method: string, response: Response): Promise<void> | undefined {
  const kept = keptAnswerOf(response);
  if (kept) {
    // Its headers hold its Content-Length (a HEAD answer's too).
    res.writeHead(response.status, kept.headers);
    res.end(method === 'HEAD' ? undefined : (kept.body ?? undefined));
    return undefined;
  }
  return sendStreamed(res, method, response);
}

/** Any other Response (a user's own handler): its body read from its stream. */
async function sendStreamed(res: ServerResponse, method: string, response: Response) {
  const bytes = await bodyOf(response);
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  if (response.status !== 204 && response.status !== 304 && method !== 'HEAD')
    out['content-length'] = String(bytes.byteLength);
  res.writeHead(response.status, out);
  res.end(method === 'HEAD' ? undefined : bytes);
}

/** The bytes of a response body. A reader loop: `arrayBuffer()` took half again as long per answer. */
async function bodyOf(response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return chunks.length === 1
    ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength)
    : Buffer.concat(chunks);
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

/** Bytes sent per tick of a slow body, ten ticks a second. */
const SLOW_TICKS_PER_SECOND = 10;

/**
 * Writes an answer cut by a fault: the full Content-Length in the head, then part of the body, then a
 * closed connection (TRUNCATED_BODY), a reset (CONNECTION_RESET_BY_PEER), nothing more (STALL_AFTER_BYTES),
 * or the whole body at a slow rate (SLOW_BODY).
 */
function sendCut(req: IncomingMessage, res: ServerResponse, method: string, response: Response, wire: WireFault) {
  const kept = keptAnswerOf(response)!;
  const body = typeof kept.body === 'string' ? Buffer.from(kept.body) : Buffer.from(kept.body ?? new Uint8Array());
  res.writeHead(response.status, kept.headers);
  if (method === 'HEAD') return void res.end();
  const socket = req.socket;
  if (wire.kind === 'SLOW_BODY') {
    const step = Math.max(1, Math.floor(wire.bytesPerSecond / SLOW_TICKS_PER_SECOND));
    let at = 0;
    const tick = () => {
      if (res.destroyed) return;
      const part = body.subarray(at, at + step);
      at += part.length;
      if (at >= body.length) res.end(part);
      else res.write(part, () => void setTimeout(tick, 1000 / SLOW_TICKS_PER_SECOND));
    };
    tick();
    return;
  }
  const part = body.subarray(0, Math.min(wire.bytes ?? Math.floor(body.length / 2), body.length));
  res.write(part, () => {
    if (wire.kind === 'TRUNCATED_BODY') socket.end();
    // The kernel sends a RST either way (SO_LINGER 0). A timer turn later gives a client in this process (a
    // test's) the time to read the bytes first: libuv, finding the bytes and the reset together, reads the
    // bytes, sees the hang-up and reports an end of stream, not ECONNRESET (test/body-faults.test.ts reads
    // with Python's socket, which always sees the reset).
    else if (wire.kind === 'CONNECTION_RESET_BY_PEER') setTimeout(() => socket.resetAndDestroy(), 0);
    // STALL_AFTER_BYTES: nothing more, until the client gives up or the server closes
  });
}

/** The 413 answer, in the format of the path's API; the connection is closed after it. */
function tooLarge(pathname: string, limit: number): Response {
  return errorFor(pathname, 413, `The body is larger than the limit of ${limit} bytes.`, { connection: 'close' });
}

/**
 * Bytes of an over-limit body read and thrown away before the 413 is sent. A client that is still sending
 * when the server answers and closes gets EPIPE or a reset instead of the 413; past this the server stops
 * reading (a client streaming without end is cut off).
 */
const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/** A request target, parsed and checked: its URL, and whether it is the control API's. */
interface RequestTarget {
  readonly url: URL;
  readonly isAdmin: boolean;
}

/** Distinct request URLs kept parsed; past this the memory starts over. */
const MAX_REMEMBERED_URLS = 1024;

/** An empty body, shared: GET and HEAD requests have one. */
const NO_BODY = Buffer.alloc(0);

/** A request body as read: its bytes, or 'too-large' past the limit. */
type Body = Buffer | 'too-large';

/**
 * A request whose body is being read: what answering it needs, and the body so far. The body's listeners
 * are functions made once that find it on the request (`READING`): closures made for every request showed
 * under load.
 */
class Reading {
  first: Buffer | undefined = undefined;
  more: Buffer[] | undefined = undefined;
  size = 0;
  over = false;
  answered = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly method: string,
    readonly requested: RequestTarget,
    readonly started: number,
    /** Bodies larger than this are not kept: the request is answered 'too-large'. */
    readonly limit: number,
    readonly received: (reading: Reading, body: Body) => void,
    readonly failed: (res: ServerResponse, error: unknown) => void,
  ) {}

  /** Hands over the body, or 'too-large' (once). */
  done(body: Body) {
    if (this.answered) return;
    this.answered = true;
    this.received(this, body);
  }
}

const READING = Symbol('loc-mock: the body being read');

function readingOf(req: IncomingMessage): Reading {
  return (req as IncomingMessage & { [READING]: Reading })[READING];
}

/**
 * Reads the request body and hands it to `reading.received`, or 'too-large' as soon as it passes its
 * limit (the rest is not buffered). A body that came in one chunk is passed as it is.
 */
function readLimited(reading: Reading) {
  const { req, limit } = reading;
  const declared = Number(req.headers['content-length']);
  if (declared > limit + MAX_DISCARDED_BYTES) {
    // More than will ever be read: answer at once.
    req.resume();
    reading.done('too-large');
    return;
  }
  reading.over = declared > limit;
  (req as IncomingMessage & { [READING]: Reading })[READING] = reading;
  req.on('data', onBodyChunk);
  req.on('end', onBodyEnd);
  req.on('error', onBodyError);
}

function onBodyChunk(this: IncomingMessage, chunk: Buffer) {
  const r = readingOf(this);
  r.size += chunk.length;
  // Over the limit: read on and throw away (up to a bound), so that the client, done sending, reads the 413.
  if (r.over || r.size > r.limit) {
    r.over = true;
    r.first = r.more = undefined;
    if (r.size > r.limit + MAX_DISCARDED_BYTES) r.done('too-large');
  } else if (r.first === undefined) r.first = chunk;
  else (r.more ??= [r.first]).push(chunk);
}

function onBodyEnd(this: IncomingMessage) {
  const r = readingOf(this);
  if (r.over) r.done('too-large');
  else r.done(r.more ? Buffer.concat(r.more) : (r.first ?? NO_BODY));
}

function onBodyError(this: IncomingMessage, error: unknown) {
  const r = readingOf(this);
  r.failed(r.res, error);
}
