import fc from 'fast-check';
import * as plistPackage from 'plist';
import { describe, expect, it } from 'vitest';
import { compareFile } from './diff';
import { formatOf, readEntries, readKeys } from './read';
import { plainStringsKeys } from './strings-keys';

/** The `.strings` reader as it was, one regular expression for every token: the reference. */
function plainStrings(text: string): Map<string, string> {
  const C_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', "'": "'", '0': '\0' };
  const unescapeC = (t: string) =>
    t.replace(/\\(U[0-9a-fA-F]{4}|u[0-9a-fA-F]{4}|[\s\S])/g, (_m, code: string) =>
      code.length === 5 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : (C_ESCAPES[code] ?? code),
    );
  const entries = new Map<string, string>();
  const token =
    /\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"([^"\\]*(?:\\[\s\S][^"\\]*)*)"\s*=\s*"([^"\\]*(?:\\[\s\S][^"\\]*)*)"\s*;|([A-Za-z0-9_.$/:-]+)\s*=\s*"([^"\\]*(?:\\[\s\S][^"\\]*)*)"\s*;/y;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (index < text.length) {
    token.lastIndex = index;
    const match = token.exec(text);
    if (!match) throw new Error(`cannot read the text at offset ${index}`);
    index = token.lastIndex;
    const key = match[1] ?? match[3];
    if (key !== undefined) entries.set(unescapeC(key), unescapeC(match[2] ?? match[4] ?? ''));
  }
  return entries;
}

const outcome = async (read: () => Map<string, string> | Promise<Map<string, string>>) => {
  try {
    return [...(await read())];
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the .strings reader', () => {
  it('reads every text as the plain reader does, and refuses the same (a fixed-seed property test)', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    // Keys that sort differently as UTF-8 bytes and as strings (U+E000 and above, beyond U+FFFF) too.
    const texts = ['a', 'key.one', 'Ünï', 'x y', 'a\\"b', 'tab\\t', '\\U00e9', 'end\\\\', '', '=;', '/*x*/'];
    // Runs of backslashes before a quote: odd, the quote is escaped (the byte reader finds quotes with indexOf).
    texts.push('x\\\\\\"y', '\\\\\\\\', '\\"');
    texts.push('\ue000', '😀', 'ｚ', 'b', 'zz');
    const spaces = ['', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2028', '\ufeff', '\v'];
    const pieces = [
      () => `"${pick(texts)}"${pick(spaces)}=${pick(spaces)}"${pick(texts)}"${pick(spaces)};`,
      () => `${pick(['key', 'a.b', '/k', 'k:1', 'x$'])}${pick(spaces)}=${pick(spaces)}"${pick(texts)}";`,
      () => `/* ${pick(texts)} */`,
      () => `// ${pick(texts)}\n`,
      () => pick(spaces),
      () => pick(['/*', '//', '"', '=', ';', 'é', '"a" = "b"', '"a" "b";', '*/']),
    ];
    for (let round = 0; round < 3000; round++) {
      const text =
        (random() < 0.1 ? '\ufeff' : '') +
        Array.from({ length: Math.floor(random() * 8) }, () => pick(pieces)()).join(pick(['', '\n', ' ']));
      const expected = await outcome(() => plainStrings(text));
      expect(await outcome(() => readEntries('de.lproj/app.strings', text, 'de')), JSON.stringify(text)).toEqual(
        expected,
      );
      const keys = await readKeys('de.lproj/app.strings', text, 'de', 3).catch((error: Error) => error.message);
      // Its bytes, as a file that is new is read (summary/strings-keys.ts), the same.
      const fromBytes = await readKeys('de.lproj/app.strings', Buffer.from(text, 'utf8'), 'de', 3).catch(
        (error: Error) => error.message,
      );
      expect(fromBytes, JSON.stringify(text)).toEqual(keys);
      expect(keys, JSON.stringify(text)).toEqual(
        typeof expected === 'string'
          ? expected
          : {
              count: expected.length,
              first: expected
                .map(([key]) => key)
                .sort()
                .slice(0, 3),
            },
      );
    }
  });

  it('reads the bytes of a file as its text, whatever the bytes (invalid UTF-8, a byte order mark, a key twice)', async () => {
    const cases = [
      Buffer.from('"a" = "x";\n"b" = "y";\n', 'utf8'),
      // Two keys whose invalid bytes both decode to U+FFFD: one key as text.
      Buffer.concat([
        Buffer.from('"k'),
        Buffer.from([0xff]),
        Buffer.from('" = "1";\n"k'),
        Buffer.from([0xfe]),
        Buffer.from('" = "2";'),
      ]),
      // Invalid bytes in a value, one just before its closing quote: they decode to U+FFFD, and take no quote with them.
      Buffer.concat([
        Buffer.from('"a" = "x'),
        Buffer.from([0xc3]),
        Buffer.from('";\n"b" = "'),
        Buffer.from([0xff, 0x5c, 0xe2]),
        Buffer.from('";'),
      ]),
      Buffer.from('\ufeff"z" = "1"; /* c */ "y" = "2"; // end', 'utf8'),
      Buffer.from('"a" = "1";\n"b" = "2";\n"a" = "3";', 'utf8'),
      Buffer.from('"a" = "1";\n"b" = "un\\"ended;', 'utf8'),
      // An escaped quote, then what would end an entry: the value is not ended, the text cannot be read.
      Buffer.from('"a" = "1";\n"b" = "x\\";', 'utf8'),
      Buffer.from('"a" = "\\";', 'utf8'),
      Buffer.from('"a" = "x\\\\\\"; "b" = "2";\n', 'utf8'),
      // Two backslashes are one escaped backslash: the quote after them ends the value.
      Buffer.from('"a" = "x\\\\"; "b" = "2";\n', 'utf8'),
    ];
    for (const bytes of cases) {
      const text = bytes.toString('utf8');
      const expected = await readKeys('app.strings', text, undefined, 1).catch((error: Error) => error.message);
      expect(await readKeys('app.strings', bytes, undefined, 1).catch((error: Error) => error.message)).toEqual(
        expected,
      );
    }
    // As strings (UTF-16), U+1F600 sorts before U+FF5A; as UTF-8 bytes, after it.
    expect(await readKeys('app.strings', Buffer.from('"a"="";"b"="";"ｚ"="";"😀"="";'), undefined, 3)).toEqual({
      count: 4,
      first: ['a', 'b', '😀'],
    });
    expect(await readKeys('app.strings', Buffer.from('"a" = "1";\n"b" = "2";\n"a" = "3";'), undefined, 5)).toEqual({
      count: 2,
      first: ['a', 'b'],
    });
  });

  it('reads a file whose keys were chosen to crowd one place of the byte reader’s set, in linear time', async () => {
    // Keys whose 32-bit FNV-1a hashes share their low 10 bits: one run of slots in a table of 1,024.
    const fnv = (text: string) => {
      let hash = 0x811c9dc5;
      for (const byte of Buffer.from(text)) hash = Math.imul(hash ^ byte, 0x01000193);
      return hash;
    };
    const keys: string[] = [];
    for (let i = 0; keys.length < 100; i++) if ((fnv(`k${i}`) & 1023) === 0) keys.push(`k${i}`);
    const bytes = Buffer.from(keys.map((key) => `"${key}" = "x";`).join('\n'));
    // The byte reader gives up after 64 slots; the text reader reads it.
    expect(plainStringsKeys(bytes, 2)).toBeUndefined();
    expect(await readKeys('app.strings', bytes, undefined, 2)).toEqual({
      count: 100,
      first: [...keys].sort().slice(0, 2),
    });
    // Keys spread as usual are read by the byte reader.
    const usual = Buffer.from(keys.map((_key, i) => `"key.${i}" = "x";`).join('\n'));
    expect(plainStringsKeys(usual, 2)?.count).toBe(100);
  });
});

describe('the keys of nested files (JSON, YAML)', () => {
  it('are the keys of the entries, for files that are new or gone (a fixed-seed property test)', async () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    // Plural forms as suffixes (with and without their `_other`), as objects, dotted keys that meet nested ones.
    const names = [
      'a',
      'b',
      'a.b',
      'items',
      'items_one',
      'items_other',
      'x_few',
      'x\n_one',
      'x\n_other',
      'one',
      'other',
      'n_',
    ];
    const value = (depth: number): unknown => {
      const kind = random();
      if (depth > 2 || kind < 0.4) return pick(['text', '', null, 3, ['p', 'q']]);
      if (kind < 0.55) return { one: 'x', other: 'y' };
      return Object.fromEntries(
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => [pick(names), value(depth + 1)]),
      );
    };
    // As before: `_one`/`_other` join only behind a key without a line break (the expression's `.`).
    expect([
      ...(await readEntries('a.json', '{"x_one":"1","x_other":"2","y\\n_one":"3","y\\n_other":"4"}', 'de')).keys(),
    ]).toEqual(['y\n_one', 'y\n_other', 'x']);
    for (let round = 0; round < 1500; round++) {
      const data = value(0);
      for (const [path, text] of [
        ['de/app.json', JSON.stringify(data)],
        ['de.yml', JSON.stringify({ de: data })],
      ] as const) {
        const entries = await readEntries(path, text, 'de').catch(() => undefined);
        const keys = await readKeys(path, Buffer.from(text), 'de', 3).catch(() => undefined);
        const expected = entries && { count: entries.size, first: [...entries.keys()].sort().slice(0, 3) };
        expect(keys, text).toEqual(expected);
      }
    }
  });
});

describe('a plural in a nested file and in a flat export of it', () => {
  // The service stores `notes_count: {one, other}` as notes_count.one and notes_count.other, and a flat
  // export (json.standard) writes those: read as two keys against one, `loc push --check` never settled.
  it('is one key, with the same value', async () => {
    const nested = await readEntries('en/common.json', '{"notes_count": {"one": "a note", "other": "notes"}}', 'en');
    const flat = await readEntries(
      'en/common.json',
      '{"notes_count.one": "a note", "notes_count.other": "notes"}',
      'en',
    );
    expect(flat).toEqual(nested);
    expect([...flat.keys()]).toEqual(['notes_count']);
    expect(
      await readKeys('en/common.json', Buffer.from('{"n.one": "a", "n.other": "b", "x.one": "c"}'), 'en', 5),
    ).toEqual({
      count: 2,
      first: ['n', 'x.one'],
    });
  });
});

describe('XLIFF 2.0', () => {
  // Its units are <unit>/<segment>: read as 1.2's <trans-unit> only, a file of them was 0 keys, no error.
  it('reads each unit as its segments’ targets, or their sources where one has no target', async () => {
    const xlf = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="f1">
    <unit id="greeting"><segment><source>Hello</source><target>Hallo</target></segment></unit>
    <group id="g"><unit id="two"><segment><source>A.</source><target>Ä.</target></segment><ignorable><source> </source></ignorable><segment><source>B &amp; "c"</source><target>B &amp; "c"</target></segment></unit></group>
    <unit id="new"><segment><source>New</source></segment></unit>
  </file>
</xliff>
`;
    expect(Object.fromEntries(await readEntries('de.xlf', xlf, 'de'))).toEqual({
      greeting: 'Hallo',
      two: 'Ä. B & "c"',
      new: 'New',
    });
  });
});

describe('a key without a text (null)', () => {
  // The service reads it as untranslated and its files leave such keys out: read as '', it was "added" by
  // every `loc push --check`, which then never settled.
  it('is no entry in JSON and YAML, for the summary and the key count alike', async () => {
    const json = '{"a": null, "b": "x", "c": {"d": null}, "e": [null, "y"]}';
    expect(Object.fromEntries(await readEntries('en/app.json', json, 'en'))).toEqual({ b: 'x', 'e.1': 'y' });
    expect(await readKeys('en/app.json', Buffer.from(json), 'en', 5)).toEqual({ count: 2, first: ['b', 'e.1'] });
    const yaml = 'en:\n  a:\n  b: x\n  c: ~\n';
    expect(Object.fromEntries(await readEntries('en.yml', yaml, 'en'))).toEqual({ b: 'x' });
  });
});

describe('a key beside plural forms of its name', () => {
  // `share` with `share.one` and `share.other` (or `items` with `items_one`, `items_other`): the forms
  // joined into one key `share` replaced its text, so `loc push --check` said "up to date" after `share`
  // changed, and the summary counted no change.
  it('stays a key of its own, the forms keys of their own, so a change to it is seen', async () => {
    for (const [key, one, other] of [
      ['share', 'share.one', 'share.other'],
      ['items', 'items_one', 'items_other'],
    ] as const) {
      const file = (text: string) => JSON.stringify({ [key]: text, [one]: '1', [other]: 'n' });
      expect(Object.fromEntries(await readEntries('en/app.json', file('Share'), 'en'))).toEqual({
        [key]: 'Share',
        [one]: '1',
        [other]: 'n',
      });
      expect(await readKeys('en/app.json', Buffer.from(file('Share')), 'en', 5)).toEqual({
        count: 3,
        first: [key, one, other].sort(),
      });
      const before = file('Share');
      const after = file('Share it');
      expect(await compareFile({ path: 'en/app.json', locale: 'en', before, after }, 5)).toMatchObject({
        counts: { added: 0, changed: 1, removed: 0 },
        keys: { changed: [key] },
      });
    }
  });
});

describe('a file in UTF-16, with its byte order mark', () => {
  // `loc push` reads it (Xcode wrote `.strings` files so); in the output folder, the summary read its
  // bytes as UTF-8 and listed it "compared as a whole file: cannot read the text at offset 0".
  it('is compared key by key with the export’s UTF-8 copy, and read for its keys when gone', async () => {
    const text = '/* c */\n"a" = "A";\n"b" = "B";\n';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = Buffer.from(utf16le);
    utf16be.swap16();
    const after = Buffer.from(text.replace('"B"', '"B2"'));
    for (const before of [utf16le, utf16be]) {
      const path = 'Resources/de.lproj/Localizable.strings';
      expect(await compareFile({ path, locale: 'de', before, after }, 5)).toMatchObject({
        kind: 'read',
        counts: { added: 0, changed: 1, removed: 0 },
        keys: { changed: ['b'] },
      });
      expect(await compareFile({ path, locale: 'de', before, after: Buffer.from(text) }, 5)).toEqual({ kind: 'same' });
      expect(await readKeys(path, before, 'de', 5)).toEqual({ count: 2, first: ['a', 'b'] });
    }
  });
});

describe('YAML, as the service reads it', () => {
  // loc-mock reads every scalar as the text it is written as and applies merge keys; read with the core
  // schema and no merge keys, `loc push --check` said `version` changed and `profile.<<.title` added
  // after every push, and `profile.logout` "not in your file" (--deactivate-missing deactivated it).
  it('keeps numbers and booleans as written, and applies merge keys (the mapping’s own keys winning)', async () => {
    const yaml = [
      'defaults: &defaults',
      '  title: Settings',
      '  logout: Log out',
      'profile:',
      '  <<: *defaults',
      '  title: Profile',
      'nums:',
      '  version: 1.10',
      '  octal: 010',
      '  on: True',
      '  exp: 1e3',
      '  1.50: key',
      '  none: ~',
      '',
    ].join('\n');
    expect(Object.fromEntries(await readEntries('en/app.yml', yaml, 'en'))).toEqual({
      'defaults.title': 'Settings',
      'defaults.logout': 'Log out',
      'profile.title': 'Profile',
      'profile.logout': 'Log out',
      'nums.version': '1.10',
      'nums.octal': '010',
      'nums.on': 'True',
      'nums.exp': '1e3',
      'nums.1.50': 'key',
    });
    expect(await readKeys('en/app.yml', Buffer.from(yaml), 'en', 3)).toEqual({
      count: 9,
      first: ['defaults.logout', 'defaults.title', 'nums.1.50'],
    });
  });
});

describe('the platforms’ files, as loc-mock’s exports write them', () => {
  // An Android `<plurals>` and `<string-array>`, a `.stringsdict` rule: one key each, its forms or items its
  // value, so a changed form changes the key; a styled string's markup is its text, as the file holds it.
  it('reads an Android file: a string, a styled string, a plural and an array, comments inside them aside', async () => {
    const xml = (one: string) => `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <!-- The launcher's label -->
    <string name="app_name">Acme Notes</string>
    <string name="welcome">Tap <b>New</b> &amp; write</string>
    <plurals name="notes_count">
        <!-- one note -->
        <item quantity="one">${one}</item>
        <item quantity="other">%d notes</item>
    </plurals>
    <string-array name="sort_orders">
        <item>Newest</item>
        <item>Oldest</item>
    </string-array>
</resources>
`;
    const read = await readEntries('values/strings.xml', xml('%d note'), undefined);
    expect(Object.fromEntries(read)).toEqual({
      app_name: 'Acme Notes',
      welcome: 'Tap <b>New</b> &amp; write',
      notes_count: JSON.stringify({ one: '%d note', other: '%d notes' }),
      sort_orders: JSON.stringify(['Newest', 'Oldest']),
    });
    const changed = await readEntries('values/strings.xml', xml('%d Notiz'), undefined);
    expect([...changed].filter(([key, value]) => read.get(key) !== value).map(([key]) => key)).toEqual(['notes_count']);
  });

  it('reads a .stringsdict: a rule per plural, one key', async () => {
    const rule = (key: string, one: string) =>
      `<key>${key}</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@value@</string><key>value</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>${one}</string><key>other</key><string>%d notes</string></dict></dict>`;
    const plist = (one: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n${rule('notes.count', one)}\n</dict>\n</plist>\n`;
    const before = await readEntries('de.lproj/Localizable.stringsdict', plist('%d Notiz'), 'de');
    const after = await readEntries('de.lproj/Localizable.stringsdict', plist('eine Notiz'), 'de');
    expect([...before.keys()]).toEqual(['notes.count']);
    expect(after.get('notes.count')).not.toBe(before.get('notes.count'));
    expect(await readKeys('de.lproj/Localizable.stringsdict', Buffer.from(plist('x')), 'de', 5)).toEqual({
      count: 1,
      first: ['notes.count'],
    });
  });
});

describe('a .stringsdict read as the plist package reads it', () => {
  // The plist package (xmldom) was the reader until it was most of a push's time: the reader of its own
  // must give what it gave, for whatever property list the package writes.
  const reference = (text: string) =>
    new Map(
      Object.entries(plistPackage.parse(text) as Record<string, unknown>).map(([key, value]) => [
        key,
        typeof value === 'string'
          ? value
          : JSON.stringify(value, (_k, v: unknown) =>
              v && typeof v === 'object' && !Array.isArray(v)
                ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
                : v,
            ),
      ]),
    );
  const text = fc.string({
    unit: fc.constantFrom('a', ' ', '<', '>', '&', '"', "'", ']]>', '\n', 'é', '😀', '%#@v@', '\t'),
    maxLength: 12,
  });

  it('gives the same entries for any plist the package builds (fast-check, fixed seed)', async () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        text,
        fc.integer(),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
      ),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(text, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(text, value, { minKeys: 1, maxKeys: 4 }), async (data) => {
        const built = plistPackage.build(data as plistPackage.PlistValue);
        expect(await readEntries('de.lproj/Localizable.stringsdict', built, 'de')).toEqual(reference(built));
      }),
      { seed: 43, numRuns: 300 },
    );
  });

  it('reads what a hand-written plist has: comments, CDATA, character references, a DOCTYPE, empty strings', async () => {
    const written = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<!-- a comment -->
<key>items &amp; more</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@ &lt;b&gt; &#x1F600; &#65;</string>
<key>v</key><dict><key>one</key><string><![CDATA[<one> & x]]></string><key>other</key><string>  two  </string><key>n</key><integer>3</integer><key>t</key><true/><key>e</key><string></string><key>e2</key><string/></dict></dict>
</dict></plist>`;
    expect(await readEntries('x.stringsdict', written, 'de')).toEqual(reference(written));
  });

  it.each([
    ['not XML', '<plist><dict><key>a</key>', /./],
    ['no plist', '<?xml version="1.0"?><dict/>', /no <plist> element/],
    ['a key without a value', '<plist><dict><key>a</key></dict></plist>', /has no value/],
    ['an element no plist has', '<plist><dict><key>a</key><script>x</script></dict></plist>', /<script> is no element/],
    ['an unknown entity', '<plist><dict><key>a</key><string>&nbsp;</string></dict></plist>', /not one of XML's own/],
    [
      'a name an object has of its own as an entity',
      '<plist><dict><key>a</key><string>&constructor;</string></dict></plist>',
      /not one of XML's own/,
    ],
    ['deeper than 32 levels', `<plist>${'<array>'.repeat(40)}${'</array>'.repeat(40)}</plist>`, /deeper than 32/],
  ])('refuses %s', async (_what, written, message) => {
    await expect(readEntries('x.stringsdict', written, 'de')).rejects.toThrow(message);
  });
});

describe('formatOf', () => {
  it('knows the formats loc reads, and no name an object has of its own', () => {
    expect(['a.json', 'b.YML', 'c.strings', 'd.xml'].map(formatOf)).toEqual(['json', 'yml', 'strings', 'xml']);
    expect(['x.constructor', 'x.toString', 'x.__proto__', 'x.hasOwnProperty', 'x.bin', 'json'].map(formatOf)).toEqual(
      Array(6).fill(undefined),
    );
  });
});

describe('a file nested deeper than every surface takes (@loc/sdk’s MAX_NESTING_DEPTH)', () => {
  // A pull request or the service can write a file thousands of levels deep: the readers refuse it by
  // name, as the over-the-air client does, instead of overflowing the stack in the recursive flatten.
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
  const deepYaml = (levels: number) => `${'['.repeat(levels)}x${']'.repeat(levels)}`;

  it.each([
    ['de.json', deep(100_000)],
    ['de.json', deep(33)],
    ['de.yml', deepYaml(33)],
  ])('%s: refused with the depth, for its values and for its keys', async (path, text) => {
    await expect(readEntries(path, text, 'de')).rejects.toThrow('it nests deeper than 32 levels');
    await expect(readKeys(path, text, 'de', 5)).rejects.toThrow('it nests deeper than 32 levels');
  });

  it('32 levels are read', async () => {
    expect([...(await readEntries('de.json', deep(32), 'de'))]).toEqual([[Array(32).fill('a').join('.'), 'x']]);
  });
});

describe('a JSON file the service refuses is refused, naming the line (a push sends no file when one is refused)', () => {
  // loc-mock's readers of uploads are the rule: a file they refuse with 422 must not pass loc's checks,
  // or the files before it are imported and the push stops halfway.
  it.each([
    [
      'a key twice',
      '{"checkout.pay":"Pay",\n"checkout.pay":"Pay now"}',
      /line 2, column 1: the key "checkout\.pay" is also on line 1/,
    ],
    [
      'a key twice in a nested object',
      '{"a": {"b": "x",\n  "c": {"d": "1", "d": "2"}},\n "b": "y"}',
      /line 2, column 19: the key "d" is also on line 2/,
    ],
    [
      'a key twice in an i18next file',
      '{\n  "items_one": "1",\n  "items_other": "2",\n  "items_one": "x"\n}',
      /line 4, column 3/,
    ],
    ['a value missing', '{"a": "x",\n "b": }', /line 2, column 7: expected a value/],
    ['a comma too many', '{"a": "x",\n}', /line 1, column 10: a comma before the end/],
    ['a file cut short', '{"checkout.pay": "Pay now",', /line 1, column 28/],
  ])('JSON: %s', async (_what, text, message) => {
    await expect(readEntries('de/app.json', text, 'de')).rejects.toThrow(message);
    await expect(readKeys('de/app.json', text, 'de', 5)).rejects.toThrow(message);
  });

  it('JSON: the same key in two objects is two keys; numbers are the text they are written as', async () => {
    expect(
      Object.fromEntries(await readEntries('de.json', '\ufeff{"a": {"x": "1"}, "b": {"x": 1.0, "y": true}}', 'de')),
    ).toEqual({
      'a.x': '1',
      'b.x': '1.0',
      'b.y': 'true',
    });
  });
});

describe('an Android text aapt2 refuses is refused as the service refuses it, naming the line', () => {
  const android = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    ${body}\n</resources>\n`;
  it.each([
    [
      'an entity',
      '<string name="a">It&apos;s</string>',
      /line 3: an unescaped apostrophe in "a": write \\' \(aapt2 refuses it\)/,
    ],
    ['a plain one', '<string name="a">It\'s</string>', /line 3: an unescaped apostrophe in "a"/],
    ['one after a quoted part', '<string name="a">"It\'s" and it\'s</string>', /apostrophe in "a"/],
    [
      'one in a span after a quote opened outside it',
      '<string name="a">"x <b>it\'s</b>"</string>',
      /apostrophe in "a"/,
    ],
    [
      'one in a plural form',
      '<plurals name="n">\n<item quantity="one">1</item>\n<item quantity="other">it&#39;s</item></plurals>',
      /line 5: an unescaped apostrophe in "n\.other"/,
    ],
    [
      'one in an array item',
      '<string-array name="s"><item>ok</item><item>it\'s</item></string-array>',
      /apostrophe in "s\.1"/,
    ],
  ])('Android: refuses an apostrophe as aapt2 does: %s', async (_what, body, message) => {
    await expect(readEntries('values/strings.xml', android(body), undefined)).rejects.toThrow(message);
  });

  it('Android: reads an apostrophe aapt2 reads (escaped, quoted, in a resource the service skips)', async () => {
    const read = await readEntries(
      'values/strings.xml',
      android(
        [
          '<string name="a">It\\\'s</string>',
          '<string name="b">"It\'s"</string>',
          '<string name="c">It\\&apos;s <xliff:g xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" id="n">"it\'s</xliff:g>"</string>',
          '<string name="d" translatable="false">It\'s</string>',
          '<string name="e" product="tablet">It\'s</string>',
        ].join('\n    '),
      ),
      undefined,
    );
    expect([...read.keys()]).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('Android: one text, whichever way its entities are spelled', async () => {
    const a = await readEntries(
      'values/strings.xml',
      android('<string name="w">Tap &amp; &#60;go&gt;</string>'),
      undefined,
    );
    const b = await readEntries(
      'values/strings.xml',
      android('<string name="w">Tap &#38; &lt;go></string>'),
      undefined,
    );
    expect(a.get('w')).toBe('Tap &amp; &lt;go>');
    expect(b).toEqual(a);
  });
});

describe('XLIFF texts are compared as text', () => {
  const xliff = (source: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" datatype="plaintext" original="app">\n    <body>\n      <group id="g"><trans-unit id="say"><source>${source}</source></trans-unit></group>\n    </body>\n  </file>\n</xliff>\n`;
  it('a plain " and the service’s &quot; are one text; character references too; inline markup stays XML', async () => {
    const plain = await readEntries('en.xlf', xliff('She said "hi" &amp; <g id="1">left</g>'), 'en');
    expect(plain.get('say')).toBe('She said "hi" & <g id="1">left</g>');
    expect(await readEntries('en.xlf', xliff('She said &quot;hi&#34; &#x26; <g id="1">left</g>'), 'en')).toEqual(plain);
  });

  it('a target is the text, a unit without one its source', async () => {
    const text = xliff('Hi').replace('<source>Hi</source>', '<source>Hi</source><target>Hallo &apos;du&apos;</target>');
    expect(Object.fromEntries(await readEntries('de.xlf', text, 'de'))).toEqual({ say: "Hallo 'du'" });
  });
});

describe('a list’s items are keys of their own, as the service stores them (date.day_names.0, …)', () => {
  it.each([
    ['en.yml', 'en:\n  date:\n    day_names: [Sunday, Monday]\n  title: Hi\n'],
    ['en/app.json', '{"date": {"day_names": ["Sunday", "Monday"]}, "title": "Hi"}'],
  ])('%s', async (path, text) => {
    expect(Object.fromEntries(await readEntries(path, text, 'en'))).toEqual({
      'date.day_names.0': 'Sunday',
      'date.day_names.1': 'Monday',
      title: 'Hi',
    });
    expect(await readKeys(path, text, 'en', 5)).toEqual({
      count: 3,
      first: ['date.day_names.0', 'date.day_names.1', 'title'],
    });
  });

  it('a list of objects, and of plural forms, numbered the same way; an empty list is no key', async () => {
    const text = '{"steps": [{"title": "A"}, {"n": {"one": "1 x", "other": "# x"}}], "none": []}';
    expect(Object.fromEntries(await readEntries('en.json', text, 'en'))).toEqual({
      'steps.0.title': 'A',
      'steps.1.n': JSON.stringify({ one: '1 x', other: '# x' }),
    });
  });
});
