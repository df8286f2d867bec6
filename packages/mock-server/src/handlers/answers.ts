// Answers with a body, made once for both transports without a body stream. A web `Response` built with a
// body creates a ReadableStream (in Node, a transferable one); under a load test that was the largest
// part of the real server's time per request, and the server only read the stream back to write the same
// bytes to the socket. So an answer here is a bodiless Response whose body is kept beside it: the real
// server writes the kept body itself, and `delivered` gives msw's interception a Response with the body
// in it, as a client reading it expects.
import { HTTP_STATUS_TEXT } from '@loc/sdk';
import { isSocketRequest } from '../socket-request';

/** What the real server writes for an answer made here: its body, and its headers as they were given. */
export interface KeptAnswer {
  body: string | Uint8Array;
  headers: Readonly<Record<string, string>>;
}

const kept = new WeakMap<Response, KeptAnswer>();

function answer(body: string | Uint8Array, status: number, headers: Record<string, string>): Response {
  const response = new Response(null, { status, statusText: HTTP_STATUS_TEXT[status] ?? '', headers });
  kept.set(response, { body, headers });
  return response;
}

/**
 * A JSON answer, as msw's `HttpResponse.json` makes it: `Content-Type: application/json` unless `headers`
 * names another, and a `Content-Length`.
 *
 * @example
 * return jsonResponse({ error: 'Not found.' }, 404);
 */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  return answer(text, status, {
    ...(hasType ? {} : { 'content-type': 'application/json' }),
    ...headers,
    'content-length': String(Buffer.byteLength(text)),
  });
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

/** The body and headers kept beside an answer made here; undefined for any other Response. */
export function keptAnswerOf(response: Response): KeptAnswer | undefined {
  return kept.get(response);
}

/**
 * The answer as `request`'s transport delivers it: over the mock's socket as it is (the server writes the
 * kept body); through msw's interception with the body in the Response. Every msw handler of the service
 * returns its answer through this (a bodiless answer would reach an intercepted client as empty).
 *
 * @example
 * http.all('*', async ({ request }) => delivered(request, await answerOf(request)));
 */
export function delivered<R extends Response | undefined>(request: Request, response: R): R | Response {
  const answer = response && kept.get(response);
  if (answer === undefined || isSocketRequest(request)) return response;
  const { status, statusText, headers } = response!;
  return new Response(request.method === 'HEAD' ? null : (answer.body as BodyInit), { status, statusText, headers });
}
