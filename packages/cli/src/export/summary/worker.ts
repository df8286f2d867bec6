// The worker thread of the change summary (dist/summary-worker.cjs, started by summary/compare.ts): it is
// sent the files of each comparison as the export is unzipped, and takes them from the counter it shares
// with the main thread, one at a time, while it has been sent the next one; it answers each file's outcome.
import { parentPort } from 'node:worker_threads';
import { compareOne, type FileToCompare, type FromWorker, type ToWorker } from './compare';
import { warmUpStringsReader } from './strings-keys';

interface Batch {
  next: Int32Array;
  keysShown: number;
  /** The files sent so far, by index (a file's entry is dropped once compared). */
  files: (FileToCompare | undefined)[];
  sent: number;
  comparing: boolean;
}

const batches = new Map<number, Batch>();

// Before the first file comes (the thread starts when a large archive is opened), the `.strings` reader is
// made fast on a made-up file, as on the main thread (summary/compare.ts, prepareReaders): the first files
// of a run otherwise took 2–20 ms each instead of 0.5 ms (lazy compilation, then optimisation). The other
// readers are libraries, compiled with their first file.
warmUpStringsReader();

parentPort!.on('message', (message: ToWorker) => {
  if ('done' in message) {
    // Over (compared, or its delivery failed): what is left of it is not compared.
    const batch = batches.get(message.batch);
    if (batch) batch.sent = 0;
    batches.delete(message.batch);
    return;
  }
  let batch = batches.get(message.batch);
  if (!batch) {
    batch = {
      next: new Int32Array(message.counter!),
      keysShown: message.keysShown,
      files: [],
      sent: 0,
      comparing: false,
    };
    batches.set(message.batch, batch);
  }
  batch.files[message.index] = message.file;
  batch.sent = Math.max(batch.sent, message.index + 1);
  void compareSent(message.batch, batch);
});

/** Compares the files of `batch` that no thread has taken yet, up to the last one sent. */
async function compareSent(id: number, batch: Batch): Promise<void> {
  if (batch.comparing) return;
  batch.comparing = true;
  try {
    for (;;) {
      const index = Atomics.load(batch.next, 0);
      if (index >= batch.sent) return;
      // Taken by the main thread meanwhile: try the next one.
      if (Atomics.compareExchange(batch.next, 0, index, index + 1) !== index) continue;
      const file = batch.files[index]!;
      batch.files[index] = undefined;
      let reply: FromWorker;
      try {
        reply = { batch: id, index, outcome: await compareOne(file, batch.keysShown) };
      } catch (error) {
        reply = { batch: id, index, error: String(error) };
      }
      parentPort!.postMessage(reply);
    }
  } finally {
    batch.comparing = false;
  }
}
