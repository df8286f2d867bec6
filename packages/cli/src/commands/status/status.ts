import { localeRefusal, selectLocales } from '../../project/locale-match';
import { gateOf, perLocale, rowOf } from '../../project/progress-rows';
import { workspaceOf } from '../../project/resolve-project';
import type { Context } from '../../run/context';
import { GateFailedError, UsageError } from '../../run/errors';
import { bar, percent } from '../../ui/quantities';
import { EXAMPLE, type StatusOptions } from '../status';

/**
 * `loc status`: progress per locale, by segment status — of every project in a workspace, or of one
 * project (per file with --by-file). With --min-approved / --min-translated it is a gate: exit code 11
 * and the locales below the threshold named. A --locale that names none of the locales is an error
 * (exit 2): a gate never passes what it did not check.
 */
export async function status(ctx: Context, options: StatusOptions): Promise<void> {
  // The table (and string-width's Unicode tables, ~17 ms to load) only for a person; --json needs none.
  const table = ctx.out.json ? undefined : await import('../../ui/table');
  const workspace = workspaceOf(ctx, options.workspace, EXAMPLE) ?? '';
  const project = options.project ?? (options.workspace ? undefined : ctx.projectConfig()?.config.project);
  const { client } = await ctx.client();

  let fileRows;
  if (project) {
    const status = await client.projects.status(workspace, project, { signal: ctx.signal });
    fileRows = status.resourceFiles.flatMap((container) =>
      container.files.map((file) =>
        rowOf(
          project,
          file.languageCode ?? file.iso2Slug ?? '?',
          file.statuses,
          container.filePathWithLocalePlaceholder,
        ),
      ),
    );
  } else {
    const projects = await client.projects.workspaceStatus(workspace, { signal: ctx.signal });
    fileRows = projects.flatMap((p) =>
      p.locales.map((l) => rowOf(p.projectUrl ?? p.title, l.languageCode, l.statuses)),
    );
  }

  if (options.locale?.length) {
    const available = [...new Set(fileRows.map((r) => r.locale))];
    const { selected, unmatched } = selectLocales(options.locale, available);
    if (unmatched.length) {
      const where = project ? `project ${project}` : `workspace ${workspace}`;
      throw new UsageError(...localeRefusal(unmatched, available, where, '--locale'));
    }
    fileRows = fileRows.filter((r) => selected.includes(r.locale));
  }
  const localeRows = perLocale(fileRows);
  if ((options.minApproved !== undefined || options.minTranslated !== undefined) && localeRows.length === 0) {
    throw new UsageError(
      `Nothing to gate: ${project ? `project ${project}` : `workspace ${workspace}`} has no locales.`,
      'Check --workspace and --project.',
    );
  }
  const rows = options.byFile && project ? fileRows : localeRows;
  const checks = [
    ...(options.minApproved !== undefined ? [{ measure: 'approved' as const, threshold: options.minApproved }] : []),
    ...(options.minTranslated !== undefined
      ? [{ measure: 'translated' as const, threshold: options.minTranslated }]
      : []),
  ];
  const gate = gateOf(localeRows, checks, Boolean(project));
  const fails = (row: { project: string; locale: string }) =>
    gate?.failing.some((f) => f.project === row.project && f.locale === row.locale) ?? false;

  ctx.out.result({ workspace, ...(project ? { project } : {}), locales: rows, ...(gate ? { gate } : {}) }, () => {
    const { c } = ctx.out;
    if (rows.length === 0) {
      ctx.out.info('No locales to show.');
      return;
    }
    const byFile = options.byFile && project;
    const header = [
      ...(project ? [] : ['PROJECT']),
      ...(byFile ? ['FILE'] : []),
      'LOCALE',
      'APPROVED',
      '',
      'TRANSLATED',
      'DRAFT',
      'PREFILLED',
      'MISSING',
      'SEGMENTS',
    ];
    const body = rows.map((r) => [
      ...(project ? [] : [r.project]),
      ...(byFile ? [r.file ?? ''] : []),
      r.locale,
      percent(r.approved),
      // A failing locale's bar is red, never green: the colour agrees with the verdict.
      (fails(r) ? c.red : c.green)(bar(r.approved)),
      percent(r.translated),
      String(r.counts.DRAFT ?? 0),
      String(r.counts.PREFILLED ?? 0),
      String(r.counts.NOT_TRANSLATED ?? 0),
      String(r.segments),
    ]);
    const lead = (project ? 0 : 1) + (byFile ? 1 : 0) + 1;
    const align = header.map((_, i) => (i < lead || i === lead + 1 ? 'left' : 'right') as 'left' | 'right');
    ctx.out.line(table!.renderTable(header, body, { align, dim: c.dim, columns: ctx.out.columns }));
    if (gate?.passed) ctx.out.success(`Every locale meets ${gate.description}.`);
  });
  if (gate && !gate.passed) {
    const names = gate.failing.map((f) => `${f.name} (${percent(f.value)})`).join(', ');
    throw new GateFailedError(
      `${gate.failing.length} locale${gate.failing.length === 1 ? ' is' : 's are'} below ${gate.description}: ${names}.`,
      gate.failing.map((f) => f.name),
    );
  }
}
