import type { Agent, IncomingMessage, RequestOptions } from 'node:http';
import { finished, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { HttpHeaders } from './http-headers';

/**
 * `fetch` over node:http and node:https, for the SDK's calls and downloads from `loc`. Node's own fetch
 * loads its bundled undici on first use and compiles an HTTP parser to WebAssembly, whose optimisation
 * in the background held the process ~100 ms past its last output: together ~150 ms on every command
 * that makes a request, three to four times the rest of such a command. This covers what the SDK uses:
 * methods, headers, string and byte bodies, AbortSignal, `redirect: 'manual' | 'follow' | 'error'`,
 * compressed answers, and a Response-like answer (status, headers, text/json/arrayBuffer, a web
 * stream `body`). Connections are kept alive between the calls of one command (an export's polls).
 *
 * @example
 * const client = createClient({ baseUrl, token, fetch: createHttpFetch() });
 */
export function createHttpFetch(): typeof fetch {
  const agents: { http?: Agent; https?: Agent } = {};

  async function agentFor(protocol: 'http:' | 'https:') {
    if (protocol === 'http:') {
      const http = await import('node:http');
      return (agents.http ??= new http.Agent({ keepAlive: true }));
    }
    const https = await import('node:https');
    return (agents.https ??= new https.Agent({ keepAlive: true }));
  }

  async function send(url: URL, init: FetchInit, redirects: number): Promise<HttpFetchResponse> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError(`fetch failed: ${url.protocol} URLs are not supported`);
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new HttpHeaders(init.headers as HeadersInit | undefined);
    const body = bodyBytes(init.body);
    if (body && !headers.has('content-length')) headers.set('content-length', String(body.byteLength));
    const transport = url.protocol === 'http:' ? await import('node:http') : await import('node:https');
    const merged: Record<string, string> = {};
    headers.forEach((value, name) => {
      merged[name] = value;
    });
    const options: RequestOptions = { method, headers: merged, agent: await agentFor(url.protocol) };

    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = transport.request(url, options, resolve);
      const abort = () => req.destroy(signal!.reason);
      signal?.addEventListener('abort', abort, { once: true });
      req.once('error', (error) =>
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
      );
      req.once('close', () => signal?.removeEventListener('abort', abort));
      req.end(body);
    });

    const location = res.headers.location;
    if (res.statusCode! >= 300 && res.statusCode! < 400 && location && init.redirect !== 'manual') {
      res.resume();
      if (init.redirect === 'error') throw new TypeError('fetch failed: redirect refused (redirect: "error")');
      if (redirects >= MAX_REDIRECTS) throw new TypeError('fetch failed: too many redirects');
      const next = new URL(location, url);
      const keepsBody = res.statusCode === 307 || res.statusCode === 308;
      return send(
        next,
        {
          ...init,
          method: keepsBody ? method : method === 'HEAD' ? 'HEAD' : 'GET',
          body: keepsBody ? init.body : undefined,
        },
        redirects + 1,
      );
    }
    if (signal) {
      const abort = () => res.destroy(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      res.once('close', () => signal.removeEventListener('abort', abort));
    }
    return new HttpFetchResponse(res, url, method === 'HEAD');
  }

  const httpFetch = (input: string | URL | { url: string }, init: FetchInit = {}) =>
    send(new URL(typeof input === 'string' || input instanceof URL ? input : input.url), init, 0);
  return httpFetch as unknown as typeof fetch;
}

/** As fetch: at most 20 redirects are followed. */
const MAX_REDIRECTS = 20;

interface FetchInit {
  method?: string;
  headers?: unknown;
  body?: unknown;
  signal?: AbortSignal | null;
  redirect?: 'follow' | 'manual' | 'error';
}

/** The request body as bytes: strings, bytes and URLSearchParams, what the SDK sends. */
function bodyBytes(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body));
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('loc’s HTTP client sends string and byte bodies only');
}

/** The answer: what a fetch Response offers that the SDK and ofetch read. */
class HttpFetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: HttpHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic';
  #stream: Readable | undefined;
  #body: ReadableStream<Uint8Array> | null | undefined;
  #used = false;
  /** The web stream has been read from (or cancelled): the body must be read through it. */
  #streamed = false;

  constructor(res: IncomingMessage, url: URL, head: boolean) {
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new HttpHeaders(res.headers);
    this.url = url.href;
    const empty = head || this.status === 204 || this.status === 304;
    if (empty) res.resume();
    else this.#stream = decoded(res, this.headers.get('content-encoding'));
  }

  get bodyUsed() {
    return this.#used;
  }

  /**
   * A web stream of the body, as fetch gives it (null for an answer without one). It pulls from the
   * socket only when read (ofetch looks at `body` before it calls text(), which then reads the socket
   * directly), and is made without node:stream's web adapters (~1 ms to load on every command).
   */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) this.#body = this.#stream ? this.#webStream(this.#stream) : null;
    return this.#body;
  }

  #webStream(stream: Readable): ReadableStream<Uint8Array> {
    let chunks: AsyncIterator<Buffer> | undefined;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          if (this.#used && !this.#streamed) throw new TypeError('Body is unusable: Body has already been read');
          this.#streamed = true;
          chunks ??= stream[Symbol.asyncIterator]();
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        },
        cancel: (reason) => {
          this.#streamed = true;
          stream.destroy(reason instanceof Error ? reason : undefined);
        },
      },
      // Nothing is read ahead: until someone reads the web stream, the socket is text()'s to read.
      { highWaterMark: 0 },
    );
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.#bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.#bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async #bytes(): Promise<Buffer> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    // As fetch: a body read (or cancelled) through its stream, or locked by a reader, is not read again.
    if (this.#streamed || this.#body?.locked) throw new TypeError('Body is unusable: Body has already been read');
    if (!this.#stream) return Buffer.alloc(0);
    const stream = this.#stream;
    // Events, not `for await`: the async iterator machinery costs more than the body (a JSON answer).
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      finished(stream, (error) => (error ? reject(error) : resolve(Buffer.concat(chunks))));
    });
  }
}

/** The body as sent, or decompressed as fetch does for gzip, deflate and br. */
function decoded(res: IncomingMessage, encoding: string | null): Readable {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.on('error', (error) => decoder.destroy(error));
  return res.pipe(decoder);
}
