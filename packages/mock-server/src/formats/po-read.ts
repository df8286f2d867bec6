import { FormatReadError, snippet } from '@loc/sdk/internal';
import { C_UNESCAPES } from './c-string';
import { parsePluralForms, pluralCategories } from './plural-formula';
import { pluralForms } from './plural-forms';
import { entryList } from './read-entries';
import { fileText } from './read-text';
import type { ReadEntry, Reader } from './reader-types';

/**
 * `po.gettext`: a PO file as GNU gettext reads it. An entry's key is its `msgctxt` (what the writer puts
 * there), or its `msgid` when it has none (gettext's own way: the source text is the key); its text is
 * `msgstr`, its source `msgid`. Strings are C string literals, each keyword's continued over the lines
 * after it. Comments: translator (`# `) and extracted (`#.`) comments, in the file's order, one line each;
 * references, flags and previous strings (`#:`, `#,`, `#|`) are not comments. A fuzzy entry (`#, fuzzy`)
 * reads as its text with the status DRAFT: gettext leaves it out of a compiled catalog, but it is a
 * translator's text (the writer marks fuzzy the translations whose leading or trailing newline differs
 * from the source's). An empty `msgstr` is gettext's "untranslated" and reads as no text, except in the
 * source locale's file, where the text is the `msgid`. Obsolete entries (`#~`) are left out. A plural
 * entry (`msgid_plural`, `msgstr[n]`) is the group `<key>.<category>`, each form named by the file's
 * `Plural-Forms` (plural-formula.ts; the locale's own formula, plural-forms.ts, when the header has
 * none). The charset is the header's `Content-Type`.
 */
export const readPo: Reader = (file) => {
  const text = fileText(file, { format: 'A PO file', declared: declaredCharset });
  const entries = entryList();
  let header: Record<string, string> | undefined;
  let headerLine = 1;
  const units: Unit[] = [];
  for (const unit of parsePo(text)) {
    if (unit.context === undefined && unit.id === '') {
      if (header)
        throw new FormatReadError('a second header (an entry with an empty msgid): a PO file has one', unit.line);
      header = headerFields(unit.strs.get(0) ?? '');
      headerLine = unit.line;
      continue;
    }
    units.push(unit);
  }
  let categories: string[][] | undefined;
  const formsOfFile = () => {
    if (categories) return categories;
    const value = header?.['Plural-Forms'] ?? pluralForms(file.locale);
    try {
      categories = pluralCategories(parsePluralForms(value), file.locale);
    } catch (error) {
      throw new FormatReadError(`the header's Plural-Forms: ${(error as Error).message}`, headerLine);
    }
    return categories;
  };
  const isSource = file.locale === file.sourceLocale;
  for (const unit of units) {
    const key = unit.context || unit.id;
    const status = unit.fuzzy ? ({ status: 'DRAFT' } as const) : {};
    const comment = unit.comments.length ? { comment: unit.comments.join('\n') } : {};
    if (unit.plural === undefined) {
      const value = unit.strs.get(0) || (isSource ? unit.id : '');
      if (value === '') continue;
      entries.add({ key, value, line: unit.line, ...(unit.context ? { source: unit.id } : {}), ...comment, ...status });
      continue;
    }
    const forms = formsOfFile();
    for (const index of unit.strs.keys())
      if (index >= forms.length)
        throw new FormatReadError(
          `msgstr[${index}], but the header's Plural-Forms has ${forms.length} forms`,
          unit.line,
        );
    forms.forEach((names, index) => {
      const value = unit.strs.get(index) || (isSource ? (index === 0 ? unit.id : unit.plural!) : '');
      if (value === '') return;
      for (const category of names) {
        const entry: ReadEntry = { key: `${key}.${category}`, value, line: unit.line, ...comment, ...status };
        entries.add(entry);
      }
    });
  }
  return { entries: entries.entries, ...(header?.Language ? { locale: header.Language } : {}) };
};

/** One entry of a PO file as written. */
interface Unit {
  line: number;
  context?: string;
  id: string;
  plural?: string;
  /** msgstr (index 0) or msgstr[n]. */
  strs: Map<number, string>;
  comments: string[];
  fuzzy: boolean;
}

type Field = 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr';
const FIELD_ORDER: Field[] = ['msgctxt', 'msgid', 'msgid_plural', 'msgstr'];

/** The entries of a PO file, line by line; throws naming the line of anything gettext would refuse. */
function parsePo(text: string): Unit[] {
  const units: Unit[] = [];
  let comments: string[] = [];
  let flags: string[] = [];
  let unit: (Unit & { seen: Set<Field> }) | undefined;
  /** Where a continuation line (`"…"` alone) goes: the last keyword's string. */
  let append: ((s: string) => void) | undefined;
  const finish = () => {
    if (!unit) return;
    if (!unit.seen.has('msgid')) throw new FormatReadError('an entry without msgid', unit.line);
    if (unit.strs.size === 0)
      throw new FormatReadError(`the entry ${snippet(unit.context || unit.id)} has no msgstr`, unit.line);
    const { seen: _, ...done } = unit;
    units.push(done);
    unit = undefined;
    append = undefined;
  };
  const lines = text.split(/\r\n|\n|\r/);
  for (let n = 0; n < lines.length; n++) {
    const line = n + 1;
    const raw = lines[n]!;
    const trimmed = raw.trim();
    if (trimmed === '') {
      append = undefined;
      continue;
    }
    if (trimmed.startsWith('#')) {
      // A comment after an entry's strings starts the next entry.
      if (unit?.strs.size) finish();
      append = undefined;
      const kind = trimmed[1];
      if (kind === '~' || kind === '|' || kind === ':') continue;
      if (kind === ',')
        flags.push(
          ...trimmed
            .slice(2)
            .split(',')
            .map((f) => f.trim()),
        );
      else if (kind === '.') comments.push(trimmed.slice(2).replace(/^ /, ''));
      else if (kind === undefined || kind === ' ' || kind === '\t')
        comments.push(trimmed.slice(1).replace(/^[ \t]/, ''));
      continue;
    }
    if (trimmed.startsWith('"')) {
      if (!append)
        throw new FormatReadError(`a string ${snippet(trimmed)} that follows no keyword (msgid, msgstr…)`, line);
      append(cString(trimmed, line));
      continue;
    }
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*(".*)$/s.exec(trimmed);
    if (!keyword)
      throw new FormatReadError(
        `expected a keyword (msgctxt, msgid, msgid_plural, msgstr), a string or a comment, found ${snippet(trimmed)}`,
        line,
      );
    const field = keyword[1]!.replace(/\[.*$/, '') as Field;
    const value = cString(keyword[3]!, line);
    const opensContext = unit?.seen.has('msgctxt') && !unit.seen.has('msgid');
    if (field === 'msgctxt' || (field === 'msgid' && !opensContext)) {
      finish();
      unit = { line, id: '', strs: new Map(), comments, fuzzy: flags.includes('fuzzy'), seen: new Set() };
      comments = [];
      flags = [];
    }
    if (!unit) throw new FormatReadError(`${keyword[1]} before the entry's msgid`, line);
    // msgctxt, msgid, msgid_plural, then msgstr (msgstr[n] repeated): each in its place, once.
    const rank = FIELD_ORDER.indexOf(field);
    const last = Math.max(-1, ...[...unit.seen].map((f) => FIELD_ORDER.indexOf(f)));
    if (rank < last || (rank === last && field !== 'msgstr') || (field === 'msgstr' && !unit.seen.has('msgid')))
      throw new FormatReadError(
        `${keyword[1]} out of place: an entry is msgctxt, msgid, msgid_plural, then msgstr`,
        line,
      );
    unit.seen.add(field);
    const u = unit;
    switch (field) {
      case 'msgctxt':
        u.context = value;
        append = (s) => {
          u.context += s;
        };
        break;
      case 'msgid':
        u.id = value;
        append = (s) => {
          u.id += s;
        };
        break;
      case 'msgid_plural':
        u.plural = value;
        append = (s) => {
          u.plural += s;
        };
        break;
      case 'msgstr': {
        const index = keyword[2] === undefined ? undefined : Number(keyword[2]);
        if ((index === undefined) !== (u.plural === undefined))
          throw new FormatReadError(
            u.plural === undefined
              ? `${keyword[1]} in an entry without msgid_plural: write msgstr`
              : 'msgstr in a plural entry: write msgstr[0], msgstr[1]…',
            line,
          );
        const at = index ?? 0;
        if (u.strs.has(at)) throw new FormatReadError(`${keyword[1]} twice in one entry`, line);
        u.strs.set(at, value);
        append = (s) => {
          u.strs.set(at, u.strs.get(at)! + s);
        };
      }
    }
  }
  finish();
  return units;
}

/** A C string literal `"…"` of a PO line, decoded; nothing but blanks may follow it. */
function cString(source: string, line: number): string {
  let out = '';
  let i = 1;
  for (;;) {
    if (i >= source.length) throw new FormatReadError(`a string without its closing quote: ${snippet(source)}`, line);
    const c = source[i]!;
    if (c === '"') break;
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = source[i + 1];
    if (e !== undefined && C_UNESCAPES[e] !== undefined) {
      out += C_UNESCAPES[e];
      i += 2;
    } else if (e !== undefined && PO_ESCAPES[e] !== undefined) {
      out += PO_ESCAPES[e];
      i += 2;
    } else if (e !== undefined && /[0-7]/.test(e)) {
      const digits = /^[0-7]{1,3}/.exec(source.slice(i + 1))![0];
      out += String.fromCharCode(Number.parseInt(digits, 8));
      i += 1 + digits.length;
    } else if (e === 'x' && /^[0-9a-fA-F]/.test(source.slice(i + 2))) {
      const digits = /^[0-9a-fA-F]{1,2}/.exec(source.slice(i + 2))![0];
      out += String.fromCharCode(Number.parseInt(digits, 16));
      i += 2 + digits.length;
    } else throw new FormatReadError(`an invalid escape ${snippet(source.slice(i, i + 2))} in a string`, line);
  }
  if (source.slice(i + 1).trim() !== '')
    throw new FormatReadError(`${snippet(source.slice(i + 1).trim())} after a string's closing quote`, line);
  return out;
}

/** C's escapes that PO files may hold besides those the writer writes (c-string.ts). */
const PO_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', v: '\v', "'": "'", '?': '?' };

/** The header's fields (`Name: value` lines of the first msgstr). */
function headerFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return fields;
}

/** The charset the header's Content-Type names (the template's `CHARSET` means none yet: UTF-8). */
function declaredCharset(latin1: string): { encoding: string; line: number } | undefined {
  const match = /Content-Type:[^"\n]*charset=([A-Za-z0-9._:-]+)/.exec(latin1);
  if (!match || match[1] === 'CHARSET') return undefined;
  return { encoding: match[1]!, line: latin1.slice(0, match.index).split('\n').length };
}
