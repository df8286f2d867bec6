// The .strings and .stringsdict readers (src/formats/ios-read.ts): files as Xcode, genstrings and people
// write them (UTF-16, comments, plural rules), and each error naming its line.
import { describe, expect, it } from 'vitest';
import { read, readError, texts } from './read-file';

describe('strings.ios', () => {
  const genstrings = `/* No comment provided by engineer. */
"Cancel" = "Abbrechen";

/* Title of the
   settings screen */
"settings.title" = "Einstellungen";

// Two line comments
// in a row are one
"escapes" = "\\"q\\" \\\\ \\n\\t\\r \\U00FC\\U0001 \\101 \\' \\a \\z";
unquoted_key = unquoted/value-1.0;
'single' = 'quoted "text"';
"same";
"spaced" /* inside */ =
    "over lines";
`;

  // As CoreFoundation's old-style property list parser (CFOldStylePList.c) reads them, `"key";` and
  // single quotes included (GNUstep reads the one as an empty text and refuses the other).
  it('reads pairs, unquoted strings, escapes and comments', () => {
    const file = read('strings.ios', genstrings);
    expect(file.entries).toEqual([
      { key: 'Cancel', value: 'Abbrechen', comment: 'No comment provided by engineer.', line: 2 },
      { key: 'settings.title', value: 'Einstellungen', comment: 'Title of the\n   settings screen', line: 6 },
      {
        key: 'escapes',
        value: '"q" \\ \n\t\r ü\u0001 A \' \x07 z',
        comment: 'Two line comments\n in a row are one',
        line: 10,
      },
      { key: 'unquoted_key', value: 'unquoted/value-1.0', line: 11 },
      { key: 'single', value: 'quoted "text"', line: 12 },
      { key: 'same', value: 'same', line: 13 },
      { key: 'spaced', value: 'over lines', line: 14 },
    ]);
  });

  it('reads UTF-16 with a byte order mark, as Xcode writes it, either byte order', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(genstrings, 'utf16le')]);
    expect(texts(read('strings.ios', new Uint8Array(le)))).toEqual(texts(read('strings.ios', genstrings)));
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('"a" = "ü";', 'utf16le').swap16()]);
    expect(texts(read('strings.ios', new Uint8Array(be)))).toEqual({ a: 'ü' });
  });

  it.each([
    ['a missing semicolon', '"a" = "b"\n"c" = "d";', 2, /expected ";" after the entry "a"/],
    ['an unterminated string', '"a" = "b;\n', 1, /without its closing quote/],
    ['an unterminated comment', '"a" = "b";\n/* no end', 2, /does not end/],
    ['a bad \\U escape', '"a" = "\\U12";', 1, /\\U takes four hex digits/],
    ['a missing value', '"a" = ;', 1, /expected the text of "a"/],
    ['a key twice', '"a" = "1";\n"b" = "2";\n"a" = "3";', 3, /the key "a" is also on line 1/],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = readError('strings.ios', text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});

const plist = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}
</dict>
</plist>
`;

const rule = (key: string, format: string, variables: string) =>
  `<key>${key}</key><dict><key>NSStringLocalizedFormatKey</key><string>${format}</string>${variables}</dict>`;
const plural = (name: string, forms: Record<string, string>) =>
  `<key>${name}</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>${Object.entries(
    forms,
  )
    .map(([c, t]) => `<key>${c}</key><string>${t}</string>`)
    .join('')}</dict>`;

describe('stringsdict.ios', () => {
  it('reads a plural rule as its forms, the format’s text around the variable filled in', () => {
    const file = read(
      'stringsdict.ios',
      plist(
        [
          rule('files', '%#@files@', plural('files', { one: '%d file', other: '%d files' })),
          rule('found', 'Found %1$#@count@.', plural('count', { zero: 'nothing', one: 'one item', other: '%d items' })),
          rule('title', '%#@value@', plural('value', { other: 'Settings' })),
          rule('static', 'No variables', ''),
          '<key>plain</key><string>A plain string</string>',
        ].join('\n'),
      ),
    );
    expect(texts(file)).toEqual({
      'files.one': '%d file',
      'files.other': '%d files',
      'found.zero': 'Found nothing.',
      'found.one': 'Found one item.',
      'found.other': 'Found %d items.',
      // One form only (a language such as Japanese has no other): still the plural's form.
      'title.other': 'Settings',
      static: 'No variables',
      plain: 'A plain string',
    });
  });

  it.each([
    [
      'two variables',
      rule('x', '%#@a@ in %#@b@', plural('a', { other: 'a' }) + plural('b', { other: 'b' })),
      /combines 2 plural variables \(a, b\)/,
    ],
    ['an undefined variable', rule('x', '%#@a@', ''), /names the variable a, which it does not define/],
    [
      'a width rule',
      '<key>x</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>a</string></dict></dict>',
      /no NSStringLocalizedFormatKey \(it is a NSStringVariableWidthRuleType rule/,
    ],
    [
      'a device rule',
      rule(
        'x',
        '%#@a@',
        '<key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string></dict>',
      ),
      /not an NSStringPluralRuleType/,
    ],
    ['a bad category', rule('x', '%#@a@', plural('a', { some: 'x', other: 'y' })), /"some" in the variable a of "x"/],
    ['a key twice', '<key>x</key><string>a</string>\n<key>x</key><string>b</string>', /the key "x" is also on line 5/],
    ['a key without a value', '<key>x</key>', /has no value/],
    ['a number as a rule', '<key>x</key><integer>1</integer>', /is not a dictionary/],
    ['an unknown element', '<key>x</key><thing/>', /<thing> is not a property list element/],
  ])('refuses %s, naming the line', (_, body, message) => {
    const error = readError('stringsdict.ios', plist(body));
    expect(error.line).toBeGreaterThanOrEqual(4);
    expect(error.message).toMatch(message);
  });
});
