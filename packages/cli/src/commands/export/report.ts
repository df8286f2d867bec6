import { join } from 'node:path';
import type { CompletedExport } from '@loc/sdk';
import type { KeySummary } from '../../export/summary/diff';
import type { TypesOutcome } from '../../export/types/types-file';
import { countStatuses, type Delivery } from '../../files/deliver';
import { displayPath } from '../../files/place';
import { EXPORT_RECORD_NAME } from '../../files/record';
import type { Context } from '../../context/context';
import { listing, moreLine } from '../../ui/listing';
import { counted } from '../../ui/quantities';
import type { Target } from './delivery-settings';

/** The files a short listing shows first: those a person must look at, then the ones written, then the rest. */
const STATUS_RANK = ['conflict', 'overwritten', 'updated', 'created', 'unchanged'] as const;

/** What {@link reportDelivery} reports. */
export interface DeliveryReport {
  /** The export job (none for `--status`, whose files come one by one). */
  done: CompletedExport | undefined;
  target: Target;
  delivered: Delivery;
  /** The key-by-key summary, when asked for (in --json as `keys`). */
  keys: KeySummary | undefined;
  /** The types file, when asked for (in --json as `types`). */
  types: TypesOutcome | undefined;
  /** The summary's Markdown for stdout (`--summary -`), printed instead of the table. */
  markdown: string | undefined;
  /** The table's module, loaded only for a person. */
  table: typeof import('../../ui/table') | undefined;
  /** This run wrote the folder's first record (.loc-export.json): say what it is and that it is committed. */
  firstRecord?: boolean;
}

/** What a run that wrote the folder (or, with --dry-run, would have) did: a table of its files, or its --json. */
export function reportDelivery(
  ctx: Context,
  { done, target, delivered, keys, types, markdown, table, firstRecord }: DeliveryReport,
): void {
  const { layout } = target.settings;
  const dryRun = target.options.dryRun === true;
  const counts = countStatuses(delivered.files);
  // Said when the file is written (or would be), not on each run that leaves it as it is.
  const declare = types?.status !== 'unchanged' ? types?.appDeclaration : undefined;
  const files = delivered.files.map((f) => ({
    source: f.source,
    locale: f.locale ?? null,
    serviceLocale: f.serviceLocale ?? null,
    path: f.to,
    target: f.target,
    status: f.status,
  }));
  ctx.out.result(
    {
      export: done ?? null,
      workspace: target.workspace,
      ...(target.settings.status ? { status: target.settings.status.name } : {}),
      project: target.project,
      outDir: layout.outDir,
      pathTemplate: layout.template,
      localeMap: layout.localeMap,
      via: delivered.via,
      dryRun,
      files,
      // The record this run wrote beside the files (none in a dry run): what a commit of the files takes along.
      ...(dryRun ? {} : { record: join(layout.outDir, EXPORT_RECORD_NAME) }),
      summary: counts,
      ...(target.leftOut?.length ? { localesLeftOut: target.leftOut } : {}),
      ...(keys && { keys }),
      ...(types && { types }),
    },
    () => {
      const { c } = ctx.out;
      const color = { created: c.green, updated: c.yellow, unchanged: c.dim, conflict: c.red, overwritten: c.yellow };
      // A long export lists the files that changed first, and says how many more there are (--verbose: all).
      const { shown, more } = listing(delivered.files, ctx.out.verbose, (f) => STATUS_RANK.indexOf(f.status));
      if (markdown !== undefined) ctx.out.line(markdown.trimEnd());
      else
        ctx.out.line(
          table!.renderTable(
            // The same word as `status` in --json.
            [dryRun ? 'WOULD BE' : 'STATUS', 'FILE', 'FROM THE EXPORT'],
            shown.map((f) => [color[f.status](f.status), displayPath(f.target), c.dim(f.source)]),
            // The file written is what a person looks for; where it came from is left out first.
            {
              dim: c.dim,
              columns: ctx.out.columns,
              fit: [{ cut: 'never' }, { cut: 'path' }, { cut: 'path', drop: 1 }],
            },
          ),
        );
      if (markdown === undefined && more) ctx.out.line(c.dim(moreLine(more, 'file')));
      ctx.out.line();
      const extra = [
        counts.overwritten ? `${counts.overwritten} overwritten (changed since loc wrote them)` : '',
        counts.conflict ? `${counts.conflict} changed since loc wrote them` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const summary = `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged${extra ? `, ${extra}` : ''} in ${displayPath(layout.outDir) || '.'}`;
      if (types)
        ctx.out.info(
          `Types of ${counted(types.keys, 'key')}: ${displayPath(types.path)} ${dryRun && types.status !== 'unchanged' ? `would be ${types.status}` : types.status}.`,
        );
      if (declare) warnAppDeclaration(ctx, declare);
      if (dryRun) {
        ctx.out.info(`Dry run, nothing written: ${summary} (path template ${layout.template}).`);
        if (counts.conflict)
          ctx.out.warn(
            `A real run would stop at the ${counted(counts.conflict, 'changed file')}: rerun with --force to overwrite them.`,
          );
      } else {
        ctx.out.success(`${counted(delivered.files.length, 'file')}: ${summary}.`);
        if (firstRecord)
          ctx.out.info(
            `Commit ${displayPath(join(layout.outDir, EXPORT_RECORD_NAME))} with the files: it records what loc wrote, so that no run (a teammate's, CI's) overwrites a file you edit.`,
          );
      }
    },
  );
  // With --json the warning still reaches a person, on stderr.
  if (declare && ctx.out.json) warnAppDeclaration(ctx, declare);
}

/** What an i18next app must declare for its `t()` to be typed (TypesOutcome.appDeclaration), as code to copy. */
function warnAppDeclaration(ctx: Context, declaration: string): void {
  ctx.out.warn(
    "i18next's t() takes any key until your app declares its default namespace: the strings are in several " +
      "namespaces, none of them translation (i18next's default). Add to a .d.ts of your own, with the " +
      `namespace your i18next.init names (its defaultNS, else the first of its ns):\n${declaration
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}`,
  );
}
