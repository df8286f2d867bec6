import { gettextLocale, parseLocale } from '@loc/sdk/locales';
import { escapeC } from './c-string';
import { pluralForms } from './plural-forms';
import { parsePluralForms, pluralCategories } from './plural-formula';
import { PLURAL_CATEGORIES, pluralKeysOf } from './plural-keys';
import type { Entry, Writer } from './types';

/** Who the header names as generator and last translator: the service wrote the file. */
const GENERATOR = 'loc-mock';

/**
 * `po.gettext`: the key as `msgctxt`, the source text as `msgid`, the translation as `msgstr`, a comment
 * as `#.` lines (commentLines), after a complete header (every field `msgfmt -c` asks for, `Plural-Forms` for the locale). gettext requires a
 * msgid and its msgstr to begin and end alike with `\n`; a translation that does not is marked fuzzy, so
 * that it stays in the file for a translator and `msgfmt -c` does not refuse the file. A plural group
 * (`files.one`, `files.other`: plural-keys.ts) is one plural entry (pluralGroups, pluralEntry).
 */
export const writePo: Writer = (file) => {
  const { locale, entries, projectTitle, revisedAt } = file;
  const header = [
    'msgid ""',
    'msgstr ""',
    ...headerFields(locale, projectTitle, revisedAt).map(([name, value]) => quote(`${name}: ${value}\n`)),
  ].join('\n');
  const groups = pluralGroups(file);
  const written = new Set<PluralGroup>();
  let out = header;
  for (const e of entries) {
    const group = groups.get(e.key);
    if (!group) {
      out += `\n\n${singleEntry(e)}`;
      continue;
    }
    if (written.has(group)) continue;
    written.add(group);
    out += `\n\n${pluralEntry(group)}`;
    for (const extra of group.extras) out += `\n\n${singleEntry(extra)}`;
  }
  return `${out}\n`;
};

function singleEntry(e: Entry): string {
  let out = e.comment ? commentLines(e.comment) : '';
  if (!sameNewlineEnds(e.source, e.value)) out += '#, fuzzy\n';
  return `${out}msgctxt ${quote(e.key)}\nmsgid ${quote(e.source)}\nmsgstr ${quote(e.value)}`;
}

/** A plural group of a file as one PO entry, and the forms of it that the entry has no place for. */
interface PluralGroup {
  base: string;
  id: string;
  plural: string;
  /** `msgstr[i]`: the text of the form's first category that has one; '' for a form without any. */
  strs: string[];
  /** The entries msgstr[i] holds the texts of, in the order of the forms. */
  members: Entry[];
  /** The group's forms that the locale's forms do not name, each an entry of its own, in CLDR's order. */
  extras: Entry[];
}

/**
 * The plural groups of a file (pluralKeysOf: decided over all of its keys) in its locale, by the key of
 * each of its entries. Each form of the locale's `Plural-Forms` is named by CLDR categories as the reader
 * names them (pluralCategories; Russian's last form is `many` and `other`), and `msgstr[i]` is the text
 * of the first of form i's categories that has a text in the locale; a form without any is written
 * empty, gettext's "untranslated". The group is written where the first of its entries is, then, each an
 * entry of its own in CLDR's order, its forms that the locale's forms do not name (a `few` in German, a
 * `one` in Japanese): the file keeps them, and an upload of it gives the same keys, in an order that the
 * next export writes alike. `msgid` is the source text of the `one` form, `msgid_plural` that of `other`,
 * as an app's `npgettext(base, one, other, n)` names them, from the file's `sources` (a Japanese file has no
 * `one` entry, but its msgid is still the `one` form's source); without them, from the entries (each the
 * other's where the file has no entry for it, the first form's where it has neither). In the source locale an empty
 * `msgstr[i]` reads as the msgid (po-read.ts): a group that has no text there for one of the locale's
 * forms is written as entries of its own keys, as any other key.
 */
function pluralGroups(file: Parameters<Writer>[0]): Map<string, PluralGroup> {
  const byKey = new Map<string, PluralGroup>();
  const plurals = pluralKeysOf(file);
  if (plurals.size === 0) return byKey;
  const forms = formsOf(file.locale);
  const named = new Set(forms.flat());
  const found = new Map<string, Map<string, Entry>>(); // base → category → entry
  for (const e of file.entries) {
    const plural = plurals.get(e.key);
    if (!plural) continue;
    let group = found.get(plural.base);
    if (!group) found.set(plural.base, (group = new Map()));
    group.set(plural.category, e);
  }
  const isSource = file.locale === file.sourceLocale;
  /** A key's source text, whether or not the locale translates it. */
  const sourceIndex = new Map((file.keys ?? []).map((key, i) => [key, i]));
  const sourceOf = (base: string, category: string): string | undefined => {
    const i = sourceIndex.get(`${base}.${category}`);
    return i === undefined ? undefined : file.sources?.[i];
  };
  for (const [base, byCategory] of found) {
    const members: Entry[] = [];
    const strs = forms.map((names) => {
      for (const category of names) {
        const e = byCategory.get(category);
        if (e && e.value !== '') {
          members.push(e);
          return e.value;
        }
      }
      return '';
    });
    if (members.length === 0 || (isSource && strs.includes(''))) continue;
    const one = byCategory.get('one');
    const other = byCategory.get('other');
    const group: PluralGroup = {
      base,
      id: sourceOf(base, 'one') ?? (one ?? other ?? members[0]!).source,
      plural: sourceOf(base, 'other') ?? (other ?? one ?? members[0]!).source,
      strs,
      members,
      extras: PLURAL_CATEGORIES.filter((c) => !named.has(c) && byCategory.has(c)).map((c) => byCategory.get(c)!),
    };
    for (const e of byCategory.values()) byKey.set(e.key, group);
  }
  return byKey;
}

/**
 * A plural group as a PO entry: `msgctxt` its base, `msgid` and `msgid_plural`, a `msgstr[i]` per form of
 * the locale; the forms' comments, each once, in the order of the forms (the reader gives each form the
 * entry's). Fuzzy where a string's leading or trailing newline differs from the msgid's: `msgfmt -c`
 * checks msgid_plural and every msgstr[i] against it, the empty ones too.
 */
function pluralEntry(group: PluralGroup): string {
  const comments = [...new Set(group.members.map((e) => e.comment).filter((c) => c))];
  let out = comments.length ? commentLines(comments.join('\n')) : '';
  if (![group.plural, ...group.strs].every((s) => sameNewlineEnds(group.id, s))) out += '#, fuzzy\n';
  out += `msgctxt ${quote(group.base)}\nmsgid ${quote(group.id)}\nmsgid_plural ${quote(group.plural)}`;
  group.strs.forEach((s, i) => {
    out += `\nmsgstr[${i}] ${quote(s)}`;
  });
  return out;
}

/** The CLDR categories of each of the locale's forms (`Plural-Forms` as the header writes it), made once per locale. */
const formsByLocale = new Map<string, string[][]>();
function formsOf(locale: string): string[][] {
  let forms = formsByLocale.get(locale);
  if (!forms) formsByLocale.set(locale, (forms = pluralCategories(parsePluralForms(pluralForms(locale)), locale)));
  return forms;
}

function headerFields(
  locale: string,
  projectTitle = 'loc export',
  revisedAt = '2026-01-01T00:00:00.000Z',
): [string, string][] {
  const date = poDate(revisedAt);
  const language = parseLocale(locale) ? gettextLocale(locale) : locale;
  return [
    ['Project-Id-Version', projectTitle.replace(/[\r\n]+/g, ' ')],
    ['POT-Creation-Date', date],
    ['PO-Revision-Date', date],
    ['Last-Translator', GENERATOR],
    ['Language-Team', languageName(locale)],
    ['Language', language],
    ['MIME-Version', '1.0'],
    ['Content-Type', 'text/plain; charset=UTF-8'],
    ['Content-Transfer-Encoding', '8bit'],
    ['Plural-Forms', pluralForms(locale)],
    ['X-Generator', GENERATOR],
  ];
}

/** gettext's date form: `2026-11-01 08:00+0000`. */
function poDate(iso: string): string {
  const d = new Date(Number.isNaN(Date.parse(iso)) ? 0 : Date.parse(iso));
  return `${d.toISOString().slice(0, 16).replace('T', ' ')}+0000`;
}

/** The locale's English name and tag (`Portuguese (Brazil) (pt-BR)`), or the tag alone. */
let languageNames: Intl.DisplayNames | undefined; // made once: each one loads ICU data
function languageName(locale: string): string {
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
    const name = languageNames.of(locale);
    return name && name !== locale ? `${name} (${locale})` : locale;
  } catch {
    return locale;
  }
}

/**
 * A comment as `#.` lines, one per line of it (a PO comment ends at the end of its line; the reader joins
 * the lines with line feeds). U+0085, U+2028 and U+2029 are spaces: gettext's lines end at LF alone.
 */
function commentLines(comment: string): string {
  return comment
    .replace(/[\u0085\u2028\u2029]/g, ' ')
    .split(/\r\n|\n|\r/)
    .map((line) => `#. ${line}\n`)
    .join('');
}

function sameNewlineEnds(a: string, b: string): boolean {
  return a.startsWith('\n') === b.startsWith('\n') && a.endsWith('\n') === b.endsWith('\n');
}

/** A PO string literal (see escapeC for what is escaped and why). */
function quote(text: string): string {
  return `"${escapeC(text)}"`;
}
