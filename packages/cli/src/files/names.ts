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

/** Whether a relative path (`/` separators) is, or lies below, one of loc's own names. */
export function isReservedName(path: string): boolean {
  const first = foldName(path.split('/')[0] ?? '');
  return RECORD_NAMES.includes(first) || first === LOCK_NAME || first.startsWith(STAGING_PREFIX);
}
