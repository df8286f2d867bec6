import { SEGMENT_STATUSES, totalSegments } from '@loc/sdk/internal';
import { percent } from '../ui/quantities';

/**
 * Translation progress as `loc status` shows and gates it: rows of segment counts per locale (or per
 * file and locale), their shares, and the gate's verdict. Pure: no I/O.
 */

/** One row of progress: a locale of a project (or of one file of it). */
interface ProgressRow {
  project: string;
  file?: string;
  locale: string;
  segments: number;
  counts: Record<string, number>;
  /** APPROVED ÷ segments. */
  approved: number;
  /** (TRANSLATED + APPROVED) ÷ segments: DRAFT and PREFILLED are not done yet. */
  translated: number;
}

/**
 * A row from segment counts; a locale without segments counts as done (100 %).
 *
 * @example rowOf('web', 'de', { APPROVED: 1, DRAFT: 1 }).approved // 0.5
 */
export function rowOf(project: string, locale: string, counts: Record<string, number>, file?: string): ProgressRow {
  const segments = totalSegments(counts);
  const share = (n: number) => (segments === 0 ? 1 : n / segments);
  const full = Object.fromEntries(SEGMENT_STATUSES.map((s) => [s, counts[s] ?? 0]));
  return {
    project,
    ...(file ? { file } : {}),
    locale,
    segments,
    counts: { ...counts, ...full },
    approved: share(full.APPROVED ?? 0),
    translated: share((full.TRANSLATED ?? 0) + (full.APPROVED ?? 0)),
  };
}

/** Per-file rows summed into one row per project and locale, in first-seen order. */
export function perLocale(rows: readonly ProgressRow[]): ProgressRow[] {
  const sums = new Map<string, { project: string; locale: string; counts: Record<string, number> }>();
  for (const row of rows) {
    const key = `${row.project}\u0000${row.locale}`;
    const sum = sums.get(key) ?? { project: row.project, locale: row.locale, counts: {} };
    for (const [status, n] of Object.entries(row.counts)) sum.counts[status] = (sum.counts[status] ?? 0) + n;
    sums.set(key, sum);
  }
  return [...sums.values()].map((s) => rowOf(s.project, s.locale, s.counts));
}

interface GateCheck {
  measure: 'approved' | 'translated';
  /** A share between 0 and 1. */
  threshold: number;
}

interface Gate {
  description: string;
  passed: boolean;
  failing: {
    name: string;
    project: string;
    locale: string;
    value: number;
    threshold: number;
    measure: GateCheck['measure'];
  }[];
}

/**
 * The gate's verdict, always over one row per project and locale (so a display such as `--by-file`
 * cannot change it). `name` is the locale, prefixed by the project when several projects are shown.
 *
 * @example gateOf(rows, [{ measure: 'approved', threshold: 0.95 }], true).passed
 */
export function gateOf(
  localeRows: readonly ProgressRow[],
  checks: readonly GateCheck[],
  oneProject: boolean,
): Gate | undefined {
  if (checks.length === 0) return undefined;
  const failing = localeRows.flatMap((row) =>
    checks
      .filter((check) => row[check.measure] < check.threshold)
      .map((check) => ({
        name: oneProject ? row.locale : `${row.project}/${row.locale}`,
        project: row.project,
        locale: row.locale,
        value: row[check.measure],
        threshold: check.threshold,
        measure: check.measure,
      })),
  );
  const description = checks.map((c) => `${percent(c.threshold)} ${c.measure}`).join(' and ');
  return { description, passed: failing.length === 0, failing };
}
