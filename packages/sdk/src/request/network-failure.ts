/**
 * What a failed fetch tells about the network, and nothing else. Errors of fetch and ofetch hold the
 * request they failed on (ofetch's FetchError keeps `options.headers`, so the Authorization header):
 * none of them may be kept on an SDK error, not even as a `cause`.
 */

export interface NetworkFailure {
  /** The system or undici code, for example ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET; undefined in browsers. */
  code: string | undefined;
  message: string;
}

/** The innermost reason in `error`'s cause chain (fetch wraps the socket's error as `cause`). */
export function networkFailureOf(error: unknown): NetworkFailure {
  let found: NetworkFailure = { code: undefined, message: messageOf(error) };
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof message === 'string' && message) found = { code: found.code, message };
    if (typeof code === 'string') found = { code, message: found.message };
    // Node reports a refused dual-stack connect as an AggregateError of one error per address.
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return found;
}

/**
 * A fresh Error with only the failure's code and message: what SDK errors keep as their `cause`.
 *
 * @example new APIConnectionError(info, 'could not reach the server', { cause: safeCause(networkFailureOf(error)) })
 */
export function safeCause({ code, message }: NetworkFailure): Error {
  const cause = new Error(message);
  if (code) Object.defineProperty(cause, 'code', { value: code, enumerable: true });
  return cause;
}

/**
 * The failure as a message says it: the code and the runtime's text (`ECONNREFUSED: connect ECONNREFUSED
 * 127.0.0.1:1`). fetch refuses some ports outright (the Fetch standard's "bad ports", those of other
 * protocols: 1, 22, 25, 6000, …) and says only "bad port"; that one is said in words, with the port. (Words
 * for every code would cost an app that only checks the CDN ~0.3 KB: docs/sdk.md, "Size and start-up".)
 *
 * @example describeNetworkFailure({ code: undefined, message: 'bad port' }, 'http://127.0.0.1:1')
 * // 'fetch refuses port 1, a "bad port" of the Fetch standard: use another port'
 */
export function describeNetworkFailure({ code, message }: NetworkFailure, url: string): string {
  if (message === 'bad port') {
    return `fetch refuses port ${new URL(url).port}, a "bad port" of the Fetch standard: use another port`;
  }
  return code ? `${code}: ${message}` : message;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
