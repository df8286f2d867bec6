// The worker thread of the change summary (dist/summary-worker.cjs, started by summary/compare.ts): it
// takes files from the counter it shares with the main thread until none is left, and answers the
// outcome of each.
import { parentPort, workerData } from 'node:worker_threads';
import { type CompareReply, type CompareRequest, compareTaken } from './compare';
import type { FileOutcome } from './diff';

const { files, keysShown, next } = workerData as CompareRequest;
const counter = new Int32Array(next);
const outcomes: [number, FileOutcome][] = [];
compareTaken(
  files,
  keysShown,
  () => Atomics.add(counter, 0, 1),
  (index, outcome) => outcomes.push([index, outcome]),
).then(
  () => parentPort!.postMessage({ outcomes } satisfies CompareReply),
  (error: unknown) => parentPort!.postMessage({ error: String(error) } satisfies CompareReply),
);
