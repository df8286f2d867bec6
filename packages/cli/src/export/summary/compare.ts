import { readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { compareFile, type FileOutcome } from './diff';

/**
 * Reading and comparing the files of a change summary, on this thread and, when there is much to read,
 * on a worker thread at the same time: on the scale seed (120 files, 19 MB of text, every file new) the
 * reading was most of what the summary added to `loc export --check`, with the second core idle. Both
 * threads take the next file from one shared counter, so neither waits for the other; each hands back a
 * small outcome per file (counts and the first keys, summary/diff.ts), never the texts.
 */

/** One file to compare, by where its two sides are: undefined (or a missing file) is no text. */
export interface FileToCompare {
  /** Relative to the output folder, `/` separators (what the summary shows). */
  path: string;
  locale: string | undefined;
  /** The file in the output folder, when there may be one. */
  before: string | undefined;
  /** The file as the export would write it (staged), when the export holds it. */
  after: string | undefined;
}

/** What the worker thread is sent: the files, and the counter both threads take files from. */
export interface CompareRequest {
  files: FileToCompare[];
  keysShown: number;
  /** An Int32Array's buffer: the index of the next file to take. */
  next: SharedArrayBuffer;
}

/** What it answers: the outcome of each file it took, by index; or why it failed. */
export type CompareReply = { outcomes: [number, FileOutcome][] } | { error: string };

/**
 * Below this much text a worker thread costs more than it saves: starting one and warming its code up is
 * ~60 ms of CPU (on top of the reading, ~1 ms for 20 KB of text on one thread: 120 ms for the scale seed's
 * 19 MB), which only pays when the reading is long.
 */
const WORKER_MIN_BYTES = 4 * 1024 * 1024;

/** The worker's script, built beside program.cjs (tsup.config.ts); absent when run from the sources. */
const WORKER_SCRIPT = 'summary-worker.cjs';

/**
 * Whether a second core is mostly idle: the last minute's load average (loc's own thread included) leaves
 * at least half a core. A worker on a busy machine (or with one core) would only take CPU from the others
 * and from loc's own thread, and finish no sooner. (Windows reports no load average: 0.)
 */
function coreIsIdle(): boolean {
  const cores = availableParallelism();
  return cores > 1 && loadavg()[0]! <= cores - 0.5;
}

/** For tests: the worker's script, always used; `mainThread: false` leaves every file to it. */
export interface CompareOptions {
  worker?: string;
  mainThread?: boolean;
}

/**
 * Compares `files`: `result[i]` is the outcome of `files[i]`. A worker thread reads too when there is
 * much to read and a core is idle.
 *
 * @example
 * await compareFiles([{ path: 'de/app.json', locale: 'de', before: 'res/de/app.json', after: staged }], 10)
 */
export async function compareFiles(
  files: readonly FileToCompare[],
  keysShown: number,
  options: CompareOptions = {},
): Promise<FileOutcome[]> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const take = () => Atomics.add(next, 0, 1);
  const outcomes: (FileOutcome | undefined)[] = new Array(files.length);
  const done = (index: number, outcome: FileOutcome) => {
    outcomes[index] = outcome;
  };
  const wanted =
    options.worker !== undefined || (files.length > 1 && sizeOf(files) >= WORKER_MIN_BYTES && coreIsIdle());
  const helper = wanted
    ? startWorker(options.worker ?? join(__dirname, WORKER_SCRIPT), {
        files: [...files],
        keysShown,
        next: next.buffer as SharedArrayBuffer,
      })
    : undefined;
  let own = 0;
  if (options.mainThread !== false)
    await compareTaken(files, keysShown, take, (index, outcome) => {
      own++;
      done(index, outcome);
    });
  if (helper) {
    // A worker that has taken no file (still starting) is not waited for; one that has finishes the file
    // it took last, then finds the counter past the end too.
    if (own === files.length) helper.stop();
    else for (const [index, outcome] of await helper.outcomes) done(index, outcome);
  }
  // What a worker that failed took is compared here: the summary never depends on the worker.
  let index = 0;
  const missing = () => {
    while (index < files.length && outcomes[index] !== undefined) index++;
    return index++;
  };
  await compareTaken(files, keysShown, missing, done);
  return outcomes as FileOutcome[];
}

/** Compares the files `take` hands out until none is left; the loop both threads run. */
export async function compareTaken(
  files: readonly FileToCompare[],
  keysShown: number,
  take: () => number,
  done: (index: number, outcome: FileOutcome) => void,
): Promise<void> {
  for (let index = take(); index < files.length; index = take()) {
    const file = files[index]!;
    done(
      index,
      await compareFile(
        { path: file.path, locale: file.locale, before: textIfAny(file.before), after: textIfAny(file.after) },
        keysShown,
      ),
    );
  }
}

/** A file's text, or undefined when there is none. Synchronous: each thread reads one file at a time anyway. */
function textIfAny(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function sizeOf(files: readonly FileToCompare[]): number {
  let bytes = 0;
  for (const file of files) {
    for (const path of [file.before, file.after]) {
      if (path === undefined) continue;
      try {
        bytes += statSync(path).size;
      } catch {
        // not there: nothing to read
      }
    }
  }
  return bytes;
}

/**
 * The worker thread: the outcomes of the files it took, once it has run out of files (none when it
 * cannot start — its script is not there when run from the sources — or fails); `stop` ends it.
 */
function startWorker(
  script: string,
  request: CompareRequest,
): { outcomes: Promise<[number, FileOutcome][]>; stop(): void } {
  let worker: Worker;
  try {
    statSync(script);
    worker = new Worker(script, { workerData: request });
  } catch {
    return { outcomes: Promise.resolve([]), stop: () => {} };
  }
  const outcomes = new Promise<[number, FileOutcome][]>((resolve) => {
    worker.once('message', (reply: CompareReply) => {
      resolve('outcomes' in reply ? reply.outcomes : []);
      void worker.terminate();
    });
    worker.once('error', () => resolve([]));
    worker.once('exit', () => resolve([]));
  });
  return { outcomes, stop: () => void worker.terminate() };
}
