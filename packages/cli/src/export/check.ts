import { lstatSync, realpathSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { OutOfDateError, UsageError } from '../run/errors';
import type { Output } from '../ui/output';
import type { PlannedFile } from '../files/place';
import { changedSinceWritten, displayPath } from '../files/place';
import type { WrittenIndex } from '../files/record';
import { writableRefusal } from '../files/writable-path';
import { listing, moreLine } from '../ui/listing';
import { counted, firstOf } from '../ui/quantities';

/**
 * `loc export --check`: everything `loc export` does up to placing the files, then a comparison of what
 * it would write with what the output folder holds. It writes nothing (the download goes to the system's
 * temporary folder, as for --dry-run, and its files are compared in memory) and exits 12 when a file would
 * be added, changed or removed.
 */

/** What would happen to one file of the output folder. */
export type FileChangeKind = 'added' | 'changed' | 'removed';

export interface FileChange {
  change: FileChangeKind;
  /** Relative to the output folder, `/` separators. */
  path: string;
  /** Absolute path. */
  target: string;
  /** The file of the export it comes from (none for a removed file). */
  source: string | undefined;
  locale: string | undefined;
  /**
   * The file holds something loc did not write (changed since, or never written by loc): `loc export`
   * stops on it rather than overwrite it, unless given --force.
   */
  editedLocally: boolean;
}

/** The flags --check cannot go with, and why: each would write, or would not compare. */
const EXCLUSIVE: [keyof CheckFlags, string][] = [
  ['force', '--force overwrites files, and --check writes none'],
  ['zip', '--zip keeps the ZIP instead of comparing its files'],
  ['dryRun', '--dry-run lists what a run would write; --check already writes nothing and says whether it would'],
  ['noWait', '--no-wait does not wait for the export, so there is nothing to compare'],
];

interface CheckFlags {
  force?: boolean | undefined;
  zip?: string | undefined;
  dryRun?: boolean | undefined;
  noWait?: boolean | undefined;
}

/** Refuses --check with a flag it cannot go with (exit 2), before any request. */
export function assertCheckFlags(flags: CheckFlags): void {
  for (const [flag, why] of EXCLUSIVE) {
    if (flags[flag])
      throw new UsageError(
        `--check cannot be combined with ${why.split(' ')[0]}: ${why}.`,
        'Drop one of the two flags (`loc export --check` compares the export with your files and writes nothing).',
      );
  }
}

/**
 * The files that differ. `created` is added; `updated`, `conflict` and `overwritten` are changed (the
 * content differs, whoever changed it); `removed` are files loc's record lists as written by an earlier
 * export that are still there but that this export no longer holds — counted only when the export was
 * not filtered (`--file`, `--locale`), since a filtered export says nothing about the other files.
 */
export function fileChanges(
  planned: readonly PlannedFile[],
  outDir: string,
  written: WrittenIndex,
  options: { filtered: boolean },
): FileChange[] {
  const changes: FileChange[] = [];
  for (const file of planned) {
    if (file.status === 'unchanged') continue;
    changes.push({
      change: file.status === 'created' ? 'added' : 'changed',
      path: file.to,
      target: file.target,
      source: file.source,
      locale: file.locale,
      editedLocally: file.status === 'conflict',
    });
  }
  if (!options.filtered) {
    const placed = new Set(planned.map((f) => f.to.normalize('NFC').toLowerCase()));
    const root = resolve(outDir);
    for (const path of written.keys()) {
      // The record comes with the repository (maybe from a pull request): a path that leaves the output
      // folder, or goes through a link out of it, is nothing of the export's — never read, never listed.
      const target = resolve(root, ...path.split('/'));
      if (!target.startsWith(root + sep) || path.split('/').includes('..')) continue;
      // Nor one where no export writes (files/writable-path.ts: `.github/workflows/ci.yml`, `.git/index`): a
      // caller that removes what --check calls removed (the Action) must never be told to remove those.
      if (writableRefusal(path)) continue;
      if (placed.has(path.normalize('NFC').toLowerCase()) || !isFileInside(target, root)) continue;
      changes.push({ change: 'removed', path, target, source: undefined, locale: undefined, editedLocally: false });
    }
  }
  const order = { added: 0, changed: 1, removed: 2 };
  return changes.sort((a, b) => order[a.change] - order[b.change] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A regular file (not a link) whose folder, links resolved, is inside `root`. */
function isFileInside(target: string, root: string): boolean {
  try {
    if (!lstatSync(target).isFile()) return false;
    const realRoot = realpathSync(root);
    const folder = realpathSync(dirname(target));
    return folder === realRoot || folder.startsWith(realRoot + sep);
  } catch {
    return false;
  }
}

export function countChanges(changes: readonly FileChange[]): Record<FileChangeKind, number> {
  const counts = { added: 0, changed: 0, removed: 0 };
  for (const c of changes) counts[c.change]++;
  return counts;
}

/** The exit 12 of an out-of-date check, naming the first files. */
export function outOfDate(changes: readonly FileChange[]): OutOfDateError {
  const counts = countChanges(changes);
  const shown = firstOf(
    changes.map((c) => `${displayPath(c.target)} (${c.change})`),
    5,
  );
  const parts = (['added', 'changed', 'removed'] as const).filter((k) => counts[k]).map((k) => `${counts[k]} ${k}`);
  return new OutOfDateError(
    `${changes.length} file${changes.length === 1 ? ' is' : 's are'} out of date (${parts.join(', ')}): ${shown}.`,
    `Run the same \`loc export\` without --check to update them${counts.removed ? '; files the export no longer holds are not deleted by it: remove them yourself' : ''}.${editedHint(changes)}`,
  );
}

/**
 * What the update will stop on: files that hold something loc did not write. Said beside the
 * out-of-date hint, since `loc export` alone would stop (exit 10) on them rather than update them.
 */
export function editedHint(changes: readonly Pick<FileChange, 'editedLocally' | 'target'>[]): string {
  const edited = changes.filter((c) => c.editedLocally).map((c) => c.target);
  if (edited.length === 0) return '';
  const them = edited.length === 1 ? 'it' : 'them';
  return ` ${changedSinceWritten(edited, 3)}; \`loc export\` stops on ${them} unless given --force, which overwrites ${them} (keep your changes elsewhere first).`;
}

/** What `loc export --check` reports: the export, and each file that differs. */
export interface CheckReport {
  export: unknown;
  workspace: string;
  project: string;
  outDir: string;
  changes: readonly FileChange[];
  /** Files compared, equal or not. */
  compared: number;
  /** The key-by-key summary, when one was asked for (in --json as `keys`). */
  keys: unknown;
  /** The summary's Markdown for stdout (`--summary -`), printed instead of the table. */
  markdown: string | undefined;
  /** Locales left out of the export for being below a threshold of loc.config.json. */
  leftOut: readonly unknown[];
}

/** Prints the check's result (a table of the files that differ, or --json), then throws exit 12 if any do. */
export async function reportCheck(ctx: { readonly out: Output }, report: CheckReport): Promise<void> {
  const { changes } = report;
  const counts = countChanges(changes);
  const upToDate = changes.length === 0;
  const value = {
    export: report.export,
    workspace: report.workspace,
    project: report.project,
    outDir: report.outDir,
    check: { upToDate, compared: report.compared, ...counts },
    changes: changes.map((c) => ({
      change: c.change,
      path: c.path,
      target: c.target,
      source: c.source ?? null,
      locale: c.locale ?? null,
      editedLocally: c.editedLocally,
    })),
    ...(report.leftOut.length ? { localesLeftOut: report.leftOut } : {}),
    ...(report.keys === undefined ? {} : { keys: report.keys }),
  };
  const table = ctx.out.json ? undefined : await import('../ui/table');
  ctx.out.result(value, () => {
    const { c } = ctx.out;
    const color = { added: c.green, changed: c.yellow, removed: c.red };
    if (report.markdown !== undefined) ctx.out.line(report.markdown.trimEnd());
    else if (changes.length) {
      const { shown, more } = listing(changes, ctx.out.verbose, () => 0);
      ctx.out.line(
        table!.renderTable(
          ['WOULD BE', 'FILE', 'FROM THE EXPORT'],
          shown.map((f) => [color[f.change](f.change), displayPath(f.target), c.dim(f.source ?? '')]),
          { dim: c.dim, columns: ctx.out.columns, fit: [{ cut: 'never' }, { cut: 'path' }, { cut: 'path', drop: 1 }] },
        ),
      );
      if (more) ctx.out.line(c.dim(moreLine(more, 'file')));
    }
    if (upToDate)
      ctx.out.success(
        `Up to date: the ${counted(report.compared, 'file')} of the export match ${displayPath(report.outDir) || '.'}.`,
      );
  });
  if (!upToDate) throw outOfDate(changes);
}
