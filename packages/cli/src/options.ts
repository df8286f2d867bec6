import { InvalidArgumentError } from 'commander';

/**
 * Parsers of option values, for commander: a bad value is a usage error (exit 2) that names the flag
 * and what it accepts.
 */

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** "90s", "10m", "1h", "500ms", or a plain number of seconds → milliseconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('Expected a duration such as 90s, 10m or 1h.');
  const ms = Number(match[1]) * (UNITS[match[2] ?? 's'] ?? 1000);
  if (ms <= 0) throw new InvalidArgumentError('The duration must be above zero.');
  return ms;
}

/** "95", "95%", "99.5" → a share between 0 and 1. */
export function parsePercent(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(value.trim());
  const number = match ? Number(match[1]) : Number.NaN;
  if (!(number >= 0 && number <= 100)) throw new InvalidArgumentError('Expected a percentage from 0 to 100, for example 95.');
  return number / 100;
}

/** Repeatable and comma-separated: `--locale de --locale fr,it` → [de, fr, it]. */
export function collectList(value: string, previous: string[] = []): string[] {
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
  if (items.length === 0) throw new InvalidArgumentError('Expected at least one value.');
  return [...previous, ...items];
}
