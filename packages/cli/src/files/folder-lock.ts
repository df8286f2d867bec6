import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { isProcessRunning } from '@loc/sdk/internal';
import { LocalFileError, UnsafePathError } from '../run/errors';
import { atRunEnd } from '../run/run-end';
import { diskFullError } from './disk-full';
import { LOCK_NAME, stagingPath } from './names';
import { displayPath } from './place';

/**
 * One loc run at a time writes into a folder: two exports into one folder would each take the other's
 * files for files the user changed. The lock is `.loc-lock` in the folder, holding the owner's pid,
 * created whole (a staged file hard-linked to the name, which fails when the name exists). A lock whose
 * process is gone (SIGKILL, a crash) is taken over. It is released when the run ends (`main` returns, or
 * the process exits, whatever the exit): the lock covers reading the record, placing the files and
 * writing the record again.
 *
 * A folder this process holds already is its own: the targets of one `loc export` run in one process,
 * and those that share a folder run one after the other there (export/targets.ts), so the second finds
 * the first's lock.
 *
 * Returns the lock's path. Throws a LocalFileError naming the pid that holds it.
 */
export function lockFolder(dir: string, onEnd: (release: () => void) => void = atRunEnd): string {
  if (held.has(join(dir, LOCK_NAME))) return join(dir, LOCK_NAME);
  let created: string | undefined;
  try {
    created = mkdirSync(dir, { recursive: true });
  } catch {
    // Reported by the writes that follow, with their own message.
    return join(dir, LOCK_NAME);
  }
  const lock = join(dir, LOCK_NAME);
  const staged = stagingPath(dir, 'lock');
  try {
    writeFileSync(staged, `${process.pid}\n`, { flag: 'wx' });
  } catch (error) {
    throw diskFullError(error, dir) ?? error;
  }
  try {
    if (!tryLink(staged, lock)) {
      const holder = holderOf(lock);
      if (holder !== undefined && isProcessRunning(holder)) throw busy(dir, holder);
      // The owner is gone: take it over. Two runs doing this at once: one link wins, the other is told.
      unlinkSync(lock);
      if (!tryLink(staged, lock)) throw busy(dir, holderOf(lock));
    }
  } finally {
    unlinkSync(staged);
  }
  held.add(lock);
  onEnd(() => {
    held.delete(lock);
    if (holderOf(lock) === process.pid) unlinkSync(lock);
    // A folder made only for the lock is not left behind.
    if (created !== undefined && readdirSync(created).length === 0) rmdirSync(created);
  });
  return lock;
}

/** The locks this run holds (until it ends). */
const held = new Set<string>();

function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The pid in a lock; throws for a lock that is a link or a folder (a checkout's, not a run's). */
function holderOf(lock: string): number | undefined {
  const stats = lstatSync(lock, { throwIfNoEntry: false });
  if (!stats) return undefined;
  if (!stats.isFile()) {
    throw new UnsafePathError(
      `${lock} is ${stats.isSymbolicLink() ? 'a symbolic link' : 'not a file'}, so loc did not take or replace the lock there.`,
      `Remove ${displayPath(lock)} (loc creates it for the length of a run).`,
    );
  }
  const pid = Number.parseInt(readFileSync(lock, 'utf8').trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function busy(dir: string, pid: number | undefined): LocalFileError {
  return new LocalFileError(
    `Another loc run${pid === undefined ? '' : ` (pid ${pid})`} is writing into ${displayPath(dir)}; nothing was requested or written.`,
    {
      hint: `Wait for it to finish and run the command again. If no loc is running, remove ${displayPath(join(dir, LOCK_NAME))}.`,
    },
  );
}
