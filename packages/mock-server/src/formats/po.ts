import { gettextLocale, parseLocale } from '@loc/sdk/locales';
import { escapeC } from './c-string';
import { pluralForms } from './plural-forms';
import type { Writer } from './types';

/** Who the header names as generator and last translator: the service wrote the file. */
const GENERATOR = 'loc-mock';

/**
 * `po.gettext`: the key as `msgctxt`, the source text as `msgid`, the translation as `msgstr`, a comment
 * as `#.` lines (commentLines), after a complete header (every field `msgfmt -c` asks for, `Plural-Forms` for the locale). gettext requires a
 * msgid and its msgstr to begin and end alike with `\n`; a translation that does not is marked fuzzy, so
 * that it stays in the file for a translator and `msgfmt -c` does not refuse the file.
 */
export const writePo: Writer = ({ locale, entries, projectTitle, revisedAt }) => {
  const header = [
    'msgid ""',
    'msgstr ""',
    ...headerFields(locale, projectTitle, revisedAt).map(([name, value]) => quote(`${name}: ${value}\n`)),
  ].join('\n');
  let out = header;
  for (const e of entries) {
    out += '\n\n';
    if (e.comment) out += commentLines(e.comment);
    if (!sameNewlineEnds(e.source, e.value)) out += '#, fuzzy\n';
    out += `msgctxt ${quote(e.key)}\nmsgid ${quote(e.source)}\nmsgstr ${quote(e.value)}`;
  }
  return `${out}\n`;
};

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
