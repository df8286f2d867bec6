import { setImmediate as nextTurn } from 'node:timers/promises';
import { SEGMENT_STATUSES } from '@loc/sdk';
import { writerFor, type Entry } from '../formats';
import { createZipWriter } from './zip';

/**
 * The strings of one resource file, column by column: what a writer needs of it in every locale, and no
 * more. This is what a build thread receives of a file, once (a seed's strings never change while the mock
 * runs: the API has no call that writes them), and it is several times smaller to copy than the segments.
 */
export interface FileTexts {
  keys: string[];
  sources: string[];
  comments: (string | undefined)[];
  /** Per locale, the text of each key, or null where the key is left out of that locale's file. */
  texts: Record<string, (string | null)[]>;
  /** Per locale, the status of each key as an index into SEGMENT_STATUSES (one byte each: cheap to send). */
  statuses: Record<string, Uint8Array>;
}

/** One export ZIP to make: the format, what its headers name, and each file's paths per locale. */
export interface ExportBuild {
  format: string;
  sourceLocale: string;
  projectTitle: string;
  revisedAt: string;
  files: { file: number; locales: { locale: string; path: string }[] }[];
}

/** What the main thread sends a build thread, and what that thread answers. */
export type BuildMessage =
  | { type: 'files'; files: { id: number; texts: FileTexts }[] }
  | { type: 'forget'; ids: number[] }
  | { type: 'build'; id: number; build: ExportBuild };
export type BuildReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/**
 * The entries a writer gets for one locale: the keys that have a text there, in the file's order, each
 * with its status. An untranslated key is left out of every format, XLIFF included: an app that reads
 * the file (Angular's localize, Symfony's XliffFileLoader) takes an empty target for an empty text,
 * where a missing one falls back to another locale (docs/decisions.md, "Untranslated keys").
 */
function entriesOf(file: FileTexts, locale: string): Entry[] {
  const values = file.texts[locale];
  const statuses = file.statuses[locale];
  const entries: Entry[] = [];
  if (!values) return entries;
  for (let i = 0; i < file.keys.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    const entry: Entry = { key: file.keys[i]!, source: file.sources[i]!, value };
    const status = SEGMENT_STATUSES[statuses?.[i] ?? -1];
    if (status) entry.status = status;
    const comment = file.comments[i];
    if (comment) entry.comment = comment;
    entries.push(entry);
  }
  return entries;
}

/**
 * Writes each file of the build in each of its locales and ZIPs them: the same bytes on whichever thread
 * it runs. It yields to the event loop before each file (so other work on that thread, and the deflate
 * callbacks, go on), and deflates on libuv's thread pool while it writes the next file.
 *
 * @example
 * const bytes = await zipExport(build, (id) => filesById.get(id)!);
 */
export async function zipExport(build: ExportBuild, fileTexts: (id: number) => FileTexts): Promise<Uint8Array> {
  const write = writerFor(build.format);
  if (!write) throw new Error(`no writer for ${build.format}`);
  const zip = createZipWriter();
  const encoder = new TextEncoder();
  for (const { file: id, locales } of build.files) {
    const file = fileTexts(id);
    for (const { locale, path } of locales) {
      await nextTurn();
      const text = write({
        locale,
        sourceLocale: build.sourceLocale,
        path,
        entries: entriesOf(file, locale),
        keys: file.keys,
        projectTitle: build.projectTitle,
        revisedAt: build.revisedAt,
      });
      await zip.add(path, encoder.encode(text));
    }
  }
  return zip.finish();
}
