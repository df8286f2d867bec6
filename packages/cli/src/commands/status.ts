import { SEGMENT_STATUSES, totalSegments } from '@loc/sdk';
import type { Context, GlobalOptions } from '../context';
import { GateFailedError } from '../errors';
import { workspaceOf } from '../target';
import { bar, percent, renderTable } from '../ui/table';

export interface StatusOptions extends GlobalOptions {
  workspace?: string;
  project?: string;
  locale?: string[];
  minApproved?: number;
  minTranslated?: number;
  byFile?: boolean;
}

/** One row of progress: a locale of a project (or of one file of it). */
export interface ProgressRow {
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

function rowOf(project: string, locale: string, counts: Record<string, number>, file?: string): ProgressRow {
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

function add(into: Record<string, number>, counts: Record<string, number>): void {
  for (const [status, n] of Object.entries(counts)) into[status] = (into[status] ?? 0) + n;
}

/**
 * `loc status`: progress per locale, by segment status — of every project in a workspace, or of one
 * project (per file with --by-file). With --min-approved / --min-translated it is a gate: exit code 11
 * and the locales below the threshold named.
 */
export async function status(ctx: Context, options: StatusOptions): Promise<void> {
  const example = 'loc status --workspace acme --project mobile-ios --min-approved 95';
  const workspace = workspaceOf(ctx, options.workspace, example) ?? '';
  const project = options.project ?? (options.workspace ? undefined : ctx.projectConfig()?.config.project);
  const { client } = await ctx.client();
  let rows: ProgressRow[];
  if (project) {
    const status = await client.projects.status(workspace, project, { signal: ctx.signal });
    const perLocale = new Map<string, Record<string, number>>();
    rows = [];
    for (const container of status.resourceFiles) {
      for (const file of container.files) {
        const locale = file.languageCode ?? file.iso2Slug ?? '?';
        if (options.byFile) rows.push(rowOf(project, locale, file.statuses, container.filePathWithLocalePlaceholder));
        const counts = perLocale.get(locale) ?? {};
        add(counts, file.statuses);
        perLocale.set(locale, counts);
      }
    }
    if (!options.byFile) rows = [...perLocale].map(([locale, counts]) => rowOf(project, locale, counts));
  } else {
    const projects = await client.projects.workspaceStatus(workspace, { signal: ctx.signal });
    rows = projects.flatMap((p) => p.locales.map((l) => rowOf(p.projectUrl ?? p.title, l.languageCode, l.statuses)));
  }
  if (options.locale?.length) {
    const wanted = new Set(options.locale.map((l) => l.toLowerCase()));
    rows = rows.filter((r) => wanted.has(r.locale.toLowerCase()));
  }

  const gate = gateOf(rows, options, Boolean(project));
  ctx.out.result({ workspace, ...(project ? { project } : {}), locales: rows, ...(gate ? { gate } : {}) }, () => {
    const { c } = ctx.out;
    if (rows.length === 0) {
      ctx.out.info('No locales to show.');
      return;
    }
    const header = [...(project ? [] : ['PROJECT']), ...(options.byFile ? ['FILE'] : []), 'LOCALE', 'APPROVED', '', 'TRANSLATED', 'DRAFT', 'PREFILLED', 'MISSING', 'SEGMENTS'];
    const body = rows.map((r) => [
      ...(project ? [] : [r.project]),
      ...(options.byFile ? [r.file ?? ''] : []),
      r.locale,
      percent(r.approved),
      c.green(bar(r.approved)),
      percent(r.translated),
      String(r.counts.DRAFT ?? 0),
      String(r.counts.PREFILLED ?? 0),
      String(r.counts.NOT_TRANSLATED ?? 0),
      String(r.segments),
    ]);
    const lead = (project ? 0 : 1) + (options.byFile ? 1 : 0) + 1;
    const align = header.map((_, i) => (i < lead || i === lead + 1 ? 'left' : 'right') as 'left' | 'right');
    ctx.out.line(renderTable(header, body, { align, dim: c.dim }));
    if (gate?.passed) ctx.out.success(`Every locale meets ${gate.description}.`);
  });
  if (gate && !gate.passed) {
    const names = gate.failing.map((f) => `${f.name} (${percent(f.value)})`).join(', ');
    throw new GateFailedError(`${gate.failing.length} locale${gate.failing.length === 1 ? ' is' : 's are'} below ${gate.description}: ${names}.`, gate.failing.map((f) => f.name));
  }
}

interface Gate {
  description: string;
  passed: boolean;
  failing: { name: string; value: number; threshold: number; measure: 'approved' | 'translated' }[];
}

function gateOf(rows: ProgressRow[], options: StatusOptions, oneProject: boolean): Gate | undefined {
  const checks = [
    ...(options.minApproved !== undefined ? [{ measure: 'approved' as const, threshold: options.minApproved }] : []),
    ...(options.minTranslated !== undefined ? [{ measure: 'translated' as const, threshold: options.minTranslated }] : []),
  ];
  if (checks.length === 0) return undefined;
  const failing = rows.flatMap((row) =>
    checks
      .filter((check) => row[check.measure] < check.threshold)
      .map((check) => ({
        name: [oneProject ? undefined : row.project, row.file, row.locale].filter(Boolean).join('/') ,
        value: row[check.measure],
        threshold: check.threshold,
        measure: check.measure,
      })),
  );
  const description = checks.map((c) => `${percent(c.threshold)} ${c.measure}`).join(' and ');
  return { description, passed: failing.length === 0, failing };
}
