/**
 * Reading a resource file as keys and values, for the key-by-key change summary of `loc export` and for
 * `loc push` (its checks of every file before any is sent, and `--dry-run`/`--check`). JSON is read with
 * the strict JSON reader loc-mock reads uploads with, and XML files (Android, XLIFF, `.stringsdict`) with
 * its strict XML reader (@loc/sdk's base/json-read.ts and base/xml-read.ts), so a file the service would
 * refuse is refused here, naming its line; the other formats with a kept parser (yaml, gettext-parser,
 * dot-properties), loaded only when a file of that format is read (`loc export` without a summary loads
 * none of them). A value is the text as the file holds it, placeholders included; a key with plural forms
 * has all its forms as its value, so changing one form changes the key; a list's items are keys of their
 * own (`days.0`), as the service stores them.
 */
import {
  aaptText,
  elementsOf,
  FormatReadError,
  innerXml,
  MAX_NESTING_DEPTH,
  nestsDeeperThan,
  parseJson,
  parseXml,
  textOf as elementText,
  TOO_DEEP,
  type TreeNode,
  type XmlElement,
} from '@loc/sdk/internal';
import { FirstSorted, firstSorted } from './first-keys';
import { plainStringsKeys } from './strings-keys';

/** Keys and values of one file. */
export type Entries = Map<string, string>;

/** A file's content: its text, or its bytes (UTF-8). */
export type Content = string | Uint8Array;

/**
 * The text of a file's content: bytes decoded as readFileSync decodes a file (a byte order mark kept), or
 * as UTF-16 where a byte order mark says so, as `loc push` reads a file (Xcode wrote `.strings` files in
 * UTF-16): read as UTF-8, such a file in the output folder was "compared as a whole file" by the summary.
 */
export function decoded(content: Content): string {
  if (typeof content === 'string') return content;
  if (content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content);
  if (content[0] === 0xfe && content[1] === 0xff) return new TextDecoder('utf-16be').decode(content);
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
}

/** What a file of a format is read with. */
type Reader = (text: string, locale: string | undefined) => Promise<Entries>;

/** CLDR's plural categories: the forms of a plural key, as i18next's suffixes and Rails' nested keys name them. */
export const PLURAL_CATEGORIES: ReadonlySet<string> = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** A stable text of a value that is not a string (plural forms, an array): keys sorted. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** An object of plural forms (`one`, `other`…): one value, as Rails' and i18next's nested files write them. */
export function isPluralForms(value: object): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.includes('other') && keys.every((k) => PLURAL_CATEGORIES.has(k));
}

/**
 * Nested keys joined with dots (as i18next joins them); plural forms stay one value. Each value is
 * `leaf(value)`: its text for the summary, the value itself for the typed keys (export/types/). With
 * `lists`, a list's items are keys of their own, numbered from 0 (`days.0`, `days.1`), as the service
 * stores them (@loc/sdk's leavesOf, which loc-mock's JSON and YAML readers name keys with); without it a
 * list is one value (the typed keys leave it out). A `null` (YAML's `~`, or a key with nothing after it) is
 * no entry: the service reads it as a key without a text, untranslated, which its files leave out.
 */
export function flatten<V = string>(
  value: unknown,
  prefix: string,
  into: Map<string, V>,
  leaf: (value: unknown) => V = valueText as (value: unknown) => V,
  lists = false,
): Map<string, V> {
  if (lists && Array.isArray(value)) {
    for (const [i, item] of value.entries()) flatten(item, prefix ? `${prefix}.${i}` : String(i), into, leaf, lists);
  } else if (value && typeof value === 'object' && !Array.isArray(value) && !isPluralForms(value)) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>))
      flatten(child, prefix ? `${prefix}.${key}` : key, into, leaf, lists);
  } else if (prefix && value !== null) into.set(prefix, leaf(value ?? ''));
  return into;
}

/** The keys `flatten` makes of a value (its lists' items keys of their own), without their values: all a file that is new or gone needs. */
function flatKeys(value: unknown, prefix: string, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) flatKeys(item, prefix ? `${prefix}.${i}` : String(i), into);
  } else if (value && typeof value === 'object' && !isPluralForms(value)) {
    for (const key of Object.keys(value))
      flatKeys((value as Record<string, unknown>)[key], prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix && value !== null) into.add(prefix);
  return into;
}

const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * The key a plural form belongs to (`items` for `items_one`) when the key's `_other` form is there too;
 * undefined for any other key.
 */
export function pluralBase(key: string, keys: { has(key: string): boolean }): string | undefined {
  // Few keys end in a plural category: the regular expression runs only for those (it was a tenth of
  // reading a JSON file of 2,500 keys).
  const underscore = key.lastIndexOf('_');
  if (underscore < 1 || !PLURAL_CATEGORIES.has(key.slice(underscore + 1))) return undefined;
  const base = PLURAL_KEY.exec(key)?.[1];
  return base !== undefined && keys.has(`${base}_other`) ? base : undefined;
}

const DOTTED_PLURAL_KEY = /^(.+)\.(zero|one|two|few|many|other)$/;

/**
 * The group a flat key of the service's own spelling belongs to (`items` for `items.one`, when
 * `items.other` is there): what a flat export (json.standard) writes for the plural a nested file holds
 * as `"items": {"one": …, "other": …}`, which the service stores as `items.one` and `items.other`.
 */
function dottedPluralBase(key: string, keys: { has(key: string): boolean }): string | undefined {
  const dot = key.lastIndexOf('.');
  if (dot < 1 || !PLURAL_CATEGORIES.has(key.slice(dot + 1))) return undefined;
  const base = DOTTED_PLURAL_KEY.exec(key)?.[1];
  return base !== undefined && keys.has(`${base}.other`) ? base : undefined;
}

/**
 * The plural group a key is a form of, in either spelling (`items_one`, `items.one`), if any; none when
 * the file has a key of that name too (`share` beside `share.one` and `share.other`, as a flat file may
 * hold them): joined, the forms replaced its text, and a change to it was no change.
 */
const formBase = (key: string, keys: { has(key: string): boolean }) => {
  const base = pluralBase(key, keys) ?? dottedPluralBase(key, keys);
  return base === undefined || keys.has(base) ? undefined : base;
};

/**
 * Plural keys are one key with its forms, when the `other` form is there: i18next's (`items_one`,
 * `items_other`) and the service's flat ones (`items.one`, `items.other`), so that a nested file's plural
 * and a flat export of it are the same key.
 */
function joinSuffixedPlurals(entries: Entries): Entries {
  const joined: Entries = new Map();
  const forms = new Map<string, Record<string, string>>();
  for (const [key, value] of entries) {
    const base = formBase(key, entries);
    if (base !== undefined) {
      if (!forms.has(base)) forms.set(base, {});
      forms.get(base)![key.slice(base.length + 1)] = value;
    } else joined.set(key, value);
  }
  for (const [base, value] of forms) joined.set(base, valueText(value));
  return joined;
}

/** The keys joinSuffixedPlurals leaves of `keys`. */
function joinedKeys(keys: Set<string>): Set<string> {
  const joined = new Set<string>();
  for (const key of keys) joined.add(formBase(key, keys) ?? key);
  return joined;
}

/** A YAML document whose one root key is the file's locale (Rails' files): its content. */
function withoutLocaleRoot(data: unknown, locale: string | undefined): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const keys = Object.keys(data);
  const root = keys.length === 1 ? keys[0]! : undefined;
  const value = root === undefined ? undefined : (data as Record<string, unknown>)[root];
  const looksLikeLocale = root !== undefined && (root === locale || /^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(root));
  return looksLikeLocale && value && typeof value === 'object' ? value : data;
}

/** The data of a nested format's text (JSON, YAML), its keys to be flattened. */
type DataReader = (text: string, locale: string | undefined) => Promise<unknown>;

/**
 * The data as parsed, held to the depth every surface holds JSON to (@loc/sdk's MAX_NESTING_DEPTH): a file
 * a pull request or the service wrote thousands of levels deep is "unread" with that reason, not walked
 * by the recursive readers below until the stack overflows.
 */
function shallow(data: unknown): unknown {
  if (nestsDeeperThan(data)) throw new Error(`it nests deeper than ${MAX_NESTING_DEPTH} levels`);
  return data;
}

/**
 * A JSON file read strictly, as the service reads an upload (@loc/sdk's parseJson, loc-mock's JSON
 * reader): a key twice in one object, at any depth, is refused (JSON.parse kept the last one silently,
 * and the service refused the file after the files before it were sent), and an error names its line
 * and column. Numbers and `true`/`false` are the text they are written as (`1.0` stays `1.0`).
 */
const jsonData: DataReader = async (text) => {
  let tree: TreeNode;
  try {
    tree = parseJson(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // The depth in the words every reader here uses for it.
    if (error instanceof FormatReadError && error.message.endsWith(TOO_DEEP))
      throw new FormatReadError(`it nests deeper than ${MAX_NESTING_DEPTH} levels`, error.line, error.column);
    throw error;
  }
  return dataOf(tree);
};

/** A tree parseJson read as the data JSON.parse gives (held to MAX_NESTING_DEPTH by parseJson). */
function dataOf(node: TreeNode): unknown {
  switch (node.kind) {
    case 'text':
      return node.value;
    case 'none':
      return null;
    case 'list':
      return node.items.map(dataOf);
    case 'map': {
      const data: Record<string, unknown> = {};
      // defineProperty: a key `__proto__` is a key like any other.
      for (const entry of node.entries)
        Object.defineProperty(data, entry.key, {
          value: dataOf(entry.node),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return data;
    }
  }
}

/**
 * A YAML file read as the service reads an upload (loc-mock's YAML reader): every scalar is the text it is
 * written as (`version: 1.10` is "1.10", `on: True` "True", as its failsafe schema reads them, where the
 * core schema's 1.1 and true made the key "changed" at every `loc push --check`), `~` and nothing at all
 * are null, and merge keys (`<<: *defaults`) bring the anchored mapping's keys, the mapping's own winning
 * (read as a key `<<`, they were "added" at every check, and the keys they bring "not in your file").
 */
const yamlData: DataReader = async (text, locale) => {
  const { parseDocument, visit, isScalar } = await import('yaml');
  const doc = parseDocument(text, { merge: true });
  const error = doc.errors[0];
  if (error) throw error;
  visit(doc, {
    Scalar(_key, node) {
      if (isScalar(node) && node.value !== null && typeof node.value !== 'string' && typeof node.source === 'string')
        node.value = node.source;
    },
  });
  return withoutLocaleRoot(shallow(doc.toJS()), locale);
};

const NESTED: Record<string, DataReader> = { json: jsonData, yml: yamlData, yaml: yamlData };

const readNested =
  (data: DataReader): Reader =>
  async (text, locale) =>
    joinSuffixedPlurals(flatten(await data(text, locale), '', new Map(), valueText, true));

const readProperties: Reader = async (text) => {
  const { parse } = await import('dot-properties');
  return new Map(Object.entries(parse(text) as Record<string, string>));
};

const readPo: Reader = async (text) => {
  const { po } = await import('gettext-parser');
  const parsed = po.parse(Buffer.from(text, 'utf8'));
  const entries: Entries = new Map();
  for (const [context, messages] of Object.entries(parsed.translations)) {
    for (const [id, message] of Object.entries(messages)) {
      if (!id && !context) continue; // the header
      const forms = message.msgstr;
      entries.set(context || id, forms.length === 1 ? (forms[0] ?? '') : valueText(forms));
    }
  }
  return entries;
};

/**
 * An Android `values/strings.xml`, with the strict XML reader loc-mock reads uploads with: a `<string>`
 * is its name's text, a `<plurals>` one key of its forms, a `<string-array>` one key of its items. A
 * value is the text as the file writes it (entities in one spelling, markup as XML). A text aapt2 would
 * refuse is refused as loc-mock refuses it, naming its line (@loc/sdk's aaptText: an unescaped apostrophe,
 * a bad `\u` escape),
 * where loc-mock reads it: not in a resource marked `translatable="false"` or of another `product`.
 */
const readAndroid: Reader = async (text) => {
  const root = parseXml(text);
  if (root.name !== 'resources') throw new Error('no <resources> element');
  const entries: Entries = new Map();
  for (const child of elementsOf(root)) {
    const kind = child.name;
    if (kind !== 'string' && kind !== 'plurals' && kind !== 'string-array') continue;
    const name = child.attrs.get('name') ?? 'undefined';
    const read =
      child.attrs.get('translatable') !== 'false' &&
      (child.attrs.get('product') === undefined || child.attrs.get('product') === 'default');
    const textOf = (element: XmlElement, key: string) => {
      if (read) aaptText(element, key); // its refusals only: the value is the text as the file writes it
      return innerXml(element, { escaped: true }); // as the file writes it, in one spelling
    };
    if (kind === 'string') {
      entries.set(name, textOf(child, name));
      continue;
    }
    const items = elementsOf(child).filter((item) => item.name === 'item');
    if (kind === 'plurals') {
      const forms = Object.fromEntries(
        items.map((i) => [i.attrs.get('quantity'), textOf(i, `${name}.${i.attrs.get('quantity') ?? ''}`)]),
      );
      entries.set(name, valueText(forms));
    } else entries.set(name, valueText(items.map((item, i) => textOf(item, `${name}.${i}`))));
  }
  return entries;
};

/** Elements of XLIFF's namespaces (or of none, as some tools write it); others are extensions, skipped (as loc-mock's reader skips them). */
const isXliff = (element: XmlElement) =>
  element.uri === '' || element.uri.startsWith('urn:oasis:names:tc:xliff:document:');

/**
 * An XLIFF 1.2 or 2.0 file, with the strict XML reader loc-mock reads uploads with: a unit's key is its `id`, its
 * value its `<target>`, or its `<source>` where it has none, as innerXml gives it (loc-mock's reader's
 * texts): XML's entities and character references decoded, so `"` and `&quot;` are one text; inline
 * elements (`<g>`, `<x/>`) written back as XML.
 */
const readXliff: Reader = async (text) => {
  const root = parseXml(text);
  if (root.local !== 'xliff') throw new Error('no <xliff> element');
  const entries: Entries = new Map();
  const visit = (element: XmlElement) => {
    for (const child of elementsOf(element)) {
      if (!isXliff(child)) continue;
      if (child.local === 'trans-unit') {
        const parts = elementsOf(child).filter(isXliff);
        const value = parts.find((e) => e.local === 'target') ?? parts.find((e) => e.local === 'source');
        entries.set(String(child.attrs.get('id')), value ? innerXml(value) : '');
      } else if (child.local === 'unit') {
        // XLIFF 2.0: a unit's text is its segments' (and ignorables') in order, each its target where
        // every segment has one, else its source, as loc-mock's reader joins them.
        const parts = elementsOf(child).filter((e) => isXliff(e) && (e.local === 'segment' || e.local === 'ignorable'));
        const partOf = (part: XmlElement, local: string) =>
          elementsOf(part).find((e) => isXliff(e) && e.local === local);
        const translated =
          parts.some((p) => p.local === 'segment') &&
          parts.every((p) => p.local !== 'segment' || partOf(p, 'target') !== undefined);
        const text = parts
          .map((p) => innerXml((translated && partOf(p, 'target')) || partOf(p, 'source') || p))
          .join('');
        entries.set(String(child.attrs.get('id')), text);
      } else if (child.local === 'file' || child.local === 'body' || child.local === 'group') visit(child);
    }
  };
  visit(root);
  return entries;
};

/**
 * A `.stringsdict`: an XML property list, read as the plist package reads one (its dicts, arrays,
 * strings, numbers, booleans, dates and data), with the strict XML reader loc-mock reads uploads with
 * (@loc/sdk's xml-read.ts): errors name the line, no DTD is read, nesting is held to MAX_NESTING_DEPTH. The
 * plist package builds an xmldom DOM first (~30 ms a file of 250 plural rules), and fast-xml-parser
 * validates and then parses (~40 ms): most of a `loc push` of an iOS project (bench "Push").
 */
const readStringsdict: Reader = async (text) => {
  const root = parseXml(text);
  if (root.name !== 'plist') throw new Error('no <plist> element');
  const [top] = plistElements(root);
  const data = top === undefined ? undefined : plistValue(top);
  if (!data || typeof data !== 'object' || Array.isArray(data) || data instanceof Date || Buffer.isBuffer(data))
    throw new Error('the plist is not a dictionary');
  return new Map(Object.entries(data).map(([key, value]) => [key, valueText(value)]));
};

/** The elements inside an element of a property list: the text between them may be white space only. */
function plistElements(element: XmlElement): XmlElement[] {
  for (const child of element.children)
    if (child.kind === 'text' && child.text.trim() !== '')
      throw new Error(`line ${child.line}: text outside an element: ${JSON.stringify(child.text.trim().slice(0, 40))}`);
  return elementsOf(element);
}

/** The text of a `<key>`, `<string>` or number: no element inside it. */
function plistText(element: XmlElement): string {
  const inside = elementsOf(element)[0];
  if (inside) throw new Error(`line ${inside.line}: <${inside.name}> inside a text`);
  return elementText(element);
}

/** One element's value, as the plist package gives it. */
function plistValue(element: XmlElement): unknown {
  const tag = element.name;
  switch (tag) {
    case 'dict': {
      const dict: Record<string, unknown> = {};
      const elements = plistElements(element);
      for (let i = 0; i < elements.length; i += 2) {
        const key = elements[i]!;
        const value = elements[i + 1];
        if (key.name !== 'key') throw new Error(`line ${key.line}: <${key.name}> where a <dict> has a <key>`);
        if (value === undefined)
          throw new Error(`line ${key.line}: the <key> ${JSON.stringify(plistText(key))} has no value`);
        Object.defineProperty(dict, plistText(key), {
          value: plistValue(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return dict;
    }
    case 'array':
      return plistElements(element).map(plistValue);
    case 'string':
      return plistText(element);
    case 'integer':
    case 'real': {
      const number = Number(plistText(element).trim());
      if (Number.isNaN(number))
        throw new Error(`line ${element.line}: <${tag}> ${JSON.stringify(plistText(element))} is not a number`);
      return tag === 'integer' ? Math.trunc(number) : number;
    }
    case 'true':
    case 'false':
      return tag === 'true';
    case 'date':
      return new Date(plistText(element).trim());
    case 'data':
      return Buffer.from(plistText(element).replace(/\s+/g, ''), 'base64');
    default:
      throw new Error(`line ${element.line}: <${tag}> is no element of a property list`);
  }
}

/**
 * Apple's `.strings` (`"key" = "value";`, comments, C escapes). The kept parser of this old-style plist
 * format (@plist/openstep.parse) copies the rest of the text at every character: 92 s for a file of
 * 10,000 keys. This reader reads the common entry (`"key" = "value";`, ASCII spaces, no escape) with
 * indexOf, and any other entry with two sticky regular expressions (what lies between entries, then the
 * entry), which are the grammar: the quick path takes only texts they would read the same way. A text that
 * neither reads is refused.
 */
// A quoted text is `[^"\\]*(?:\\[\s\S][^"\\]*)*` (runs of plain characters between escapes), not
// `(?:[^"\\]|\\[\s\S])*`, which steps through an alternation at every character.
const STRINGS_GAP = /(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*/y;
const STRINGS_ENTRY =
  /(?:"([^"\\]*(?:\\[\s\S][^"\\]*)*)"|([A-Za-z0-9_.$/:-]+))\s*=\s*"([^"\\]*(?:\\[\s\S][^"\\]*)*)"\s*;/y;

const readStrings: Reader = async (text) => {
  const entries: Entries = new Map();
  scanStrings(text, (key, keyStart, keyEnd, value, valueStart, valueEnd) =>
    entries.set(key.slice(keyStart, keyEnd), value.slice(valueStart, valueEnd)),
  );
  return entries;
};

/**
 * Each entry of a `.strings` text, in order: its key is `key.slice(keyStart, keyEnd)` and its value
 * `value.slice(valueStart, valueEnd)` — ranges of the text itself for a plain entry (no string made for
 * it), the unescaped strings whole for one with escapes. Throws at a text that is not an entry.
 */
function scanStrings(
  text: string,
  entry: (key: string, keyStart: number, keyEnd: number, value: string, valueStart: number, valueEnd: number) => void,
): void {
  const quick = quickStrings(text);
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    if (quick.entry(index)) {
      entry(text, quick.keyStart, quick.keyEnd, text, quick.valueStart, quick.valueEnd);
      index = quick.end;
      continue;
    }
    STRINGS_GAP.lastIndex = index;
    STRINGS_GAP.test(text);
    index = STRINGS_GAP.lastIndex;
    if (index >= text.length) return;
    STRINGS_ENTRY.lastIndex = index;
    const match = STRINGS_ENTRY.exec(text);
    if (!match) throw new Error(`cannot read the text at offset ${index}`);
    index = STRINGS_ENTRY.lastIndex;
    const key = unescapeC(match[1] ?? match[2]!);
    const value = unescapeC(match[3]!);
    entry(key, 0, key.length, value, 0, value.length);
  }
}

/** Spaces STRINGS_GAP's `\s` takes, of those the quick path reads: tab, line feed, VT, FF, CR, space. */
const isAsciiSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/**
 * The quick path of scanStrings: `entry(at)` reads the gap and one plain entry from `at` and keeps where
 * its key and value lie and where it ends; false where the regular expressions must read (an escape, an
 * unquoted key, another space, the end of the text, anything unexpected).
 */
function quickStrings(text: string) {
  const length = text.length;
  // The next backslash at or after a position: a quoted text before it has no escape.
  let backslash = -1;
  const escapeBefore = (from: number, to: number) => {
    if (backslash < from) {
      backslash = text.indexOf('\\', from);
      if (backslash < 0) backslash = length;
    }
    return backslash < to;
  };
  /** The closing quote of a plain quoted text opening at `open`; -1 for none or an escape. */
  const closing = (open: number) => {
    const close = text.indexOf('"', open + 1);
    return close < 0 || escapeBefore(open + 1, close) ? -1 : close;
  };
  const state = {
    keyStart: 0,
    keyEnd: 0,
    valueStart: 0,
    valueEnd: 0,
    end: 0,
    entry(at: number): boolean {
      let i = at;
      for (;;) {
        const c = text.charCodeAt(i);
        if (isAsciiSpace(c)) i++;
        else if (c === 47 && text.charCodeAt(i + 1) === 42) {
          const close = text.indexOf('*/', i + 2);
          if (close < 0) return false;
          i = close + 2;
        } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
          const line = text.indexOf('\n', i + 2);
          i = line < 0 ? length : line;
        } else break;
      }
      if (text.charCodeAt(i) !== 34) return false;
      const keyStart = i + 1;
      const keyEnd = closing(i);
      if (keyEnd < 0) return false;
      i = keyEnd + 1;
      while (isAsciiSpace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== 61) return false;
      i++;
      while (isAsciiSpace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== 34) return false;
      const valueEnd = closing(i);
      if (valueEnd < 0) return false;
      const valueStart = i + 1;
      i = valueEnd + 1;
      while (isAsciiSpace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== 59) return false;
      state.keyStart = keyStart;
      state.keyEnd = keyEnd;
      state.valueStart = valueStart;
      state.valueEnd = valueEnd;
      state.end = i + 1;
      return true;
    },
  };
  return state;
}

const C_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', "'": "'", '0': '\0' };
function unescapeC(text: string): string {
  // Most texts have no escape: no regular expression for them.
  if (!text.includes('\\')) return text;
  return text.replace(/\\(U[0-9a-fA-F]{4}|u[0-9a-fA-F]{4}|[\s\S])/g, (_m, code: string) =>
    code.length === 5 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : (C_ESCAPES[code] ?? code),
  );
}

const READERS: Record<string, Reader> = {
  json: readNested(jsonData),
  yml: readNested(yamlData),
  yaml: readNested(yamlData),
  properties: readProperties,
  po: readPo,
  pot: readPo,
  xlf: readXliff,
  xliff: readXliff,
  strings: readStrings,
  stringsdict: readStringsdict,
  xml: readAndroid,
};

/** The format name of a file, by its extension; undefined when loc cannot read it key by key. */
export function formatOf(path: string): string | undefined {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  // Own keys only: a file named `x.constructor` or `x.toString` has no reader (`in` would find Object's).
  return extension && Object.hasOwn(READERS, extension) ? extension : undefined;
}

/** The keys and values of a file's text. Throws when the text is not of its format. */
export function readEntries(path: string, text: string, locale: string | undefined): Promise<Entries> {
  const format = formatOf(path);
  if (!format) throw new Error(`no reader for ${path}`);
  return READERS[format]!(text, locale);
}

/**
 * How many distinct keys a file has, and the first `n` in sort order: all a file that is new or gone
 * needs (there are no values to compare): a `.strings` file's values are not made into strings, and its
 * bytes are read as they are when they can be (summary/strings-keys.ts). Throws when the content is not
 * of its format.
 */
export async function readKeys(
  path: string,
  content: Content,
  locale: string | undefined,
  n: number,
): Promise<{ count: number; first: string[] }> {
  const format = formatOf(path);
  if (format === 'strings') {
    const plain = typeof content === 'string' ? undefined : plainStringsKeys(content, n);
    if (plain) return plain;
    const text = decoded(content);
    const keys = new Set<string>();
    const first = new FirstSorted(n);
    scanStrings(text, (text, keyStart, keyEnd) => {
      const key = text.slice(keyStart, keyEnd);
      const size = keys.size;
      // A key seen before is neither counted nor ranked again.
      if (keys.add(key).size !== size) first.add(key);
    });
    return { count: keys.size, first: first.values };
  }
  const nested = format === undefined ? undefined : NESTED[format];
  if (nested) {
    // Keys only: no value is made (plural forms and arrays were each a JSON text).
    const keys = joinedKeys(flatKeys(await nested(decoded(content), locale), '', new Set()));
    return { count: keys.size, first: firstSorted(keys, n) };
  }
  const entries = await readEntries(path, decoded(content), locale);
  return { count: entries.size, first: firstSorted(entries.keys(), n) };
}
