/** CLDR's plural categories in CLDR's order, the names Rails and i18next give plural forms. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const CATEGORIES: ReadonlySet<string> = new Set(PLURAL_CATEGORIES);

/**
 * The service's segments carry no plural variants: a plural is a group of keys `<base>.<category>`, one per
 * CLDR category (`cart.items.one`, `cart.items.other`), as Rails' nested `one:`/`other:` keys read when
 * flattened. A group counts when the file has its `other` form and no key below `<base>.` is anything but
 * a category. Decided over all keys of the file, so every locale's file agrees (a locale that lacks a form
 * still writes the others as forms).
 *
 * @example
 * pluralKeys(['items.one', 'items.other', 'menu.other', 'menu.file']);
 * // Map { 'items.one' => { base: 'items', category: 'one' }, 'items.other' => { base: 'items', category: 'other' } }
 */
export function pluralKeys(keys: readonly string[]): Map<string, { base: string; category: string }> {
  const children = new Map<string, string[]>(); // base → the last parts of the keys below it
  for (const key of keys) {
    for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) {
      const base = key.slice(0, dot);
      let list = children.get(base);
      if (!list) children.set(base, (list = []));
      list.push(key.slice(dot + 1));
    }
  }
  const forms = new Map<string, { base: string; category: string }>();
  for (const [base, rest] of children) {
    if (!rest.includes('other') || !rest.every((r) => CATEGORIES.has(r))) continue;
    for (const category of rest) forms.set(`${base}.${category}`, { base, category });
  }
  return forms;
}

/** Plural keys by a file's key list: an export writes the same file in every locale with the same `keys` array. */
const byKeys = new WeakMap<readonly string[], ReturnType<typeof pluralKeys>>();

/** pluralKeys of a file's keys, made once per key list; of its entries' keys when the file has no list. */
export function pluralKeysOf(file: { keys?: readonly string[]; entries: { key: string }[] }) {
  if (!file.keys) return pluralKeys(file.entries.map((e) => e.key));
  let forms = byKeys.get(file.keys);
  if (!forms) byKeys.set(file.keys, (forms = pluralKeys(file.keys)));
  return forms;
}
