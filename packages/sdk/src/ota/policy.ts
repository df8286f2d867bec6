/**
 * When an over-the-air client checks the CDN again: @loc's own policy (docs/decisions.md, "When
 * `@loc/sdk/ota` checks"), as pure functions of the outcome, so that the client, its tests and the fleet
 * simulation (bench/ota-fleet.mjs) run the same code. Every check the service accepts spends the
 * workspace's CDN budget (spec.md §8), whose size nothing published states. The official SDKs leave when to
 * check to the app, and their sample apps check at most once a day (real-service-notes.md, "CDN"): by
 * default this client spends no more, one check a day per install, however many page loads, restarts and
 * open tabs share its storage. An app may ask for a shorter interval (`checkIntervalMs`) and spend more.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The default interval between two checks (`checkIntervalMs`): a day, the official SDKs' sample apps'. A
 * check that failed waits it too: nothing sent sooner than the interval, whatever the answer.
 */
export const OTA_CHECK_INTERVAL_MS = 24 * HOUR;
/** The shortest interval an app may ask for: a shorter one is refused when the client is made. */
export const OTA_MIN_CHECK_INTERVAL_MS = MINUTE;
/**
 * The interval is stretched by a random 0 to this fraction (a day becomes 24 to 28.8 hours), so that
 * installs started together (a release of the app, a push notification) drift apart instead of checking in
 * step forever. Only ever longer: never more than one check per interval.
 */
export const OTA_CHECK_JITTER = 0.2;
/**
 * With a short interval, the first pause after a 5xx or no answer; it doubles each time. Never shorter
 * than the interval: with the default one, a failed check waits a day like any other.
 */
export const OTA_SERVER_ERROR_PAUSE_MS = 5 * MINUTE;
/** The longest that doubling goes (the interval may be longer still). */
export const OTA_MAX_SERVER_ERROR_PAUSE_MS = HOUR;
/** A 429 pauses for at least this long (and the interval), or for `Retry-After` when it asks for more. */
export const OTA_RATE_LIMIT_PAUSE_MS = HOUR;
/** No pause is longer than this, whatever `Retry-After` says (and whatever the clock did since); nor is the interval. */
export const OTA_MAX_PAUSE_MS = 7 * 24 * HOUR;
/**
 * A client that wakes at the end of a pause waits a random 0 to this long more, so that tabs and processes
 * sharing one store wake one after the other: the first claims the check in the store, the others read
 * its claim and wait for the next interval (docs/ota.md, "One check a day").
 */
export const OTA_WAKE_SPREAD_MS = 30_000;

/** What one check came to, as far as the next check's time cares. */
export type CheckOutcome =
  /** 200, 204: the service answered; wait the interval. */
  | { kind: 'ok' }
  /** A 4xx (404 DISTRIBUTION_NOT_FOUND, a bad key, a bad version): not retried; wait the interval. */
  | { kind: 'client-error' }
  /** 5xx, or no answer at all (offline): the interval, or pauses that double when the interval is shorter. */
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
 * The pause after a check's final outcome. `serverErrors` is the count of server-error pauses just before
 * (0 after any answer that was not a 5xx); `intervalMs` the client's `checkIntervalMs`. No pause is shorter
 * than the interval.
 *
 * @example pauseAfter({ kind: 'ok' }, 0, () => 0.5) // { pauseMs: 26.4 h, reason: 'interval', serverErrors: 0 }
 * @example pauseAfter({ kind: 'server-error' }, 2, () => 0, 60_000) // { pauseMs: 20 min, reason: 'server-error', serverErrors: 3 }
 */
export function pauseAfter(
  outcome: CheckOutcome,
  serverErrors: number,
  random: () => number,
  intervalMs: number = OTA_CHECK_INTERVAL_MS,
): Pause {
  // Past OTA_MAX_PAUSE_MS (a week's interval, stretched), remainingPause waits a week.
  const interval = Math.round(intervalMs * (1 + random() * OTA_CHECK_JITTER));
  switch (outcome.kind) {
    case 'server-error':
      return {
        pauseMs: Math.max(
          interval,
          Math.min(OTA_SERVER_ERROR_PAUSE_MS * 2 ** Math.min(serverErrors, 20), OTA_MAX_SERVER_ERROR_PAUSE_MS),
        ),
        reason: 'server-error',
        serverErrors: serverErrors + 1,
      };
    case 'rate-limited':
      return {
        pauseMs: Math.min(Math.max(interval, OTA_RATE_LIMIT_PAUSE_MS, outcome.retryAfterMs ?? 0), OTA_MAX_PAUSE_MS),
        reason: 'rate-limited',
        serverErrors,
      };
    default:
      return { pauseMs: interval, reason: 'interval', serverErrors: 0 };
  }
}

/**
 * What is left of a pause that began at `since` and lasts `pauseMs`, at `now`: never more than the pause
 * itself, so that a clock set back (or a stored state from a clock that ran ahead) cannot stretch it.
 *
 * @example remainingPause(Date.now() - 60_000, 3_600_000, Date.now()) // 3_540_000
 */
export function remainingPause(since: number, pauseMs: number, now: number): number {
  const elapsed = now - since;
  if (!(elapsed >= 0)) return Math.min(pauseMs, OTA_MAX_PAUSE_MS);
  return Math.max(0, Math.min(pauseMs, OTA_MAX_PAUSE_MS) - elapsed);
}
