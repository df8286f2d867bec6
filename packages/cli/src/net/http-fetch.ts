import type { Agent, IncomingMessage, RequestOptions } from 'node:http';
import { finished, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { HttpHeaders } from './http-headers';
import { REFUSED } from '../run/refused';
import { type FetchInit, type Hop, sendFollowing } from './redirects';

/**
 * `fetch` over node:http and node:https, for the SDK's calls and downloads from `loc`. Node's own fetch
 * loads its bundled undici on first use and compiles an HTTP parser to WebAssembly, whose optimisation
 * in the background held the process ~100 ms past its last output: together ~150 ms on every command
 * that makes a request, three to four times the rest of such a command. This covers what the SDK uses:
 * methods, headers, string, byte and form bodies, AbortSignal, `redirect: 'manual' | 'follow' | 'error'` (followed
 * by fetch's rules, and stricter: redirects.ts),
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

  /** One request and its answer's head: no redirect is followed here. */
  async function exchange(hop: Hop, signal: AbortSignal | undefined): Promise<IncomingMessage> {
    signal?.throwIfAborted();
    const transport = hop.url.protocol === 'http:' ? await import('node:http') : await import('node:https');
    const headers: Record<string, string> = {};
    hop.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (hop.body && headers['content-length'] === undefined) headers['content-length'] = String(hop.body.byteLength);
    const options: RequestOptions = {
      method: hop.method,
      headers,
      agent: await agentFor(hop.url.protocol as 'http:' | 'https:'),
    };
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = transport.request(hop.url, options, resolve);
      const abort = () => req.destroy(signal!.reason);
      signal?.addEventListener('abort', abort, { once: true });
      req.once('error', (error) =>
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
      );
      req.once('close', () => signal?.removeEventListener('abort', abort));
      req.end(hop.body);
    });
  }

  async function send(url: URL, init: FetchInit): Promise<HttpFetchResponse> {
    const signal = init.signal ?? undefined;
    const {
      response: res,
      hop,
      redirects,
    } = await sendFollowing(url, init, exchange, (res) => ({
      status: res.statusCode ?? 0,
      location: res.headers.location,
      discard: () => res.resume(),
    }));
    if (signal) {
      const abort = () => res.destroy(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      res.once('close', () => signal.removeEventListener('abort', abort));
    }
    return new HttpFetchResponse(res, hop.url, hop.method === 'HEAD', redirects > 0);
  }

  const httpFetch = async (input: string | URL | { url: string }, init: FetchInit = {}) =>
    send(new URL(typeof input === 'string' || input instanceof URL ? input : input.url), await withFormBytes(init));
  return httpFetch as unknown as typeof fetch;
}

/**
 * A `multipart/form-data` body (an upload: `loc push`) as the bytes fetch would send, and its content type
 * with the boundary: encoded by the platform's own Response, as fetch encodes it. Other bodies as they are.
 */
async function withFormBytes(init: FetchInit): Promise<FetchInit> {
  const body = init.body;
  // Bodies that are no form are left before `FormData` is read: reading that global makes Node load its
  // whole fetch implementation (~40 ms), which is what this client is there to avoid.
  if (body === undefined || body === null || typeof body === 'string' || ArrayBuffer.isView(body)) return init;
  if (body instanceof ArrayBuffer || body instanceof URLSearchParams) return init;
  if (typeof FormData === 'undefined' || !(body instanceof FormData)) return init;
  const encoded = new Response(body);
  const headers = new HttpHeaders(init.headers as HeadersInit | undefined);
  headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
  return { ...init, headers, body: new Uint8Array(await encoded.arrayBuffer()) };
}

/**
 * The most bytes (after decompression) that text(), json() and arrayBuffer() gather: the service's answers
 * are far smaller, and a base URL that reaches some other server (or a gzip bomb) must not fill memory
 * before the per-attempt timeout ends it.
 */
const MAX_ANSWER_BYTES = 64 * 2 ** 20;

/** The answer: what a fetch Response offers that the SDK and ofetch read. */
class HttpFetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: HttpHeaders;
  readonly url: string;
  readonly redirected: boolean;
  readonly type = 'basic';
  #stream: Readable | undefined;
  #body: ReadableStream<Uint8Array> | null | undefined;
  #used = false;
  /** The web stream has been read from (or cancelled): the body must be read through it. */
  #streamed = false;

  constructor(res: IncomingMessage, url: URL, head: boolean, redirected: boolean) {
    this.redirected = redirected;
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
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          stream.destroy(
            Object.assign(new TypeError(`fetch failed: an answer larger than ${MAX_ANSWER_BYTES / 2 ** 20} MiB`), {
              code: REFUSED.tooLarge,
            }),
          );
        } else chunks.push(chunk);
      });
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
