import type { Writer } from './types';

/** `json.standard`: one flat object, keys as they are. */
export const writeJsonStandard: Writer = ({ entries }) =>
  `${JSON.stringify(Object.fromEntries(entries.map((e) => [e.key, e.value])), null, 2)}\n`;

/** `json.nested`: keys split at dots into nested objects. */
export const writeJsonNested: Writer = ({ entries }) => `${JSON.stringify(nest(entries), null, 2)}\n`;

type Tree = { [key: string]: string | Tree };

/**
 * Nests `a.b.c` keys. A key that is both a leaf and a prefix of another (`a` and `a.b`) cannot nest: the
 * clash is kept flat at the level where it happens (`{"a": "…", "a.b": "…"}`), whichever comes first, so
 * no string is lost and joining the keys back at dots gives the originals. Objects have no prototype:
 * keys such as `__proto__` or `constructor` are plain keys here.
 */
export function nest(entries: { key: string; value: string }[]): Tree {
  const root: Tree = Object.create(null);
  for (const { key, value } of entries) {
    const parts = key.split('.');
    let node = root;
    let i = 0;
    for (; i < parts.length - 1; i++) {
      const next = node[parts[i]!];
      if (next === undefined) node = node[parts[i]!] = Object.create(null) as Tree;
      else if (typeof next === 'object') node = next;
      else break;
    }
    const rest = parts.slice(i).join('.');
    const there = node[rest];
    if (typeof there === 'object') {
      // `rest` leads to deeper keys already: they move up here as dotted keys, beside the new leaf.
      delete node[rest];
      for (const [k, v] of Object.entries(flatten(there))) node[`${rest}.${k}`] = v;
    }
    node[rest] = value;
  }
  return root;
}

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'object') Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}
