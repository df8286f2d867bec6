import { existsSync, lstatSync, mkdirSync, realpathSync, renameSync, type Stats } from 'node:fs';
import { rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { LocalFileError, UnsafeArchiveError } from '../errors';
import { sha256File, type WrittenIndex } from './record';

/** One file to put in place: its staged copy, where it goes, and what it was in the export. */
export interface Placement {
  /** Absolute path of the staged copy. */
  from: string;
  /** Relative path below the output folder, `/` separators. */
  to: string;
  /** Path inside the ZIP (shown in the mapping). */
  source: string;
  /** The locale the file is delivered as (the locale map applied). */
  locale: string | undefined;
  /** The service's code for it, when the map renamed it or it is known. */
  serviceLocale?: string | undefined;
  /** SHA-256 of the staged copy when it was computed as the file was written; read from the file otherwise. */
  sha256?: string | undefined;
}

/**
 * What a run does to one file: `created`; `updated` (it held what loc wrote last time); `unchanged`;
 * `conflict` (it holds something else — changed since, or never written by loc — so it is not
 * overwritten and the run stops); `overwritten` (the same, with `--force`).
 */
export type PlacementStatus = 'created' | 'updated' | 'unchanged' | 'conflict' | 'overwritten';

export interface PlannedFile extends Placement {
  status: PlacementStatus;
  /** Absolute target path. */
  target: string;
  /** SHA-256 of the new content, for the record of what loc wrote. */
  sha256: string;
}

export interface PlanOptions {
  /** What loc wrote into the folder last time (relative path → SHA-256). */
  written?: WrittenIndex;
  /** Overwrite files that changed since loc wrote them, or that loc never wrote. */
  force?: boolean;
}

/**
 * What putting `placements` into `outDir` would do, without writing: each file created, updated or
 * unchanged. Refuses two files mapped to one path, and any target that would leave `outDir` — through
 * the template or through a symbolic link already in the folder.
 */
export async function planPlacements(
  outDir: string,
  placements: Placement[],
  options: PlanOptions = {},
): Promise<PlannedFile[]> {
  const root = resolve(outDir);
  const realpath = createRealpathLoose();
  const realRoot = realpath(root).real;
  // Folders checked already, and whether they exist: the files of an export share a few dozen folders.
  const safeFolders = new Map<string, boolean>();
  const byTarget = new Map<string, Placement>();
  const planned: PlannedFile[] = [];
  for (const placement of placements) {
    const target = resolve(root, ...placement.to.split('/'));
    if (!target.startsWith(root + sep)) {
      throw new UnsafeArchiveError(`'${placement.source}' would be written to ${target}, outside ${root}.`);
    }
    const key = target.normalize('NFC').toLowerCase();
    const other = byTarget.get(key);
    if (other) {
      throw new LocalFileError(
        `Both '${other.source}' and '${placement.source}' would be written to '${placement.to}'.`,
        {
          // A backstop: placeAll() already refused templates that merge files, naming the placeholder to add;
          // what reaches here differs only in letter case or Unicode form (one file on macOS and Windows).
          hint: 'Names that differ only in letter case are one file on macOS and Windows: give each its own path with --path-template (for example {locale}/{path}).',
        },
      );
    }
    byTarget.set(key, placement);
    let folderExists = safeFolders.get(dirname(target));
    if (folderExists === undefined) {
      folderExists = assertNoEscapingLink(realpath, realRoot, root, target, placement.source);
      safeFolders.set(dirname(target), folderExists);
    }
    const sha256 = placement.sha256 ?? (await sha256File(placement.from));
    // In a folder that is not there yet, no file is: nothing to look at.
    const status = folderExists
      ? await compare(sha256, target, options.written?.get(placement.to), options.force === true)
      : 'created';
    planned.push({ ...placement, target, sha256, status });
  }
  return planned;
}

/**
 * The folder of `target`, with every symbolic link resolved, must really be inside the output folder.
 * Returns whether the folder exists.
 */
function assertNoEscapingLink(
  realpath: RealpathLoose,
  realRoot: string,
  root: string,
  target: string,
  source: string,
): boolean {
  const { real, exists } = realpath(dirname(target));
  if (real !== realRoot && !real.startsWith(realRoot + sep)) {
    throw new UnsafeArchiveError(
      `'${source}' would be written through a symbolic link that leaves the output folder ${root}.`,
    );
  }
  return exists;
}

type RealpathLoose = (path: string) => { real: string; exists: boolean };

/**
 * realpath of a path that may not exist yet: its nearest existing ancestor resolved, the rest appended.
 * Each folder is looked at once per run: the files of an export share their parents.
 */
function createRealpathLoose(): RealpathLoose {
  const known = new Map<string, { real: string; exists: boolean }>();
  const realpath: RealpathLoose = (path) => {
    let found = known.get(path);
    if (!found) {
      const parent = dirname(path);
      found =
        existsSync(path) || parent === path
          ? { real: realpathSync(path), exists: true }
          : { real: join(realpath(parent).real, basename(path)), exists: false };
      known.set(path, found);
    }
    return found;
  };
  return realpath;
}

async function compare(
  stagedSha256: string,
  target: string,
  recorded: string | null | undefined,
  force: boolean,
): Promise<PlacementStatus> {
  const existing = lstatIfAny(target);
  if (!existing) return 'created';
  if (!existing.isFile()) {
    throw new LocalFileError(`${target} exists and is not a regular file; it is left as it is.`, {
      hint: 'Move it away, or choose another --out or --path-template.',
    });
  }
  // One read of the file: its hash says both whether it is unchanged and whether it still holds what loc wrote.
  const current = await sha256File(target, existing.size);
  if (current === stagedSha256) return 'unchanged';
  if (recorded && current === recorded) return 'updated';
  return force ? 'overwritten' : 'conflict';
}

/**
 * The metadata calls of placing are synchronous: they take microseconds, and a thread-pool round trip
 * each cost more than the calls themselves for the hundreds of files of a large export.
 */
function lstatIfAny(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Stops a run that would overwrite files the user changed: nothing is written, each file is named, and
 * the hint says how to go on.
 */
export function refuseConflicts(planned: readonly PlannedFile[], cwd = process.cwd()): void {
  const conflicts = planned.filter((f) => f.status === 'conflict');
  if (conflicts.length === 0) return;
  const shown = conflicts.slice(0, 5).map((f) => displayPath(f.target, cwd));
  const more = conflicts.length > shown.length ? ` and ${conflicts.length - shown.length} more` : '';
  throw new LocalFileError(
    `${conflicts.length} file${conflicts.length === 1 ? '' : 's'} changed since loc wrote ${conflicts.length === 1 ? 'it' : 'them'} (or not written by loc): ${shown.join(', ')}${more}. Nothing was written.`,
    { hint: 'Keep your changes elsewhere and rerun with --force to overwrite them (--dry-run lists every file).' },
  );
}

/**
 * Moves the planned files into place. Files that would be overwritten are first moved into `backupDir`
 * (inside the staging folder, on the same file system); if any move fails, everything done so far is
 * undone, so the output folder is left as it was.
 */
export async function commitPlacements(planned: PlannedFile[], backupDir: string): Promise<void> {
  const moving = planned.filter((file) => file.status !== 'unchanged' && file.status !== 'conflict');
  const done: { target: string; backup: string | undefined }[] = [];
  const createdDirs: string[] = [];
  try {
    makeFolders(
      moving.map((file) => dirname(file.target)),
      createdDirs,
    );
    let index = 0;
    for (const file of moving) {
      let backup: string | undefined;
      if (file.status === 'updated' || file.status === 'overwritten') {
        backup = join(backupDir, String(index++));
        mkdirSync(backupDir, { recursive: true });
        renameSync(file.target, backup);
      }
      done.push({ target: file.target, backup });
      renameSync(file.from, file.target);
    }
  } catch (error) {
    for (const step of done.reverse()) {
      await rm(step.target, { force: true }).catch(() => {});
      if (step.backup) await rename(step.backup, step.target).catch(() => {});
    }
    for (const dir of createdDirs.reverse()) await rmdir(dir).catch(() => {});
    throw new LocalFileError(`Writing the files failed, so none were changed: ${(error as Error).message}`, {
      hint: 'Check that the output folder is writable and the disk is not full.',
      cause: error,
    });
  }
}

/**
 * mkdir -p of every folder in `folders`, adding each folder it creates to `created`, parents before
 * children, so a rollback can remove them in reverse. Each folder is looked at once, however many files
 * go into it.
 */
function makeFolders(folders: readonly string[], created: string[]): void {
  const missing: string[] = [];
  const known = new Set<string>();
  for (const folder of new Set(folders)) {
    const chain: string[] = [];
    for (let probe = folder; !known.has(probe); probe = dirname(probe)) {
      known.add(probe);
      if (existsSync(probe) || dirname(probe) === probe) break;
      chain.unshift(probe);
    }
    missing.push(...chain);
  }
  for (const folder of missing) {
    mkdirSync(folder);
    created.push(folder);
  }
}

/** `to` as shown to the user: relative to the working folder when that is shorter. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && rel.length < path.length ? rel : path;
}
