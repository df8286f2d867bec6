/**
 * The retry policy of every request, in one place: one policy for the `/v1` API and one for the CDN
 * check. Only requests that are safe to repeat (GETs, the CDN check, and creates whose caller opted in)
 * are retried, and only on failures that say "the same request may succeed soon".
 *
 * The CDN policy is @loc's own (docs/decisions.md, "The CDN check's retry policy"); the official SDKs
 * retry nothing (real-service-notes.md, "CDN"). It is budget-aware: every check the service accepts spends
 * the workspace's CDN budget, so a check is repeated at most once, and only when the service answered
 * nothing that looks counted: a 5xx (it failed to answer the check) or a connection that was never made.
 * Never after a per-attempt timeout (the check may have been counted), never on a 429 (the budget is spent;
 * `RateLimitError.resetAt` says when it resets if the service said). The one retry is for what
 * `createClient()` and `createCdnClient()` serve, one-shot calls (a build step, a page's one check) with no
 * later check of their own to fall back on; the over-the-air client, which has a schedule, retries nothing
 * (src/ota/policy.ts). The wait: `Retry-After` when it is 10 s or less (none when it says more), else a
 * random 2–5 s, so that clients that failed together do not come back together.
 */
import { USAGE_LIMIT_EXCEEDED } from '../base/errors';

export interface RetryPolicy {
  /** Statuses after which the same request is sent again. */
  statuses: ReadonlySet<number>;
  /** Whether an attempt that ran out of `timeoutMs` is sent again. */
  retryTimeouts: boolean;
  /** Which connection failures are retried: any, or only those where the request never left (`unsent`). */
  connectionErrors: 'any' | 'unsent';
  /** Most retries, whatever `maxRetries` asks for. */
  maxRetries: number;
  /** A `Retry-After` longer than this is not waited out: the error is raised at once, with `retryAfterMs`. */
  maxRetryAfterMs: number;
  /** Wait before retry number `attempt` (0 for the first) when the server named none. */
  backoffMs: (attempt: number, random: () => number) => number;
}

/** Default number of retries of a `/v1` request (the client's `maxRetries`). */
export const DEFAULT_MAX_RETRIES = 2;
/** Upper bound of the `maxRetries` option. */
export const MAX_RETRIES_LIMIT = 10;

/** `/v1`: statuses that mean "the same request may succeed later". 500 is a bug, not a hiccup: not retried. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** The wait before the first retry, in milliseconds; it doubles for each further one (with jitter). */
export const INITIAL_RETRY_DELAY_MS = 500;
/** The longest wait between two attempts, in milliseconds, unless `Retry-After` asks for more. */
export const MAX_RETRY_DELAY_MS = 8_000;
/** `/v1`: a `Retry-After` longer than this is not waited out. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** CDN: the statuses retried once (the service failed to answer the check). Never 429. */
export const CDN_RETRYABLE_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);
/** CDN: at most one retry: a one-shot call gets a second chance, never a loop that spends the budget. */
export const CDN_MAX_RETRIES = 1;
/** CDN: a `Retry-After` longer than this skips the retry: a build step should fail fast, not sit out a long outage. */
export const CDN_MAX_RETRY_AFTER_MS = 10_000;
/** CDN: without `Retry-After`, the retry waits a random time in this range (clients that failed together spread out). */
export const CDN_RETRY_DELAY_RANGE_MS: readonly [number, number] = [2_000, 5_000];

/** Error codes that never get a retry, whatever the status: a spent CDN budget does not come back soon. */
export const NEVER_RETRIED_CODES: ReadonlySet<string> = new Set([USAGE_LIMIT_EXCEEDED]);

/**
 * Connection failures where the request surely never reached the server (nothing was counted): the only
 * ones the CDN check retries. A reset or a hang-up may come after the server accepted the check.
 */
export const UNSENT_CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export const V1_RETRY_POLICY: RetryPolicy = {
  statuses: RETRYABLE_STATUSES,
  retryTimeouts: true,
  connectionErrors: 'any',
  maxRetries: MAX_RETRIES_LIMIT,
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
  // Exponential with up to 25 % jitter, so that clients do not retry in lockstep.
  backoffMs: (attempt, random) =>
    Math.round(Math.min(INITIAL_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS) * (1 - random() * 0.25)),
};

export const CDN_RETRY_POLICY: RetryPolicy = {
  statuses: CDN_RETRYABLE_STATUSES,
  retryTimeouts: false,
  connectionErrors: 'unsent',
  maxRetries: CDN_MAX_RETRIES,
  maxRetryAfterMs: CDN_MAX_RETRY_AFTER_MS,
  backoffMs: (_attempt, random) => {
    const [low, high] = CDN_RETRY_DELAY_RANGE_MS;
    return Math.round(low + random() * (high - low));
  },
};

/** What went wrong with one attempt, as far as the retry decision cares. */
export type AttemptFailure =
  | { kind: 'status'; status: number; codes: readonly string[]; retryAfterMs: number | undefined }
  | { kind: 'timeout' }
  | { kind: 'connection'; code: string | undefined };

/**
 * How long to wait before sending the request again, or undefined when it must not be sent again.
 * `attempt` is the number of retries already made.
 */
export function retryDelayFor(
  policy: RetryPolicy,
  failure: AttemptFailure,
  attempt: number,
  maxRetries: number,
  random: () => number = Math.random,
): number | undefined {
  if (attempt >= Math.min(maxRetries, policy.maxRetries)) return undefined;
  switch (failure.kind) {
    case 'timeout':
      return policy.retryTimeouts ? policy.backoffMs(attempt, random) : undefined;
    case 'connection':
      if (policy.connectionErrors === 'unsent' && !(failure.code && UNSENT_CONNECTION_CODES.has(failure.code)))
        return undefined;
      return policy.backoffMs(attempt, random);
    case 'status':
      if (!policy.statuses.has(failure.status) || failure.codes.some((code) => NEVER_RETRIED_CODES.has(code)))
        return undefined;
      if (failure.retryAfterMs === undefined) return policy.backoffMs(attempt, random);
      return failure.retryAfterMs <= policy.maxRetryAfterMs ? failure.retryAfterMs : undefined;
  }
}
