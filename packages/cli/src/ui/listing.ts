/**
 * How many rows of a long list a person sees: all of them up to {@link FULL_LISTING}; beyond it, the
 * {@link SUMMARY_ROWS} most telling (a file changed before one unchanged), and a line saying how many more
 * there are and that `--verbose` lists every one. `--json` always has them all.
 */

/** Up to this many rows, every one is listed. */
const FULL_LISTING = 20;
/** Beyond {@link FULL_LISTING}, how many rows are listed. */
const SUMMARY_ROWS = 10;

/**
 * The rows a person sees, and how many are left out: all of them with `verbose` or when there are at most
 * {@link FULL_LISTING}, else the first {@link SUMMARY_ROWS} by `rank` (lowest first; ties keep their order).
 *
 * @example listing(files, ctx.out.verbose, (f) => ['conflict', 'updated', 'created', 'unchanged'].indexOf(f.status))
 */
export function listing<T>(
  rows: readonly T[],
  verbose: boolean,
  rank: (row: T) => number,
): { shown: T[]; more: number } {
  if (verbose || rows.length <= FULL_LISTING) return { shown: [...rows], more: 0 };
  const ranked = rows.map((row, index) => ({ row, index, rank: rank(row) }));
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const shown = ranked.slice(0, SUMMARY_ROWS).sort((a, b) => a.index - b.index);
  return { shown: shown.map((r) => r.row), more: rows.length - shown.length };
}

/** The line under a shortened list: `… and 110 more files (--verbose lists every one).` */
export const moreLine = (more: number, what: string) =>
  `… and ${more} more ${what}${more === 1 ? '' : 's'} (--verbose lists every one).`;
