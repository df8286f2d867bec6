/**
 * How the client inflates a deflated ZIP entry in a browser: the browser's own
 * `DecompressionStream('deflate-raw')` (Chrome and Edge 103+, Firefox 113+, Safari 16.4+), in place of
 * ./zip.ts's inflateWhole (Node's zlib, or fflate's inflate, ~1.9 KB of an app's 8 KB, gzipped:
 * docs/decisions.md, "How `@loc/sdk/ota` inflates in a browser"). It refuses what inflateWhole refuses
 * (data that is not one whole deflate stream, or has bytes after it): the stream itself does. tsup.config.ts builds it into the package's `browser` condition of `@loc/sdk/ota`.
 * A browser without it keeps serving what it has: the bundle is refused with an error that names the
 * missing API (an `unpack` event), and nothing else changes.
 */

/**
 * Compressed bytes handed to the stream at a time. Deflate expands a byte to at most ~1,032, and a
 * browser's stream inflates all it is handed before it can be read: one step is at most ~1 MiB of output,
 * however big the entry or whatever its header says.
 */
const STEP_BYTES = 1024;

/**
 * The bytes that `data`, raw deflate, inflates to, read step by step and cancelled as soon as they pass
 * `size`: memory stays within `size` and one step. Resolves with fewer than `size` bytes when the data
 * ends sooner (the caller refuses both). Rejects when the data is not deflate, or when this browser has
 * no `DecompressionStream('deflate-raw')`.
 *
 * @example await inflate(entryData, 1234) // 1234 bytes, or fewer
 */
export async function inflate(data: Uint8Array, size: number): Promise<Uint8Array> {
  let stream: DecompressionStream;
  try {
    stream = new DecompressionStream('deflate-raw');
  } catch {
    throw new Error(
      "this browser has no DecompressionStream('deflate-raw') (Chrome and Edge 103+, Firefox 113+, Safari 16.4+): the strings it has stay",
    );
  }
  let at = 0;
  const reader = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        if (at < data.length) controller.enqueue(data.subarray(at, (at += STEP_BYTES)) as Uint8Array<ArrayBuffer>);
        else controller.close();
      },
    },
    // Pulled only when the stream asks: no step is read ahead of the output.
    { highWaterMark: 0 },
  )
    .pipeThrough(stream)
    .getReader();
  const out = new Uint8Array(size);
  let length = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (length + chunk.value.length > size) {
      reader.cancel().catch(() => {});
      throw new Error(`an entry inflates to more than the ${size} bytes its header states`);
    }
    out.set(chunk.value, length);
    length += chunk.value.length;
  }
  return out.subarray(0, length);
}
