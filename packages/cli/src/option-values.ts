import { InvalidArgumentError } from '@commander-js/extra-typings';
// The SDK's light entry: no zod, so `loc --help` still loads no SDK.
import { parseDuration } from '@loc/sdk/duration';

/**
 * Parsers of option values, for commander: a bad value is a usage error (exit 2) that names what the
 * flag accepts. Pure functions, loaded at start-up: they import nothing heavy.
 */

/**
 * `--timeout`: a duration by the one rule of @loc (`parseDuration` of @loc/sdk, which loc-mock reads its
 * durations with too: `500ms`, `90s`, `10m`, `1h`, or a bare number of **seconds**), above zero.
 * Returns milliseconds.
 *
 * @example parseTimeout('90s') // 90_000
 * @example parseTimeout('2') // 2_000 (a bare number is seconds)
 */
export function parseTimeout(value: string): number {
  let ms: number;
  try {
    ms = parseDuration(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  if (!(ms > 0)) throw new InvalidArgumentError('The duration must be above zero.');
  return ms;
}

/**
 * A percentage, as a share between 0 and 1.
 *
 * @example parsePercent('95%') // 0.95
 */
export function parsePercent(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(value.trim());
  const number = match ? Number(match[1]) : Number.NaN;
  if (!(number >= 0 && number <= 100))
    throw new InvalidArgumentError('Expected a percentage from 0 to 100, for example 95.');
  return number / 100;
}

/**
 * A whole number from `min` to `max` (`--summary-keys`, `--concurrency`).
 *
 * @example parseCount(1, 1000)('20') // 20
 */
export function parseCount(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!(number >= min && number <= max))
      throw new InvalidArgumentError(`Expected a whole number from ${min} to ${max}.`);
    return number;
  };
}

/**
 * Repeatable and comma-separated values, in order, without repeats.
 *
 * @example collectList('fr,it', ['de']) // ['de', 'fr', 'it']
 */
export function collectList(value: string, previous: string[] = []): string[] {
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (items.length === 0) throw new InvalidArgumentError('Expected at least one value.');
  return [...new Set([...previous, ...items])];
}

/**
 * `--locale-map`: repeatable, comma-separated `from=to` pairs; a later pair wins for its locale. The codes
 * are checked later, with loc.config.json's `localeMap`, before any request.
 *
 * @example collectLocaleMap('en=Base', { 'zh-Hant': 'zh-TW' }) // { 'zh-Hant': 'zh-TW', en: 'Base' }
 */
export function collectLocaleMap(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const next = { ...previous };
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [from, to, ...rest] = pair.split('=').map((p) => p.trim());
    if (!from || to === undefined || to === '' || rest.length) {
      throw new InvalidArgumentError(`Expected from=to pairs such as zh-Hant=zh-TW or en=Base, not '${pair}'.`);
    }
    next[from] = to;
  }
  if (Object.keys(next).length === 0) throw new InvalidArgumentError('Expected at least one from=to pair.');
  return next;
}
