import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/**
 * Bytes gathered before one write to the file: a socket gives 16–64 KiB per read, and a write call per
 * read (what a piped write stream does) costs more than the hash. One batch is written while the next
 * is gathered; the writer owns both, so a download holds 2 MiB of body whatever the file's size.
 */
export const WRITE_BATCH_BYTES = 1024 * 1024;
/** The least free space `space()` hands out: a batch with less left is written. */
export const MIN_READ_BYTES = 64 * 1024;

/** Writes a body to a file in order and computes its SHA-256 in the same pass. */
export interface HashingWriter {
  /**
   * Free space at the end of the batch being gathered (at least {@link MIN_READ_BYTES}) for a source to
   * read the next bytes into, then `commit()` them: no copy. Undefined while both batches are in use.
   */
  space(): Uint8Array | undefined;
  /**
   * The first `length` bytes of the last `space()` are the next bytes of the body. Returns a promise
   * while both batches are in use: then `space()` is undefined until it resolves.
   */
  commit(length: number): Promise<void> | undefined;
  /**
   * Copies the next bytes of the body in (for sources that hand out their own buffers); `chunk` may be
   * reused as soon as this returns. Returns a promise while both batches are in use: wait for it
   * before the next chunk to keep memory bounded (a chunk given meanwhile is kept, in order).
   */
  write(chunk: Uint8Array): Promise<void> | undefined;
  /** Writes what is left and resolves to the hex SHA-256 of every byte written. */
  finish(): Promise<string>;
  /** Stops after a failure: waits for the write under way (the file can then be closed and removed). */
  abort(): Promise<void>;
}

/**
 * Hashes each part of the body as it comes, gathers it in one of two batches and writes a full batch
 * while the other fills. (A worker thread for the hash was tried: on a busy 2-core machine the handoff
 * made downloads slower, not faster.)
 *
 * @example
 * const writer = createHashingWriter(file);
 * for await (const chunk of response) await writer.write(chunk);
 * const sha256 = await writer.finish();
 */
export function createHashingWriter(file: FileHandle): HashingWriter {
  const hash = createHash('sha256');
  // The batch being gathered, and the other one (being written, or free).
  let current: Batch = { bytes: Buffer.allocUnsafe(WRITE_BATCH_BYTES), write: undefined };
  let other: Batch = { bytes: Buffer.allocUnsafe(WRITE_BATCH_BYTES), write: undefined };
  let filled = 0;
  let last: Promise<void> = Promise.resolve();
  // Set while the batch to fill next is still being written; bytes given meanwhile wait in the backlog.
  let busy: Promise<void> | undefined;
  const backlog: Uint8Array[] = [];

  const commit = (length: number): Promise<void> | undefined => {
    hash.update(current.bytes.subarray(filled, filled + length));
    filled += length;
    if (WRITE_BATCH_BYTES - filled < MIN_READ_BYTES) flush();
    return busy;
  };
  const flush = () => {
    const bytes = current.bytes.subarray(0, filled);
    const write: Write = { done: false, promise: last.then(() => writeAll(file, bytes)) };
    write.promise.then(
      () => {
        write.done = true;
      },
      () => {},
    );
    last = write.promise;
    current.write = write;
    [current, other] = [other, current];
    filled = 0;
    const previous = current.write;
    if (previous && !previous.done) {
      busy = previous.promise.then(() => {
        busy = undefined;
        return drainBacklog();
      });
      busy.catch(() => {});
    }
  };
  /** Copies `chunk` in while no batch is in use; returns how far it got. */
  const copyIn = (chunk: Uint8Array): number => {
    let offset = 0;
    while (offset < chunk.length && !busy) {
      const length = Math.min(WRITE_BATCH_BYTES - filled, chunk.length - offset);
      current.bytes.set(chunk.subarray(offset, offset + length), filled);
      offset += length;
      commit(length);
    }
    return offset;
  };
  const drainBacklog = (): Promise<void> | undefined => {
    while (backlog.length > 0) {
      const chunk = backlog.shift()!;
      const offset = copyIn(chunk);
      if (offset < chunk.length) {
        backlog.unshift(chunk.subarray(offset));
        return busy;
      }
    }
    return undefined;
  };

  return {
    space: () => (busy ? undefined : current.bytes.subarray(filled)),
    commit,
    write(chunk) {
      const offset = busy ? 0 : copyIn(chunk);
      // The caller may reuse its buffer: what could not be copied yet is kept as a copy.
      if (offset < chunk.length) backlog.push(Buffer.from(chunk.subarray(offset)));
      return busy;
    },
    async finish() {
      await busy;
      if (filled > 0) flush();
      await last;
      return hash.digest('hex');
    },
    abort: () => last.catch(() => {}),
  };
}

interface Write {
  promise: Promise<void>;
  done: boolean;
}

interface Batch {
  bytes: Buffer;
  /** Its last write to the file. */
  write: Write | undefined;
}

/** Writes every byte of `bytes`, in order (a write may take fewer bytes than given). */
async function writeAll(file: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.length; ) {
    const { bytesWritten } = await file.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}
