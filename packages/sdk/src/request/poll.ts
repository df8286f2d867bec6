import type { TimeoutError } from '../base/errors';
import { checkDuration } from '../base/options';
import { abortErrorOf, anySignal, sleep } from './signals';

/** The first wait between two polls of an export, in milliseconds. */
export const DEFAULT_POLL_INTERVAL_MS = 500;
/** The longest wait between two polls, in milliseconds (the interval grows up to it). */
export const DEFAULT_MAX_POLL_INTERVAL_MS = 4_000;
const POLL_BACKOFF_FACTOR = 1.5;
/** How long a wait for an export lasts before {@link TimeoutError}, in milliseconds: 10 minutes. */
export const DEFAULT_POLL_TIMEOUT_MS = 600_000;

/** Options of the export waits (`exports.waitFor`, `exports.createAndWait`): interval, backoff, deadline, signal, progress. */
export interface PollOptions<T> {
  /** First wait between two polls. Default 500 ms. */
  intervalMs?: number | undefined;
  /** The wait grows by half each poll up to this. Default 4 s. */
  maxIntervalMs?: number | undefined;
  /** Overall deadline. Default 10 minutes. */
  timeoutMs?: number | undefined;
  /** Stops the wait (and the request under way) when it fires. */
  signal?: AbortSignal | undefined;
  /** Told each value polled, with the poll's number and the time since the wait began. */
  onProgress?: ((value: T, progress: { poll: number; elapsedMs: number }) => void) | undefined;
}

/**
 * The poll options with their defaults, checked: an interval of 0 or NaN would poll back-to-back until
 * the deadline, so a bad value is a ConfigurationError. Call it before any request when a poll follows one.
 *
 * @example resolvePollOptions({ intervalMs: 0 }) // throws: intervalMs must be a number of milliseconds from 1 …
 */
export function resolvePollOptions<T>(options: PollOptions<T>): {
  timeoutMs: number;
  maxIntervalMs: number;
  intervalMs: number;
} {
  const timeoutMs = checkDuration('timeoutMs', options.timeoutMs) ?? DEFAULT_POLL_TIMEOUT_MS;
  const maxIntervalMs = checkDuration('maxIntervalMs', options.maxIntervalMs) ?? DEFAULT_MAX_POLL_INTERVAL_MS;
  const intervalMs = Math.min(
    checkDuration('intervalMs', options.intervalMs) ?? DEFAULT_POLL_INTERVAL_MS,
    maxIntervalMs,
  );
  return { timeoutMs, maxIntervalMs, intervalMs };
}

/**
 * The one poll loop: calls `poll` until `isDone` says so, waiting longer each time, within a deadline.
 * The deadline also aborts a request under way. On timeout it throws what `onTimeout` makes.
 */
export async function pollUntil<T>(
  poll: (signal: AbortSignal | undefined) => Promise<T>,
  isDone: (value: T) => boolean,
  options: PollOptions<T> & {
    onTimeout: (timeoutMs: number) => TimeoutError;
    /** Told each value polled, for the client's log (`onProgress` is the caller's). */
    onPoll?: (value: T, progress: { poll: number; elapsedMs: number }) => void;
    /** Told each wait before the next poll, for the client's log. */
    onWait?: (delayMs: number) => void;
  },
): Promise<T> {
  const resolved = resolvePollOptions(options);
  const { timeoutMs, maxIntervalMs } = resolved;
  let intervalMs = resolved.intervalMs;
  const started = Date.now();
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = anySignal([options.signal, deadline]);

  for (let count = 1; ; count++) {
    let value: T;
    try {
      value = await poll(signal);
    } catch (error) {
      throw rethrow(error);
    }
    const progress = { poll: count, elapsedMs: Date.now() - started };
    options.onPoll?.(value, progress);
    options.onProgress?.(value, progress);
    if (isDone(value)) return value;
    const remaining = timeoutMs - (Date.now() - started);
    if (remaining <= 0) throw options.onTimeout(timeoutMs);
    const delayMs = Math.min(intervalMs, remaining);
    options.onWait?.(delayMs);
    try {
      await sleep(delayMs, signal);
    } catch (error) {
      throw rethrow(error);
    }
    intervalMs = Math.min(Math.round(intervalMs * POLL_BACKOFF_FACTOR), maxIntervalMs);
  }

  function rethrow(error: unknown): unknown {
    if (options.signal?.aborted) return abortErrorOf(options.signal);
    if (deadline.aborted) return options.onTimeout(timeoutMs);
    return error;
  }
}
