import { createHash } from 'node:crypto';

/**
 * The body gathered before it is written: a socket gives 16–64 KiB per read, and a write per read costs
 * more than the hash. A source reads straight into the free space of this one batch, so a download
 * holds 1 MiB of body whatever the file's size.
 */
export const WRITE_BATCH_BYTES = 1024 * 1024;
/** The least free space `space()` hands out: a batch with less left is written. */
export const MIN_READ_BYTES = 64 * 1024;
/**
 * The most bytes given to one write call. Linux gives a write call's bytes page-cache folios as large as
 * the call; on a VM whose free memory the host takes back (virtio-balloon free page reporting) the large
 * ones came out of that memory, every page a host fault: 1 MiB writes made a 200 MiB download 0.2–0.4 s
 * slower in about one run of two, 512 KiB ones sometimes, 128 KiB ones never (docs/decisions.md, "How
 * downloads and unzipping stay fast and small").
 */
export const MAX_WRITE_BYTES = 128 * 1024;

/** Writes `length` bytes of `bytes` from `offset` to the file and returns how many it took (`fs.writeSync`). */
export type WriteSync = (bytes: Uint8Array, offset: number, length: number) => number;

/** Writes a body to a file in order and computes its SHA-256 in the same pass. */
export interface HashingWriter {
  /**
   * Free space at the end of the batch (at least {@link MIN_READ_BYTES}) for a source to read the next
   * bytes into, then `commit()` them: no copy.
   */
  space(): Uint8Array;
  /** The first `length` bytes of the last `space()` are the next bytes of the body. */
  commit(length: number): void;
  /** Copies the next bytes of the body in (for sources that hand out their own buffers). */
  write(chunk: Uint8Array): void;
  /** Writes what is left and returns the hex SHA-256 of every byte written. */
  finish(): string;
}

/**
 * Hashes each part of the body as it comes and gathers it in one batch; a full batch is written at
 * once, synchronously, in calls of at most {@link MAX_WRITE_BYTES}: read, hash and write in one thread,
 * as curl does. (Writing on libuv's thread pool while the next batch filled took a third thread on
 * machines with two cores and ~10 % more CPU for no faster download; a worker thread for the hash made
 * downloads slower.) A write that throws (a full disk) throws out of `commit` or `write`.
 *
 * @example
 * const writer = createHashingWriter((bytes, offset, length) => writeSync(fd, bytes, offset, length));
 * for await (const chunk of response) writer.write(chunk);
 * const sha256 = writer.finish();
 */
export function createHashingWriter(write: WriteSync): HashingWriter {
  const hash = createHash('sha256');
  const batch = Buffer.allocUnsafe(WRITE_BATCH_BYTES);
  let filled = 0;

  const flush = () => {
    for (let offset = 0; offset < filled; ) {
      offset += write(batch, offset, Math.min(MAX_WRITE_BYTES, filled - offset));
    }
    filled = 0;
  };
  const commit = (length: number) => {
    hash.update(batch.subarray(filled, filled + length));
    filled += length;
    if (WRITE_BATCH_BYTES - filled < MIN_READ_BYTES) flush();
  };

  return {
    space: () => batch.subarray(filled),
    commit,
    write(chunk) {
      for (let offset = 0; offset < chunk.length; ) {
        const length = Math.min(WRITE_BATCH_BYTES - filled, chunk.length - offset);
        batch.set(chunk.subarray(offset, offset + length), filled);
        offset += length;
        commit(length);
      }
    },
    finish() {
      flush();
      return hash.digest('hex');
    },
  };
}
