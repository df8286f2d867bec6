import { inflateRawSync } from 'node:zlib';

/** An entry of a ZIP archive as the archive holds it: its bytes, stored or deflated, and its size once inflated. */
export interface StoredEntry {
  stored: Uint8Array;
  /** ZIP's compression method: 0 stored, 8 deflated; any other is refused. */
  method: number;
  /** The uncompressed size the archive states. */
  size: number;
}

/** zlib's smallest output chunk. */
const MIN_CHUNK_BYTES = 64;

/**
 * The bytes of an entry, inflated with one call. Throws when its method is not stored or deflated, or when
 * its bytes are not the size the archive states.
 */
export function inflateStored({ stored, method, size }: StoredEntry): Buffer {
  const data =
    method === 0
      ? Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)
      : method === 8
        ? // Never more than the header promised: a lying header stops the inflate instead of filling
          // memory. One output chunk, a little larger than the data so the end of the stream fits too:
          // zlib's default 16 KiB would mean a copy per chunk, the exact size a second chunk.
          inflateRawSync(stored, { chunkSize: size + MIN_CHUNK_BYTES, maxOutputLength: Math.max(1, size) })
        : unsupported(method);
  if (data.length !== size) throw new Error(`an entry holds ${data.length} bytes, its header says ${size}`);
  return data;
}

function unsupported(method: number): never {
  throw new Error(`unsupported compression method: ${method}`);
}
