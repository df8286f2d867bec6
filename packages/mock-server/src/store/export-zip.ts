// An export's ZIP from its files' texts: each file written in each locale, deflated (kept for later
// exports), zipped. Pure of threads: the build thread (export-thread-worker.ts) and the main thread
// (export-builder.ts, where there is no build thread) run this same code, so both give the same bytes.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SEGMENT_STATUSES, type SegmentStatus } from '@loc/sdk/internal';
import { fileWriterFor, type Entry, type Writer } from '../formats';
import { createMadeCache, identities } from './made-cache';
import { createZipWriter, deflateEntry, type ZipEntry } from './zip';

/**
 * The strings of one resource file, column by column: what a writer needs of it in every locale, and no
 * more. This is what a build thread receives of a file, once (an upload never changes a file's strings in
 * place: it makes a new file, whose texts are new), and it is several times smaller to copy than the segments.
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

/**
 * Where one file of a build goes in one locale. An export writes each in the build's format; a release
 * bundle (store/sdk-bundles.ts) may write one file twice, each in a format of its own (`.strings` and
 * `.stringsdict`), and name the locale inside as its reader looks it up (`bundleLocale`).
 */
export interface Placement {
  locale: string;
  path: string;
  /** The writer, when not the build's format: an export format id or a bundle writer's (formats/index.ts). */
  format?: string;
  bundleLocale?: string;
}

/** One file of a build: its texts and where it goes in each locale. */
export interface FileToBuild {
  texts: FileTexts;
  locales: Placement[];
}

/** One export ZIP to make: the format, what its headers name, and each file's paths per locale. */
export interface ExportBuild {
  format: string;
  sourceLocale: string;
  projectTitle: string;
  revisedAt: string;
  files: { file: number; locales: Placement[] }[];
}

/**
 * The entries a writer gets for one locale: the keys that have a text there, in the file's order, each
 * with its status. An untranslated key is left out of every format, XLIFF included: an app that reads
 * the file (Angular's localize, Symfony's XliffFileLoader) takes an empty target for an empty text,
 * where a missing one falls back to another locale (docs/decisions.md, "Untranslated keys").
 */
function entriesOf(file: FileTexts, locale: string, only?: ReadonlySet<SegmentStatus>): Entry[] {
  const values = file.texts[locale];
  const statuses = file.statuses[locale];
  const entries: Entry[] = [];
  if (!values) return entries;
  for (let i = 0; i < file.keys.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    const status = SEGMENT_STATUSES[statuses?.[i] ?? -1];
    if (only && !(status && only.has(status))) continue;
    const entry: Entry = { key: file.keys[i]!, source: file.sources[i]!, value };
    if (status) entry.status = status;
    const comment = file.comments[i];
    if (comment) entry.comment = comment;
    entries.push(entry);
  }
  return entries;
}

/** The writer of a format (an export format id or a bundle writer's): one that does not exist is a bug. */
function writerOf(format: string): Writer {
  const write = fileWriterFor(format);
  if (!write) throw new Error(`no writer for ${format}`);
  return write;
}

/**
 * One file of a build written in one placement (a locale and its path, and the placement's own writer
 * where it has one): what an export's ZIP holds, and what a download of the file serves. With `only`,
 * the translations of those statuses alone (a download's `target:filterByStatus`); a key left out is not
 * in the file, as an untranslated one is not.
 *
 * @example
 * const text = writeFileText({ format: 'json.standard', sourceLocale: 'en', projectTitle: 'App', revisedAt }, texts, { locale: 'de', path: 'de/app.json' });
 */
export function writeFileText(
  build: Omit<ExportBuild, 'files'>,
  file: FileTexts,
  { locale, path, format, bundleLocale }: Placement,
  only?: ReadonlySet<SegmentStatus>,
): string {
  return writerOf(format ?? build.format)({
    locale,
    ...(bundleLocale !== undefined ? { bundleLocale } : {}),
    sourceLocale: build.sourceLocale,
    path,
    entries: entriesOf(file, locale, only),
    keys: file.keys,
    sources: file.sources,
    projectTitle: build.projectTitle,
    revisedAt: build.revisedAt,
  });
}

/**
 * Deflated entries kept across exports, in bytes at most: the six formats of the two scale projects
 * (10,000 keys × 30 locales) take ~40 MiB. Past it the least recently used go first.
 */
const MAX_CACHED_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * Deflated entries by everything that decides their bytes: the file's texts (by identity) and each input
 * of the writer. Rendering and deflating a file is almost all of an export's cost (~300 ms of CPU for
 * 300,000 keys), and a project's exports repeat it while nothing changed: a CI job pulls the same files run
 * after run. The cache of this thread (the build thread's, or the main thread's when there is none).
 */
const entryCache = createMadeCache<ZipEntry>(
  MAX_CACHED_ENTRY_BYTES,
  (made) => made.data.byteLength + made.name.byteLength,
);
const textsId = identities<FileTexts>();

/** The key of one file of one build in the entry cache. */
function entryKey(build: ExportBuild, texts: FileTexts, { locale, path, format, bundleLocale }: Placement): string {
  const { sourceLocale, projectTitle, revisedAt } = build;
  return JSON.stringify([
    textsId(texts),
    format ?? build.format,
    sourceLocale,
    projectTitle,
    revisedAt,
    locale,
    path,
    bundleLocale,
  ]);
}

/**
 * Writes each file of the build in each of its locales and ZIPs them: the same bytes on whichever thread
 * it runs. A file already rendered and deflated with the same texts and inputs is taken from the cache
 * (see entryCache). Otherwise it yields to the event loop before each file (so other work on that
 * thread, and the deflate callbacks, go on), and deflates on libuv's thread pool while it writes the next
 * file.
 *
 * @example
 * const bytes = await zipExport(build, (id) => filesById.get(id)!);
 */
export async function zipExport(build: ExportBuild, fileTexts: (id: number) => FileTexts): Promise<Uint8Array> {
  writerOf(build.format);
  const zip = createZipWriter();
  const encoder = new TextEncoder();
  for (const { file: id, locales } of build.files) {
    const file = fileTexts(id);
    for (const placement of locales) {
      const { path } = placement;
      const key = entryKey(build, file, placement);
      const cached = entryCache.get(key);
      if (cached) {
        await zip.addEntry(path, cached);
        continue;
      }
      await nextTurn();
      const text = writeFileText(build, file, placement);
      const entry = deflateEntry(path, encoder.encode(text));
      entryCache.put(key, entry);
      await zip.addEntry(path, entry);
    }
  }
  return zip.finish();
}
