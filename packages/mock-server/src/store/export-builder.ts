import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { zipExport, type BuildMessage, type BuildReply, type ExportBuild, type FileTexts } from './export-build';
import { createMadeCache, identities } from './made-cache';

/**
 * The build thread's script, beside the bundle that runs this one (dist/). Running from the sources (the
 * tests) there is none, and builds run on the calling thread: the same code, the same bytes.
 */
const WORKER_SCRIPT = new URL('./export-worker.js', import.meta.url);

/** One file of a build: its texts and its path in each locale. */
export interface FileToBuild {
  texts: FileTexts;
  locales: { locale: string; path: string }[];
}

/**
 * Makes export ZIPs. Where the build thread's script exists (the built package), on that one worker
 * thread: serializing 120 files of 10,000 keys takes the CPU for a while, and there it takes another core
 * instead of the event loop, so no request waits behind a build. Otherwise on this thread, yielding
 * between files. A worker that dies before it ever answered (a broken install: it cannot load its
 * modules) is not tried again: its builds, and all later ones, run on this thread, and it says so once.
 *
 * @example
 * const builder = createExportBuilder(new URL('./export-worker.js', import.meta.url));
 * const zip = await builder.build({ format: 'json.standard', sourceLocale: 'en', projectTitle: 'App',
 *   revisedAt: '2026-01-01T00:00:00.000Z' }, [{ texts, locales: [{ locale: 'de', path: 'de/app.json' }] }]);
 */
export function createExportBuilder(script: URL) {
  let thread: ReturnType<typeof createBuildThread> | null | undefined; // undefined: not looked for yet
  const broken = (error: Error) => {
    thread = null;
    console.error(`[loc-mock] the export build thread did not start (${error.message}); building on the main thread`);
  };
  // Export ZIPs by everything that decides their bytes: each file's texts (by identity, as the build
  // thread's entry cache keys them), its paths per locale, and the build's other inputs. A CI job pulls
  // the same files run after run: with every entry kept already (export-build.ts), what an export still
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
      files.map((file) => [textsId(file.texts), file.locales.map(({ locale, path }) => [locale, path])]),
    ]);
  async function make(what: Omit<ExportBuild, 'files'>, files: FileToBuild[]): Promise<Uint8Array> {
    if (thread === undefined) thread = existsSync(fileURLToPath(script)) ? createBuildThread(script, broken) : null;
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

/**
 * The worker thread and what it holds: each file's texts are sent once (and forgotten there when this
 * side no longer has them), then builds name files by id. The worker does not keep the process alive
 * while it has nothing to do. If it dies, the builds it had fail (their exports end in ERROR) and the
 * next build starts a new one, unless it never answered at all: then `broken` is told, once.
 */
function createBuildThread(script: URL, broken: (error: Error) => void) {
  let answered = false;
  let worker: Worker | undefined;
  let sent = new Set<number>(); // ids of the files the current worker holds
  const ids = new WeakMap<FileTexts, number>();
  let nextFileId = 1;
  let nextBuildId = 1;
  // Each build keeps its files' texts reachable until it is done: the worker must not forget them meanwhile.
  const pending = new Map<number, { files: FileToBuild[]; resolve(bytes: Uint8Array): void; reject(e: Error): void }>();
  const forget = new FinalizationRegistry<number>((id) => {
    if (worker && sent.delete(id)) worker.postMessage({ type: 'forget', ids: [id] } satisfies BuildMessage);
  });

  function settle(reply: BuildReply) {
    const build = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker?.unref();
    if ('error' in reply) build?.reject(new Error(`the export build thread failed: ${reply.error}`));
    else build?.resolve(reply.bytes);
  }

  function start(): Worker {
    const w = new Worker(fileURLToPath(script));
    const stopped = (error: Error) => {
      if (worker !== w) return;
      worker = undefined;
      sent = new Set();
      if (!answered) broken(error);
      for (const id of [...pending.keys()]) settle({ id, error: error.message });
    };
    w.on('message', (reply: BuildReply) => {
      answered = true;
      settle(reply);
    });
    w.on('error', stopped);
    w.on('exit', (code) => stopped(new Error(`it exited with code ${code}`)));
    w.unref();
    return w;
  }

  function idOf(texts: FileTexts): number {
    let id = ids.get(texts);
    if (id === undefined) {
      ids.set(texts, (id = nextFileId++));
      forget.register(texts, id);
    }
    return id;
  }

  return {
    async build(what: Omit<ExportBuild, 'files'>, files: FileToBuild[]): Promise<Uint8Array> {
      const w = (worker ??= start());
      const build: ExportBuild = { ...what, files: [] };
      for (const file of files) {
        const id = idOf(file.texts);
        if (!sent.has(id)) {
          // One file per message, with a turn of the event loop after it: copying a large file's texts
          // takes a few milliseconds, and other requests go on in between.
          w.postMessage({ type: 'files', files: [{ id, texts: file.texts }] } satisfies BuildMessage);
          sent.add(id);
          await nextTurn();
          if (worker !== w) throw new Error('the export build thread stopped');
        }
        build.files.push({ file: id, locales: file.locales });
      }
      const id = nextBuildId++;
      const done = new Promise<Uint8Array>((resolve, reject) => pending.set(id, { files, resolve, reject }));
      w.ref();
      w.postMessage({ type: 'build', id, build } satisfies BuildMessage);
      return done;
    },
  };
}
