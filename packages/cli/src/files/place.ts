import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, type Stats } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import { join, posix, relative, resolve, sep } from 'node:path';
import { LocalFileError, UnsafeArchiveError, UnsafePathError } from '../run/errors';
import { diskFullError } from './disk-full';
import { isReservedName } from './names';
import { checkUnder, makeFolderUnder, moveInto, moveOut, removeFileUnder } from './safe-fs';
import { sha256File, type WrittenIndex } from './record';
import { counted, firstOf } from '../ui/quantities';

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
  /**
   * The output folder's file was found to hold these very bytes (holdsBytes) while the export was
   * extracted: `from` was never written. Still unchanged when planned if it is still a regular file.
   */
  unchanged?: boolean | undefined;
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
  const byTarget = new Map<string, Placement>();
  const planned: PlannedFile[] = [];
  const folders = new Set<string>(); // checked in this plan; commitPlacements checks again

  for (const placement of placements) {
    const target = resolve(root, ...placement.to.split('/'));
    if (!target.startsWith(root + sep)) {
      throw new UnsafeArchiveError(`'${placement.source}' would be written to ${target}, outside ${root}.`);
    }
    if (isReservedName(placement.to)) {
      throw new UnsafeArchiveError(
        `'${placement.source}' would be written to '${placement.to}', a name loc keeps for its own record, lock or staging.`,
      );
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
    // No symbolic link below the output folder, whether it points in or out: commitPlacements checks again.
    const { stats } = checkUnder(root, placement.to, folders);
    const sha256 = placement.sha256 ?? (await sha256File(placement.from));
    const status =
      placement.unchanged && stats?.isFile()
        ? 'unchanged'
        : await compare(sha256, target, stats, options.written?.get(placement.to), options.force === true);
    planned.push({ ...placement, target, sha256, status });
  }
  return planned;
}

async function compare(
  stagedSha256: string,
  target: string,
  existing: Stats | undefined,
  recorded: string | null | undefined,
  force: boolean,
): Promise<PlacementStatus> {
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

/** Reused by holdsBytes: a run compares 120 files of 200 KB each, and a fresh buffer for each kept the GC busy. */
let scratch = Buffer.alloc(0);

/**
 * Whether the file `rel` below `root` holds exactly `data`: comparing bytes in memory costs a fraction of
 * hashing the file. False whenever in doubt. The file itself is opened without following a link
 * (O_NOFOLLOW); its folders are not looked at here, since planPlacements checks the whole path after.
 */
export function holdsBytes(root: string, rel: string, data: Buffer): boolean {
  const parts = rel.split('/');
  if (parts.includes('..')) return false;
  let fd: number;
  try {
    // O_NOFOLLOW is 0 where the platform has none (Windows): the plan's check still refuses a link.
    fd = openSync(resolve(root, ...parts), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size !== data.length) return false;
    if (scratch.length < data.length) scratch = Buffer.allocUnsafe(Math.max(data.length, 2 * scratch.length));
    let read = 0;
    while (read < data.length) {
      const n = readSync(fd, scratch, read, data.length - read, null);
      if (n === 0) return false;
      read += n;
    }
    return scratch.subarray(0, read).equals(data);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * "2 files changed since loc wrote them (or not written by loc): a, b": the files a run stops on rather
 * than overwrite (the first `shown` named), for the run that stops and for `--check`, which says it would.
 */
export function changedSinceWritten(targets: readonly string[], shown: number, cwd = process.cwd()): string {
  const names = firstOf(
    targets.map((t) => displayPath(t, cwd)),
    shown,
  );
  return `${counted(targets.length, 'file')} changed since loc wrote ${targets.length === 1 ? 'it' : 'them'} (or not written by loc): ${names}`;
}

/**
 * Stops a run that would overwrite files the user changed: nothing is written, each file is named, and
 * the hint says how to go on.
 */
export function refuseConflicts(planned: readonly PlannedFile[], cwd = process.cwd()): void {
  const conflicts = planned.filter((f) => f.status === 'conflict');
  if (conflicts.length === 0) return;
  throw new LocalFileError(
    `${changedSinceWritten(
      conflicts.map((f) => f.target),
      5,
      cwd,
    )}. Nothing was written.`,
    { hint: 'Keep your changes elsewhere and rerun with --force to overwrite them (--dry-run lists every file).' },
  );
}

/**
 * Moves the planned files into `root`. Files that would be overwritten are first moved into `backupDir`
 * (inside the staging folder, on the same file system); if any move fails, everything done so far is
 * undone, so the output folder is left as it was. Each move and each new folder is checked by safe-fs at
 * the moment it is made: no symbolic link below `root`.
 */
export async function commitPlacements(planned: PlannedFile[], root: string, backupDir: string): Promise<void> {
  const moving = planned.filter((file) => file.status !== 'unchanged' && file.status !== 'conflict');
  const done: { to: string; backup: string | undefined }[] = [];
  const createdDirs: string[] = [];
  try {
    makeFolders(
      root,
      moving.map((file) => posix.dirname(file.to)),
      createdDirs,
    );
    let index = 0;
    for (const file of moving) {
      let backup: string | undefined;
      if (file.status === 'updated' || file.status === 'overwritten') {
        backup = join(backupDir, String(index++));
        mkdirSync(backupDir, { recursive: true });
        moveOut(root, file.to, backup);
      }
      done.push({ to: file.to, backup });
      moveInto(root, file.to, file.from);
    }
  } catch (error) {
    for (const step of done.reverse()) {
      try {
        removeFileUnder(root, step.to);
        if (step.backup) moveInto(root, step.to, step.backup);
      } catch {
        // Undo what can be undone; the error below says what failed.
      }
    }
    for (const dir of createdDirs.reverse()) await rmdir(join(root, ...dir.split('/'))).catch(() => {});
    if (error instanceof UnsafePathError) throw error;
    throw (
      diskFullError(error, root) ??
      new LocalFileError(`Writing the files failed, so none were changed: ${(error as Error).message}`, {
        hint: 'Check that the output folder is writable and the disk is not full.',
        cause: error,
      })
    );
  }
}

/**
 * mkdir of every folder in `folders` (relative to `root`, `/` separators) and of its missing parents,
 * adding each folder it creates to `created`, parents before children, so a rollback can remove them in
 * reverse. Each folder is looked at once, however many files go into it.
 */
function makeFolders(root: string, folders: readonly string[], created: string[]): void {
  const known = new Set<string>(['.', '']);
  for (const folder of new Set(folders)) {
    const chain: string[] = [];
    for (let probe = folder; !known.has(probe); probe = posix.dirname(probe)) {
      known.add(probe);
      chain.unshift(probe);
    }
    for (const rel of chain) if (makeFolderUnder(root, rel)) created.push(rel);
  }
}

/** `to` as shown to the user: relative to the working folder when that is shorter. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && rel.length < path.length ? rel : path;
}
