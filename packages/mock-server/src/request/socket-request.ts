// src/request/: a request as the handlers see it, by either transport: the light Request (here), its id, its operation.
// The request the real server hands to the msw handlers. Building an undici `Request` for every request
// (its Headers conversion, AbortSignal and body stream) cost more than the handlers' own work under a
// load test. The handlers read a request's url, method, headers and body: those are plain fields here,
// and the first use of anything else (signal, clone(), formData() …) builds the real `Request` once and
// answers from it, so a handler still sees a whole Request (test/transports.test.ts runs the same
// scenario over both transports; TypeScript checks that every member of Request is here). Its headers
// and its parsed URL are light in the same way.
import type { IncomingHttpHeaders } from 'node:http';

/** Decodes request bodies (the handlers' `readBody` too); made once: one per request showed in the profile. */
export const UTF8 = new TextDecoder();

/** A body reader's answer from the bytes node:http has read. */
type Convert<T> = (bytes: Uint8Array) => T;

class SocketRequest implements Request {
  #real: Request | undefined;
  #used = false;
  /** The body node:http has read (and limited); null for GET, HEAD and an empty body. */
  readonly #body: Buffer | null;

  readonly url: string;

  constructor(
    /** The URL the server parsed; handlers read it through `urlOf` instead of parsing `url` again. */
    readonly parsedUrl: URL,
    readonly method: string,
    readonly headers: Headers,
    body: Buffer | null,
  ) {
    this.url = parsedUrl.href;
    this.#body = body;
  }

  /** The undici Request, made the first time a handler reaches past url, method, headers and body. */
  #request(): Request {
    this.#real ??= new Request(this.url, {
      method: this.method,
      headers: this.headers,
      ...(this.#body && !this.#used ? { body: new Uint8Array(this.#body) } : {}),
    });
    return this.#real;
  }

  #take<T>(convert: Convert<T>): Promise<T> {
    if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#used = true;
    return Promise.resolve(convert(ownBytes(this.#body)));
  }

  /** The body as node:http read it (a view, perhaps of a shared buffer: read it, do not keep it). */
  readOnce(): Uint8Array | Promise<Uint8Array> {
    if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#used = true;
    return this.#body ?? new Uint8Array(0);
  }

  get bodyUsed() {
    return this.#used || (this.#real?.bodyUsed ?? false);
  }
  get body() {
    return this.#body && !this.#used ? this.#request().body : null;
  }
  arrayBuffer() {
    return this.#take((bytes) => bytes.buffer as ArrayBuffer);
  }
  bytes() {
    return this.#take((bytes) => bytes as Uint8Array<ArrayBuffer>);
  }
  // TextDecoder drops a byte order mark, as fetch's text() does.
  text() {
    return this.#take((bytes) => UTF8.decode(bytes));
  }
  json() {
    return this.#take((bytes) => JSON.parse(UTF8.decode(bytes)) as unknown);
  }
  blob() {
    return this.#take(
      (bytes) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: this.headers.get('content-type') ?? '' }),
    );
  }
  formData() {
    return this.#request().formData();
  }
  clone() {
    return this.#request().clone();
  }
  get signal() {
    return this.#request().signal;
  }
  get cache() {
    return this.#request().cache;
  }
  get credentials() {
    return this.#request().credentials;
  }
  get destination() {
    return this.#request().destination;
  }
  get integrity() {
    return this.#request().integrity;
  }
  get keepalive() {
    return this.#request().keepalive;
  }
  get mode() {
    return this.#request().mode;
  }
  get redirect() {
    return this.#request().redirect;
  }
  get referrer() {
    return this.#request().referrer;
  }
  get referrerPolicy() {
    return this.#request().referrerPolicy;
  }
}

/**
 * The body as bytes of their own, for a reader that takes them: a body that fills its memory (node:http
 * gives each body chunk its own) is handed over as it is, a part of a larger one (a pooled Buffer) copied.
 */
function ownBytes(body: Buffer | null): Uint8Array<ArrayBuffer> {
  if (body === null) return new Uint8Array(0);
  const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return whole ? new Uint8Array(body.buffer as ArrayBuffer) : new Uint8Array(body);
}

/**
 * The headers node:http has read, as a `Headers`. Building undici's Headers (a checked append per header)
 * cost a request more than the handlers' reads of it; node:http has already checked the names and values
 * and given the names in lower case, so `get` and `has` read them as they are. Anything else (iterating,
 * changing) works on a real Headers made from them the first time.
 */
class SocketHeaders implements Headers {
  #real: Headers | undefined;

  constructor(readonly incoming: IncomingHttpHeaders) {}

  #headers(): Headers {
    if (this.#real === undefined) {
      this.#real = new Headers();
      for (const name in this.incoming) {
        const value = this.incoming[name];
        if (value === undefined || name.startsWith(':')) continue;
        if (typeof value === 'string') this.#real.append(name, value);
        else for (const v of value) this.#real.append(name, v);
      }
    }
    return this.#real;
  }

  get(name: string): string | null {
    if (this.#real) return this.#real.get(name);
    const key = name.toLowerCase();
    const value = key.startsWith(':') ? undefined : this.incoming[key];
    return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  getSetCookie() {
    return this.#headers().getSetCookie();
  }
  set(name: string, value: string) {
    this.#headers().set(name, value);
  }
  append(name: string, value: string) {
    this.#headers().append(name, value);
  }
  delete(name: string) {
    this.#headers().delete(name);
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown) {
    this.#headers().forEach((value, key) => {
      callback.call(thisArg, value, key, this);
    });
  }
  entries() {
    return this.#headers().entries();
  }
  keys() {
    return this.#headers().keys();
  }
  values() {
    return this.#headers().values();
  }
  [Symbol.iterator]() {
    return this.#headers()[Symbol.iterator]();
  }
}

/**
 * A `Request` for `url` with `method`, node:http's `headers` and the `body` node:http has already
 * read (and limited).
 *
 * @example
 * const request = socketRequest(new URL('http://127.0.0.1:4010/v1/projects'), 'GET', req.headers, Buffer.alloc(0));
 */
export function socketRequest(url: URL, method: string, incoming: IncomingHttpHeaders, body: Buffer): Request {
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.byteLength > 0;
  return new SocketRequest(url, method, new SocketHeaders(incoming), hasBody ? body : null);
}

/** Whether `request` came over the mock's socket (made by `socketRequest`), not through msw's interception. */
export function isSocketRequest(request: Request): boolean {
  return request instanceof SocketRequest;
}

/**
 * The body's bytes, to read and not to keep (the body counts as used): over the socket the bytes node:http
 * read, without the copy `arrayBuffer()` makes for a reader that keeps them; otherwise `arrayBuffer()`'s.
 *
 * @example
 * const text = UTF8.decode(await bodyToRead(request));
 */
export function bodyToRead(request: Request): Uint8Array | Promise<Uint8Array> {
  return request instanceof SocketRequest ? request.readOnce() : request.arrayBuffer().then((b) => new Uint8Array(b));
}

/**
 * The URL of `request`, parsed: the one the server parsed for a request over the socket (do not change
 * it), a new one otherwise.
 *
 * @example
 * const { origin } = urlOf(request);
 */
export function urlOf(request: Request): URL {
  return request instanceof SocketRequest ? request.parsedUrl : new URL(request.url);
}

/** The origins of the URLs the server parsed (it shares one URL object between the requests of a target). */
const origins = new WeakMap<URL, string>();

/**
 * The origin of `request`'s URL: over the socket made once per parsed URL (URL's `origin` builds a new
 * string on every read).
 *
 * @example
 * const filesUrl = `${originOf(request)}/_storage/releases/${name}`;
 */
export function originOf(request: Request): string {
  if (!(request instanceof SocketRequest)) return new URL(request.url).origin;
  let origin = origins.get(request.parsedUrl);
  if (origin === undefined) origins.set(request.parsedUrl, (origin = request.parsedUrl.origin));
  return origin;
}
