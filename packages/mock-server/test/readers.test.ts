// Every format written by its writer and read back by its reader (src/formats/readers.ts): the demo and
// hostile seeds' files in every locale, a corpus of nasty strings, and random keys and texts. What comes
// back must be what went in, but for the limits each format has, which `expectedRead` states (and
// docs/mock-server.md, "Reading uploaded files", documents).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ExportFormatId, SegmentStatus } from '@loc/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoSeed, hostileSeed, parseSeed, WRITERS, type Entry, type FileToWrite } from '../src';
import { pluralForms } from '../src/formats/plural-forms';
import { parsePluralForms, pluralCategories } from '../src/formats/plural-formula';
import { PLURAL_CATEGORIES, pluralKeys } from '../src/formats/plural-keys';
import { type ReadEntry, READERS, readerFor } from '../src/formats/readers';
import { androidKeysOf } from './android-expected';

const FORMATS = Object.keys(WRITERS) as ExportFormatId[];
const XML_FORMATS = new Set(['xliff.standard', 'stringsdict.ios', 'xml.android.resources']);
const COMMENTED = new Set(['po.gettext', 'xliff.standard', 'strings.ios', 'xml.android.resources']);
/** XML 1.0 cannot carry most C0 controls, not even as references: the XML writers leave them out. */
const withoutXmlControls = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

/** What a reader gives back, compared without its lines (the writers' layouts decide them). */
type Read = Omit<ReadEntry, 'line'>;

/** XLIFF 1.2's state of each status, read back (xliff-read.ts statusOf12): PREFILLED is a draft. */
const XLIFF_STATUS: Record<SegmentStatus, SegmentStatus> = {
  NOT_TRANSLATED: 'DRAFT',
  DRAFT: 'DRAFT',
  PREFILLED: 'DRAFT',
  TRANSLATED: 'TRANSLATED',
  APPROVED: 'APPROVED',
};

const newlineEnds = (text: string) => `${text.startsWith('\n')}${text.endsWith('\n')}`;

/** A comment as it reads back from PO `#.` lines (without the blank space at each line's end, LF between them). */
const poComment = (comment: string) =>
  comment
    .replace(/[\u0085\u2028\u2029]/g, ' ')
    .split(/\r\n|\n|\r/)
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

/**
 * The plural groups of a PO file, as they read back: each group one entry whose form i holds the text of
 * the first of its CLDR categories (pluralCategories of the locale's Plural-Forms) that the locale has, read
 * as every category of the form, without a source, with the distinct comments of those texts, DRAFT where
 * msgid_plural (the `other` form's source) or a msgstr[i] (an empty one too) does not begin and end with
 * `\n` as msgid (the `one` form's source) does. A group's categories the forms do not name read as their
 * own keys, as does every form of a group in the source locale that lacks a form there. Answers the reads
 * and the keys they stand for.
 */
function poPlurals(file: FileToWrite): { reads: Read[]; keys: Set<string> } {
  const plurals = pluralKeys(file.keys ?? file.entries.map((e) => e.key));
  const forms = pluralCategories(parsePluralForms(pluralForms(file.locale)), file.locale);
  const groups = new Map<string, Map<string, Entry>>();
  for (const e of file.entries) {
    const plural = plurals.get(e.key);
    if (plural) groups.set(plural.base, (groups.get(plural.base) ?? new Map()).set(plural.category, e));
  }
  const reads: Read[] = [];
  const keys = new Set<string>();
  for (const [base, byCategory] of groups) {
    const chosen = forms.map((names) => names.map((c) => byCategory.get(c)).find((e) => e && e.value !== ''));
    if (!chosen.some(Boolean) || (file.locale === file.sourceLocale && !chosen.every(Boolean))) continue;
    const first = chosen.find(Boolean)!;
    const id = (byCategory.get('one') ?? byCategory.get('other') ?? first).source;
    const plural = (byCategory.get('other') ?? byCategory.get('one') ?? first).source;
    const fuzzy = [plural, ...chosen.map((e) => e?.value ?? '')].some((s) => newlineEnds(s) !== newlineEnds(id));
    const comment = poComment([...new Set(chosen.map((e) => e?.comment).filter((c) => c))].join('\n'));
    // The categories no form names are not among `keys`: entries of their own, which expectedRead reads.
    forms.forEach((names, i) => {
      const e = chosen[i];
      for (const category of names) {
        keys.add(`${base}.${category}`);
        if (!e) continue;
        const read: Read = { key: `${base}.${category}`, value: e.value };
        if (comment) read.comment = comment;
        if (fuzzy) read.status = 'DRAFT';
        reads.push(read);
      }
    });
  }
  return { reads, keys };
}

/** The keys of `file` that its stringsdict holds: the forms of each plural group whose `other` it has. */
function stringsdictWritten(file: FileToWrite): Set<string> {
  const plurals = pluralKeys(file.keys ?? file.entries.map((e) => e.key));
  const present = new Set(file.entries.map((e) => e.key));
  return new Set([...plurals].filter(([, { base }]) => present.has(`${base}.other`)).map(([key]) => key));
}

/**
 * What reading a file written from `file` gives, by the documented limits of each format: Android's keys
 * are the resource names the writer derives (androidResources), its plurals and arrays whole in the locale
 * or not at all, and NUL is left out (aapt2 ends a string there); a stringsdict holds the plural groups
 * with their `other` form, a `.strings` the other keys; the other XML formats lose C0 controls; PO reads
 * an empty msgstr as untranslated, and a translation the writer marked fuzzy as a DRAFT, and a plural
 * group as poPlurals says; comments come back where the format has them, as the writer could write them
 * (in PO a `#.` line each, without the blank space at its end, LF between them; no `*\/` in .strings),
 * without blank space around them.
 */
function expectedRead(format: ExportFormatId, file: FileToWrite): Read[] {
  const present = new Set(file.entries.map((e) => e.key));
  const android =
    format === 'xml.android.resources'
      ? androidKeysOf(file.keys ?? file.entries.map((e) => e.key), (key) => present.has(key))
      : undefined;
  const stringsdict = format === 'stringsdict.ios' ? stringsdictWritten(file) : undefined;
  const plurals = format === 'strings.ios' ? pluralKeys(file.keys ?? file.entries.map((e) => e.key)) : undefined;
  const po = format === 'po.gettext' ? poPlurals(file) : undefined;
  const out: Read[] = po ? [...po.reads] : [];
  for (const e of file.entries) {
    if (po?.keys.has(e.key)) continue;
    if (android && !android.has(e.key)) continue;
    if (stringsdict && !stringsdict.has(e.key)) continue;
    if (plurals?.has(e.key)) continue;
    const xml = XML_FORMATS.has(format) && !android;
    const read: Read = {
      key: android ? android.get(e.key)! : xml ? withoutXmlControls(e.key) : e.key,
      value: android ? e.value.replace(/\u0000/g, '') : xml ? withoutXmlControls(e.value) : e.value,
    };
    if (format === 'po.gettext' && e.value === '') continue;
    if (e.comment && COMMENTED.has(format)) {
      let comment = XML_FORMATS.has(format) ? withoutXmlControls(e.comment) : e.comment;
      if (format === 'po.gettext') comment = poComment(comment);
      if (format === 'strings.ios') comment = comment.replace(/\*\//g, '* /');
      comment = comment.trim();
      if (comment) read.comment = comment;
    }
    if (format === 'po.gettext') {
      read.source = e.source;
      if (newlineEnds(e.source) !== newlineEnds(e.value)) read.status = 'DRAFT';
    }
    if (format === 'xliff.standard') {
      read.source = withoutXmlControls(e.source);
      if (e.status) read.status = XLIFF_STATUS[e.status];
    }
    out.push(read);
  }
  return sorted(out);
}

const sorted = (reads: Read[]) => [...reads].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** Writes `file` in `format`, reads the bytes back, and answers what was read (without lines). */
function roundTrip(format: ExportFormatId, file: FileToWrite) {
  const bytes = new TextEncoder().encode(WRITERS[format](file));
  const read = READERS[format]({ bytes, locale: file.locale, sourceLocale: file.sourceLocale, path: file.path });
  return {
    entries: sorted(read.entries.map(({ line: _, ...rest }) => rest)),
    locale: read.locale,
  };
}

/** Each seed file in each locale as an export writes it (store/export-zip.ts entriesOf). */
function seedFiles(seed: ReturnType<typeof parseSeed>): { name: string; file: FileToWrite }[] {
  const out: { name: string; file: FileToWrite }[] = [];
  for (const project of seed.projects) {
    for (const resource of project.files) {
      for (const locale of [project.sourceLocale, ...project.targetLocales]) {
        const entries: Entry[] = [];
        for (const s of resource.segments) {
          const t = s.translations[locale];
          const isSource = locale === project.sourceLocale;
          if (!isSource && (!t || t.status === 'NOT_TRANSLATED')) continue;
          const entry: Entry = { key: s.key, source: s.source, value: isSource ? s.source : t!.text };
          entry.status = isSource ? 'APPROVED' : t!.status;
          if (s.comment) entry.comment = s.comment;
          entries.push(entry);
        }
        out.push({
          name: `${project.workspace}/${project.slug} ${resource.path} ${locale}`,
          file: {
            locale,
            sourceLocale: project.sourceLocale,
            path: resource.path,
            entries,
            keys: resource.segments.map((s) => s.key),
            projectTitle: project.title,
          },
        });
      }
    }
  }
  return out;
}

describe('readers', () => {
  // docs/mock-server.md, "Reading uploaded files": its example's file reads as its comment says.
  it('read the docs’ example as the docs say', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../docs/mock-server.md', import.meta.url)), 'utf8');
    const block = /## Reading uploaded files[\s\S]*?```ts\n([\s\S]*?)```/.exec(doc)![1]!;
    const text = /text: '(.*)',/.exec(block)![1]!;
    const said = /\/\/ file\.entries: ([\s\S]*)$/
      .exec(block)![1]!
      .replace(/\n\/\/\s*/g, ' ')
      .trim();
    const file = readerFor('json.i18next')!({ text, locale: 'de', sourceLocale: 'en', path: 'locales/de/common.json' });
    const shown = `[${file.entries.map((e) => `{ key: '${e.key}', value: '${e.value}', line: ${e.line} }`).join(', ')}]`;
    expect(said).toBe(shown);
  });

  it('read every format loc-mock writes, and only those', () => {
    expect(Object.keys(READERS).sort()).toEqual(FORMATS.sort());
    for (const format of FORMATS) expect(readerFor(format)).toBe(READERS[format]);
    expect(readerFor('xml.unknown')).toBeUndefined();
    expect(readerFor('constructor')).toBeUndefined();
  });
});

describe.each([
  ['demo', demoSeed()],
  ['hostile', hostileSeed()],
])('the %s seed: written by each writer, read back by its reader', (_, seed) => {
  const files = seedFiles(parseSeed(seed));
  it.each(FORMATS)('%s', (format) => {
    expect(files.length).toBeGreaterThan(3);
    for (const { name, file } of files) {
      const read = roundTrip(format, file);
      expect(read.entries, name).toEqual(expectedRead(format, file));
      if (format === 'yaml.rails') expect(read.locale).toBe(file.locale);
      if (format === 'xliff.standard') expect(read.locale).toBe(file.locale);
    }
  });
});

/** Strings that break naive readers, beside the hostile seed's. */
const NASTY: Entry[] = [
  {
    key: 'quotes',
    source: 'q',
    value: `She said "it's done" & left <b>early</b> \\" \\'`,
    comment: 'a "quoted" */ comment -- with <b> --- and a dash at the end -',
  },
  {
    key: 'newlines',
    source: 'n',
    value: 'one\ntwo\r\nthree\rfour\u2028five\u2029six\u0085seven',
    comment: 'two\nlines',
  },
  { key: 'ends', source: '\nsource\n', value: '\nboth ends\n' },
  { key: 'ends.half', source: 'no newline', value: 'newline at the end\n' },
  { key: 'escapes', source: 'e', value: 'C:\\new\\table \\u0041 \\n \\\\ \\U0041 \\101 %% %1$s {{x}} %{y}' },
  { key: 'spaces', source: 's', value: '   three leading, two inner  and three trailing   ' },
  { key: 'only.spaces', source: 's', value: '   ' },
  { key: 'tabs', source: 't', value: '\ttab\t\tand tab\t' },
  { key: 'references', source: 'r', value: '@string/app_name' },
  { key: 'attr', source: 'r', value: '?attr/colorPrimary' },
  { key: 'at.end', source: 'r', value: 'mail me @' },
  { key: 'markup', source: 'm', value: '<![CDATA[x]]> <!-- c --> &amp; &#13; <?pi?> <xliff:g id="n">%d</xliff:g>' },
  { key: 'unicode', source: 'u', value: 'Grüße — こんにちは 👩‍👩‍👧 \u00a0\u200b\ufeff é\u0301' },
  { key: 'controls', source: 'c', value: 'nul\u0000 bell\u0007 esc\u001b del\u007f c1\u0090 ff\f vt\v' },
  { key: 'controls.spaced', source: 'c', value: ' \u0007 a \u0000 b  \u0001 ' },
  { key: 'key\twith a tab,\na line feed and\r\na CRLF', source: 'k', value: 'an id XLIFF must escape' },
  { key: 'markup.spans', source: 'm', value: 'Tap <b>Save</b>, <font color="#ff0000">not <i>this</i></font> <br/> ' },
  { key: 'markup.broken', source: 'm', value: '<b>bold</i> <b></b> a < b' },
  { key: 'yaml.lookalikes', source: 'y', value: 'yes' },
  { key: 'yaml.more', source: 'y', value: '- [a, b]: {c: d} # e' },
  { key: 'yaml.anchor', source: 'y', value: '&a *a !!str <<' },
  { key: 'properties', source: 'p', value: ' = : # ! \\' },
  { key: 'key with spaces = and : and #!', source: 'k', value: 'v' },
  { key: 'ключ.ü.🔑', source: 'k', value: 'a key not in ASCII' },
  { key: '__proto__', source: 'p', value: 'a plain key' },
  { key: 'constructor.prototype', source: 'p', value: 'another' },
  { key: 'percent', source: 'p', value: '100% of {count} and %{sale} %% %<n>d' },
  { key: 'percent.plain', source: 'p', value: '100%% sure, no placeholder' },
  { key: 'i18next', source: 'i', value: '{{{name}}} {name}} {{name} $t(other) {{ spaced }}' },
  { key: 'empty', source: '', value: '' },
  { key: 'menu', source: 'm', value: 'a key that is a prefix' },
  { key: 'menu.file', source: 'f', value: 'of this one' },
  { key: 'a..b.', source: 'd', value: 'empty parts' },
  { key: '.lead', source: 'd', value: 'a leading dot' },
  { key: 'cart.items.one', source: '{count} item', value: '{count} Artikel (100% sicher)' },
  { key: 'cart.items.other', source: '{count} items', value: '{count} Artikel, 50%' },
  { key: 'cart.items.few', source: '{count} items', value: 'wenige %% Artikel' },
  { key: 'planets.0', source: 'p', value: 'Merkur' },
  { key: 'planets.1', source: 'p', value: '  Venus <b>hell</b>' },
  { key: 'no.other.one', source: 'n', value: 'a plural without other is none' },
  { key: 'long', source: 'l', value: 'x'.repeat(20_000) },
  { key: 'ends.in.backslash', source: 'b', value: 'trailing \\' },
];

describe('nasty strings: written by each writer, read back by its reader', () => {
  it.each(FORMATS)('%s', (format) => {
    for (const locale of ['de', 'en']) {
      const file: FileToWrite = {
        locale,
        sourceLocale: 'en',
        path: 'Resources/app.txt',
        // The source locale's file holds the source texts, as an export writes it.
        entries: NASTY.map((e) => ({ ...e, ...(locale === 'en' ? { source: e.value } : {}), status: 'TRANSLATED' })),
      };
      expect(roundTrip(format, file).entries).toEqual(expectedRead(format, file));
    }
  });
});

/**
 * Keys a format cannot hold as they are, left out of the random keys: i18next reads a key ending in `_one`,
 * `_other`… as a plural form (readers.ts, json.i18next); XML cannot hold most C0 controls at all, not even
 * as references, so two keys that differ only by one would be one key.
 */
const KEY_LIMITS: Partial<Record<ExportFormatId, (key: string) => boolean>> = {
  'json.i18next': (key) => !/_(zero|one|two|few|many|other)$/.test(key),
  'xliff.standard': (key) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(key),
  'stringsdict.ios': (key) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(key),
};

describe('random keys and texts: written by each writer, read back by its reader', () => {
  const unit = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('a', 'b', '.', ' ', '_', '-', 'one', 'other', '0') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '"',
        "'",
        '\\',
        '\n',
        '\r',
        '\t',
        '%',
        '{',
        '}',
        '{{',
        '@',
        '?',
        '#',
        '!',
        '=',
        ':',
        '<',
        '>',
        '&',
        '*',
        '/',
        '[',
        ']',
        '-',
        '~',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '\u0000',
        '\u0007',
        '\u001f',
        '\u0085',
        '\u2028',
        '\u00a0',
        '\ufeff',
        'ü',
        '🚀',
        'é\u0301',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 2 }) },
  );
  const text = fc.string({ unit, maxLength: 12 });
  const key = fc.string({ unit, minLength: 1, maxLength: 8 });
  it.each(FORMATS)('%s', (format) => {
    // The store's keys are never empty (seed/schema.ts).
    const allowed = (k: string) => k !== '' && (KEY_LIMITS[format]?.(k) ?? true);
    const entries = fc.uniqueArray(
      fc.record({
        key: key.filter(allowed),
        value: text,
        source: text,
        comment: fc.option(text, { nil: undefined }),
      }),
      { selector: (e) => e.key, maxLength: 8 },
    );
    fc.assert(
      fc.property(entries, fc.constantFrom('de', 'en'), (list, locale) => {
        const file: FileToWrite = {
          locale,
          sourceLocale: 'en',
          path: 'app.txt',
          entries: list.map(({ comment, ...e }) => ({
            ...e,
            ...(locale === 'en' ? { source: e.value } : {}),
            status: 'TRANSLATED',
            ...(comment ? { comment } : {}),
          })),
        };
        expect(roundTrip(format, file).entries).toEqual(expectedRead(format, file));
      }),
      { seed: 43, numRuns: 300 },
    );
  });
});

describe('random plural groups in PO: written by its writer, read back by its reader', () => {
  // Groups of any CLDR categories, some untranslated in the locale, in locales of 1 to 6 gettext forms.
  const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '"', '\\', '%d', 'ü'), maxLength: 6 });
  const key = fc.record({
    base: fc.constantFrom('files', 'cart.items', 'a', 'a.b'),
    category: fc.constantFrom(...PLURAL_CATEGORIES, 'title'),
  });
  it('po.gettext', () => {
    const entries = fc.uniqueArray(
      fc.record({
        key: key.map(({ base, category }) => `${base}.${category}`),
        source: text,
        value: text,
        translated: fc.boolean(),
        comment: fc.option(fc.constantFrom('c1', 'c2', 'two\nlines'), { nil: undefined }),
      }),
      { selector: (e) => e.key, maxLength: 12 },
    );
    const locale = fc.constantFrom('en', 'de', 'fr', 'ja', 'pl', 'ru', 'ar', 'cy', 'pt-BR');
    fc.assert(
      fc.property(entries, locale, (list, locale) => {
        const isSource = locale === 'en';
        const file: FileToWrite = {
          locale,
          sourceLocale: 'en',
          path: 'messages.po',
          keys: list.map((e) => e.key),
          entries: list
            .filter((e) => isSource || e.translated)
            .map(({ translated: _, comment, ...e }) => ({
              ...e,
              ...(isSource ? { value: e.source } : {}),
              status: 'TRANSLATED',
              ...(comment ? { comment } : {}),
            })),
        };
        const read = roundTrip('po.gettext', file).entries;
        expect(read).toEqual(expectedRead('po.gettext', file));
        // Uploaded, exported and uploaded again: the same keys and texts (each key's source is the project's).
        const sources = new Map(list.map((e) => [e.key, e.source]));
        const again: FileToWrite = {
          ...file,
          // The project's keys after the upload: it adds the keys it read (Polish's `many` beside `other`).
          keys: [...new Set([...file.keys!, ...read.map((e) => e.key)])],
          entries: read.map((e) => ({
            key: e.key,
            value: e.value,
            source: isSource ? e.value : (sources.get(e.key) ?? e.value),
            ...(e.comment ? { comment: e.comment } : {}),
          })),
        };
        const texts = (entries: Read[]) => entries.map(({ key, value }) => ({ key, value }));
        expect(texts(roundTrip('po.gettext', again).entries)).toEqual(texts(read));
      }),
      { seed: 44, numRuns: 500 },
    );
  });
});
