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

/** What the common codes mean, in words: a message says what happened before it gives the code. */
const CODE_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused (nothing listens on that port)',
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EAI_AGAIN: 'the host name could not be resolved just now (DNS)',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection closed before the answer was complete',
};

/**
 * The failure in words, with the code and the runtime's own text after them. fetch refuses some ports
 * outright (the Fetch standard's "bad ports", those of other protocols: 1, 22, 25, 6000, …) and says only
 * "bad port"; that is named with the port.
 *
 * @example describeNetworkFailure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'http://127.0.0.1:1')
 * // 'the connection was refused (nothing listens on that port) (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1)'
 */
export function describeNetworkFailure({ code, message }: NetworkFailure, url: string): string {
  if (/^bad port$/i.test(message.trim())) {
    const port = portOf(url);
    return `fetch refuses to connect to port ${port}: the Fetch standard blocks the ports of other protocols (such as 1, 22, 25 and 6000); use another port`;
  }
  const words = code ? CODE_WORDS[code] : undefined;
  const raw = code ? `${code}: ${message}` : message;
  return words ? `${words} (${raw})` : raw;
}

function portOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  } catch {
    return 'of that URL';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
