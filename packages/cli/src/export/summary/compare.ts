import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { inflateStored, type StoredEntry } from '../../files/inflate';
import { compareFile, type FileOutcome } from './diff';
import { formatOf } from './read';
import { warmUpStringsReader } from './strings-keys';

/**
 * Reading and comparing the files of a change summary while the export is unzipped. Read after the unzip,
 * the files came on top of it: on the scale seed (120 files, 19 MB of text, every file new) the reading
 * was most of what the summary added to `loc export --check`, written to a staging folder only to be read
 * back. Now each file that differs is handed over as it is unzipped:
 * - with much to parse (4 MB of formats read by a parser) and a core idle, to a worker thread, sent as
 *   the archive holds it (the worker inflates it); what the worker has not taken by the end of the unzip,
 *   the main thread reads too. Both threads take the next file from one shared counter, so each file is
 *   read once, by whichever thread is free; the worker hands back a small outcome per file
 *   (summary/diff.ts), never the texts.
 * - else on the main thread, at once, while its bytes are fresh: `.strings` files always (their bytes are
 *   read about as fast as they are inflated, where a worker's start-up and a second thread cost more).
 */

/** One file to compare, by its two sides: undefined (or a missing file) is no text. */
export interface FileToCompare {
  /** Relative to the output folder, `/` separators (what the summary shows). */
  path: string;
  locale: string | undefined;
  /** The file in the output folder, when there may be one. */
  before: string | undefined;
  /**
   * The file as the export would write it, when the export holds it: its bytes as unzipped, its staged
   * copy, or (sent to the worker) its entry as the archive holds it.
   */
  after: Uint8Array | string | StoredEntry | undefined;
}

/** What the worker thread is sent: a file of one comparison (`batch`), in the order they are added; or that a comparison is over. */
export type ToWorker =
  | {
      batch: number;
      /** With a batch's first file: an Int32Array's buffer, the index of the batch's next file to take. */
      counter?: SharedArrayBuffer;
      keysShown: number;
      index: number;
      file: FileToCompare;
    }
  | { batch: number; done: true };

/** What it answers: a file's outcome, or that comparing it failed (the main thread then compares it). */
export type FromWorker = { batch: number; index: number } & ({ outcome: FileOutcome } | { error: string });

/** The worker's script, built beside program.cjs (tsup.config.ts); absent when run from the sources. */
const WORKER_SCRIPT = 'summary-worker.cjs';

/**
 * At most this much of the exports' bytes is kept in memory for the summaries at once (targets run side by
 * side, each with its own comparison); a file beyond it is read from its staged copy at the end, as every
 * file of a download too large to unzip in memory is. A file's bytes are let go once it is compared.
 */
const MAX_KEPT_BYTES = 128 * 1024 * 1024;

/**
 * Whether a second core is mostly idle: in the last minute not every core was busy on average (loc's
 * own earlier runs included). On a machine whose cores are all busy (or with one core) a worker only
 * takes CPU from the others and from loc's own thread, and its start-up is spent for nothing.
 * (Windows reports no load average: 0.)
 */
function coreIsIdle(): boolean {
  const cores = availableParallelism();
  return cores > 1 && loadavg()[0]! < cores;
}

/** A worker thread that compares files for every comparison of the process. */
export class ReaderThread {
  alive = true;
  private readonly worker: Worker;
  private readonly listeners = new Map<number, (reply: FromWorker | undefined) => void>();
  private holds = 0;

  /** The thread, or undefined when it cannot start (its script is not there when run from the sources). */
  static start(script: string): ReaderThread | undefined {
    try {
      statSync(script);
      return new ReaderThread(new Worker(script));
    } catch {
      return undefined;
    }
  }

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (reply: FromWorker) => this.listeners.get(reply.batch)?.(reply));
    const gone = () => {
      this.alive = false;
      for (const listener of this.listeners.values()) listener(undefined);
    };
    worker.once('error', gone);
    worker.once('exit', gone);
    // It never keeps loc running by itself: only while a comparison waits for it (hold).
    worker.unref();
  }

  post(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (this.alive) this.worker.postMessage(message, transfer);
  }

  /** Calls `listener` with each answer of `batch`, and with undefined when the thread is gone. */
  listen(batch: number, listener: (reply: FromWorker | undefined) => void): void {
    this.listeners.set(batch, listener);
  }

  forget(batch: number): void {
    this.listeners.delete(batch);
    this.post({ batch, done: true });
  }

  /** Keeps the process running while a comparison waits for the thread's answers. */
  hold(): void {
    if (this.holds++ === 0) this.worker.ref();
  }

  release(): void {
    if (--this.holds === 0) this.worker.unref();
  }

  stop(): void {
    void this.worker.terminate();
  }
}

/**
 * What the comparisons of this process share: the thread, once one has started it; whether the readers
 * were warmed up; the bytes they keep; the number of the next comparison (its messages to the thread
 * carry it).
 */
const shared: {
  thread?: ReaderThread | undefined;
  started?: true;
  warmedUp?: true;
  keptBytes: number;
  batches: number;
} = {
  keptBytes: 0,
  batches: 0,
};

/**
 * Below this much text to parse a worker thread costs more than it saves: its start-up is ~40 ms of CPU,
 * and on a small export (the demo seed's 14 keys) starting one made `loc export --check --summary` 6–18 ms
 * slower.
 */
const WORKER_MIN_BYTES = 4 * 1024 * 1024;

/**
 * Whether a file is read with a parser, the work a worker thread takes. A `.strings` file is not: its
 * bytes are read on the spot (strings-keys.ts) at about the speed they are inflated, and on this machine's
 * two cores a worker reading them (from 120 files of the scale seed, 19 MB) made the summary 20–35 ms
 * slower, not faster: its start-up, and two threads of one process slowing each other down. Nor is a file
 * of a format loc has no reader for.
 */
function isParsed(path: string): boolean {
  const format = formatOf(path);
  return format !== undefined && format !== 'strings';
}

/**
 * Gets the readers ready before a summary's files come, once per process: V8 optimises the `.strings`
 * reader (strings-keys.ts) on another thread within ~15 ms of its first calls, and read cold, the first
 * files of the scale seed took 2 ms each instead of 0.3 ms. ~1.6 ms of work, done while the service creates
 * the export (loc only waits then).
 */
export function prepareReaders(): void {
  if (shared.warmedUp) return;
  shared.warmedUp = true;
  warmUpStringsReader();
}

/** The thread of the process, started the first time a comparison has much to read and a core is idle. */
function threadFor(bytes: number): ReaderThread | undefined {
  if (!shared.started && bytes >= WORKER_MIN_BYTES && coreIsIdle()) {
    shared.started = true;
    shared.thread = ReaderThread.start(join(__dirname, WORKER_SCRIPT));
  }
  return shared.thread?.alive ? shared.thread : undefined;
}

/**
 * One summary's comparison: files are added as the export is unzipped (`unzipped`), and `finish` compares
 * what is left and answers an outcome per file.
 */
export class Comparison {
  private readonly batch = shared.batches++;
  private readonly files: (FileToCompare | undefined)[] = [];
  private readonly outcomes: (FileOutcome | undefined)[] = [];
  private readonly byPath = new Map<string, number>();
  private readonly next = new Int32Array(new SharedArrayBuffer(4));
  /** The bytes of each file kept in memory, by index, counted in shared.keptBytes until it is compared. */
  private readonly kept: number[] = [];
  /** The files being read as they were unzipped, on this thread (there is no worker). */
  private readonly reading: Promise<void>[] = [];
  /** Files compared, or answered by the worker as failed (left to the main thread). */
  private answered = 0;
  private wake: (() => void) | undefined;
  private thread: ReaderThread | undefined;

  constructor(
    private readonly keysShown: number,
    thread?: ReaderThread,
  ) {
    if (thread) this.use(thread);
  }

  /**
   * The export's files are about to be unzipped in memory: with much to parse (and a core idle) the worker
   * thread reads them as they come; else each is read on this thread as it comes. Before the first file
   * only.
   */
  unzipping(files: readonly { path: string; bytes: number }[]): void {
    if (this.files.length > 0 || this.thread) return;
    const thread = threadFor(files.reduce((sum, file) => sum + (isParsed(file.path) ? file.bytes : 0), 0));
    if (thread) this.use(thread);
  }

  private use(thread: ReaderThread): void {
    this.thread = thread;
    thread.listen(this.batch, (reply) => {
      // A file the worker failed to compare stays without an outcome: finish compares it.
      if (reply && 'outcome' in reply) this.settle(reply.index, reply.outcome);
      else if (reply) this.answered++;
      this.wake?.();
    });
  }

  /**
   * A file of the export that differs from the output folder, its bytes as unzipped (not changed after),
   * and its entry as the archive holds it (`stored`): read now on this thread when there is no worker;
   * else sent to the worker, its bytes kept for `finish` in case the worker does not read it. `before` is
   * the output folder's file, when it may be there. False when the bytes were not kept (too much is held
   * already): `finish` then reads the file's staged copy.
   */
  unzipped(
    file: { path: string; locale: string | undefined; before: string | undefined },
    data: Uint8Array,
    stored?: StoredEntry,
  ): boolean {
    if (!this.thread) {
      // No worker: read it now, its bytes fresh from the inflate (in the processor's cache), and keep only
      // what it found. Holding every file's bytes to the end of the unzip and reading them then (a heap
      // 19 MB larger, read from memory) made the scale seed's summary 207 ms where this takes 189.
      const index = this.add({ ...file, after: data });
      Atomics.store(this.next, 0, index + 1);
      // A failure leaves the file without an outcome: finish compares it again, and throws.
      this.reading.push(
        this.compare(index).then(
          (outcome) => this.settle(index, outcome),
          () => {},
        ),
      );
      return true;
    }
    if (shared.keptBytes + data.length > MAX_KEPT_BYTES) return false;
    shared.keptBytes += data.length;
    this.kept[this.add({ ...file, after: data }, stored)] = data.length;
    return true;
  }

  /**
   * The outcome of each of `files` (`result[i]` is `files[i]`'s): a file added as it was unzipped is
   * compared already (or is now), by its path; any other is read now.
   */
  async finish(files: readonly FileToCompare[], options: { mainThread?: boolean } = {}): Promise<FileOutcome[]> {
    await Promise.all(this.reading);
    const indices = files.map((file) => this.byPath.get(file.path) ?? this.add(file));
    const total = this.files.length;
    if (options.mainThread !== false) {
      for (let index = Atomics.add(this.next, 0, 1); index < total; index = Atomics.add(this.next, 0, 1))
        this.settle(index, await this.compare(index));
    }
    const thread = this.thread;
    if (thread) {
      thread.hold();
      try {
        // What the worker took, it answers; nothing more once it is gone.
        await new Promise<void>((resolve) => {
          this.wake = () => {
            if (!thread.alive || this.answered === total) resolve();
          };
          this.wake();
        });
      } finally {
        this.wake = undefined;
        thread.release();
        thread.forget(this.batch);
      }
    }
    // What a worker that failed (or is gone) took is compared here: the summary never depends on it.
    for (let index = 0; index < total; index++)
      if (this.outcomes[index] === undefined) this.settle(index, await this.compare(index));
    return indices.map((index) => this.outcomes[index]!);
  }

  /**
   * Lets go of what the comparison holds (its files' bytes, the thread's copies) when its delivery ends
   * without a summary (a failure, an interruption); after `finish` there is nothing left to let go.
   */
  close(): void {
    for (let index = 0; index < this.files.length; index++) this.letGo(index);
    this.thread?.forget(this.batch);
  }

  /** `stored`: the file's entry in the archive, what the worker is sent in place of its bytes. */
  private add(file: FileToCompare, stored?: StoredEntry): number {
    const index = this.files.push(file) - 1;
    this.byPath.set(file.path, index);
    if (this.thread?.alive) {
      // A copy goes to the worker (transferred, not copied again): the main thread's bytes stay for the
      // staging and for comparing the file itself if the worker has not taken it. The entry as the archive
      // holds it, when there is one: a fifth of the bytes to copy (the worker inflates it), where copying
      // the inflated bytes held up the unzip by a quarter.
      const copy = stored
        ? { ...stored, stored: new Uint8Array(stored.stored) }
        : file.after instanceof Uint8Array
          ? new Uint8Array(file.after)
          : undefined;
      const after = copy ?? file.after;
      const bytes = copy instanceof Uint8Array ? copy : copy?.stored;
      this.thread.post(
        {
          batch: this.batch,
          ...(index === 0 ? { counter: this.next.buffer as SharedArrayBuffer } : {}),
          keysShown: this.keysShown,
          index,
          file: { ...file, after },
        },
        bytes ? [bytes.buffer as ArrayBuffer] : [],
      );
    }
    return index;
  }

  private settle(index: number, outcome: FileOutcome): void {
    this.answered++;
    this.outcomes[index] = outcome;
    this.letGo(index);
  }

  /** Drops a file's bytes (not needed any more), and their count in what the process keeps. */
  private letGo(index: number): void {
    this.files[index] = undefined;
    shared.keptBytes -= this.kept[index] ?? 0;
    this.kept[index] = 0;
  }

  private compare(index: number): Promise<FileOutcome> {
    return compareOne(this.files[index]!, this.keysShown);
  }
}

/** Compares one file, reading its sides; the step both threads run. */
export function compareOne(file: FileToCompare, keysShown: number): Promise<FileOutcome> {
  return compareFile(
    { path: file.path, locale: file.locale, before: bytesIfAny(file.before), after: bytesIfAny(file.after) },
    keysShown,
  );
}

/** For tests: a worker thread of its own (its script), always used; `mainThread: false` leaves every file to it. */
export interface CompareOptions {
  worker?: string;
  mainThread?: boolean;
}

/**
 * Compares `files` (none added while unzipping): `result[i]` is the outcome of `files[i]`.
 *
 * @example
 * await compareFiles([{ path: 'de/app.json', locale: 'de', before: 'res/de/app.json', after: staged }], 10)
 */
export async function compareFiles(
  files: readonly FileToCompare[],
  keysShown: number,
  options: CompareOptions = {},
): Promise<FileOutcome[]> {
  const thread = options.worker === undefined ? undefined : ReaderThread.start(options.worker);
  try {
    return await new Comparison(keysShown, thread).finish(files, options);
  } finally {
    thread?.stop();
  }
}

/**
 * A side's bytes, or undefined when there is none: bytes as unzipped, an entry of the archive inflated
 * (throws when it cannot be), or the file a path names. Synchronous: each thread reads one file at a time
 * anyway.
 */
function bytesIfAny(side: FileToCompare['after']): Uint8Array | undefined {
  if (side === undefined || side instanceof Uint8Array) return side;
  if (typeof side !== 'string') return inflateStored(side);
  let fd: number;
  try {
    // Never through a link, never anything but a regular file (a device or a pipe would never end): the
    // output folder's files were checked when handed over, and may have been swapped since.
    fd = openSync(side, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
