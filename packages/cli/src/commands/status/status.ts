import type { LocClient } from '@loc/sdk';
import type { LoadedConfig } from '../../config/project-config';
import { noTargets, targetProjects } from '../../config/target-projects';
import { localeRefusal, selectLocales } from '../../project/locale-match';
import { gateOf, perLocale, rowOf } from '../../project/progress-rows';
import { resolveWorkspace, workspaceOf } from '../../project/resolve-project';
import type { Context } from '../../context/context';
import type { ColumnFit } from '../../ui/table';
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
  const loaded = ctx.projectConfig();
  if (options.target?.length || (!options.workspace && !options.project && loaded?.config.targets?.length))
    return statusOfTargets(ctx, options, table, loaded);
  // Piped or in CI a missing workspace is named as a flag before anything is sent; at a terminal it is asked for.
  const named = workspaceOf(ctx, options.workspace, EXAMPLE);
  const project = options.project ?? (options.workspace ? undefined : loaded?.config.project);
  const { client } = await ctx.client();
  const workspace = named ?? (await resolveWorkspace(ctx, client, undefined, EXAMPLE));

  let fileRows;
  if (project) fileRows = await projectRows(ctx, client, workspace, project, project);
  else {
    const projects = await client.projects.workspaceStatus(workspace, { signal: ctx.signal });
    fileRows = projects.flatMap((p) =>
      p.locales.map((l) => rowOf(p.projectUrl ?? p.title, l.languageCode, l.statuses)),
    );
  }

  const where = project ? `project ${project}` : `workspace ${workspace}`;
  if (options.locale?.length) fileRows = onlyLocales(fileRows, options.locale, where, '--locale');
  report(ctx, options, table, { workspace, ...(project ? { project } : {}) }, fileRows, where, project);
}

type Table = typeof import('../../ui/table') | undefined;
type FileRows = ReturnType<typeof rowOf>[];

/** One row per resource file and locale of a project, its rows named `label`. */
async function projectRows(
  ctx: Context,
  client: LocClient,
  workspace: string,
  project: string,
  label: string,
): Promise<FileRows> {
  const status = await client.projects.status(workspace, project, { signal: ctx.signal });
  return status.resourceFiles.flatMap((container) =>
    container.files.map((file) =>
      rowOf(label, file.languageCode ?? file.iso2Slug ?? '?', file.statuses, container.filePathWithLocalePlaceholder),
    ),
  );
}

/** The rows of `locales` (each may name several: `pt` names pt-BR); one that names none is refused. */
function onlyLocales(rows: FileRows, locales: readonly string[], where: string, what: string): FileRows {
  const available = [...new Set(rows.map((r) => r.locale))];
  const { selected, unmatched } = selectLocales(locales, available);
  if (unmatched.length) throw new UsageError(...localeRefusal(unmatched, available, where, what));
  return rows.filter((r) => selected.includes(r.locale));
}

/**
 * `loc status` of the targets of loc.config.json (all, or those --target names): the projects they
 * pull, each with the locales they export — what a gate before `loc export` of the same targets must
 * judge, not every project of the workspace. One status request per project.
 */
async function statusOfTargets(
  ctx: Context,
  options: StatusOptions,
  table: Table,
  loaded: LoadedConfig | undefined,
): Promise<void> {
  if (!loaded?.config.targets?.length) throw noTargets(loaded);
  if (options.workspace || options.project)
    throw new UsageError(
      `${options.workspace ? '--workspace' : '--project'} cannot be used with --target: each target names its own project.`,
      'Drop --target to see one project, or drop the project flags to see the targets.',
    );
  const targets = targetProjects(loaded, options.target);
  const workspaces = new Set(targets.map((t) => t.workspace));
  const { client } = await ctx.client();
  // Per project, the locales its targets export (undefined: all of them).
  const projects = new Map<string, { workspace: string; project: string; locales: Set<string> | undefined }>();
  for (const t of targets) {
    const key = `${t.workspace}/${t.project}`;
    const seen = projects.get(key);
    if (!seen) projects.set(key, { ...t, locales: t.locales && new Set(t.locales) });
    else if (seen.locales) seen.locales = t.locales ? new Set([...seen.locales, ...t.locales]) : undefined;
  }
  const fileRows: FileRows = [];
  for (const [key, { workspace, project, locales }] of projects) {
    let rows = await projectRows(ctx, client, workspace, project, workspaces.size > 1 ? key : project);
    if (locales)
      rows = onlyLocales(rows, [...locales], `project ${project}`, `the locales of its targets in ${loaded.path}`);
    fileRows.push(...rows);
  }
  const names = targets.map((t) => t.name);
  const where = `the targets ${names.join(', ')}`;
  const rows = options.locale?.length ? onlyLocales(fileRows, options.locale, where, '--locale') : fileRows;
  const workspace = workspaces.size === 1 ? { workspace: [...workspaces][0]! } : {};
  report(ctx, options, table, { ...workspace, targets: names }, rows, where, undefined);
}

/** Prints the rows (and the gate's verdict), and fails with exit 11 when the gate does. */
function report(
  ctx: Context,
  options: StatusOptions,
  table: Table,
  head: Record<string, unknown>,
  fileRows: FileRows,
  where: string,
  project: string | undefined,
): void {
  const localeRows = perLocale(fileRows);
  if ((options.minApproved !== undefined || options.minTranslated !== undefined) && localeRows.length === 0) {
    throw new UsageError(`Nothing to gate: ${where} has no locales.`, 'Check --workspace and --project.');
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

  ctx.out.result({ ...head, locales: rows, ...(gate ? { gate } : {}) }, () => {
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
    // At a narrow terminal the project, file and locale (what tells the rows apart) stay; the bar (the
    // approved share again) goes first, then headers are shortened, then the counts, least read first.
    const fit: ColumnFit[] = [
      ...(project ? [] : [{ cut: 'never' as const }]),
      ...(byFile ? [{ cut: 'path' as const }] : []),
      { cut: 'never' },
      { short: 'APPR.' },
      { drop: 1 },
      { short: 'TRANSL.' },
      { drop: 3 },
      { drop: 2, short: 'PREFILL.' },
      { drop: 5 },
      { drop: 4, short: 'SEGM.' },
    ];
    ctx.out.line(table!.renderTable(header, body, { align, fit, dim: c.dim, columns: ctx.out.columns }));
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
