import type { Writer } from './types';

/** `json.standard`: one flat object, keys as they are. */
export const writeJsonStandard: Writer = ({ entries }) =>
  `${JSON.stringify(Object.fromEntries(entries.map((e) => [e.key, e.value])), null, 2)}\n`;

/** `json.nested`: keys split at dots into nested objects. */
export const writeJsonNested: Writer = ({ entries }) => `${JSON.stringify(nest(entries), null, 2)}\n`;

type Tree = { [key: string]: string | Tree };

/**
 * Nests `a.b.c` keys. A key that is both a leaf and a prefix of another (`a` and `a.b`) cannot nest:
 * the later one keeps its full dotted key at the level where the clash happens.
 */
export function nest(entries: { key: string; value: string }[]): Tree {
  const root: Tree = {};
  for (const { key, value } of entries) {
    const parts = key.split('.');
    let node = root;
    let i = 0;
    for (; i < parts.length - 1; i++) {
      const next = node[parts[i]!];
      if (next === undefined) node = node[parts[i]!] = {};
      else if (typeof next === 'object') node = next;
      else break;
    }
    const rest = parts.slice(i).join('.');
    if (node[rest] === undefined) node[rest] = value;
    else root[key] = value;
  }
  return root;
}
