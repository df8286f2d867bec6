import { delay, http, HttpResponse } from 'msw';
import { errorFor } from './handlers/errors';
import { delivered, jsonResponse } from './handlers/answers';
import { urlOf } from './socket-request';

interface Failure {
  status: number;
  remaining: number;
  path?: string | RegExp;
  body?: unknown;
}

/** The longest wait a timer can make (setTimeout's limit). */
const MAX_LATENCY_MS = 2 ** 31 - 1;

/**
 * Fault injection for tests: answers of the next requests (a status, a dropped connection) and
 * latency. Exports that fail are the store's (`failNextExport`).
 */
export function createFaults() {
  let latencyMs = 0;
  let failures: Failure[] = [];
  let drops: { remaining: number; path?: string | RegExp }[] = [];

  const applies = (path: string | RegExp | undefined, pathname: string) =>
    // search(), not test(): a RegExp with the g flag keeps no state between requests.
    path === undefined || (typeof path === 'string' ? pathname.startsWith(path) : pathname.search(path) >= 0);

  return {
    /** The next `count` requests (matching `path`, a prefix or a RegExp) answer `status` (400–599). */
    failNext(options: { status: number; count?: number; path?: string | RegExp; body?: unknown }) {
      // Checked here, so a bad value fails the test that sets it, not a later request with a 500.
      if (!Number.isInteger(options.status) || options.status < 400 || options.status > 599) {
        throw new RangeError(`failNext: status ${options.status} is not an error status (400 to 599).`);
      }
      failures.push({ status: options.status, remaining: options.count ?? 1, path: options.path, body: options.body });
    },
    /** The next `count` requests get no answer: the connection is dropped. */
    dropNext(count = 1, path?: string | RegExp) {
      drops.push({ remaining: count, path });
    },
    /** Every request waits this long before it is answered. */
    latency(ms: number) {
      if (!Number.isFinite(ms) || ms < 0 || ms > MAX_LATENCY_MS)
        throw new RangeError(`latency: ${ms} ms is not from 0 to ${MAX_LATENCY_MS}.`);
      latencyMs = ms;
    },
    clear() {
      latencyMs = 0;
      failures = [];
      drops = [];
    },
    /** The msw handler that applies the faults; it falls through to the real routes otherwise. */
    handler(prefix: string) {
      // Not an async function: without latency it answers at once (it runs before every request).
      const apply = (request: Request): Response | undefined => {
        if (drops.length === 0 && failures.length === 0) return undefined;
        const pathname = urlOf(request).pathname;
        const drop = drops.find((d) => d.remaining > 0 && applies(d.path, pathname));
        if (drop) {
          drop.remaining--;
          return HttpResponse.error();
        }
        const failure = failures.find((f) => f.remaining > 0 && applies(f.path, pathname));
        if (failure) {
          failure.remaining--;
          if (failure.body !== undefined) return delivered(request, jsonResponse(failure.body, failure.status));
          // Without a body of its own, the fault answers in the format of its API (a problem on /cdn).
          return delivered(request, errorFor(pathname, failure.status, `Injected fault: ${failure.status}`));
        }
        return undefined;
      };
      return http.all(`${prefix}/*`, ({ request }) =>
        latencyMs > 0 ? delay(latencyMs).then(() => apply(request)) : apply(request),
      );
    },
  };
}

export type Faults = Omit<ReturnType<typeof createFaults>, 'handler'> & {
  /** The next created export(s) end in ERROR with this message. */
  failNextExport(message?: string): void;
};
