import { placeholderSignature } from '../types/placeholders';
import { firstSorted } from './first-keys';
import { type Content, decoded, type Entries, formatOf, readEntries, readKeys } from './read';

/**
 * The key-by-key change summary of `loc export` and `loc export --check`: per locale, the keys an export
 * adds, changes and removes, compared file by file with what the output folder holds, and the first keys
 * of each kind. A file that cannot be read key by key (a format loc has no reader for, or a file its
 * parser refuses) is counted as a file, and the summary says so.
 */

export type KeyChangeKind = 'added' | 'changed' | 'removed';
const KINDS: readonly KeyChangeKind[] = ['added', 'changed', 'removed'];

/**
 * One file that differs: its content before (none when added) and after (none when removed), as text or as
 * its UTF-8 bytes (a file new or gone is read from its bytes: summary/strings-keys.ts).
 */
export interface ChangedFile {
  /** Relative to the output folder, `/` separators. */
  path: string;
  locale: string | undefined;
  /** The file as the output folder holds it now; undefined when it is not there yet. */
  before: Content | undefined;
  /** The file as the export would write it; undefined when the export no longer holds it. */
  after: Content | undefined;
}

/**
 * What comparing one file found: the same text on both sides; its counts of each kind with its first keys
 * (at most `keysShown` of each, sorted); or why it could not be read key by key. Small, so that a worker
 * thread hands it back cheaply (summary/compare.ts).
 */
export type FileOutcome =
  | { kind: 'same' }
  | {
      kind: 'read';
      change: FileChange;
      counts: Record<KeyChangeKind, number>;
      keys: Record<KeyChangeKind, string[]>;
      /** Changed keys whose placeholders changed (placeholderSignature): how many, and the first. */
      placeholders?: { count: number; keys: string[] };
    }
  | { kind: 'unread'; change: FileChange; reason: string };

/** What happens to a file as a whole. */
type FileChange = 'added' | 'changed' | 'removed';

export interface LocaleSummary {
  /** The locale as delivered (the locale map applied); null for files of no locale. */
  locale: string | null;
  added: number;
  changed: number;
  removed: number;
  /** The first keys of each kind (at most `keysShown`), sorted. */
  keys: Record<KeyChangeKind, string[]>;
  /**
   * Changed keys whose placeholders changed (`{name}`, `{{name}}`, `%1$s`…: a value renamed, added or
   * dropped), which breaks the app's calls of them: how many, and the first (at most `keysShown`), sorted.
   * Only when there are some.
   */
  placeholders?: { count: number; keys: string[] };
}

/** A file the summary counts only as a file. */
export interface UnreadFile {
  path: string;
  locale: string | null;
  change: FileChange;
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

/** The changes of `before` → `after`, key by key, and the changed keys whose placeholders changed. */
function diffEntries(before: Entries, after: Entries): Record<KeyChangeKind | 'placeholders', string[]> {
  const changes: Record<KeyChangeKind | 'placeholders', string[]> = {
    added: [],
    changed: [],
    removed: [],
    placeholders: [],
  };
  for (const [key, value] of after) {
    const old = before.get(key);
    if (old === undefined) changes.added.push(key);
    else if (old !== value) {
      changes.changed.push(key);
      if (placeholderSignature(old) !== placeholderSignature(value)) changes.placeholders.push(key);
    }
  }
  for (const key of before.keys()) if (!after.has(key)) changes.removed.push(key);
  return changes;
}

/** Every key `after` adds to `before`, changes there, and lacks of it: each list whole and sorted. */
export interface KeyChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/**
 * The keys and values of one file compared, every key named (what `loc push --dry-run` shows: the file the
 * service has now, and the one that would be pushed).
 *
 * @example
 * diffKeys(new Map([['a', 'x'], ['c', 'z']]), new Map([['a', 'y'], ['b', 'z']]))
 * // { added: ['b'], changed: ['a'], removed: ['c'] }
 */
export function diffKeys(before: Entries, after: Entries): KeyChanges {
  const { added, changed, removed } = diffEntries(before, after);
  // Sorted by code units, as firstSorted sorts.
  return { added: added.sort(), changed: changed.sort(), removed: removed.sort() };
}

/**
 * One file compared key by key. A file that cannot be read key by key (a format loc has no reader for,
 * or a text its parser refuses) is `unread`, with the reason.
 *
 * @example
 * await compareFile({ path: 'de/app.json', locale: 'de', before: '{"a":"x"}', after: '{"a":"y","b":"z"}' }, 10)
 * // { kind: 'read', change: 'changed', counts: { added: 1, changed: 1, removed: 0 }, keys: … }
 */
export async function compareFile(file: ChangedFile, keysShown: number): Promise<FileOutcome> {
  const change = file.before === undefined ? 'added' : file.after === undefined ? 'removed' : 'changed';
  // Both sides as texts when there are two: the same text (bytes that decode alike) is no change.
  const before = change === 'changed' ? decoded(file.before!) : file.before;
  const after = change === 'changed' ? decoded(file.after!) : file.after;
  if (before === after) return { kind: 'same' };
  if (!formatOf(file.path)) return { kind: 'unread', change, reason: 'loc has no reader for this format' };
  const none = { added: 0, changed: 0, removed: 0 };
  const noKeys = { added: [], changed: [], removed: [] };
  try {
    // A file that is new (or gone) is read for its keys only: there are no values to compare.
    if (change !== 'changed') {
      const { count, first } = await readKeys(file.path, (after ?? before)!, file.locale, keysShown);
      return { kind: 'read', change, counts: { ...none, [change]: count }, keys: { ...noKeys, [change]: first } };
    }
    const changes = diffEntries(
      await readEntries(file.path, before as string, file.locale),
      await readEntries(file.path, after as string, file.locale),
    );
    const counts = { added: changes.added.length, changed: changes.changed.length, removed: changes.removed.length };
    const keys = {
      added: firstSorted(changes.added, keysShown),
      changed: firstSorted(changes.changed, keysShown),
      removed: firstSorted(changes.removed, keysShown),
    };
    const placeholders = { count: changes.placeholders.length, keys: firstSorted(changes.placeholders, keysShown) };
    return { kind: 'read', change, counts, keys, ...(placeholders.count ? { placeholders } : {}) };
  } catch (error) {
    return { kind: 'unread', change, reason: `it could not be read: ${(error as Error).message}` };
  }
}

/**
 * The summary of compared files: `outcomes[i]` is what comparing `files[i]` found. A locale's first keys
 * of a kind are the first of its files' first keys (the first n of a union are among the first n of its
 * parts).
 */
export function summarizeOutcomes(
  files: readonly { path: string; locale: string | undefined }[],
  outcomes: readonly FileOutcome[],
  keysShown: number,
): KeySummary {
  const byLocale = new Map<
    string | null,
    {
      counts: Record<KeyChangeKind, number>;
      keys: Record<KeyChangeKind, string[]>;
      placeholders: { count: number; keys: string[] };
    }
  >();
  const unread: UnreadFile[] = [];
  let changedFiles = 0;
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.kind === 'same') continue;
    changedFiles++;
    const { path, locale: fileLocale } = files[index]!;
    const locale = fileLocale ?? null;
    if (outcome.kind === 'unread') {
      unread.push({ path, locale, change: outcome.change, reason: outcome.reason });
      continue;
    }
    let entry = byLocale.get(locale);
    if (!entry) {
      entry = {
        counts: { added: 0, changed: 0, removed: 0 },
        keys: { added: [], changed: [], removed: [] },
        placeholders: { count: 0, keys: [] },
      };
      byLocale.set(locale, entry);
    }
    if (outcome.placeholders) {
      entry.placeholders.count += outcome.placeholders.count;
      entry.placeholders.keys.push(...outcome.placeholders.keys);
    }
    for (const kind of KINDS) {
      entry.counts[kind] += outcome.counts[kind];
      entry.keys[kind].push(...outcome.keys[kind]);
    }
  }
  const locales = [...byLocale]
    .sort(([a], [b]) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0))
    .map(([locale, { counts, keys, placeholders }]) => ({
      locale,
      ...counts,
      keys: Object.fromEntries(KINDS.map((k) => [k, firstSorted(keys[k], keysShown)])) as Record<
        KeyChangeKind,
        string[]
      >,
      ...(placeholders.count
        ? { placeholders: { count: placeholders.count, keys: firstSorted(placeholders.keys, keysShown) } }
        : {}),
    }))
    .filter((l) => l.added + l.changed + l.removed > 0);
  const totals = { added: 0, changed: 0, removed: 0 };
  for (const l of locales) for (const kind of KINDS) totals[kind] += l[kind];
  return { totals, locales, unread, files: changedFiles, keysShown };
}
