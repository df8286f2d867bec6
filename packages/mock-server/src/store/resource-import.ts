// What an upload does to one resource file, as its switches allow (real-service-notes.md, "Resources";
// what each switch does is @loc's reading, docs/decisions.md "Resources"). Pure: a file comes in, a new
// file comes out (the same object when nothing changed), so every cache keyed on a file stays right.
import type { ImportCounts } from '@loc/sdk';
import type { ReadEntry } from '../formats/reader-types';
import type { ProjectFile, Segment } from './types';

/** The three switches of one side of an import (`source:…` or `target:…`). */
export interface Switches {
  createNew: boolean;
  updateExisting: boolean;
  deactivateMissing: boolean;
}

/**
 * The switches an upload does not set: what is new is created and what changed is updated, and nothing is
 * deactivated unless asked (the service's defaults are not documented; these are loc-mock's).
 */
export const DEFAULT_SWITCHES: Readonly<Switches> = { createNew: true, updateExisting: true, deactivateMissing: false };

/** A translation whose source text changed: kept, with the status that asks for a review. */
const NEEDS_REVIEW = 'DRAFT';

/** What an imported translation is: translated, not yet reviewed. */
const IMPORTED = 'TRANSLATED';

function noCounts(): ImportCounts {
  return { created: 0, updated: 0, deactivated: 0, unchanged: 0, skipped: 0 };
}

/** The file's entries by key, the last of a repeated key winning (as JSON.parse and java.util.Properties read one). */
function byKey(entries: readonly ReadEntry[]): Map<string, ReadEntry> {
  const keyed = new Map<string, ReadEntry>();
  for (const entry of entries) {
    keyed.delete(entry.key);
    keyed.set(entry.key, entry);
  }
  return keyed;
}

/** A segment's translations after its source text changed: each one that has a text waits for a review. */
function reviewed(translations: Segment['translations']): Segment['translations'] {
  const out: Segment['translations'] = {};
  for (const [locale, t] of Object.entries(translations))
    out[locale] =
      t.status === 'NOT_TRANSLATED' || t.status === NEEDS_REVIEW ? t : { text: t.text, status: NEEDS_REVIEW };
  return out;
}

/** `segment` with the source text and comment of `entry` (its translations to review when the text changed). */
function updatedSegment(segment: Segment, entry: ReadEntry): Segment {
  const textChanged = segment.source !== entry.value;
  const comment = entry.comment ?? segment.comment;
  return {
    key: segment.key,
    source: entry.value,
    ...(comment !== undefined ? { comment } : {}),
    translations: textChanged ? reviewed(segment.translations) : segment.translations,
  };
}

/** Whether `entry` would change `segment` (its text, or a comment the file carries). */
function differs(segment: Segment, entry: ReadEntry): boolean {
  return segment.source !== entry.value || (entry.comment !== undefined && entry.comment !== segment.comment);
}

/**
 * A file of the source locale imported into `file` (a new, empty one for a file the upload creates):
 * - a key the file has and the project lacks becomes a segment, NOT_TRANSLATED in every target
 *   (`createNew`); one deactivated before comes back with its translations;
 * - a key whose source text (or comment) differs is updated (`updateExisting`); its translations keep
 *   their text and become DRAFT, to be reviewed against the new source;
 * - a key the file lacks is deactivated (`deactivateMissing`): kept aside with its translations, no
 *   longer exported, counted, or released; only a key the file `holds` (a `.stringsdict` holds a file's
 *   plural forms, its `.strings` the rest: formats/index.ts keysHeldBy);
 * - a comment the file carries replaces the segment's; a format without comments leaves it.
 *
 * @example
 * const { file: next, counts } = importSource(file, [{ key: 'nav.home', value: 'Home' }], DEFAULT_SWITCHES);
 */
export function importSource(
  file: ProjectFile,
  entries: readonly ReadEntry[],
  switches: Switches,
  holds: (key: string) => boolean = () => true,
): { file: ProjectFile; counts: ImportCounts } {
  const counts = noCounts();
  const keyed = byKey(entries);
  const deactivated = new Map((file.deactivated ?? []).map((s) => [s.key, s] as const));
  let changed = false;
  const segments: Segment[] = [];
  const aside: Segment[] = [];
  for (const segment of file.segments) {
    const entry = keyed.get(segment.key);
    if (!entry) {
      if (switches.deactivateMissing && holds(segment.key)) {
        aside.push(segment);
        counts.deactivated++;
        changed = true;
      } else segments.push(segment);
      continue;
    }
    keyed.delete(segment.key);
    if (!differs(segment, entry)) {
      counts.unchanged++;
      segments.push(segment);
    } else if (switches.updateExisting) {
      counts.updated++;
      segments.push(updatedSegment(segment, entry));
      changed = true;
    } else {
      counts.skipped++;
      segments.push(segment);
    }
  }
  // What is left of the file's keys is new to the active segments: created, or brought back.
  for (const entry of keyed.values()) {
    if (!switches.createNew) {
      counts.skipped++;
      continue;
    }
    const before = deactivated.get(entry.key);
    deactivated.delete(entry.key);
    segments.push(
      before
        ? updatedSegment(before, entry)
        : {
            key: entry.key,
            source: entry.value,
            ...(entry.comment !== undefined ? { comment: entry.comment } : {}),
            translations: {},
          },
    );
    counts.created++;
    changed = true;
  }
  if (!changed) return { file, counts };
  const stillAside = [...deactivated.values(), ...aside];
  return { file: { path: file.path, segments, ...(stillAside.length ? { deactivated: stillAside } : {}) }, counts };
}

/**
 * A translation of `locale` imported into `file`:
 * - a key that has no translation there gets the file's text (`createNew`), TRANSLATED;
 * - a translation whose text differs gets the file's (`updateExisting`), TRANSLATED (a reviewer approves it
 *   again); an equal one keeps its status;
 * - a translation of a key the file lacks is removed (`deactivateMissing`): the key is NOT_TRANSLATED there
 *   (only of a key the file `holds`, as importSource);
 * - a key the project lacks is skipped: a segment begins with its source text, in a file of the source locale.
 *
 * @example
 * const { file: next, counts } = importTarget(file, 'de', [{ key: 'nav.home', value: 'Start' }], DEFAULT_SWITCHES);
 */
export function importTarget(
  file: ProjectFile,
  locale: string,
  entries: readonly ReadEntry[],
  switches: Switches,
  holds: (key: string) => boolean = () => true,
): { file: ProjectFile; counts: ImportCounts } {
  const counts = noCounts();
  const keyed = byKey(entries);
  let changed = false;
  const segments = file.segments.map((segment) => {
    const entry = keyed.get(segment.key);
    keyed.delete(segment.key);
    const own = segment.translations[locale];
    const has = own !== undefined && own.status !== 'NOT_TRANSLATED';
    const withTranslation = (translation: Segment['translations'][string] | undefined): Segment => {
      changed = true;
      const translations = { ...segment.translations };
      if (translation) translations[locale] = translation;
      else delete translations[locale];
      return { ...segment, translations };
    };
    if (!entry) {
      if (!has || !switches.deactivateMissing || !holds(segment.key)) return segment;
      counts.deactivated++;
      return withTranslation(undefined);
    }
    if (!has) {
      if (!switches.createNew) {
        counts.skipped++;
        return segment;
      }
      counts.created++;
      return withTranslation({ text: entry.value, status: IMPORTED });
    }
    if (own.text === entry.value) {
      counts.unchanged++;
      return segment;
    }
    if (!switches.updateExisting) {
      counts.skipped++;
      return segment;
    }
    counts.updated++;
    return withTranslation({ text: entry.value, status: IMPORTED });
  });
  counts.skipped += keyed.size;
  if (!changed) return { file, counts };
  return { file: { ...file, segments }, counts };
}
