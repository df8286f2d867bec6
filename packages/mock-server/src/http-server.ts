import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDispatcher } from './dispatch';
import { errorFor } from './handlers/errors';
import { keptAnswerOf } from './handlers/answers';
import { socketRequest } from './socket-request';
import { createMockService, DEFAULT_MAX_BODY_BYTES, type MockService, type MockServiceOptions } from './mock-service';

export interface MockServerOptions extends Omit<MockServiceOptions, 'baseUrl'> {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: only this machine can reach it. */
  host?: string;
  /** Told each request and its answer (the binary logs them to stderr). */
  onRequest?: (line: string) => void;
}

export interface MockServer {
  url: string;
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
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const dispatch = createDispatcher(service.handlers);
  // The request path runs for every request, so it is written without async functions and closures
  // where it can be: a promise only where a handler answers later (docs/decisions.md, "One behaviour,
  // two transports").
  const server = createServer((req, res) => {
    const started = options.onRequest ? Date.now() : 0;
    const method = req.method ?? 'GET';
    const url = requestUrl(req, res, method, started);
    if (!url) return;
    readLimited(
      req,
      maxBodyBytes,
      (body) => {
        if (body === 'too-large') {
          const message = `The body is larger than the limit of ${maxBodyBytes} bytes.`;
          answer(req, res, method, started, errorFor(url.pathname, 413, message, { connection: 'close' }));
          return;
        }
        let response: ReturnType<typeof dispatch>;
        try {
          response = dispatch(socketRequest(url, method, req.headers, body));
        } catch (error) {
          failed(res, error);
          return;
        }
        if (response instanceof Promise)
          response.then(
            (r) => answer(req, res, method, started, r),
            (error: unknown) => failed(res, error),
          );
        else answer(req, res, method, started, response);
      },
      (error) => failed(res, error),
    );
  });
  // Malformed HTTP never reaches the handlers: answer 400 and close, as a real front end would.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  // Parsed request URLs by Host and target, checked, and shared by the requests that send them (the
  // handlers only read a request's parsed URL: see `urlOf` in socket-request.ts).
  const urls = new Map<string, URL>();

  /** The request's URL; undefined when it is malformed, and then it is answered here with a 400. */
  function requestUrl(req: IncomingMessage, res: ServerResponse, method: string, started: number): URL | undefined {
    const host = req.headers.host ?? options.host ?? '127.0.0.1';
    const target = req.url ?? '/';
    const key = `${host}\n${target}`;
    let url = urls.get(key);
    if (url) return url;
    try {
      url = new URL(target, `http://${host}`);
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
    if (urls.size >= MAX_REMEMBERED_URLS) urls.clear();
    urls.set(key, url);
    return url;
  }

  /** Writes the handlers' answer (none: 404; a network error: the connection dropped) and logs it. */
  function answer(req: IncomingMessage, res: ServerResponse, method: string, started: number, response?: Response) {
    let sent: Promise<void> | undefined;
    if (!response)
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'No route.' }));
    else if (response.type === 'error')
      req.socket.destroy(); // an injected dropped connection
    else sent = send(res, method, response);
    if (!sent) logged(req, res, started);
    else
      sent.then(
        () => logged(req, res, started),
        (error: unknown) => failed(res, error),
      );
  }

  /** Tells `onRequest` of an answered request. */
  function logged(req: IncomingMessage, res: ServerResponse, started: number) {
    options.onRequest?.(`${req.method} ${req.url?.split('?')[0]} → ${res.statusCode} (${Date.now() - started} ms)`);
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
  return {
    url: `http://${host}:${address.port}`,
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

/** Distinct request URLs kept parsed; past this the memory starts over. */
const MAX_REMEMBERED_URLS = 1024;

/** An empty body, shared: GET and HEAD requests have one. */
const NO_BODY = Buffer.alloc(0);

/**
 * Reads the request body and calls `done` with it, or with 'too-large' as soon as it passes `limit`
 * (the rest is not buffered). A body that came in one chunk is passed as it is.
 */
function readLimited(
  req: IncomingMessage,
  limit: number,
  done: (body: Buffer | 'too-large') => void,
  fail: (error: unknown) => void,
) {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    req.resume();
    done('too-large');
    return;
  }
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  let size = 0;
  let over = false;
  req.on('data', (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > limit) {
      over = true;
      done('too-large');
    } else if (first === undefined) first = chunk;
    else (more ??= [first]).push(chunk);
  });
  req.on('end', () => {
    if (!over) done(more ? Buffer.concat(more) : (first ?? NO_BODY));
  });
  req.on('error', fail);
}
