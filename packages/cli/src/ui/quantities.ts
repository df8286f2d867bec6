// Numbers as people read them: sizes, shares and bars. Kept apart from the table (string-width's Unicode
// tables take ~17 ms to load) so that progress lines and --json runs do not pay for column measuring.

/** A ten-cell bar for a share between 0 and 1. */
export function bar(share: number, width = 10): string {
  const filled = Math.round(Math.min(1, Math.max(0, share)) * width);
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

/**
 * A share as a percentage, rounded down (a gate at 95 % never shows 95 % for 94.99 %).
 *
 * @example percent(0.956) // '95.6 %'
 */
export function percent(share: number): string {
  const value = Math.floor(share * 1000) / 10;
  return `${Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1)} %`;
}

/**
 * A size in bytes, for people.
 *
 * @example formatBytes(1536) // '1.5 KB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** "a, b, c and 2 more": the first `shown` of `names`, and how many are left unnamed. */
export function firstOf(names: readonly string[], shown: number): string {
  const more = names.length > shown ? ` and ${names.length - shown} more` : '';
  return `${names.slice(0, shown).join(', ')}${more}`;
}

/** "1 target", "2 targets": a count and its noun (English plurals with an s). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
