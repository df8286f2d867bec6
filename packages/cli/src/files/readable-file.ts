import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { posix, relative } from 'node:path';
import { LocalFileError, UnsafePathError } from '../run/errors';
import { printable } from '@loc/sdk/internal';
import { isReservedName } from './names';
import { checkUnder } from './safe-fs';
import { checkReadablePath, writableRefusal } from './writable-path';

/**
 * Which files of the repository loc may read and send to the service (what `loc push` uploads, and the
 * GitHub Action's push mode through it): the rule of where an export may write (files/writable-path.ts,
 * checkReadablePath), applied to reading, so that no `.env`, key, workflow, hook or manifest ever leaves the machine, whatever
 * a loc.config.json, a path template or a file name in the folder says. A file is read only when:
 *
 * - its folder is inside the repository (by its path and its real path) and not a forbidden one, and the
 *   file is below that folder (`scope.folder`, the output folder of the export it mirrors);
 * - it carries one of its format's extensions and no forbidden name, and is none of loc's own files;
 * - it is a regular file reached without a symbolic link (each component checked with lstat, the file
 *   opened with O_NOFOLLOW), and at most `maxBytes` long (checked on the open file, then read bounded).
 *
 * Anything else is refused before anything is sent, with the path and the reason.
 */

/** The largest file loc reads to send: loc-mock's upload limit (16 MiB); a 10,000-key JSON file is ~0.5 MiB. */
const MAX_READ_BYTES = 16 * 1024 * 1024;

/** Where files may be read from: the repository, the folder below it, and what a file may be. */
export interface ReadScope {
  /** The repository (files/targets.ts, writableRoot). */
  root: string;
  /** The folder the files are read from, `root` or below it. */
  folder: string;
  /** The extensions a file may carry (files/format-extensions.ts); undefined: any of loc's formats. */
  extensions?: readonly string[] | undefined;
  /** The most bytes a file may hold (default MAX_READ_BYTES). */
  maxBytes?: number;
  /**
   * The folder may be the repository's root itself, as for an export's output folder (files/targets.ts,
   * rootAllowed: named on the command line, or `allowRootOutput` in loc.config.json). Default: it may.
   */
  allowRoot?: boolean;
}

/** Why a path may not be read: the path as asked, and the end of a sentence saying why. */
export interface ReadRefusal {
  path: string;
  reason: string;
  hint: string;
}

/** What the rule says of each scope's folder (null: it may be read from), worked out once. */
const folderRefusals = new WeakMap<ReadScope, ReturnType<typeof checkReadablePath> | null>();

const LINK_HINT = 'loc never reads through a symbolic link: replace the link with the file itself.';

/**
 * Why `rel` (below `scope.folder`, `/` separators) may not be read and sent, by the rule above, or
 * undefined when it may. Where it is, the rule of files/writable-path.ts decides (checkReadablePath: its
 * folder, then the file, by their paths and real paths); what it is, lstat. Never throws.
 *
 * @example
 * checkReadableFile({ root: '/repo', folder: '/repo/locales', extensions: ['json'] }, 'en/common.json'); // undefined
 * checkReadableFile({ root: '/repo', folder: '/repo/locales' }, '../.env')?.reason; // 'leads outside …'
 */
export function checkReadableFile(scope: ReadScope, rel: string): ReadRefusal | undefined {
  const folder = relative(scope.root, scope.folder).replaceAll('\\', '/');
  // The folder by its path and its real path, once per scope; below it no link is followed (checkUnder,
  // below), so the file's real path is the folder's and its own: its path is all the rule has to check.
  let inFolder = folderRefusals.get(scope);
  if (inFolder === undefined) {
    inFolder = checkReadablePath(scope.root, folder, { kind: 'folder', allowRoot: scope.allowRoot ?? true }) ?? null;
    folderRefusals.set(scope, inFolder);
  }
  const where =
    inFolder ??
    // Below the folder, not beside it: `../x` is refused even where the repository would hold it.
    writableRefusal(rel, { use: 'read' }) ??
    writableRefusal(posix.join(folder, rel), { extensions: scope.extensions, use: 'read' });
  if (where) return { path: rel, reason: where.reason, hint: where.hint };
  if (isReservedName(rel.replace(/^(\.\/)+/, '')))
    return { path: rel, reason: "is one of loc's own files", hint: 'loc reads the resource files, not its records.' };
  let checked: ReturnType<typeof checkUnder>;
  try {
    checked = checkUnder(scope.folder, rel);
  } catch (error) {
    return { path: rel, reason: linkReason(error), hint: LINK_HINT };
  }
  if (!checked.stats) return { path: rel, reason: 'is not there', hint: 'Export the files first, or fix the path.' };
  if (!checked.stats.isFile())
    return {
      path: rel,
      reason: checked.stats.isDirectory() ? 'is a folder' : 'is not a regular file',
      hint: 'loc reads regular files only.',
    };
  const max = scope.maxBytes ?? MAX_READ_BYTES;
  if (checked.stats.size > max) return sizeRefusal(rel, checked.stats.size, max);
  return undefined;
}

/**
 * The bytes of `rel` below `scope.folder`, read by the rule of checkReadableFile: refused (exit 10,
 * UnsafePathError or LocalFileError) with the path and the reason otherwise. The file is opened without
 * following a link and checked again on the open file (a file swapped after the check is caught), then
 * read at most `maxBytes + 1` bytes.
 *
 * @example
 * const bytes = readRepositoryFile({ root: '/repo', folder: '/repo/locales', extensions: ['json'] }, 'en/common.json');
 */
export function readRepositoryFile(scope: ReadScope, rel: string): Buffer {
  const refusal = checkReadableFile(scope, rel);
  if (refusal) throw refusalError(scope, refusal);
  const { path } = checkUnder(scope.folder, rel);
  const max = scope.maxBytes ?? MAX_READ_BYTES;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    throw new LocalFileError(`Cannot read ${printable(path)}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile())
      throw refusalError(scope, { path: rel, reason: 'is not a regular file', hint: 'loc reads regular files only.' });
    if (stats.size > max) throw refusalError(scope, sizeRefusal(rel, stats.size, max));
    // Bounded whatever the size said: a file that grows while it is read is cut at max + 1 and refused.
    const buffer = Buffer.alloc(Math.min(stats.size, max) + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > max) throw refusalError(scope, sizeRefusal(rel, length, max));
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

function linkReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /symbolic link/.test(message)
    ? 'passes through a symbolic link'
    : /not a folder/.test(message)
      ? 'lies below something that is not a folder'
      : 'is not a path inside the folder';
}

function sizeRefusal(rel: string, size: number, max: number): ReadRefusal {
  return {
    path: rel,
    reason: `holds ${size} bytes, more than the ${max} loc sends`,
    hint: 'A resource file is rarely over a few megabytes: split it, or check that it is the file you meant.',
  };
}

/** The error of a refused read: exit 10, the file named with the reason. */
function refusalError(scope: ReadScope, refusal: ReadRefusal): UnsafePathError {
  return new UnsafePathError(
    `${printable(posix.join(relative(scope.root, scope.folder).replaceAll('\\', '/') || '.', refusal.path))} ${refusal.reason}, so loc did not read or send it; nothing was sent.`,
    refusal.hint,
  );
}
