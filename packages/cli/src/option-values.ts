import { InvalidArgumentError } from '@commander-js/extra-typings';

/**
 * Parsers of option values, for commander: a bad value is a usage error (exit 2) that names what the
 * flag accepts. Pure functions, loaded at start-up: they import nothing heavy.
 */

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/**
 * The one duration rule of `loc`: a number with a unit (`500ms`, `90s`, `10m`, `10min`, `1h`), or a bare
 * number of **seconds**. Returns milliseconds.
 *
 * @example parseDuration('90s') // 90_000
 * @example parseDuration('2') // 2_000 (a bare number is seconds)
 */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('Expected a duration such as 90s, 10m or 1h (a bare number is seconds).');
  const ms = Math.round(Number(match[1]) * (UNITS[match[2] ?? 's'] ?? 1000));
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
  if (!(number >= 0 && number <= 100)) throw new InvalidArgumentError('Expected a percentage from 0 to 100, for example 95.');
  return number / 100;
}

/**
 * Repeatable and comma-separated values, in order, without repeats.
 *
 * @example collectList('fr,it', ['de']) // ['de', 'fr', 'it']
 */
export function collectList(value: string, previous: string[] = []): string[] {
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
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
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [from, to, ...rest] = pair.split('=').map((p) => p.trim());
    if (!from || to === undefined || to === '' || rest.length) {
      throw new InvalidArgumentError(`Expected from=to pairs such as zh-Hant=zh-TW or en=Base, not '${pair}'.`);
    }
    next[from] = to;
  }
  if (Object.keys(next).length === 0) throw new InvalidArgumentError('Expected at least one from=to pair.');
  return next;
}
