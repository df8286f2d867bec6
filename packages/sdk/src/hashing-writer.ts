import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/**
 * Bytes gathered before one write to the file: a socket gives 16–64 KiB per read, and a write call per
 * read (what a piped write stream does) costs more than the hash. One batch is written while the next is
 * gathered, so memory stays near two batches.
 */
export const WRITE_BATCH_BYTES = 1024 * 1024;

/** Writes a body to a file in order and computes its SHA-256 in the same pass. */
export interface HashingWriter {
  /** Takes the next chunk; resolves when the next one may come (memory stays bounded). */
  write(chunk: Uint8Array): Promise<void> | void;
  /** Writes what is left and resolves to the hex SHA-256 of every byte written. */
  finish(): Promise<string>;
  /** Stops after a failure: waits for the write under way (the file can then be closed and removed). */
  abort(): Promise<void>;
}

/**
 * Hashes each chunk as it comes (no copy) and writes the chunks of a batch with one `writev`, while the
 * next batch is gathered. (A worker thread for the hash was tried: on a busy 2-core machine the handoff
 * made downloads slower, not faster.)
 *
 * @example
 * const writer = createHashingWriter(file);
 * for await (const chunk of response) await writer.write(chunk);
 * const sha256 = await writer.finish();
 */
export function createHashingWriter(file: FileHandle): HashingWriter {
  const hash = createHash('sha256');
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const buffers = batch;
    batch = [];
    batchBytes = 0;
    await writing;
    writing = writeAll(file, buffers);
    // Handled here too: it may fail while the caller waits for the socket; it is awaited later.
    writing.catch(() => {});
  };
  return {
    write(chunk) {
      hash.update(chunk);
      batch.push(chunk);
      batchBytes += chunk.length;
      return batchBytes >= WRITE_BATCH_BYTES ? flush() : undefined;
    },
    async finish() {
      if (batchBytes > 0) await flush();
      await writing;
      return hash.digest('hex');
    },
    abort: () => writing.catch(() => {}),
  };
}

/** Writes every byte of `buffers`, in order (a write may take fewer bytes than given). */
async function writeAll(file: FileHandle, buffers: Uint8Array[]): Promise<void> {
  let pending = buffers.filter((b) => b.length > 0);
  while (pending.length) {
    const { bytesWritten } = await file.writev(pending);
    let skip = bytesWritten;
    const rest: Uint8Array[] = [];
    for (const buffer of pending) {
      if (skip >= buffer.length) skip -= buffer.length;
      else {
        rest.push(buffer.subarray(skip));
        skip = 0;
      }
    }
    pending = rest;
  }
}
