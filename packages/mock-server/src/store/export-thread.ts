// The export build thread as the main thread drives it: started on the first build, sent each file's
// texts once, asked for ZIPs by file id. What runs inside it is export-thread-worker.ts; the two speak
// the messages declared here.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportBuild, FileTexts, FileToBuild } from './export-zip';

/** What the main thread sends the build thread, and what that thread answers. */
export type BuildMessage =
  | { type: 'files'; files: { id: number; texts: FileTexts }[] }
  | { type: 'forget'; ids: number[] }
  | { type: 'build'; id: number; build: ExportBuild };
export type BuildReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/**
 * The worker thread and what it holds: each file's texts are sent once (and forgotten there when this
 * side no longer has them), then builds name files by id. The worker does not keep the process alive
 * while it has nothing to do. If it dies, the builds it had fail (their exports end in ERROR) and the
 * next build starts a new one, unless it never answered at all: then `broken` is told, once.
 */
export function createExportThread(script: URL, broken: (error: Error) => void) {
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
