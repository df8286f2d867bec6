import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  type Stats,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { UnsafePathError } from '../run/errors';
import { hasUnsafeCharacter, printable } from '@loc/sdk/internal';
import { stagingPath } from './names';

/**
 * Every write, move and delete loc does below a folder it writes into (the output folder of an export, the
 * folder of a release) goes through here. The folder itself may be a symbolic link — the user named it —
 * but below it, nothing is written, replaced or deleted through one: a record or a checkout may be hostile
 * (git stores symbolic links, and a pull request can add one), so a path read from it is checked with
 * lstat, component by component, at the moment of the operation. Node has no openat(2), so a link swapped
 * in between the check and the call stays possible; what is in the folder when loc runs is caught.
 */

/** A relative path below a root: `/` separators, no `..`, nothing absolute, no unsafe characters. */
function partsOf(rel: string): string[] | undefined {
  if (rel === '' || hasUnsafeCharacter(rel)) return undefined;
  const slashed = rel.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) return undefined;
  const parts = slashed.split('/').filter((p) => p !== '' && p !== '.');
  return parts.length === 0 || parts.includes('..') ? undefined : parts;
}

/** Where `rel` is below `root`, and what is there now (undefined: nothing). */
export interface Checked {
  path: string;
  stats: Stats | undefined;
}

/**
 * The absolute path of `rel` below `root`, with each component below `root` checked by lstat now: none is
 * a symbolic link, each parent that exists is a folder. Throws UnsafePathError otherwise.
 *
 * `folders` (absolute paths) skips parents a check of the same pass found to be real folders, and gets
 * those this one finds: a plan of 120 files in a few folders looked at each folder once per file. Only for
 * checks that are made again at the moment of the write (every write, move and delete here checks anew).
 */
export function checkUnder(root: string, rel: string, folders?: Set<string>): Checked {
  const parts = partsOf(rel);
  if (!parts) throw new UnsafePathError(`'${printable(rel)}' is not a path inside ${root}; it was left alone.`);
  let path = root;
  for (const [index, part] of parts.entries()) {
    path = join(path, part);
    const isParent = index < parts.length - 1;
    if (isParent && folders?.has(path)) continue;
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats) return { path: join(path, ...parts.slice(index + 1)), stats: undefined };
    if (stats.isSymbolicLink()) {
      throw new UnsafePathError(
        `${path} is a symbolic link, so loc did not write or delete '${printable(rel)}' through it.`,
      );
    }
    if (isParent && !stats.isDirectory()) {
      throw new UnsafePathError(
        `${path} is not a folder, so '${printable(rel)}' cannot be below it.`,
        'Move the file away, or choose another output folder.',
      );
    }
    if (isParent) folders?.add(path);
    if (index === parts.length - 1) return { path, stats };
  }
  /* c8 ignore next */
  throw new UnsafePathError(`'${printable(rel)}' is not a path inside ${root}.`);
}

/**
 * Whether `rel` is a regular file below `root`, reached without a symbolic link (false for anything else).
 * `folders` as for checkUnder.
 */
export function isFileUnder(root: string, rel: string, folders?: Set<string>): boolean {
  try {
    return checkUnder(root, rel, folders).stats?.isFile() === true;
  } catch {
    return false;
  }
}

/** `rel` must be absent or a regular file: something else there (a folder, a link, a device) is not loc's to replace. */
function assertReplaceable(checked: Checked, rel: string): void {
  if (checked.stats && !checked.stats.isFile()) {
    throw new UnsafePathError(
      `${checked.path} is ${checked.stats.isSymbolicLink() ? 'a symbolic link' : checked.stats.isDirectory() ? 'a folder' : 'not a regular file'}, so loc did not replace '${printable(rel)}'.`,
      'Move it away, or choose another output folder.',
    );
  }
}

/** Deletes the regular file `rel` below `root`. */
export function removeFileUnder(root: string, rel: string): void {
  const checked = checkUnder(root, rel);
  if (!checked.stats) return;
  assertReplaceable(checked, rel);
  unlinkSync(checked.path);
}

/** Moves `from` (a file loc staged) to `rel` below `root`, replacing a regular file there. */
export function moveInto(root: string, rel: string, from: string): void {
  const checked = checkUnder(root, rel);
  assertReplaceable(checked, rel);
  renameSync(from, checked.path);
}

/** Moves the regular file `rel` below `root` out to `to` (a backup in loc's staging folder). */
export function moveOut(root: string, rel: string, to: string): void {
  const checked = checkUnder(root, rel);
  assertReplaceable(checked, rel);
  renameSync(checked.path, to);
}

/** Creates the folder `rel` below `root` (its parent must exist). Returns false when it was there already. */
export function makeFolderUnder(root: string, rel: string): boolean {
  const checked = checkUnder(root, rel);
  if (checked.stats?.isDirectory()) return false;
  mkdirSync(checked.path);
  return true;
}

/**
 * Writes `data` to `name` (directly in `root`) whole or not at all: a new file of loc's staging name
 * (O_EXCL: never an existing file or link) renamed over it. A crash leaves at most that file, which the
 * next run's sweep of stale staging names removes.
 */
export function writeFileUnder(root: string, name: string, data: string): void {
  const checked = checkUnder(root, name);
  assertReplaceable(checked, name);
  const temporary = stagingPath(root, 'tmp');
  const fd = openSync(temporary, 'wx', 0o644);
  try {
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    assertReplaceable(checkUnder(root, name), name);
    renameSync(temporary, checked.path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
