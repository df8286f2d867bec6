import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { foldName } from '@loc/sdk/internal';

/**
 * Names loc keeps for itself at the top of a folder it writes into: its records, its lock and its
 * staging folders. No file of an export or release may land on one (a ZIP that ships a `.loc-export.json`
 * would rewrite what loc believes it wrote).
 */
export const EXPORT_RECORD_NAME = '.loc-export.json';
export const RELEASE_RECORD_NAME = '.loc-release.json';
export const RECORD_NAMES: readonly string[] = [EXPORT_RECORD_NAME, RELEASE_RECORD_NAME];
export const LOCK_NAME = '.loc-lock';
export const STAGING_PREFIX = '.loc-staging-';

/**
 * A new staging file's path in `dir`: loc's prefix, the process id and 8 random hex digits, so that runs
 * side by side never pick one name (each is created with O_EXCL all the same). One definition for the
 * config file's, an output folder's and the lock's staging files, which the sweep of stale names finds.
 *
 * @example stagingPath('/app/locales', 'tmp') // '/app/locales/.loc-staging-4242-9f86d081.tmp'
 */
export function stagingPath(dir: string, extension: string): string {
  return join(dir, `${STAGING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}.${extension}`);
}

/** Whether a relative path (`/` separators) is, or lies below, one of loc's own names. */
export function isReservedName(path: string): boolean {
  const first = foldName(path.split('/')[0] ?? '');
  return RECORD_NAMES.includes(first) || first === LOCK_NAME || first.startsWith(STAGING_PREFIX);
}
