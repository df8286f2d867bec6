import { MAX_TIMER_MS } from './duration';
import { ConfigurationError } from './errors';

/**
 * Checks a duration option: undefined passes (the default applies); anything else must be a whole
 * number of milliseconds from `min` to {@link MAX_TIMER_MS}, or a ConfigurationError names the option.
 *
 * @example checkDuration('timeoutMs', options.timeoutMs) // throws for -1, NaN, Infinity, 0
 */
export function checkDuration(name: string, value: number | undefined, min = 1): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > MAX_TIMER_MS) {
    throw new ConfigurationError(
      `${name} must be a number of milliseconds from ${min} to ${MAX_TIMER_MS} (about 24.8 days), got ${show(value)}.`,
    );
  }
  return value;
}

/**
 * Checks a count option: undefined passes; anything else must be a whole number from `min` to `max`.
 *
 * @example checkCount('maxRetries', options.maxRetries, 0, 10) // throws for -1, 1.5, NaN
 */
export function checkCount(
  name: string,
  value: number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new ConfigurationError(`${name} must be a whole number ${range}, got ${show(value)}.`);
  }
  return value;
}

function show(value: unknown): string {
  return typeof value === 'number' ? String(value) : `${typeof value} ${JSON.stringify(value) ?? String(value)}`;
}
