import { foldName } from './writable-path';

/**
 * Characters no file name or path template of loc may hold: C0 controls (NUL included), DEL, C1 controls,
 * and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a name read
 * differently from what it is, in a terminal or a code review.
 */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Whether `name` holds a character of UNSAFE_CHARACTER. */
export function hasUnsafeCharacter(name: string): boolean {
  return UNSAFE_CHARACTER.test(name);
}

/** `name` with each unsafe character shown as its code point (`\u001b`), so a message shows it without acting on it. */
export function printable(name: string): string {
  return name.replace(
    new RegExp(UNSAFE_CHARACTER.source, 'g'),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

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
