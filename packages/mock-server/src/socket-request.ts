// The request the real server hands to the msw handlers. Building an undici `Request` for every request
// (its Headers conversion, AbortSignal and body stream) cost more than the handlers' own work under a
// load test. The handlers read a request's url, method, headers and body: those are plain fields here,
// and the first use of anything else (signal, clone(), formData() …) builds the real `Request` once and
// answers from it, so a handler still sees a whole Request (test/transports.test.ts runs the same
// scenario over both transports; TypeScript checks that every member of Request is here).
import type { IncomingHttpHeaders } from 'node:http';

/** A body reader's answer from the bytes node:http has read. */
type Convert<T> = (bytes: Uint8Array) => T;

class SocketRequest implements Request {
  #real: Request | undefined;
  #used = false;
  /** The body node:http has read (and limited); null for GET, HEAD and an empty body. */
  readonly #body: Buffer | null;

  constructor(
    readonly url: string,
    readonly method: string,
    readonly headers: Headers,
    body: Buffer | null,
  ) {
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
    return Promise.resolve(convert(this.#body ? new Uint8Array(this.#body) : new Uint8Array(0)));
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
    return this.#take((bytes) => new TextDecoder().decode(bytes));
  }
  json() {
    return this.#take((bytes) => JSON.parse(new TextDecoder().decode(bytes)) as unknown);
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
 * A `Request` for `url` with `method`, node:http's `headers` and the `body` node:http has already
 * read (and limited).
 *
 * @example
 * const request = socketRequest(new URL('http://127.0.0.1:4010/v1/projects'), 'GET', req.headers, Buffer.alloc(0));
 */
export function socketRequest(url: URL, method: string, incoming: IncomingHttpHeaders, body: Buffer): Request {
  const headers = new Headers();
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || name.startsWith(':')) continue;
    if (typeof value === 'string') headers.append(name, value);
    else for (const v of value) headers.append(name, v);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.byteLength > 0;
  return new SocketRequest(url.href, method, headers, hasBody ? body : null);
}

/** Whether `request` came over the mock's socket (made by `socketRequest`), not through msw's interception. */
export function isSocketRequest(request: Request): boolean {
  return request instanceof SocketRequest;
}
