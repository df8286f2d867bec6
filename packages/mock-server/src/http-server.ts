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
  const server = createServer((req, res) => {
    const started = Date.now();
    handle(req, res).then(
      () =>
        options.onRequest?.(`${req.method} ${req.url?.split('?')[0]} → ${res.statusCode} (${Date.now() - started} ms)`),
      (error: unknown) => {
        console.error('[loc-mock] unexpected error', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Internal error in the mock server (a bug: please report it).' }));
      },
    );
  });
  // Malformed HTTP never reaches the handlers: answer 400 and close, as a real front end would.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const origin = `http://${req.headers.host ?? `${options.host ?? '127.0.0.1'}`}`;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'Malformed request URL.' }));
      return;
    }
    // msw's route matching decodes every path (wildcards too) and throws on broken percent-encoding
    // (`%ZZ`, a cut-off UTF-8 sequence): such a path names no resource, so it is a 400 here.
    try {
      decodeURIComponent(url.pathname);
    } catch {
      const message = `The path ${url.pathname} has a malformed percent-encoding. Encode each path segment with encodeURIComponent.`;
      return send(res, method, errorFor(url.pathname, 400, message));
    }
    const body = await readLimited(req, maxBodyBytes);
    if (body === 'too-large') {
      return send(
        res,
        method,
        errorFor(url.pathname, 413, `The body is larger than the limit of ${maxBodyBytes} bytes.`, {
          connection: 'close',
        }),
      );
    }
    const response = await dispatch(socketRequest(url, method, req.headers, body));
    if (!response) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'No route.' }));
      return;
    }
    if (response.type === 'error') {
      req.socket.destroy(); // an injected dropped connection
      return;
    }
    return send(res, method, response);
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

/** The request body, or 'too-large' as soon as it passes `limit` (the rest is not buffered). */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}
