// What every request to the real server goes through, in order: its target checked (request-target.ts), a
// browser's preflight answered and CORS headers given, its body read to its limit (read-body.ts), then the
// control API or the service's handlers answer it, the faults inside the answer applied (write-answer.ts),
// the journal told and the answer logged. The request path runs for every request, so it is written
// without async functions and closures where it can be: a promise only where a handler answers later
// (docs/decisions.md, "One behaviour, two transports").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { adminAnswer, adminTooLarge, MAX_ADMIN_BODY_BYTES, type AdminAnswer, type AdminGate } from '../admin/http';
import { errorFor } from '../handlers/errors';
import { isUploadRoute } from '../handlers/routes';
import { openExchange } from '../journal/exchange';
import type { Journal, Recorded } from '../journal/journal';
import { REQUEST_ID_HEADER } from '../request/request-id';
import { socketRequest } from '../request/socket-request';
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_UPLOAD_BYTES,
  servedOverHttp,
  type MockService,
} from '../service/mock-service';
import {
  allowsOrigin,
  corsHeaders,
  corsPolicyOf,
  DEFAULT_CORS_ORIGINS,
  isPreflight,
  preflightAnswer,
  type CorsPolicy,
} from './cors';
import { createDispatcher } from './dispatch';
import { readLimited, Reading, type Body } from './read-body';
import { checkedTarget, type RequestTarget } from './request-target';
import { send, sendCut } from './write-answer';

/** What the request path takes of the server's options. */
export interface FrontOptions {
  maxBodyBytes?: number;
  maxUploadBytes?: number;
  corsOrigins?: readonly string[];
  onRequest?: (line: string) => void;
}

/**
 * One server's side of every request, made once when it starts: the service's controls and handlers, the
 * limits, the CORS policy, and (set once it listens) its origin and the control API's gate.
 */
export interface Front {
  readonly target: ReturnType<typeof servedOverHttp>;
  readonly journal: Journal;
  readonly dispatch: ReturnType<typeof createDispatcher>;
  readonly cors: CorsPolicy;
  readonly maxBodyBytes: number;
  readonly maxUploadBytes: number;
  readonly onRequest: ((line: string) => void) | undefined;
  /** Parsed request URLs by target, checked, and shared by the requests that send them. */
  readonly targets: Map<string, RequestTarget>;
  /**
   * Set once the server listens: the base of every request's URL, and what the control API checks a
   * request's Host and Origin against (no request is read before that).
   */
  origin: string;
  gate: AdminGate | undefined;
  /** `received` for this front, made once: the body reader calls it (read-body.ts). */
  readonly received: (reading: Reading, body: Body) => void;
}

/**
 * The request path of a server of `service` (which is marked as served over HTTP).
 *
 * @example
 * const front = createFront(createMockService(), {});
 * const server = createServer((req, res) => onRequest(front, req, res));
 */
export function createFront(service: MockService, options: FrontOptions): Front {
  const front: Front = {
    target: servedOverHttp(service),
    journal: service.journal,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    dispatch: createDispatcher(service.handlers),
    cors: corsPolicyOf(options.corsOrigins ?? DEFAULT_CORS_ORIGINS),
    onRequest: options.onRequest,
    targets: new Map(),
    origin: '',
    gate: undefined,
    received: (reading, body) => received(front, reading, body),
  };
  return front;
}

/**
 * node:http's `request` listener: checks the target, answers a preflight, and reads the body to its limit.
 *
 * @example server.on('request', (req, res) => onRequest(front, req, res));
 */
export function onRequest(front: Front, req: IncomingMessage, res: ServerResponse): void {
  const started = front.onRequest ? Date.now() : 0;
  const method = req.method ?? 'GET';
  // Every answer names its request (the client's own id when it sent a usable one): request/request-id.ts.
  res.setHeader(REQUEST_ID_HEADER, front.target.requestIdOf(req.headers[REQUEST_ID_HEADER]));
  const requested = requestTarget(front, req, res, method, started);
  if (!requested) return;
  // A page in a browser: its preflight answered here (not journaled: the browser's, not the app's
  // request), its requests given the CORS headers. Never on the control API, which is same-origin.
  const from = req.headers.origin;
  if (from !== undefined && !requested.isAdmin) {
    if (isPreflight(method, req.headers)) {
      preflight(front, req, res, started, requested.url.pathname);
      return;
    }
    if (allowsOrigin(front.cors, from))
      for (const [name, value] of Object.entries(corsHeaders(front.cors, from))) res.setHeader(name, value);
  }
  const limit = limitOf(front, method, requested);
  readLimited(new Reading(req, res, method, requested, started, limit, front.received, failed));
}

/**
 * node:http's `checkContinue`: a client that waits for 100-continue before sending a body over the limit
 * is told 413 at once, and sends nothing. The limit is the one the body would be read against: the control
 * API's or the service's. True when the body may come (the caller then lets the request through).
 *
 * @example if (mayContinue(front, req, res)) { res.writeContinue(); server.emit('request', req, res); }
 */
export function mayContinue(front: Front, req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'POST';
  const started = front.onRequest ? Date.now() : 0;
  const requested = requestTarget(front, req, res, method, started);
  if (!requested) return false;
  const limit = limitOf(front, method, requested);
  if (Number(req.headers['content-length']) > limit) {
    res.setHeader(REQUEST_ID_HEADER, front.target.requestIdOf(req.headers[REQUEST_ID_HEADER]));
    if (requested.isAdmin) writeAdmin(front, req, res, method, adminTooLarge(limit), started);
    else answer(front, req, res, method, started, tooLarge(requested.url.pathname, limit));
    return false;
  }
  return true;
}

/** The limit a request's body is read against: the control API's, an upload's, or the service's. */
function limitOf(front: Front, method: string, { isAdmin, url }: RequestTarget): number {
  return isAdmin
    ? MAX_ADMIN_BODY_BYTES
    : isUploadRoute(method, url.pathname)
      ? front.maxUploadBytes
      : front.maxBodyBytes;
}

/** The request's checked target; undefined when it is refused, and then it is answered here with a 400. */
function requestTarget(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  started: number,
): RequestTarget | undefined {
  const checked = checkedTarget(front.targets, front.origin, req.url ?? '/');
  if (!('refused' in checked)) return checked;
  if (checked.refused === 'url') {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Malformed request URL.' }));
    logged(front, req, res, started);
  } else {
    const message = `The path ${checked.pathname} has a malformed percent-encoding. Encode each path segment with encodeURIComponent.`;
    answer(front, req, res, method, started, errorFor(checked.pathname, 400, message));
  }
  return undefined;
}

/** Answers a request once its body is read (or found too large). */
function received(front: Front, reading: Reading, body: Body) {
  const {
    req,
    res,
    method,
    requested: { url, isAdmin },
    started,
    limit,
  } = reading;
  if (isAdmin) {
    if (body === 'too-large') writeAdmin(front, req, res, method, adminTooLarge(limit), started);
    else admin(front, req, res, method, url, body, started);
    return;
  }
  const { journal, target, dispatch } = front;
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
    answer(front, req, res, method, started, tooLarge(url.pathname, limit), undefined, recorded);
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
  if (response instanceof Promise) answerLater(front, req, res, method, started, response, request, recorded);
  else answer(front, req, res, method, started, response, request, recorded);
}

/**
 * Writes the handlers' answer (none: 404; a network error: the connection dropped), with the faults
 * inside it, notes it in the journal and logs it.
 */
function answer(
  front: Front,
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
    const faulted = request ? front.target.faults.after(request, response) : undefined;
    const final = faulted?.answer ?? response;
    if (recorded) recorded.status = final.status;
    if (faulted?.wire) sendCut(req, res, method, final, faulted.wire);
    else sent = send(res, method, final);
  }
  if (!sent) logged(front, req, res, started);
  else loggedOnceSent(front, req, res, started, sent);
}

/** `answer` once the handlers' promise settles (its own function, as `loggedOnceSent`). */
function answerLater(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  started: number,
  response: Promise<Response | undefined>,
  request: Request,
  recorded: Recorded | undefined,
) {
  response.then(
    (r) => answer(front, req, res, method, started, r, request, recorded),
    (error: unknown) => failed(res, error),
  );
}

/** Logs an answer once it is written (apart from `answer`: its callbacks would cost every answer their scope). */
function loggedOnceSent(front: Front, req: IncomingMessage, res: ServerResponse, started: number, sent: Promise<void>) {
  sent.then(
    () => logged(front, req, res, started),
    (error: unknown) => failed(res, error),
  );
}

/** Tells `onRequest` of an answered request. */
function logged(front: Front, req: IncomingMessage, res: ServerResponse, started: number) {
  front.onRequest?.(`${req.method} ${req.url?.split('?')[0]} → ${res.statusCode} (${Date.now() - started} ms)`);
}

/** Answers a CORS preflight: what the page may send, or 403 naming the flag that allows its origin. */
function preflight(front: Front, req: IncomingMessage, res: ServerResponse, started: number, pathname: string) {
  req.resume();
  const out = preflightAnswer(front.cors, req.headers);
  if (out.status === 204) {
    res.writeHead(204, out.headers).end();
    logged(front, req, res, started);
  } else answer(front, req, res, 'OPTIONS', started, errorFor(pathname, 403, out.message!, out.headers));
}

/** Answers the control API (/__admin/), which the journal does not record. */
function admin(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  url: URL,
  body: Buffer,
  started: number,
) {
  let out: AdminAnswer;
  try {
    out = adminAnswer(front.target, front.gate!, method, url, body, req.headers);
  } catch (error) {
    failed(res, error);
    return;
  }
  writeAdmin(front, req, res, method, out, started);
}

function writeAdmin(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  out: AdminAnswer,
  started: number,
) {
  res.writeHead(out.status, { ...out.headers, 'content-length': String(Buffer.byteLength(out.body)) });
  res.end(method === 'HEAD' ? undefined : out.body);
  logged(front, req, res, started);
}

function failed(res: ServerResponse, error: unknown) {
  console.error('[loc-mock] unexpected error', error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: 'Internal error in the mock server (a bug: please report it).' }));
}

/** The 413 answer, in the format of the path's API; the connection is closed after it. */
function tooLarge(pathname: string, limit: number): Response {
  return errorFor(pathname, 413, `The body is larger than the limit of ${limit} bytes.`, { connection: 'close' });
}
