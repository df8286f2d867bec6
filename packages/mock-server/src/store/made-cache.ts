/**
 * What an export is made of, kept across exports and bounded by bytes: the build thread's deflated entries
 * (export-zip.ts) and the main thread's whole ZIPs (export-builder.ts). Both are keyed by a file's texts
 * by identity — a seed loaded, or a project changed, gives new texts, and so a key that never hits again —
 * and by every other input of what is made.
 */

/** A number per texts object, the same for the same object while it lives (its part of a cache key). */
export function identities<T extends object>(): (texts: T) => number {
  const ids = new WeakMap<T, number>();
  let next = 1;
  return (texts) => {
    let id = ids.get(texts);
    if (id === undefined) ids.set(texts, (id = next++));
    return id;
  };
}

/**
 * Values being made or made, by key, at most `maxBytes` of them (`bytesOf` a made value); insertion order
 * is use order, and past the bound the least recently used go first. A value is held while it is made, so a
 * second identical request waits for the first; one that fails, or is larger than the bound, is not kept.
 */
export function createMadeCache<V>(maxBytes: number, bytesOf: (made: V) => number) {
  const held = new Map<string, { value: Promise<V>; bytes: number }>();
  let heldBytes = 0;
  const drop = (key: string) => {
    const kept = held.get(key);
    if (!kept) return;
    held.delete(key);
    heldBytes -= kept.bytes;
  };
  return {
    get(key: string): Promise<V> | undefined {
      const kept = held.get(key);
      if (!kept) return undefined;
      held.delete(key);
      held.set(key, kept);
      return kept.value;
    },
    /** Keeps `value` under `key` (from now on, while it is made); answers it. */
    put(key: string, value: Promise<V>): Promise<V> {
      drop(key);
      const kept = { value, bytes: 0 };
      held.set(key, kept);
      value.then(
        (made) => {
          if (held.get(key) !== kept) return;
          const bytes = bytesOf(made);
          if (bytes > maxBytes) return drop(key);
          kept.bytes = bytes;
          heldBytes += bytes;
          for (const old of held.keys()) {
            if (heldBytes <= maxBytes) break;
            drop(old);
          }
        },
        () => {
          if (held.get(key) === kept) drop(key);
        },
      );
      return value;
    },
  };
}
