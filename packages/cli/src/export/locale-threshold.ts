import type { ResourceStatus } from '@loc/sdk';
import { GateFailedError } from '../run/errors';
import { selectLocales } from '../project/locale-match';
import { gateOf, perLocale, rowOf } from '../project/progress-rows';
import { percent } from '../ui/quantities';

/**
 * `minTranslated` / `minApproved` of loc.config.json (`export`, or a target): the export API has no status
 * filter (ResourceExportRequest takes files, locales and a format), so the locales below the threshold —
 * read from `GET …/status`, with `loc status --min-*`'s measures — are left out of the export request,
 * and named. Their files are left as they are (the export is then a filtered one: nothing counts as
 * removed). docs/decisions.md, "A status filter per target".
 */

/** Percentages, 0–100, as loc.config.json holds them (a type, not an interface: options records take it). */
export type Thresholds = {
  minTranslated?: number | undefined;
  minApproved?: number | undefined;
};

/** A locale left out, with its shares (0–1) and the measures it is below. */
export interface LeftOutLocale {
  locale: string;
  translated: number;
  approved: number;
  below: ('translated' | 'approved')[];
}

/**
 * The locales of the export that meet the thresholds (undefined: all of them, the request unchanged) and
 * those left out. Exit 11 (the gate's code) when none is left: an export of no locale would be one of all.
 */
export function applyThresholds(
  status: ResourceStatus,
  project: string,
  requested: readonly string[] | undefined,
  thresholds: Thresholds,
): { locales: string[] | undefined; leftOut: LeftOutLocale[] } {
  const rows = perLocale(
    status.resourceFiles.flatMap((c) =>
      c.files.map((f) => rowOf(project, f.iso2Slug ?? f.languageCode ?? '?', f.statuses)),
    ),
  );
  const wanted = requested?.length
    ? selectLocales(
        requested,
        rows.map((r) => r.locale),
      ).selected
    : undefined;
  const candidates = wanted ? rows.filter((r) => wanted.includes(r.locale)) : rows;
  const checks = [
    ...(thresholds.minTranslated !== undefined
      ? [{ measure: 'translated' as const, threshold: thresholds.minTranslated / 100 }]
      : []),
    ...(thresholds.minApproved !== undefined
      ? [{ measure: 'approved' as const, threshold: thresholds.minApproved / 100 }]
      : []),
  ];
  const gate = gateOf(candidates, checks, true);
  if (!gate || gate.passed) return { locales: wanted, leftOut: [] };
  const leftOut = candidates
    .filter((r) => gate.failing.some((f) => f.locale === r.locale))
    .map((r) => ({
      locale: r.locale,
      translated: r.translated,
      approved: r.approved,
      below: gate.failing.filter((f) => f.locale === r.locale).map((f) => f.measure),
    }));
  const kept = candidates.filter((r) => !leftOut.some((l) => l.locale === r.locale)).map((r) => r.locale);
  if (kept.length === 0)
    throw new GateFailedError(
      `No locale of project ${project} meets ${gate.description}: ${describeLeftOut(leftOut)}; nothing was exported.`,
      leftOut.map((l) => l.locale),
    );
  return { locales: kept, leftOut };
}

/** `ja (45 % translated), zh-Hant (30 % translated, 10 % approved)`. */
export function describeLeftOut(leftOut: readonly LeftOutLocale[]): string {
  return leftOut.map((l) => `${l.locale} (${l.below.map((m) => `${percent(l[m])} ${m}`).join(', ')})`).join(', ');
}
