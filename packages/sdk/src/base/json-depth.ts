/**
 * How deep JSON that a stranger wrote may nest: one rule for every surface that reads it — an over-the-air
 * bundle and a release stored from one (`@loc/sdk/ota`), the files the CLI's change summary and typed keys
 * read (a pull request writes them, the service exports them), and what loc-mock's control API takes and its
 * journal shows. Translation files nest a handful of levels (i18next's nested JSON, Rails' YAML); a ZIP of a
 * few hundred bytes can hold a file 5,000 levels deep, and code that walks it by recursion throws RangeError
 * (issue 32: an app whose `t()` threw until its storage was cleared). Kept free of imports: the browser
 * bundle of `@loc/sdk/ota` carries it.
 */
export const MAX_NESTING_DEPTH = 32;

/**
 * Whether a parsed JSON value nests objects and arrays deeper than `max` levels (`{}` is one level).
 * Iterative: recursion over the values this rule refuses would itself overflow the stack.
 *
 * @example nestsDeeperThan([[[]]], 2) // true
 */
export function nestsDeeperThan(value: unknown, max = MAX_NESTING_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [inner, depth] = stack.pop()!;
    if (typeof inner !== 'object' || inner === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(inner) ? inner : Object.values(inner)) stack.push([child, depth + 1]);
  }
  return false;
}
