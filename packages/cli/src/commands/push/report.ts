import type { errorDocument } from '../../run/errors';
import { displayPath } from '../../files/place';
import type { Context } from '../../context/context';
import { EXIT } from '../../run/errors';
import { counted } from '../../ui/quantities';
import { changes, type FileOutcome, type PushResult } from '../../push/outcome';

/** Keys of each kind a dry run names per file for a person (`--json` names every one). */
const KEYS_SHOWN = 20;

/** Counts of an import, summed over files. */
function importedTotals(files: readonly FileOutcome[]) {
  const totals = { created: 0, updated: 0, deactivated: 0, unchanged: 0, skipped: 0 };
  for (const f of files)
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += f.imported?.segments?.[key] ?? 0;
  return totals;
}

/** The word of a file's outcome, as `status` in --json. */
function statusOf(result: PushResult, outcome: FileOutcome): string {
  // The service's word where it said (fileCreated), else the plan's.
  if (!result.dryRun && !result.check)
    return (outcome.imported?.fileCreated ?? outcome.file.created) ? 'created' : 'pushed';
  if (outcome.file.created) return 'would create';
  return changes(outcome) ? 'would change' : 'unchanged';
}

/** A push's --json document. */
function pushDocument(result: PushResult) {
  const { target, files } = result;
  const keys = (kind: 'added' | 'changed' | 'deactivated' | 'kept') =>
    files.reduce((n, f) => n + (f.keys?.[kind].length ?? 0), 0);
  return {
    workspace: target.workspace,
    project: target.project,
    sourceLocale: result.sourceLocale,
    outDir: target.layout.outDir,
    pathTemplate: target.layout.template,
    localeMap: target.layout.localeMap,
    dryRun: result.dryRun,
    files: files.map((f) => ({
      path: f.file.local,
      target: f.file.target,
      name: f.file.name,
      folder: f.file.folder,
      locale: f.file.serviceLocale,
      appLocale: f.file.locale,
      side: f.file.side,
      status: statusOf(result, f),
      switches: f.switches,
      ...(f.keys ? { keys: f.keys } : {}),
      ...(f.imported !== undefined ? { imported: f.imported?.segments ?? null } : {}),
    })),
    missing: result.plan.missing.map((m) => ({
      path: m.local,
      name: m.name,
      folder: m.folder,
      locale: m.serviceLocale,
      side: m.side,
    })),
    unmatched: result.plan.unmatched,
    later: result.plan.later,
    ...(result.dryRun || result.check
      ? {
          keys: {
            added: keys('added'),
            changed: keys('changed'),
            deactivated: keys('deactivated'),
            kept: keys('kept'),
          },
          ...(result.check ? { check: { upToDate: !files.some(changes), compared: files.length } } : {}),
        }
      : { summary: importedTotals(files) }),
  };
}

/** What one push did (or would do): a table of its files, each file's keys in a dry run, or --json. */
export async function reportPush(
  ctx: Context,
  result: PushResult,
  table: typeof import('../../ui/table') | undefined,
): Promise<void> {
  ctx.out.result(pushDocument(result), () => showPush(ctx, result, table!));
  if (ctx.out.json) warnLeftOut(ctx, result);
}

function showPush(ctx: Context, result: PushResult, table: typeof import('../../ui/table')): void {
  const { c } = ctx.out;
  const comparing = result.dryRun || result.check;
  const rows = result.files.map((f) => {
    const status = statusOf(result, f);
    const colour = status === 'unchanged' ? c.dim : status.includes('create') ? c.green : c.yellow;
    const what = comparing ? keyCounts(f) : importedCounts(f);
    return [colour(status), displayPath(f.file.target), f.file.serviceLocale, what];
  });
  ctx.out.line(
    table.renderTable([comparing ? 'WOULD BE' : 'STATUS', 'FILE', 'LOCALE', comparing ? 'KEYS' : 'IMPORTED'], rows, {
      dim: c.dim,
      columns: ctx.out.columns,
    }),
  );
  if (result.dryRun) {
    for (const f of result.files) {
      if (!f.keys || !(changes(f) || f.keys.kept.length)) continue;
      ctx.out.line();
      ctx.out.line(
        `${displayPath(f.file.target)} → ${f.file.folder ? `${f.file.folder}/` : ''}${f.file.name} (${f.file.serviceLocale})`,
      );
      const list = (mark: string, colour: (s: string) => string, keys: readonly string[], note = '') => {
        for (const key of keys.slice(0, KEYS_SHOWN)) ctx.out.line(`  ${colour(mark)} ${ctx.out.terminal(key)}${note}`);
        if (keys.length > KEYS_SHOWN)
          ctx.out.line(c.dim(`  … ${keys.length - KEYS_SHOWN} more (--json lists every key)`));
      };
      list('+', c.green, f.keys.added);
      list('~', c.yellow, f.keys.changed);
      list('-', c.red, f.keys.deactivated, c.dim('  (deactivated)'));
      list('=', c.dim, f.keys.kept);
      if (f.keys.kept.length && f.keys.keptBecause)
        ctx.out.line(c.dim(`  kept as the service has them: ${f.keys.keptBecause}`));
    }
    ctx.out.line();
  }
  warnLeftOut(ctx, result);
  const project = `${result.target.workspace}/${result.target.project}`;
  if (comparing) {
    const changing = result.files.filter(changes).length;
    const sum = (kind: 'added' | 'changed' | 'deactivated' | 'kept') =>
      result.files.reduce((n, f) => n + (f.keys?.[kind].length ?? 0), 0);
    const line = `${counted(changing, 'file')} of ${result.files.length} would change ${project}: ${counted(sum('added'), 'key')} added, ${sum('changed')} changed, ${sum('deactivated')} deactivated${sum('kept') ? `, ${sum('kept')} kept as the service has them` : ''}`;
    if (result.check && changing === 0)
      ctx.out.success(`Up to date: ${project} has what the ${counted(result.files.length, 'file')} hold.`);
    else ctx.out.info(`${result.dryRun ? 'Dry run, nothing sent' : 'Checked, nothing sent'}: ${line}.`);
  } else {
    const t = importedTotals(result.files);
    ctx.out.success(
      `${counted(result.files.length, 'file')} pushed to ${project}: ${counted(t.created, 'key')} created, ${t.updated} updated, ${t.deactivated} deactivated, ${t.unchanged} unchanged${t.skipped ? `, ${t.skipped} skipped` : ''}.`,
    );
  }
}

/** "2 added, 1 changed, 3 kept". */
function keyCounts(f: FileOutcome): string {
  if (!f.keys) return '';
  const parts = (['added', 'changed', 'deactivated', 'kept'] as const)
    .filter((k) => f.keys![k].length)
    .map((k) => `${f.keys![k].length} ${k}`);
  return parts.join(', ') || 'no change';
}

/** "3 created, 1 updated, 120 unchanged". */
function importedCounts(f: FileOutcome): string {
  const s = f.imported?.segments;
  if (!s) return 'imported';
  const parts = (['created', 'updated', 'deactivated', 'unchanged', 'skipped'] as const)
    .filter((k) => s[k])
    .map((k) => `${s[k]} ${k}`);
  return parts.join(', ') || 'no key';
}

/** The files a push left out, said on stderr (they are in --json too). */
function warnLeftOut(ctx: Context, result: PushResult): void {
  const { missing, unmatched, later } = result.plan;
  const template = result.target.layout.template;
  const sourceMissing = missing.filter((m) => m.side === 'source');
  if (sourceMissing.length)
    ctx.out.warn(
      `Not in the folder, so not pushed: ${sourceMissing.map((m) => `${m.local} (${m.folder ? `${m.folder}/` : ''}${m.name})`).join(', ')}. loc push never deletes a file of the project.`,
    );
  if (unmatched.length)
    ctx.out.warn(
      `Not pushed: ${unmatched.join(', ')} ${unmatched.length === 1 ? 'is' : 'are'} no file of the project, in any locale, through the path template '${template}'.`,
    );
  if (later.length)
    ctx.out.info(
      `Not pushed yet: ${later.join(', ')}, the translations of a file this push creates; run \`loc push --translations\` again once it is in.`,
    );
}

/** A push of targets: one row per target (--json: `targets[]`). */
export async function reportPushTargets(
  ctx: Context,
  results: readonly { name: string; result?: PushResult; error?: ReturnType<typeof errorDocument> }[],
  table: typeof import('../../ui/table') | undefined,
): Promise<void> {
  ctx.out.result(
    {
      targets: results.map((r) => ({
        name: r.name,
        exitCode: r.error?.exitCode ?? EXIT.OK,
        ...(r.result ? { result: pushDocument(r.result) } : {}),
        ...(r.error ? { error: r.error } : {}),
      })),
    },
    () => {
      const { c } = ctx.out;
      for (const r of results) if (r.result) showPush(ctx, r.result, table!);
      ctx.out.line(
        table!.renderTable(
          ['TARGET', 'EXIT', 'RESULT'],
          results.map((r) => [
            r.name,
            r.error ? c.red(String(r.error.exitCode)) : c.green('0'),
            r.error ? r.error.message : `${counted(r.result!.files.length, 'file')}`,
          ]),
          { dim: c.dim, columns: ctx.out.columns },
        ),
      );
      for (const r of results) if (r.error?.hint) ctx.out.info(`${r.name}: ${r.error.hint}`);
    },
  );
}
