/** An index of a string array's item: `0`, `1`, `12`, never `01`. */
const INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The service's segments are single strings: a string array is a group of keys `<base>.<index>`, one per
 * item, indexed 0, 1, 2… with none missing (`planets.0`, `planets.1`), as a flattened JSON or YAML list
 * reads. A group counts when no key below `<base>.` is anything but an index. Decided over all keys of the
 * file, as pluralKeys is, so every locale's file agrees. Only the Android SDK bundle writes arrays (its
 * `ARRAY` items); every other format writes the keys as they are.
 *
 * @example
 * arrayKeys(['planets.0', 'planets.1', 'steps.1', 'menu.0', 'menu.open']);
 * // Map { 'planets.0' => { base: 'planets', index: 0, size: 2 }, 'planets.1' => { base: 'planets', index: 1, size: 2 } }
 */
export function arrayKeys(keys: readonly string[]): Map<string, { base: string; index: number; size: number }> {
  const children = new Map<string, Set<string>>(); // base → the last parts of the keys below it
  for (const key of keys) {
    for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) {
      const base = key.slice(0, dot);
      let set = children.get(base);
      if (!set) children.set(base, (set = new Set()));
      set.add(key.slice(dot + 1));
    }
  }
  const items = new Map<string, { base: string; index: number; size: number }>();
  for (const [base, rest] of children) {
    if (![...rest].every((r) => INDEX.test(r))) continue;
    const size = rest.size;
    // 0 … size-1, each once: a gap (`steps.1` alone) is no list.
    if (![...rest].every((r) => Number(r) < size)) continue;
    for (const r of rest) items.set(`${base}.${r}`, { base, index: Number(r), size });
  }
  return items;
}
