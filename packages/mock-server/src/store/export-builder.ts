// Where an export's ZIP is made, and the ZIPs kept: on the build thread where its script exists
// (export-thread.ts), else on this thread (export-zip.ts); a ZIP made before for the same inputs is
// handed out again. project-files.ts calls this for every export and release bundle.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createExportThread } from './export-thread';
import { type ExportBuild, type FileTexts, type FileToBuild, zipExport } from './export-zip';
import { createMadeCache, identities } from './made-cache';

/**
 * The build thread's script, beside the bundle that runs this one (dist/). Running from the sources (the
 * tests) there is none, and builds run on the calling thread: the same code, the same bytes.
 */
const WORKER_SCRIPT = new URL('./export-thread-worker.js', import.meta.url);

/**
 * Makes export ZIPs. Where the build thread's script exists (the built package), on that one worker
 * thread: serializing 120 files of 10,000 keys takes the CPU for a while, and there it takes another core
 * instead of the event loop, so no request waits behind a build. Otherwise on this thread, yielding
 * between files. A worker that dies before it ever answered (a broken install: it cannot load its
 * modules) is not tried again: its builds, and all later ones, run on this thread, and it says so once.
 *
 * @example
 * const builder = createExportBuilder(new URL('./export-thread-worker.js', import.meta.url));
 * const zip = await builder.build({ format: 'json.standard', sourceLocale: 'en', projectTitle: 'App',
 *   revisedAt: '2026-01-01T00:00:00.000Z' }, [{ texts, locales: [{ locale: 'de', path: 'de/app.json' }] }]);
 */
export function createExportBuilder(script: URL) {
  let thread: ReturnType<typeof createExportThread> | null | undefined; // undefined: not looked for yet
  const broken = (error: Error) => {
    thread = null;
    console.error(`[loc-mock] the export build thread did not start (${error.message}); building on the main thread`);
  };
  // Export ZIPs by everything that decides their bytes: each file's texts (by identity, as the build
  // thread's entry cache keys them), its paths per locale, and the build's other inputs. A CI job pulls
  // the same files run after run: with every entry kept already (export-zip.ts), what an export still
  // cost was joining them into a new ZIP of a few megabytes, moving it from the build thread, and the
  // garbage collections that new buffer set off on a heap that holds the seed (at 10,000 keys × 30
  // locales, ~25 ms of CPU per export). The same bytes are handed out again: nothing writes into an
  // export's ZIP once made (the storage serves it as it is).
  const made = createMadeCache<Uint8Array>(MAX_CACHED_ZIP_BYTES, (zip) => zip.byteLength);
  const textsId = identities<FileTexts>();
  const keyOf = ({ format, sourceLocale, projectTitle, revisedAt }: Omit<ExportBuild, 'files'>, files: FileToBuild[]) =>
    JSON.stringify([
      format,
      sourceLocale,
      projectTitle,
      revisedAt,
      files.map((file) => [
        textsId(file.texts),
        file.locales.map(({ locale, path, format, bundleLocale }) => [locale, path, format, bundleLocale]),
      ]),
    ]);
  async function make(what: Omit<ExportBuild, 'files'>, files: FileToBuild[]): Promise<Uint8Array> {
    if (thread === undefined) thread = existsSync(fileURLToPath(script)) ? createExportThread(script, broken) : null;
    if (thread) {
      try {
        return await thread.build(what, files);
      } catch (error) {
        if (thread) throw error;
      }
    }
    const byId = files.map((f) => f.texts);
    return zipExport({ ...what, files: files.map((f, i) => ({ file: i, locales: f.locales })) }, (i) => byId[i]!);
  }
  return {
    build(what: Omit<ExportBuild, 'files'>, files: FileToBuild[]): Promise<Uint8Array> {
      const key = keyOf(what, files);
      return made.get(key) ?? made.put(key, make(what, files));
    },
  };
}

/**
 * Whole export ZIPs kept across exports, in bytes at most (the six formats of the two scale projects take
 * ~27 MiB); past it the least recently used go first.
 */
const MAX_CACHED_ZIP_BYTES = 64 * 1024 * 1024;

/** The builder of this process, shared by every mock service in it (one worker thread at most). */
const builder = createExportBuilder(WORKER_SCRIPT);

/** Makes an export's ZIP with the process's builder (see createExportBuilder). */
export function buildExport(what: Omit<ExportBuild, 'files'>, files: FileToBuild[]): Promise<Uint8Array> {
  return builder.build(what, files);
}
