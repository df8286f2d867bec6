/** How deep JSON the mock takes and shows: deeper values are refused (controls) or shown by checksum (journal). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests deeper than `max` arrays and objects. Iterative: a 64 KiB body can
 * nest 32,000 levels, and recursion over it (JSON.stringify's too) overflows the stack.
 *
 * @example nestsDeeperThan([[[]]], 2) // true
 */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
