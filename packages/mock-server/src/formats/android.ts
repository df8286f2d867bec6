import { arrayKeys } from './array-keys';
import { PLURAL_CATEGORIES, pluralKeys } from './plural-keys';
import type { Entry, Writer } from './types';
import { escapeXmlText } from './xml';

/**
 * One resource of an Android resource file, as an app's `R` class has it: a `<string>` of one key, a
 * `<plurals>` of a plural group's forms (`files.one`, `files.other`: plural-keys.ts) under the group's
 * base, or a `<string-array>` of an array's items (`planets.0`, `planets.1`: array-keys.ts) under its base.
 */
export type AndroidResource =
  | { type: 'string'; name: string; key: string }
  | { type: 'plurals'; name: string; forms: [category: string, key: string][] }
  | { type: 'string-array'; name: string; items: string[] };

const resourcesByKeys = new WeakMap<readonly string[], AndroidResource[]>();

/**
 * The resources of a file with these keys, in the file's order (each where its first key stands), decided
 * over all of the file's keys so that every locale's file has the same ones. A plural's forms are in CLDR's
 * order, an array's items by index. Names are androidNames of the resources' keys and bases (a `<plurals>`
 * and a `<string>` of one name are two resources, as `R.plurals.files` and `R.string.files` are): the names
 * the mobile SDK bundle (android-sdk-bundle.ts) gives its items, since an app built from the export looks its
 * strings up by them. Made once per key list: an export writes the same file in every locale with the same
 * `keys` array.
 *
 * @example
 * androidResources(['title', 'files.one', 'files.other', 'planets.0', 'planets.1']);
 * // [{ type: 'string', name: 'title', key: 'title' },
 * //  { type: 'plurals', name: 'files', forms: [['one', 'files.one'], ['other', 'files.other']] },
 * //  { type: 'string-array', name: 'planets', items: ['planets.0', 'planets.1'] }]
 */
export function androidResources(keys: readonly string[]): AndroidResource[] {
  const known = resourcesByKeys.get(keys);
  if (known) return known;
  const plurals = pluralKeys(keys);
  const items = arrayKeys(keys);
  const names = androidNames([...new Set(keys.map((k) => plurals.get(k)?.base ?? items.get(k)?.base ?? k))]);
  const resources: AndroidResource[] = [];
  const groups = new Map<string, Extract<AndroidResource, { type: 'plurals' | 'string-array' }>>();
  for (const key of keys) {
    const plural = plurals.get(key);
    const item = items.get(key);
    if (!plural && !item) {
      resources.push({ type: 'string', name: names.get(key)!, key });
      continue;
    }
    const base = (plural ?? item)!.base;
    let group = groups.get(`${plural ? 'p' : 'a'}${base}`);
    if (!group) {
      group = plural
        ? { type: 'plurals', name: names.get(base)!, forms: [] }
        : { type: 'string-array', name: names.get(base)!, items: [] };
      groups.set(`${plural ? 'p' : 'a'}${base}`, group);
      resources.push(group);
    }
    if (group.type === 'plurals') group.forms.push([plural!.category, key]);
    else group.items[item!.index] = key;
  }
  // A string named as another resource's form or item (`a_b.one` beside the plurals `a_b` of `a-b.one`,
  // `a-b.other`) would read back as that form's key: it takes the next free name.
  const readBack = new Set<string>();
  const fields = new Set([...names.values()].map(fieldOf));
  for (const group of groups.values()) {
    if (group.type === 'plurals') group.forms.sort(([a], [b]) => categoryOrder(a) - categoryOrder(b));
    const parts = group.type === 'plurals' ? group.forms.map(([category]) => category) : group.items.map((_, i) => i);
    for (const part of parts) readBack.add(`${group.name}.${part}`);
  }
  if (readBack.size)
    for (const resource of resources) {
      if (resource.type !== 'string' || !readBack.has(resource.name)) continue;
      let name = resource.name;
      for (let n = 2; fields.has(fieldOf(name)) || readBack.has(name); n++) name = `${resource.name}_${n}`;
      fields.add(fieldOf(name));
      resource.name = name;
    }
  resourcesByKeys.set(keys, resources);
  return resources;
}

const categoryOrder = (category: string) => (PLURAL_CATEGORIES as readonly string[]).indexOf(category);
/** The `R` field of a resource name: `.` is `_` there. */
const fieldOf = (name: string) => name.replace(/\./g, '_');

/**
 * `xml.android.resources`: a `values/strings.xml` as an app's build reads it. Each key is a `<string>`; a
 * plural group a `<plurals>` with an `<item quantity>` per form the locale has, left out of a locale whose
 * `other` form is untranslated (Android falls back to `other` for a count whose form is missing, and throws
 * without it; the default `values/` resource then serves); an array a `<string-array>`, left out of a
 * locale where an item is untranslated (a shorter array would shift the items). Names: androidResources.
 * Each text: androidText. A comment is written before its resource; the forms or items of one resource
 * that have different comments each get theirs before their `<item>`.
 */
export const writeAndroid: Writer = ({ entries, keys }) => {
  const byKey = new Map<string, Entry>();
  for (const e of entries) byKey.set(e.key, e);
  let out = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n';
  let first = true;
  for (const resource of androidResources(keys ?? entries.map((e) => e.key))) {
    const xml = resourceXml(resource, byKey);
    if (xml === undefined) continue;
    out += first ? xml : `\n${xml}`;
    first = false;
  }
  return `${out}\n</resources>\n`;
};

function resourceXml(resource: AndroidResource, byKey: Map<string, Entry>): string | undefined {
  if (resource.type === 'string') {
    const e = byKey.get(resource.key);
    if (!e) return undefined;
    const unformatted = needsUnformatted(e.value) ? ' formatted="false"' : '';
    return `${commentXml(e.comment, '    ')}    <string name="${resource.name}"${unformatted}>${androidText(e.value)}</string>`;
  }
  const items: [quantity: string, entry: Entry][] = [];
  if (resource.type === 'plurals') {
    for (const [category, key] of resource.forms) {
      const e = byKey.get(key);
      if (e) items.push([category, e]);
    }
    if (!items.some(([category]) => category === 'other')) return undefined;
  } else {
    for (const key of resource.items) {
      const e = byKey.get(key);
      if (!e) return undefined;
      items.push(['', e]);
    }
  }
  // One comment for the resource when its items share it (the reader gives it to each); else each its own.
  const shared = items.every(([, e]) => e.comment === items[0]![1].comment);
  let out = `${shared ? commentXml(items[0]![1].comment, '    ') : ''}    <${resource.type} name="${resource.name}">\n`;
  for (const [quantity, e] of items)
    out += `${shared ? '' : commentXml(e.comment, '        ')}        <item${quantity ? ` quantity="${quantity}"` : ''}>${androidText(e.value)}</item>\n`;
  return `${out}    </${resource.type}>`;
}

/**
 * An XML comment of the text, as people write them but for what XML refuses there: a `-` after a `-` as
 * `&#45;`, since XML refuses `--` in a comment (and aapt2 with it); `&` as `&amp;`, so that text such as
 * `&lt;` reads back as written (the reader undoes these references, as R.java's Javadoc shows them); CR as
 * `&#13;`; the control characters XML 1.0 cannot carry left out.
 */
function commentXml(comment: string | undefined, indent: string): string {
  if (!comment) return '';
  const text = comment
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/\r/g, '&#13;')
    .replace(/(?<=-)-/g, '&#45;');
  return `${indent}<!-- ${text} -->\n`;
}

/**
 * Whether aapt2 would refuse the text as a format string: more than one `%` substitution, and one of them
 * not positional (`%s` rather than `%1$s`), fails the build unless the string says `formatted="false"`.
 * The attribute only turns that check off; `getString(id, args)` still formats. (aapt2 checks `<string>`s
 * only, not the items of `<plurals>` or `<string-array>`.)
 */
function needsUnformatted(text: string): boolean {
  if (text.indexOf('%') === text.lastIndexOf('%')) return false; // one `%` at most: one substitution at most
  // `%%` and `%n` are no substitutions, nor is a `%` that ends the text.
  const substitutions = [...text.matchAll(/%([%n]|\d+\$)?/g)].filter(
    (m) => m[1] !== '%' && m[1] !== 'n' && m.index < text.length - 1,
  );
  return substitutions.length > 1 && substitutions.some((m) => !m[1]);
}

/** Java's keywords and literals: a resource whose R field would be one of them fails the build. */
const JAVA_RESERVED = new Set(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends false final finally float for goto if implements import instanceof int interface long native new null package private protected public return short static strictfp super switch synchronized this throw throws transient true try void volatile while _'.split(
    ' ',
  ),
);

/**
 * Resource names for the keys of one file, the same in every locale (so computed over all the file's keys,
 * not one locale's). A name allows ASCII letters, digits, `_` and `.`, must not start with a digit, and
 * becomes an `R.string` field with `.` as `_`: so other characters become `_`, a leading digit gets a `_`
 * before it, a Java keyword a `_` after it, and a name whose field another key already has gets `_2`, `_3`….
 *
 * @example
 * androidNames(['settings.title', 'a-b', 'a_b', 'class', '2fa']);
 * // settings.title, a_b, a_b_2, class_, _2fa
 */
export function androidNames(keys: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const fields = new Set<string>();
  for (const key of keys) {
    if (names.has(key)) continue;
    let base = key.replace(/[^A-Za-z0-9_.]/g, '_');
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
    if (JAVA_RESERVED.has(base)) base = `${base}_`;
    let name = base;
    for (let n = 2; fields.has(fieldOf(name)); n++) name = `${base}_${n}`;
    names.set(key, name);
    fields.add(fieldOf(name));
  }
  return names;
}

/**
 * A tag as the reader gives it back (android-read.ts keeps a span as its tag's text, startTag in
 * xml-read.ts): `<b>`, `<font color="#f00">`, `</b>`, `<br/>`; a name without a namespace prefix, each
 * attribute after one space in double quotes, its value escaped as the reader escapes it.
 */
const TAG =
  /<(\/?)([A-Za-z_][A-Za-z0-9_.-]*)((?: (?!xmlns)[A-Za-z_][A-Za-z0-9_.-]*="(?:[^"<&\t\n\r]|&(?:amp|lt|quot);)*")*)(\/?)>/g;

/**
 * The text split at its markup, when every `<` in it opens a tag that aapt2 compiles as a span of a
 * styled string and the reader reads back as written: tags as TAG has them, nested properly, no start
 * tag right before its own end (that reads back as `<b/>`), no attribute twice. Undefined for a text
 * without such markup, or with anything else (`a < b`, `<xliff:g>`, `<!-- -->`, CDATA, `<b>` alone).
 */
function spansOf(text: string): { text: string; tag?: true }[] | undefined {
  if (!text.includes('<')) return undefined;
  const pieces: { text: string; tag?: true }[] = [];
  const open: string[] = [];
  let opened = false; // the last piece is a start tag
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    const [tag, end, name, attrs, empty] = m as unknown as [string, string, string, string, string];
    const before = text.slice(at, m.index);
    if (before.includes('<')) return undefined;
    if (before) pieces.push({ text: before });
    if (end) {
      if (attrs || empty || open.pop() !== name || (opened && !before)) return undefined;
    } else {
      const names = [...attrs.matchAll(/ ([^="]+)="[^"]*"/g)].map((a) => a[1]);
      if (new Set(names).size !== names.length) return undefined;
      if (!empty) open.push(name);
    }
    pieces.push({ text: tag, tag: true });
    opened = !end && !empty;
    at = m.index + tag.length;
  }
  const rest = text.slice(at);
  if (open.length || rest.includes('<')) return undefined;
  if (rest) pieces.push({ text: rest });
  return pieces;
}

/**
 * A text as the inside of a `<string>` or `<item>`, which aapt2 compiles back to the text: its markup (see
 * spansOf) as markup, a styled string's spans; everything else as text, with Android's escapes (escapeAndroid)
 * and then what XML requires (escapeXmlText: `&`, `<`; quotes stay `\'` and `\"`, as people write them).
 */
function androidText(text: string): string {
  const pieces = spansOf(text);
  if (!pieces) return escapeXmlText(escapeAndroid(text, true, true));
  let out = '';
  for (const [i, piece] of pieces.entries())
    out += piece.tag ? piece.text : escapeXmlText(escapeAndroid(piece.text, i === 0, false));
  return out;
}

/** Whatever escapeAndroid changes: text without any of it (most text) is returned as it is. */
const ANDROID_SPECIAL = /[\\'"\n\t\r\u0000-\u001F\uFFFE\uFFFF]|^[@? ]| $| {2}/;

/**
 * Android's escapes of a text (or of one piece of a styled string's text between its tags): backslash,
 * quotes, line breaks and tabs; a leading `@` or `?` of the first piece, which aapt2 would read as a
 * reference; the other control characters as `\uXXXX`, which aapt2 decodes (XML 1.0 cannot carry them);
 * NUL left out, as aapt2 ends a string at it; and the spaces aapt2 would trim (at the ends of a string
 * without spans: `trims`) or collapse (in a run) as `\u0020`.
 */
function escapeAndroid(text: string, first: boolean, trims: boolean): string {
  if (!ANDROID_SPECIAL.test(text)) return text;
  let out = text
    .replace(/\u0000/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(/[\u0001-\u0008\u000B-\u001F\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (first) out = out.replace(/^([@?])/, '\\$1');
  // aapt collapses runs of whitespace and trims the ends: such spaces survive only as \u0020.
  if (trims) out = out.replace(/^ +| +$/g, (run) => '\\u0020'.repeat(run.length));
  return out.replace(/ {2,}/g, (run) => ` ${'\\u0020'.repeat(run.length - 1)}`);
}
