import { flatten, isPluralForms, PLURAL_CATEGORIES, pluralBase } from '../summary/read';
import { namedPlaceholders, type PlaceholderSyntax } from './placeholders';

/**
 * The keys of the source locale's JSON files, as a typed `t()` calls them: nested keys joined with `.`
 * (summary/read.ts, flatten: the same reading the change summary makes), a plural's forms (`items_one`,
 * `items_other` as i18next writes them; `items.one`, `items.other` or `{"items": {"one", "other"}}` as the
 * service's other JSON formats do) one key `items` that takes a `count`, and each key's placeholders.
 */

/** One key a call can name. */
export interface SourceKey {
  key: string;
  /** Its text; a plural's forms by CLDR category. */
  text: string | Record<string, string>;
  /** Names of the values a call must pass (`count` for a plural), sorted. */
  values: string[];
}

/** One source file: where the export put it (for the order, the first file wins a key) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** A value of a JSON file as text: numbers and booleans as the over-the-air client reads them. */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;

/** The data of a source file; throws an Error naming the file when it is not a JSON object. */
export function parseSource(file: SourceFile): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(file.text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`${file.path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${file.path} is not a JSON object`);
  return data as Record<string, unknown>;
}

/**
 * The flat values of one file: key → its value (a text, or an object of plural forms).
 * `a.b.one`/`a.b.other` flat keys (json.standard) are one plural `a.b`, as `{"a": {"b": {…}}}` is.
 */
function flatValues(data: Record<string, unknown>): Map<string, unknown> {
  const flat = flatten(data, '', new Map<string, unknown>(), (value) => value);
  // Flat keys ending in `.<category>`: their prefix is a plural when it has `other` and nothing else below
  // it (no other last part, and no deeper key: `deeper` holds every prefix that is not a key's parent).
  const below = new Map<string, string[]>();
  const deeper = new Set<string>();
  for (const key of flat.keys()) {
    const dot = key.lastIndexOf('.');
    if (dot < 1) continue;
    const base = key.slice(0, dot);
    let parts = below.get(base);
    if (!parts) below.set(base, (parts = []));
    parts.push(key.slice(dot + 1));
    for (let d = base.lastIndexOf('.'); d > 0; d = base.lastIndexOf('.', d - 1)) deeper.add(base.slice(0, d));
  }
  for (const [base, rest] of below) {
    if (flat.has(base) || deeper.has(base) || !rest.includes('other') || !rest.every((r) => PLURAL_CATEGORIES.has(r)))
      continue;
    const forms: Record<string, unknown> = {};
    for (const category of rest) {
      forms[category] = flat.get(`${base}.${category}`);
      flat.delete(`${base}.${category}`);
    }
    flat.set(base, forms);
  }
  return flat;
}

/**
 * The keys of the source files, sorted: the first file (by path) wins a key two files hold, as the
 * over-the-air client merges a locale's files. Arrays and other values that are not text are no key.
 */
export function sourceKeys(files: readonly SourceFile[], syntax: PlaceholderSyntax): SourceKey[] {
  const keys = new Map<string, SourceKey>();
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const flat = flatValues(parseSource(file));
    const forms = new Map<string, Record<string, string>>();
    for (const [key, value] of flat) {
      const base = pluralBase(key, flat);
      const text = textOf(value);
      if (base !== undefined && text !== undefined) {
        if (!forms.has(base)) forms.set(base, {});
        forms.get(base)![key.slice(base.length + 1)] = text;
      } else if (text !== undefined) add(keys, key, text, syntax);
      else if (value && typeof value === 'object' && !Array.isArray(value) && isPluralForms(value)) {
        const texts: Record<string, string> = {};
        for (const [category, form] of Object.entries(value)) {
          const formText = textOf(form);
          if (formText !== undefined) texts[category] = formText;
        }
        forms.set(key, texts);
      }
    }
    for (const [base, texts] of forms) add(keys, base, texts, syntax);
  }
  return [...keys.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function add(keys: Map<string, SourceKey>, key: string, text: SourceKey['text'], syntax: PlaceholderSyntax): void {
  if (keys.has(key)) return;
  const texts = typeof text === 'string' ? [text] : Object.values(text);
  const values = new Set(texts.flatMap((t) => namedPlaceholders(t, syntax)));
  if (typeof text !== 'string') values.add('count');
  keys.set(key, { key, text: sortedForms(text), values: [...values].sort() });
}

const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

function sortedForms(text: SourceKey['text']): SourceKey['text'] {
  if (typeof text === 'string') return text;
  return Object.fromEntries(
    Object.entries(text).sort(([a], [b]) => CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b)),
  );
}
