import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessRunning } from '@loc/sdk/internal';
import { STAGING_PREFIX } from './names';

/**
 * Removes what runs killed outright left in `dir`: staging folders and half-written records, named
 * `.loc-staging-<pid>-…`, older than this run and whose process is gone. A signal loc can catch (Ctrl-C,
 * SIGTERM, SIGHUP) leaves nothing; SIGKILL or a power cut can, and those files would otherwise be
 * committed with the strings. Names without a pid (from older versions of loc) count as stale once older than this
 * run. Symbolic links of that name are left alone: loc never deletes through one.
 */
export function sweepStaging(dir: string, runStartedAt = performance.timeOrigin): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(STAGING_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink() || stats.mtimeMs >= runStartedAt) continue;
    const pid = /^\.loc-staging-(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && isProcessRunning(Number(pid))) continue;
    try {
      // rm never follows a link inside the folder: it unlinks the link.
      rmSync(path, { recursive: true, force: true });
    } catch {
      // Not ours to fix (permissions): the run goes on, and its own staging has a name of its own.
    }
  }
}
