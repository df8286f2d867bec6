import type { Writer } from './types';
import { escapeXml } from './xml';

/**
 * `xml.android.resources`: `<string name="…">` elements. Android's own escapes come first (backslash,
 * quotes, newlines, a leading `@` or `?` that would be read as a reference, spaces aapt would collapse),
 * then XML's; `formatted="false"` where aapt2 would refuse the `%` substitutions.
 */
export const writeAndroid: Writer = ({ entries, keys }) => {
  const names = keys ? namesOfFile(keys) : androidNames(entries.map((e) => e.key));
  let out = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n';
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (i > 0) out += '\n';
    if (e.comment) out += `    <!-- ${escapeXml(e.comment).replace(/--/g, '- -')} -->\n`;
    out += `    <string name="${names.get(e.key)}"${needsUnformatted(e.value) ? ' formatted="false"' : ''}>${escapeXml(escapeAndroid(e.value))}</string>`;
  }
  return `${out}\n</resources>\n`;
};

/** Names by a file's key list: an export writes the same file in every locale with the same `keys` array. */
const namesByKeys = new WeakMap<readonly string[], Map<string, string>>();
function namesOfFile(keys: readonly string[]): Map<string, string> {
  let names = namesByKeys.get(keys);
  if (!names) namesByKeys.set(keys, (names = androidNames(keys)));
  return names;
}

/**
 * Whether aapt2 would refuse the text as a format string: more than one `%` substitution, and one of them
 * not positional (`%s` rather than `%1$s`), fails the build unless the string says `formatted="false"`.
 * The attribute only turns that check off; `getString(id, args)` still formats.
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
    for (let n = 2; fields.has(name.replace(/\./g, '_')); n++) name = `${base}_${n}`;
    names.set(key, name);
    fields.add(name.replace(/\./g, '_'));
  }
  return names;
}

/** Whatever escapeAndroid changes: text without any of it (most text) is returned as it is. */
const ANDROID_SPECIAL = /[\\'"\n\t\r]|^[@? ]| $| {2}/;

function escapeAndroid(text: string): string {
  if (!ANDROID_SPECIAL.test(text)) return text;
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/'/g, "\\'")
      .replace(/"/g, '\\"')
      .replace(/\n/g, '\\n')
      .replace(/\t/g, '\\t')
      .replace(/\r/g, '\\u000d')
      .replace(/^([@?])/, '\\$1')
      // aapt collapses runs of whitespace and trims the ends: such spaces survive only as \u0020.
      .replace(/^ +| +$/g, (run) => '\\u0020'.repeat(run.length))
      .replace(/ {2,}/g, (run) => ` ${'\\u0020'.repeat(run.length - 1)}`)
  );
}
