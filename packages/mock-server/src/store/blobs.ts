/** How long an export's pre-signed download URL stays valid; its ZIP is kept no longer than that. */
export const EXPORT_URL_VALIDITY_MS = 60 * 60_000;

/** Export ZIPs kept in memory at most, in bytes; past it the least recently used are dropped first. */
const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

/**
 * The mock's object storage: ZIPs by `<kind>/<name>`. Release ZIPs are made once and kept (a seed has
 * a handful). Export ZIPs are many: each expires with the last download URL handed out for it, and
 * together they stay under `maxExportBytes`, the least recently used going first — so a mock serving
 * hundreds of exports keeps a bounded heap. An export ZIP that was dropped is made again by the store
 * when its URL is still used (exports of the same data give the same bytes).
 *
 * @example
 * const blobs = createBlobs(() => Date.now());
 * blobs.putExport('app-reg_1.zip', bytes);
 * blobs.getExport('app-reg_1.zip'); // the bytes, for another hour
 */
export function createBlobs(now: () => number, maxExportBytes = MAX_EXPORT_BYTES) {
  const releases = new Map<string, Promise<Uint8Array>>();
  // Insertion order is use order: a use moves an entry to the end.
  const exports = new Map<string, { bytes: Uint8Array; expiresAt: number }>();
  let exportBytes = 0;

  function drop(name: string) {
    const entry = exports.get(name);
    if (!entry) return;
    exports.delete(name);
    exportBytes -= entry.bytes.byteLength;
  }

  function sweep() {
    const at = now();
    for (const [name, entry] of exports) if (entry.expiresAt <= at) drop(name);
    for (const name of exports.keys()) {
      if (exportBytes <= maxExportBytes) break;
      drop(name);
    }
  }

  return {
    /** Keeps an export ZIP for as long as a URL handed out now stays valid. */
    putExport(name: string, bytes: Uint8Array) {
      drop(name);
      exports.set(name, { bytes, expiresAt: now() + EXPORT_URL_VALIDITY_MS });
      exportBytes += bytes.byteLength;
      sweep();
    },
    /** An export ZIP, if still kept; a use keeps it for another URL lifetime. */
    getExport(name: string): Uint8Array | undefined {
      sweep();
      const entry = exports.get(name);
      if (!entry) return undefined;
      exports.delete(name);
      exports.set(name, { bytes: entry.bytes, expiresAt: now() + EXPORT_URL_VALIDITY_MS });
      return entry.bytes;
    },
    /** A release ZIP, made by `make` the first time it is asked for. */
    release(name: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
      let bytes = releases.get(name);
      if (!bytes) {
        bytes = make();
        releases.set(name, bytes);
        bytes.catch(() => releases.delete(name));
      }
      return bytes;
    },
    /** Drops a release ZIP: the next request for it makes it again (its release was published anew). */
    forgetRelease(name: string): void {
      releases.delete(name);
    },
    /** Bytes of export ZIPs held now. */
    get exportBytes() {
      return exportBytes;
    },
  };
}

export type Blobs = ReturnType<typeof createBlobs>;
