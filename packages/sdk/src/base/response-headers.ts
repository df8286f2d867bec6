/**
 * What an error keeps of a response's headers. A response can carry a session or a credential (a
 * `Set-Cookie`, a token a proxy adds): those never reach an error, whose message, JSON and fields an app
 * may log. Small and free of imports: the CDN check's bundle carries it with the error classes.
 */

/** The header an answer's request id comes in (loc-mock sends one on every answer). */
const REQUEST_ID_HEADER = 'x-request-id';

/** Names of headers that may carry a credential or a session: left out of an error's copy. */
const SECRET_HEADER = /cookie|authorization|token|secret|api[-_]?key|session|signature|credential|password/i;

/**
 * A frozen copy of `headers`, names in lower case, without those that may carry a credential.
 *
 * @example safeHeaders(new Headers({ 'x-request-id': 'req_1', 'set-cookie': 's=1' })) // { 'x-request-id': 'req_1' }
 */
export function safeHeaders(headers: Headers | undefined): Readonly<Record<string, string>> {
  const kept: Record<string, string> = {};
  headers?.forEach((value, name) => {
    if (!SECRET_HEADER.test(name)) kept[name.toLowerCase()] = value;
  });
  return Object.freeze(kept);
}

/** The request id an answer names (`x-request-id`), if it names one. */
export function requestIdOf(headers: Headers | undefined): string | undefined {
  return headers?.get(REQUEST_ID_HEADER) || undefined;
}
