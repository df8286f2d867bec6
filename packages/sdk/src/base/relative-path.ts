/**
 * The lexical rule for a file's path that a stranger names: a ZIP entry loc unzips, a file uploaded to
 * loc-mock (its name and its `path`), a seed's file path, the parts of a path loc writes to. Written once
 * here, as docs/security.md's first table says: `@loc/cli` adds its own rules about which folders and
 * names of a repository it may write (files/writable-path.ts), and every surface takes at least these.
 *
 * A path is read with `/` and `\` both as separators, as the systems it reaches do (Windows, a ZIP tool).
 */

/** Characters that have no place in a file name: C0 controls (NUL too), DEL, C1 controls, bidi overrides and isolates. */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Device names Windows opens whatever the extension (`nul.json` is the null device), with superscript digits too. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)( *\..*)?$/;

/** The longest name most file systems take (ext4, APFS, NTFS: 255 bytes). */
export const MAX_NAME_BYTES = 255;

/** Whether `name` holds a character no file name may: a control character or a bidirectional override. */
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
 * A segment of a path as the file systems loc's users write to compare it, so that two names they take for
 * one fold to one: case (NTFS, APFS and HFS+ ignore it; `ſ` and `K` fold to `s` and `k`), Unicode
 * normalisation (APFS and HFS+ take NFC and NFD for one; compatibility forms such as `ｇ` fold too),
 * invisible characters that HFS+ drops (`.g\u200cit`), an NTFS stream after a colon
 * (`.git::$INDEX_ALLOCATION`), and the dots and spaces Windows drops at the end (`.git.`, `vercel.json `), as
 * git itself compares `.git` (`is_ntfs_dotgit`, `is_hfs_dotgit`). What is left of `..`, `. .` or `．．` is '',
 * which the rule refuses.
 *
 * @example foldName('Vercel.JSON. ') // 'vercel.json'
 */
export function foldName(segment: string): string {
  const folded = segment
    .replace(/[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]|\u034f/g, '')
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/:.*$/s, '');
  return folded.replace(/[. ]+$/, '');
}

/**
 * A relative path with each segment folded (foldName), `/` and `\\` both separators and empty or `.` segments
 * dropped: two paths a file system takes for one have one folded path (`a//B\\c.json.` and `a/b/c.json`).
 * For refusing two files of one delivery or upload on one path.
 */
export function foldPath(path: string): string {
  return path
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .map(foldName)
    .join('/');
}

/** Why one segment of a path is refused, whatever its place: `outside` for a step out, `name` for the rest. */
export interface SegmentProblem {
  rule: 'outside' | 'name';
  reason: string;
  /** A name Windows opens as a device (`NUL.json`): a caller that knows what was meant says what it is not. */
  device?: true;
}

/** What no segment of a path may be: a step out (`..`, `. .`, `%2e%2e`), unsafe characters, a device, too long. */
export function segmentProblem(segment: string): SegmentProblem | undefined {
  // `...`, `.. `, `．．`, `%2e%2e`: a name a file system (or a server that decodes it) reads as `.` or `..`.
  const decoded = segment.replace(/%2e/gi, '.').replace(/%2f|%5c/gi, '/');
  if (foldName(segment) === '' || decoded.includes('/') || foldName(decoded) === '')
    return {
      rule: 'outside',
      reason: `has a part (${JSON.stringify(segment)}) that a file system reads as "." or ".."`,
    };
  if (hasUnsafeCharacter(segment)) return { rule: 'name', reason: 'has a control character in its name' };
  if (new TextEncoder().encode(segment).byteLength > MAX_NAME_BYTES)
    return { rule: 'name', reason: `has a name longer than ${MAX_NAME_BYTES} bytes, which file systems refuse` };
  if (WINDOWS_DEVICE.test(foldName(segment)))
    return {
      rule: 'name',
      reason: `has a part named ${JSON.stringify(segment)}, which Windows opens as a device`,
      device: true,
    };
  return undefined;
}

/**
 * Why `path` is not a relative path that stays below the folder it is read from, or `undefined` when it is
 * one. Refused: absolute paths (`/x`, `\\host\x`, `C:x`), empty paths (unless `empty` allows them, for a
 * folder that may be the root), and any segment segmentProblem refuses. Empty segments (`a//b`) and `.` are
 * nothing and pass. The reason reads after the path: "'../x' has a part ("..") that …".
 */
export function relativePathProblem(path: string, { empty = false }: { empty?: boolean } = {}): string | undefined {
  if (hasUnsafeCharacter(path)) return 'has a control character in its name';
  const slashed = path.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) return 'is an absolute path';
  const segments = slashed.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0) return empty ? undefined : 'is empty';
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) return problem.reason;
  }
  return undefined;
}
