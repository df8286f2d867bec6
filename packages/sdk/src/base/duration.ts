/**
 * Durations as people type them on a command line, with one rule for every tool of this project
 * (`loc --timeout`, `loc-mock serve --export-delay`): a number with a unit, or a bare number of
 * **seconds** — what `timeout(1)` and curl's `--max-time` read, and what people mean by `--timeout 90`.
 * An entry of its own, without zod: the CLI parses its flags with it before anything heavy loads.
 *
 * @example
 * import { parseDuration } from '@loc/sdk/duration';
 * parseDuration('90s'); // 90_000
 *
 * @module @loc/sdk/duration
 */

/**
 * The longest delay a timer can take. `setTimeout` fires at once (with a warning) and
 * `AbortSignal.timeout` throws a bare RangeError above 2^31 − 1 ms (about 24.8 days).
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 } as const;

/** What a duration looks like, for help texts and error messages. */
export const DURATION_EXAMPLES = '500ms, 90s, 10m or 1h (a bare number is seconds)';

/**
 * The milliseconds of a duration: `500ms`, `90s`, `1.5s`, `10m` or `10min`, `1h`, or a bare number of
 * seconds. Zero is a duration (`0s`); whether a caller accepts it is the caller's to say. Throws a
 * RangeError that quotes the text for anything else, or for more than a timer can wait (about 24.8 days).
 *
 * @example
 * parseDuration('90s'); // 90_000
 * parseDuration('2'); // 2_000: a bare number is seconds
 * parseDuration('soon'); // throws RangeError: "soon" is not a duration: use 500ms, 90s, 10m or 1h (…)
 */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|min|m|h)?$/.exec(text.trim());
  if (!match) throw new RangeError(`${JSON.stringify(text)} is not a duration: use ${DURATION_EXAMPLES}.`);
  const ms = Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? 's') as keyof typeof UNIT_MS]);
  if (ms > MAX_TIMER_MS)
    throw new RangeError(`${JSON.stringify(text)} is longer than a timer can wait (about 24.8 days).`);
  return ms;
}
