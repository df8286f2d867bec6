// Answers made once for both transports, without undici's machinery on the socket. A web `Response` built
// with a body creates a ReadableStream (in Node, a transferable one), and even a bodiless one converts and
// checks its headers; under a load test that was the largest part of the real server's time per request,
// and the server only read the answer back to write the same bytes to the socket. So an answer here is a
// `KeptResponse`: its status, headers and body are plain fields that the real server writes as they are,
// and `delivered` gives msw's interception a real Response with the body in it, as a client expects.
import { HTTP_STATUS_TEXT } from '@loc/sdk/internal';
import { exchangeOf } from '../journal/exchange';
import { REQUEST_ID_HEADER } from '../request/request-id';
import { isSocketRequest } from '../request/socket-request';

/** What the real server writes for an answer made here: its body, and its headers as they were given. */
export interface KeptAnswer {
  body: string | Uint8Array | null;
  headers: Readonly<Record<string, string>>;
}

/**
 * A Response made here. Status and headers are plain fields; anything else (reading the body, cloning)
 * is answered by a real Response made from them the first time. It is an `instanceof Response` (msw and
 * the dispatcher check that), and TypeScript checks that every member of Response is here, so no member
 * of undici's prototype, which would refuse this object, is ever reached.
 */
class KeptResponse implements Response {
  #real: Response | undefined;
  #headers: Headers | undefined;
  readonly statusText: string;
  readonly type = 'default' as const;
  readonly url = '';
  readonly redirected = false;

  constructor(
    readonly status: number,
    readonly kept: KeptAnswer,
  ) {
    this.statusText = HTTP_STATUS_TEXT[status] ?? '';
  }

  /** A new real Response of this answer, with the body in it unless `withBody` is false (a HEAD answer). */
  toResponse(withBody = true): Response {
    return new Response(withBody ? (this.kept.body as BodyInit | null) : null, {
      status: this.status,
      statusText: this.statusText,
      headers: this.#headers ?? this.kept.headers,
    });
  }

  /** The real Response that answers every member past status and headers, made the first time. */
  #response(): Response {
    this.#real ??= this.toResponse();
    return this.#real;
  }

  get ok() {
    return this.status >= 200 && this.status <= 299;
  }
  get headers() {
    this.#headers ??= this.#real?.headers ?? new Headers(this.kept.headers);
    return this.#headers;
  }
  get body() {
    return this.#response().body;
  }
  get bodyUsed() {
    return this.#real?.bodyUsed ?? false;
  }
  arrayBuffer() {
    return this.#response().arrayBuffer();
  }
  blob() {
    return this.#response().blob();
  }
  bytes() {
    return this.#response().bytes();
  }
  formData() {
    return this.#response().formData();
  }
  json() {
    return this.#response().json();
  }
  text() {
    return this.#response().text();
  }
  clone() {
    return this.#response().clone();
  }
}
Object.setPrototypeOf(KeptResponse.prototype, Response.prototype);

function answer(body: string | Uint8Array | null, status: number, headers: Record<string, string>): Response {
  return new KeptResponse(status, { body, headers });
}

/**
 * A new answer with the body and headers of one made before (a handler's memo of an answer it repeats).
 *
 * @example
 * return keptResponse(200, keptAnswerOf(earlier)!);
 */
export function keptResponse(status: number, kept: KeptAnswer): Response {
  return new KeptResponse(status, kept);
}

/**
 * A JSON answer, as msw's `HttpResponse.json` makes it: `Content-Type: application/json` unless `headers`
 * names another, and a `Content-Length`.
 *
 * @example
 * return jsonResponse({ error: 'Not found.' }, 404);
 */
export function jsonResponse(body: unknown, status = 200, headers?: Record<string, string>): Response {
  const text = JSON.stringify(body);
  const all: Record<string, string> = { 'content-type': 'application/json' };
  for (const name in headers) {
    if (name.toLowerCase() === 'content-type') delete all['content-type'];
    all[name] = headers[name]!;
  }
  all['content-length'] = String(Buffer.byteLength(text));
  return answer(text, status, all);
}

/**
 * A text answer (a resource file), as UTF-8, with a `Content-Length`; `headers` name its content type.
 *
 * @example
 * return textResponse('"hello" = "Hallo";\n', 200, { 'content-type': 'text/plain; charset=utf-8' });
 */
export function textResponse(text: string, status: number, headers: Record<string, string>): Response {
  return answer(text, status, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
}

/**
 * An answer with these bytes as its body (a HEAD answer keeps the headers, Content-Length included).
 *
 * @example
 * return bytesResponse(zip, 200, { 'content-type': 'application/zip' });
 */
export function bytesResponse(bytes: Uint8Array, status: number, headers: Record<string, string>): Response {
  return answer(bytes, status, { ...headers, 'content-length': String(bytes.byteLength) });
}

/**
 * An answer without a body (204, 304).
 *
 * @example
 * return emptyResponse(204);
 */
export function emptyResponse(status: number): Response {
  return answer(null, status, {});
}

/** The body and headers kept beside an answer made here; undefined for any other Response. */
export function keptAnswerOf(response: Response): KeptAnswer | undefined {
  return response instanceof KeptResponse ? response.kept : undefined;
}

/**
 * The answer as `request`'s transport delivers it: over the mock's socket as it is (the server writes the
 * kept body); through msw's interception with the body in a real Response. Every msw handler of the
 * service returns its answer through this (msw's interception expects undici's Response).
 *
 * @example
 * http.all('*', async ({ request }) => delivered(request, await answerOf(request)));
 */
export function delivered<R extends Response | undefined>(request: Request, response: R): R | Response {
  if (isSocketRequest(request)) return response;
  // Through msw's interception: the journal notes the answer, after the faults inside it are applied.
  let answer: Response | undefined = response;
  const exchange = exchangeOf(request);
  if (exchange && answer) {
    answer = exchange.after?.(request, answer)?.answer ?? answer;
    if (exchange.recorded) exchange.recorded.status = answer.status;
  }
  if (!(answer instanceof KeptResponse)) return answer as R | Response;
  const real = answer.toResponse(request.method !== 'HEAD');
  if (exchange?.requestId) real.headers.set(REQUEST_ID_HEADER, exchange.requestId);
  return real;
}
