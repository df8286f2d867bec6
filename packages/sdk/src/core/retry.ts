/**
 * The retry policy of every request, in one place. Only requests that are safe to repeat (GETs, the CDN
 * check, and POSTs whose caller opted in) are retried, and only on answers that say "try again".
 */

/** Statuses that mean "the same request may succeed later". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export const DEFAULT_MAX_RETRIES = 2;
export const INITIAL_RETRY_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 8_000;
/** A `Retry-After` longer than this is not waited out: the error is raised with `retryAfterMs` instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * How long to wait before retry number `attempt` (0 for the first retry). The server's `Retry-After`
 * wins; otherwise exponential backoff with up to 25 % jitter, so clients do not retry in lockstep.
 */
export function retryDelay(attempt: number, retryAfterMs?: number, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS);
  return Math.round(base * (1 - random() * 0.25));
}

/** Whether an answer with this status (and this wait, if the server named one) is worth repeating. */
export function shouldRetryStatus(status: number, retryAfterMs?: number): boolean {
  if (!RETRYABLE_STATUSES.has(status)) return false;
  return retryAfterMs === undefined || retryAfterMs <= MAX_RETRY_AFTER_MS;
}
