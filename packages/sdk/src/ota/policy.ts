/**
 * When an over-the-air client checks the CDN again: the official mobile SDKs' policy
 * (real-service-notes.md, "CDN"), as pure functions of the outcome, so that the client, its tests and the
 * fleet simulation (bench/ota-fleet.mjs) run the same code. Every check the service accepts spends the
 * workspace's CDN budget: a fleet of a million installs checking on every start would spend it in hours.
 */
import { CDN_MAX_RETRY_AFTER_MS, CDN_RETRY_DELAY_RANGE_MS } from '../request/retry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** No new check for this long after a successful one (200, 204, or 404 "nothing published"). */
export const OTA_CHECK_INTERVAL_MS = 15 * MINUTE;
/**
 * The interval is stretched by a random 0 to this fraction (15 to 18 minutes), so that installs started
 * together (a release, a push notification) drift apart instead of checking in step forever.
 */
export const OTA_CHECK_JITTER = 0.2;
/** The first pause after a 5xx (whose one retry failed too or was skipped); it doubles each time. */
export const OTA_SERVER_ERROR_PAUSE_MS = 5 * MINUTE;
/** The longest pause after 5xx answers in a row. */
export const OTA_MAX_SERVER_ERROR_PAUSE_MS = HOUR;
/** A 429 pauses for at least this long, or for `Retry-After` when it asks for more. */
export const OTA_RATE_LIMIT_PAUSE_MS = HOUR;
/** No pause is longer than this, whatever `Retry-After` says (and whatever the clock did since). */
export const OTA_MAX_PAUSE_MS = 24 * HOUR;

/** What one check came to, as far as the next check's time cares. */
export type CheckOutcome =
  /** 200, 204, 404 DISTRIBUTION_NOT_FOUND: the service answered; wait the interval. */
  | { kind: 'ok' }
  /** Another 4xx (bad key, bad version): not retried; wait the interval. */
  | { kind: 'client-error' }
  /** 5xx, or no answer at all (offline): pauses that double. */
  | { kind: 'server-error' }
  /** 429: the budget or rate limit is spent. */
  | { kind: 'rate-limited'; retryAfterMs?: number | undefined };

/** The pause before the next check, why, and the count of server-error pauses in a row it leaves. */
export interface Pause {
  pauseMs: number;
  reason: 'interval' | 'server-error' | 'rate-limited';
  serverErrors: number;
}

/**
 * The wait before the one retry of a 5xx: `Retry-After` when it says 10 s or less, none when it says
 * more, else a random 2–5 s. Undefined: no retry.
 *
 * @example retryDelayAfterServerError(undefined, Math.random) // 2000..5000
 */
export function retryDelayAfterServerError(retryAfterMs: number | undefined, random: () => number): number | undefined {
  if (retryAfterMs !== undefined) return retryAfterMs <= CDN_MAX_RETRY_AFTER_MS ? retryAfterMs : undefined;
  const [low, high] = CDN_RETRY_DELAY_RANGE_MS;
  return Math.round(low + random() * (high - low));
}

/**
 * The pause after a check's final outcome. `serverErrors` is the count of server-error pauses just before
 * (0 after any answer that was not a 5xx).
 *
 * @example pauseAfter({ kind: 'server-error' }, 2, Math.random) // { pauseMs: 20 min, reason: 'server-error', serverErrors: 3 }
 */
export function pauseAfter(outcome: CheckOutcome, serverErrors: number, random: () => number): Pause {
  switch (outcome.kind) {
    case 'server-error':
      return {
        pauseMs: Math.min(OTA_SERVER_ERROR_PAUSE_MS * 2 ** Math.min(serverErrors, 20), OTA_MAX_SERVER_ERROR_PAUSE_MS),
        reason: 'server-error',
        serverErrors: serverErrors + 1,
      };
    case 'rate-limited':
      return {
        pauseMs: Math.min(Math.max(OTA_RATE_LIMIT_PAUSE_MS, outcome.retryAfterMs ?? 0), OTA_MAX_PAUSE_MS),
        reason: 'rate-limited',
        serverErrors,
      };
    default:
      return {
        pauseMs: Math.round(OTA_CHECK_INTERVAL_MS * (1 + random() * OTA_CHECK_JITTER)),
        reason: 'interval',
        serverErrors: 0,
      };
  }
}

/**
 * What is left of a pause that began at `since` and lasts `pauseMs`, at `now`: never more than the pause
 * itself, so that a clock set back (or a stored state from a clock that ran ahead) cannot stretch it.
 */
export function remainingPause(since: number, pauseMs: number, now: number): number {
  const elapsed = now - since;
  if (!(elapsed >= 0)) return Math.min(pauseMs, OTA_MAX_PAUSE_MS);
  return Math.max(0, Math.min(pauseMs, OTA_MAX_PAUSE_MS) - elapsed);
}
