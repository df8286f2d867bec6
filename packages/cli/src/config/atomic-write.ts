import { closeSync, fsyncSync, lstatSync, openSync, readlinkSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { LocalFileError } from '../run/errors';
import { stagingPath } from '../files/names';
import { sweepStaging } from '../files/staging';

/**
 * Writes `text` to `path` whole or not at all: into a new file beside it (created exclusively, with
 * `mode`), then renamed over it. A symbolic link at `path` is refused, never written through: a cloned
 * repository (or another user) may have put one there to make loc write somewhere else. The temporary file
 * has loc's staging name (`.loc-staging-<pid>-…`), so what a run killed outright left beside the file is
 * swept by the next write, as in an output folder.
 *
 * @example writeFileAtomically('/work/app/loc.config.json', '{}\n', { what: 'loc.config.json' })
 */
export function writeFileAtomically(path: string, text: string, options: { mode?: number; what: string }): void {
  refuseSymlink(path, options.what);
  sweepStaging(dirname(path));
  const temporary = stagingPath(dirname(path), 'tmp');
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'wx', options.mode ?? 0o644);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temporary, { force: true });
    throw new LocalFileError(`Cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** Refuses a symbolic link at `path` (a missing file is fine). */
export function refuseSymlink(path: string, what: string): void {
  let link: string | undefined;
  try {
    if (lstatSync(path).isSymbolicLink()) link = readlinkSync(path);
  } catch {
    return;
  }
  if (link !== undefined) {
    throw new LocalFileError(`${path} is a symbolic link (to ${link}); loc does not write ${what} through a link.`, {
      hint: `Remove the link (\`rm ${path}\`) and run the command again.`,
    });
  }
}
