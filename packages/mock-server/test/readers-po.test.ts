// The PO reader (src/formats/po-read.ts) and gettext's plural formulas (plural-formula.ts), on files as
// GNU gettext and people write them, and every way a file can be wrong, each naming its line.
import { describe, expect, it } from 'vitest';
import { type Entry, WRITERS } from '../src';
import { parsePluralForms, pluralCategories } from '../src/formats/plural-formula';
import { pluralForms } from '../src/formats/plural-forms';
import { read, readError, texts } from './read-file';

/** The entries of a PO file after its header, as written. */
const body = (po: string) => po.split('\n\n').slice(1).join('\n\n');

const header = (fields: string) => `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
${fields}`;

describe('po.gettext', () => {
  it('reads keys from msgctxt or msgid, strings over several lines, comments, fuzzy entries and the locale', () => {
    const file = read(
      'po.gettext',
      `# A translator's file comment
${header('"Language: pt_BR\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"')}

# translator comment
#. extracted comment
#: src/app.ts:12
#, c-format
msgctxt "app.title"
msgid "Settings"
msgstr "Configurações"

msgid "Plain source text is the key"
msgstr ""
"one "
"two\\n"
"three \\"quoted\\" \\\\ \\t \\a \\101 \\x41"

#, fuzzy
#| msgid "Old"
msgctxt "draft"
msgid "New"
msgstr "Novo"

msgctxt "untranslated"
msgid "Nothing yet"
msgstr ""

#~ msgctxt "obsolete"
#~ msgid "Gone"
#~ msgstr "Foi"
`,
      { locale: 'pt-BR' },
    );
    expect(file.locale).toBe('pt_BR');
    expect(file.entries).toEqual([
      {
        key: 'app.title',
        value: 'Configurações',
        source: 'Settings',
        comment: 'translator comment\nextracted comment',
        line: 12,
      },
      { key: 'Plain source text is the key', value: 'one two\nthree "quoted" \\ \t \x07 A A', line: 16 },
      { key: 'draft', value: 'Novo', source: 'New', status: 'DRAFT', line: 24 },
    ]);
  });

  it('reads plural entries as the forms Plural-Forms names, in the CLDR categories of the locale', () => {
    const po = (plural: string, forms: string[]) =>
      `${header(`"Plural-Forms: ${plural}\\n"`)}\n\nmsgctxt "files"\nmsgid "{count} file"\nmsgid_plural "{count} files"\n${forms.map((f, i) => `msgstr[${i}] "${f}"`).join('\n')}\n`;
    expect(texts(read('po.gettext', po(pluralForms('de'), ['1 Datei', 'n Dateien']), { locale: 'de' }))).toEqual({
      'files.one': '1 Datei',
      'files.other': 'n Dateien',
    });
    expect(texts(read('po.gettext', po(pluralForms('ru'), ['файл', 'файла', 'файлов']), { locale: 'ru' }))).toEqual({
      'files.one': 'файл',
      'files.few': 'файла',
      'files.many': 'файлов',
      'files.other': 'файлов',
    });
    expect(texts(read('po.gettext', po(pluralForms('ja'), ['ファイル']), { locale: 'ja' }))).toEqual({
      'files.other': 'ファイル',
    });
    const ar = ['0', '1', '2', 'few', 'many', 'other'];
    expect(Object.keys(texts(read('po.gettext', po(pluralForms('ar'), ar), { locale: 'ar' })))).toEqual(
      ['zero', 'one', 'two', 'few', 'many', 'other'].map((c) => `files.${c}`),
    );
    // An empty form is untranslated; without a header, the locale's own formula counts.
    expect(
      texts(read('po.gettext', 'msgid "file"\nmsgid_plural "files"\nmsgstr[0] ""\nmsgstr[1] "Dateien"\n')),
    ).toEqual({
      'file.other': 'Dateien',
    });
  });

  it('reads the source locale’s empty msgstr as its msgid, the source text', () => {
    const text =
      'msgctxt "a"\nmsgid "Hello"\nmsgstr ""\n\nmsgid "file"\nmsgid_plural "files"\nmsgstr[0] ""\nmsgstr[1] ""\n';
    expect(texts(read('po.gettext', text, { locale: 'en', sourceLocale: 'en' }))).toEqual({
      a: 'Hello',
      'file.one': 'file',
      'file.other': 'files',
    });
    expect(texts(read('po.gettext', text, { locale: 'de', sourceLocale: 'en' }))).toEqual({});
  });

  it('decodes the charset the header names', () => {
    const latin1 = Buffer.from(
      `${header('').replace('UTF-8', 'ISO-8859-1')}\nmsgctxt "a"\nmsgid "Greetings"\nmsgstr "Grüße"\n`,
      'latin1',
    );
    expect(texts(read('po.gettext', new Uint8Array(latin1)))).toEqual({ a: 'Grüße' });
    const error = readError('po.gettext', `${header('').replace('UTF-8', 'KLINGON')}\n`);
    expect([error.line, error.message]).toEqual([3, expect.stringMatching(/the encoding "KLINGON" is not one/)]);
  });

  it.each([
    ['an unterminated string', 'msgid "a\nmsgstr "b"\n', 1, /without its closing quote/],
    ['a bad escape', 'msgid "a"\nmsgstr "\\q"\n', 2, /invalid escape "\\\\q"/],
    ['text after a string', 'msgid "a" x\nmsgstr "b"\n', 1, /"x" after a string/],
    ['a string after no keyword', '"a"\n', 1, /follows no keyword/],
    ['an unknown keyword', 'msgid "a"\nmsgtxt "b"\n', 2, /expected a keyword/],
    ['msgstr first', 'msgstr "b"\n', 1, /msgstr before the entry's msgid/],
    ['no msgstr', 'msgid "a"\n\nmsgid "b"\nmsgstr "c"\n', 1, /the entry "a" has no msgstr/],
    ['msgstr twice', 'msgctxt "k"\nmsgid "a"\nmsgstr "x"\nmsgstr "y"\n', 4, /msgstr twice in one entry/],
    ['msgid twice', 'msgctxt "k"\nmsgid "a"\nmsgid "b"\nmsgstr "y"\n', 1, /the entry "k" has no msgstr/],
    ['msgid_plural after msgstr', 'msgid "a"\nmsgstr "x"\nmsgid_plural "b"\n', 3, /msgid_plural out of place/],
    ['msgstr[0] without msgid_plural', 'msgid "a"\nmsgstr[0] "b"\n', 2, /without msgid_plural/],
    ['msgstr in a plural entry', 'msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n', 3, /write msgstr\[0\]/],
    [
      'a form beyond nplurals',
      `${header('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"')}\n\nmsgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\nmsgstr[2] "y"\n`,
      6,
      /msgstr\[2\], but the header's Plural-Forms has 2 forms/,
    ],
    [
      'a bad Plural-Forms',
      `# a comment\n${header('"Plural-Forms: nplurals=2; plural=n +;\\n"')}\n\nmsgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\n`,
      2,
      /Plural-Forms: unexpected end/,
    ],
    [
      'a key twice',
      'msgctxt "k"\nmsgid "a"\nmsgstr "x"\n\nmsgctxt "k"\nmsgid "b"\nmsgstr "y"\n',
      5,
      /the key "k" is also on line 1/,
    ],
    ['a second header', `${header('')}\n\nmsgid ""\nmsgstr "x"\n`, 6, /a second header/],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = readError('po.gettext', text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});

describe('gettext plural formulas', () => {
  // Every language plural-forms.ts knows (GNU gettext's table, as msginit writes it, and CLDR's rules):
  // its formula reads as distinct CLDR categories of the language, with an `other`.
  const LOCALES = [
    'ja',
    'zh',
    'de',
    'en',
    'pt',
    'pt-BR',
    'fr',
    'hi',
    'ru',
    'uk',
    'sr',
    'hr',
    'cs',
    'sk',
    'pl',
    'lt',
    'lv',
    'ro',
    'ga',
    'sl',
    'is',
    'mk',
    'cy',
    'mt',
    'ar',
    'he',
    'xx',
  ];
  it.each(LOCALES)('%s: each form is one category, and there is an other', (locale) => {
    const forms = parsePluralForms(pluralForms(locale));
    const categories = pluralCategories(forms, locale);
    expect(categories).toHaveLength(forms.nplurals);
    expect(categories.flat()).toContain('other');
    expect(new Set(categories.flat()).size).toBe(categories.flat().length);
  });

  it('evaluate C’s integer arithmetic, and refuse what is not gettext’s grammar', () => {
    const slavic = parsePluralForms(pluralForms('ru'));
    expect([1, 2, 5, 11, 21, 22, 25, 111, 112].map(slavic.plural)).toEqual([0, 1, 2, 2, 0, 1, 2, 2, 2]);
    expect(parsePluralForms('nplurals=2; plural=!(n/2*2==n);').plural(3)).toBe(1);
    for (const bad of [
      'nplurals=2; plural=(n != 1',
      'nplurals=2; plural=n; alert(1)',
      'nplurals=2',
      'nplurals=9; plural=0;',
      'nplurals=2; plural=m;',
    ])
      expect(() => parsePluralForms(bad).plural(1)).toThrow();
    expect(() => parsePluralForms(`nplurals=2; plural=${'('.repeat(40)}n${')'.repeat(40)};`)).toThrow(/deeper than 32/);
    expect(() => pluralCategories(parsePluralForms('nplurals=2; plural=n/0;'), 'de')).toThrow(/divides by zero/);
    expect(() => pluralCategories(parsePluralForms('nplurals=3; plural=(n != 1);'), 'de')).toThrow(
      /msgstr\[2\] is never chosen/,
    );
  });

  it('name forms by the categories that agree with CLDR on the most counts', () => {
    // Portuguese as gettext writes it (n != 1): 0 goes with the other counts, where CLDR says one.
    expect(pluralCategories(parsePluralForms('nplurals=2; plural=(n != 1);'), 'pt')).toEqual([['one'], ['other']]);
    // Welsh: gettext's form for 8 and 11 is no CLDR category; the forms stay apart.
    expect(pluralCategories(parsePluralForms(pluralForms('cy')), 'cy')).toEqual([
      ['one'],
      ['two'],
      ['other'],
      ['zero'],
    ]);
    expect(pluralCategories(parsePluralForms('nplurals=2; plural=(n > 5);'), 'de')).toEqual([['one'], ['other']]);
  });
});

describe('po.gettext: a plural group written and read back', () => {
  const write = (locale: string, entries: Entry[], keys = entries.map((e) => e.key)) =>
    WRITERS['po.gettext']({ locale, sourceLocale: 'en', path: 'messages.po', entries, keys });
  const group = (forms: Record<string, string>): Entry[] =>
    Object.entries(forms).map(([category, value]) => ({
      key: `files.${category}`,
      source: category === 'one' ? '%d file' : '%d files',
      value,
    }));

  // The file of the bug: uploaded, it is the group files.one/files.other; exported, it must be one
  // entry again (npgettext("files", …) finds it), and uploading that gives the same keys and texts.
  it('is one entry with msgid_plural and msgstr[n], which reads as the same keys', () => {
    const uploaded = `${header('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"')}

msgctxt "title"
msgid "Files"
msgstr "Files"

msgctxt "files"
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d file"
msgstr[1] "%d files"
`;
    const first = read('po.gettext', uploaded, { locale: 'en', sourceLocale: 'en' });
    expect(texts(first)).toEqual({ title: 'Files', 'files.one': '%d file', 'files.other': '%d files' });
    const entries = first.entries.map((e) => ({ key: e.key, source: e.source ?? e.value, value: e.value }));
    const exported = write('en', entries);
    expect(body(exported)).toBe(
      'msgctxt "title"\nmsgid "Files"\nmsgstr "Files"\n\nmsgctxt "files"\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d file"\nmsgstr[1] "%d files"\n',
    );
    const again = read('po.gettext', exported, { locale: 'en', sourceLocale: 'en' });
    expect(texts(again)).toEqual(texts(first));
  });

  it('has as many msgstr[n] as the locale’s Plural-Forms, in its order, a missing form empty', () => {
    // German: one, other. Japanese: other alone (its `one` an entry of its own: the next test). Polish
    // (gettext's 3 forms): one, few, many. Arabic: zero, one, two, few, many, other.
    const cases: [string, Record<string, string>, string[]][] = [
      ['de', { other: 'n Dateien', one: '1 Datei' }, ['1 Datei', 'n Dateien']],
      ['ja', { one: '1つ', other: 'ファイル' }, ['ファイル']],
      ['pl', { one: 'plik', few: 'pliki', many: 'plików', other: 'pliku' }, ['plik', 'pliki', 'plików']],
      ['ar', { zero: 'z', one: 'o', two: 't', many: 'm', other: 'x' }, ['z', 'o', 't', '', 'm', 'x']],
    ];
    for (const [locale, forms, strs] of cases) {
      const po = write(locale, group(forms));
      expect(body(po).replace(/\n\nmsgctxt "files.one"\n.*\n.*\n$/, '\n'), locale).toBe(
        `msgctxt "files"\nmsgid "%d file"\nmsgid_plural "%d files"\n${strs.map((s, i) => `msgstr[${i}] "${s}"`).join('\n')}\n`,
      );
      expect(Number(/nplurals=(\d)/.exec(po)![1]), locale).toBe(strs.length);
      const back = texts(read('po.gettext', po, { locale }));
      // Polish's last gettext form is CLDR's many and other both (other holds only fractions there).
      const expected = locale === 'pl' ? { ...forms, other: 'plików' } : forms;
      expect(back, locale).toEqual(Object.fromEntries(Object.entries(expected).map(([c, v]) => [`files.${c}`, v])));
    }
    // A Japanese file has no `one` entry, but its msgid is the `one` form's source text, from the file's
    // sources (the project's keys, translated here or not): npgettext("files", "%d file", …) finds it.
    const keys = ['files.one', 'files.other'];
    expect(
      body(
        WRITERS['po.gettext']({
          locale: 'ja',
          sourceLocale: 'en',
          path: 'messages.po',
          entries: group({ other: 'ファイル' }),
          keys,
          sources: ['%d file', '%d files'],
        }),
      ),
    ).toBe('msgctxt "files"\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "ファイル"\n');
    // Without the sources (a writer's caller that has none), the entries' own: other's source for both.
    expect(body(write('ja', group({ other: 'ファイル' })))).toBe(
      'msgctxt "files"\nmsgid "%d files"\nmsgid_plural "%d files"\nmsgstr[0] "ファイル"\n',
    );
  });

  it('keeps a form the locale’s Plural-Forms has not as an entry of its own, and writes each comment once', () => {
    const entries: Entry[] = [
      { key: 'files.few', source: '%d files', value: 'wenige', comment: 'few' },
      { key: 'files.one', source: '%d file', value: 'eine', comment: 'shared' },
      { key: 'files.other', source: '%d files', value: 'viele', comment: 'shared' },
    ];
    const po = write('de', entries);
    expect(body(po)).toBe(
      '#. shared\nmsgctxt "files"\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "eine"\nmsgstr[1] "viele"\n\n#. few\nmsgctxt "files.few"\nmsgid "%d files"\nmsgstr "wenige"\n',
    );
    expect(texts(read('po.gettext', po))).toEqual({
      'files.few': 'wenige',
      'files.one': 'eine',
      'files.other': 'viele',
    });
  });

  it('is fuzzy where a string’s newlines differ from the msgid’s, and written whole in the source locale only', () => {
    const po = write('de', [
      { key: 'files.one', source: '%d file\n', value: 'eine\n' },
      { key: 'files.other', source: '%d files\n', value: 'viele' },
    ]);
    expect(body(po)).toMatch(/^#, fuzzy\nmsgctxt "files"\n/);
    expect(read('po.gettext', po).entries.map((e) => e.status)).toEqual(['DRAFT', 'DRAFT']);
    // In the source locale an empty msgstr[n] reads as the msgid: a group without its `one` there stays keys.
    const source = write('en', [{ key: 'files.other', source: 'files', value: 'files' }]);
    expect(body(source)).toBe('msgctxt "files.other"\nmsgid "files"\nmsgstr "files"\n');
    expect(texts(read('po.gettext', source, { locale: 'en' }))).toEqual({ 'files.other': 'files' });
  });
});
