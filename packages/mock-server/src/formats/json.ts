import { i18nextText } from './placeholders';
import { pluralKeysOf } from './plural-keys';
import type { Writer } from './types';

/** `json.standard`: one flat object, keys as they are (a repeated key keeps its first place and its last text). */
export const writeJsonStandard: Writer = ({ entries }) => {
  const flat: Tree = Object.create(null);
  for (const e of entries) flat[e.key] = e.value;
  return `${jsonText(flat, '')}\n`;
};

/** `json.nested`: keys split at dots into nested objects. */
export const writeJsonNested: Writer = ({ entries }) => `${jsonText(nest(entries), '')}\n`;

/**
 * `json.i18next`: an i18next v4 resource file (one namespace of one language): keys nested at dots as in
 * `json.nested`, placeholders as `{{name}}` (placeholders.ts), and a plural's forms (plural-keys.ts) as
 * `key_one`, `key_other`… beside each other, the CLDR category as the suffix `t(key, { count })` looks for.
 */
export const writeJsonI18next: Writer = (file) => {
  const plurals = pluralKeysOf(file);
  const entries = file.entries.map((e) => {
    const plural = plurals.get(e.key);
    return { key: plural ? `${plural.base}_${plural.category}` : e.key, value: i18nextText(e.value) };
  });
  return `${jsonText(nest(entries), '')}\n`;
};

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
    let node = root;
    let start = 0; // where the part of the key not nested yet begins
    for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', start)) {
      const part = key.slice(start, dot);
      const next = node[part];
      if (next === undefined) node = node[part] = Object.create(null) as Tree;
      else if (typeof next === 'object') node = next;
      else break;
      start = dot + 1;
    }
    const rest = start === 0 ? key : key.slice(start);
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

/**
 * `JSON.stringify(tree, null, 2)`, the same bytes, written directly: the keys in the same order
 * (`Object.keys`: integer-like keys first), each string quoted as JSON.stringify quotes it, but without
 * a call for the many that need no escape.
 */
function jsonText(tree: Tree, indent: string): string {
  const keys = Object.keys(tree);
  if (keys.length === 0) return '{}';
  const inner = `${indent}  `;
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = tree[key]!;
    out += `${i ? ',\n' : '\n'}${inner}${jsonString(key)}: ${typeof value === 'string' ? jsonString(value) : jsonText(value, inner)}`;
  }
  return `${out}\n${indent}}`;
}

/** What JSON.stringify escapes in a string: quote, backslash, control characters, surrogates (if lone). */
const JSON_SPECIAL = /["\\\u0000-\u001F\uD800-\uDFFF]/;

function jsonString(text: string): string {
  return JSON_SPECIAL.test(text) ? JSON.stringify(text) : `"${text}"`;
}
