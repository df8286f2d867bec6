import { readFile } from 'node:fs/promises';
import { type Entries, formatOf, readEntries } from './read';

/**
 * The key-by-key change summary of `loc export` and `loc export --check`: per locale, the keys an export
 * adds, changes and removes, compared file by file with what the output folder holds, and the first keys
 * of each kind. A file that cannot be read key by key (a format loc has no reader for, or a file its
 * parser refuses) is counted as a file, and the summary says so.
 */

export type KeyChangeKind = 'added' | 'changed' | 'removed';
const KINDS: readonly KeyChangeKind[] = ['added', 'changed', 'removed'];

/** One file that differs: its text before (none when added) and after (none when removed). */
export interface ChangedFile {
  /** Relative to the output folder, `/` separators. */
  path: string;
  locale: string | undefined;
  /** The file as the output folder holds it now; undefined when it is not there yet. */
  before: string | undefined;
  /** The file as the export would write it; undefined when the export no longer holds it. */
  after: string | undefined;
}

export interface LocaleSummary {
  /** The locale as delivered (the locale map applied); null for files of no locale. */
  locale: string | null;
  added: number;
  changed: number;
  removed: number;
  /** The first keys of each kind (at most `keysShown`), sorted. */
  keys: Record<KeyChangeKind, string[]>;
}

/** A file the summary counts only as a file. */
export interface UnreadFile {
  path: string;
  locale: string | null;
  change: 'added' | 'changed' | 'removed';
  /** Why it was not read key by key. */
  reason: string;
}

export interface KeySummary {
  totals: Record<KeyChangeKind, number>;
  locales: LocaleSummary[];
  /** Files counted as files only (the summary says it fell back for them). */
  unread: UnreadFile[];
  /** Files that differ, read or not. */
  files: number;
  /** How many keys of each kind are named per locale at most. */
  keysShown: number;
}

/** The changes of `before` → `after`, key by key. */
function diffEntries(before: Entries, after: Entries): Record<KeyChangeKind, string[]> {
  const changes: Record<KeyChangeKind, string[]> = { added: [], changed: [], removed: [] };
  for (const [key, value] of after) {
    const old = before.get(key);
    if (old === undefined) changes.added.push(key);
    else if (old !== value) changes.changed.push(key);
  }
  for (const key of before.keys()) if (!after.has(key)) changes.removed.push(key);
  return changes;
}

/** Reads one side of a file; a parser's failure becomes the reason the file is counted as a file. */
async function entriesOf(file: ChangedFile, text: string | undefined): Promise<Entries> {
  return text === undefined ? new Map() : readEntries(file.path, text, file.locale);
}

/**
 * The summary of `files`, each read on both sides.
 *
 * @example
 * await summarize([{ path: 'de/app.json', locale: 'de', before: '{"a":"x"}', after: '{"a":"y","b":"z"}' }], 10)
 * // totals { added: 1, changed: 1, removed: 0 }
 */
/**
 * The first `n` distinct values in sort order, without sorting them all: a summary names 10 keys of a
 * locale's 10,000, and sorting every locale's keys was a quarter of the summary's time at that scale.
 */
export function firstSorted(values: readonly string[], n: number): string[] {
  const first: string[] = [];
  if (n <= 0) return first;
  for (const value of values) {
    if (first.length === n && value >= first[n - 1]!) continue;
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (first[middle]! < value) low = middle + 1;
      else high = middle;
    }
    if (first[low] === value) continue;
    first.splice(low, 0, value);
    if (first.length > n) first.pop();
  }
  return first;
}

export async function summarize(files: readonly ChangedFile[], keysShown: number): Promise<KeySummary> {
  const byLocale = new Map<
    string | null,
    { counts: Record<KeyChangeKind, number>; keys: Record<KeyChangeKind, string[]> }
  >();
  const unread: UnreadFile[] = [];
  for (const file of files) {
    if (file.before === file.after) continue;
    const change = file.before === undefined ? 'added' : file.after === undefined ? 'removed' : 'changed';
    const locale = file.locale ?? null;
    if (!formatOf(file.path)) {
      unread.push({ path: file.path, locale, change, reason: 'loc has no reader for this format' });
      continue;
    }
    let changes: Record<KeyChangeKind, string[]>;
    try {
      changes = diffEntries(await entriesOf(file, file.before), await entriesOf(file, file.after));
    } catch (error) {
      unread.push({ path: file.path, locale, change, reason: `it could not be read: ${(error as Error).message}` });
      continue;
    }
    let entry = byLocale.get(locale);
    if (!entry) {
      entry = { counts: { added: 0, changed: 0, removed: 0 }, keys: { added: [], changed: [], removed: [] } };
      byLocale.set(locale, entry);
    }
    for (const kind of KINDS) {
      entry.counts[kind] += changes[kind].length;
      entry.keys[kind].push(...changes[kind]);
    }
  }
  const locales = [...byLocale]
    .sort(([a], [b]) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0))
    .map(([locale, { counts, keys }]) => ({
      locale,
      ...counts,
      keys: Object.fromEntries(KINDS.map((k) => [k, firstSorted(keys[k], keysShown)])) as Record<
        KeyChangeKind,
        string[]
      >,
    }))
    .filter((l) => l.added + l.changed + l.removed > 0);
  const totals = { added: 0, changed: 0, removed: 0 };
  for (const l of locales) for (const kind of KINDS) totals[kind] += l[kind];
  return { totals, locales, unread, files: files.filter((f) => f.before !== f.after).length, keysShown };
}

/** A file's text, or undefined when it is not there. */
export async function textIfAny(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}
