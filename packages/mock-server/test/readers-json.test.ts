// The JSON readers (src/formats/json-read.ts): json.standard, json.nested and json.i18next, on files as
// people and tools write them, and every way a file can be wrong, each naming its line.
import { MAX_NESTING_DEPTH } from '@loc/sdk/internal';
import { describe, expect, it } from 'vitest';
import { read, readError, texts } from './read-file';

describe('json.standard and json.nested', () => {
  it('join nested keys at dots, number list items, and read numbers and booleans as written', () => {
    const file = read(
      'json.nested',
      `{
  "app": { "title": "Titel", "menu": { "file": "Datei" } },
  "flat.key": "flach",
  "planets": ["Merkur", "Venus", { "name": "Erde" }],
  "count": 12, "ratio": -1.5e3, "on": true,
  "missing": null,
  "empty": {}, "none": [],
  "escapes": "\\"q\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u00fc \\ud83d\\ude80"
}`,
    );
    expect(texts(file)).toEqual({
      'app.title': 'Titel',
      'app.menu.file': 'Datei',
      'flat.key': 'flach',
      'planets.0': 'Merkur',
      'planets.1': 'Venus',
      'planets.2.name': 'Erde',
      count: '12',
      ratio: '-1.5e3',
      on: 'true',
      escapes: '"q" \\ / \b\f\n\r\t ü 🚀',
    });
    expect(file.entries.map((e) => e.line)).toEqual([2, 2, 3, 4, 4, 4, 5, 5, 5, 8]);
  });

  it('read a flat file and a nested one alike, and take a UTF-8 byte order mark', () => {
    expect(texts(read('json.standard', '\uFEFF{"a.b": "x"}'))).toEqual({ 'a.b': 'x' });
    expect(texts(read('json.standard', '{"a": {"b": "x"}}'))).toEqual({ 'a.b': 'x' });
    expect(texts(read('json.standard', '{}'))).toEqual({});
  });

  it('keep keys named like Object.prototype members as plain keys', () => {
    expect(texts(read('json.nested', '{"__proto__": {"x": "1"}, "constructor": "2"}'))).toEqual({
      '__proto__.x': '1',
      constructor: '2',
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each([
    ['an empty file', '', 1, 1, /empty/],
    ['not an object', '["a"]', 1, 1, /expected a JSON object/],
    ['a trailing comma', '{\n  "a": "x",\n}', 2, 11, /comma before the end of an object/],
    ['a trailing comma in an array', '{"a": ["x",\n]}', 1, 11, /comma before the end of an array/],
    ['a missing colon', '{\n"a" "x"}', 2, 5, /expected ":" after the key "a"/],
    ['a missing comma', '{"a": "x"\n "b": "y"}', 2, 2, /expected "," or "}"/],
    ['a key without quotes', "{\n  a: 'x'}", 2, 3, /expected a key in double quotes/],
    ['single quotes', '{"a": \'x\'}', 1, 7, /expected a value/],
    ['a raw line break in a string', '{"a": "one\ntwo"}', 1, 11, /raw control character \(U\+000A\)/],
    ['a bad escape', '{"a": "\\x41"}', 1, 8, /invalid escape/],
    ['a short \\u escape', '{"a": "\\u12"}', 1, 8, /invalid escape/],
    ['an unterminated string', '{"a": "x}', 1, 7, /without its closing quote/],
    ['an unclosed object', '{"a": {"b": "x"}', 1, 17, /expected "," or "}", found the end of the file/],
    ['content after the object', '{"a": "x"}\n{"b": "y"}', 2, 1, /ends before/],
    ['a comment', '{"a": "x" // no\n}', 1, 11, /expected "," or "}"/],
    ['NaN', '{"a": NaN}', 1, 7, /expected a value/],
    ['a leading zero', '{"a": 012}', 1, 8, /expected "," or "}"/],
  ])('refuse %s, naming line and column', (_, text, line, column, message) => {
    const error = readError('json.standard', text);
    expect([error.line, error.column]).toEqual([line, column]);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^line ${line}, column ${column}: `));
  });

  it('refuse a key twice in one object, naming both lines, and two keys that join to one', () => {
    const twice = readError('json.nested', '{\n  "a": "x",\n  "b": "y",\n  "a": "z"\n}');
    expect(twice.line).toBe(4);
    expect(twice.message).toMatch(/the key "a" is also on line 2/);
    const joined = readError('json.nested', '{\n  "a.b": "x",\n  "a": {\n    "b": "y"\n  }\n}');
    expect(joined.line).toBe(4);
    expect(joined.message).toMatch(/the key "a.b" is also on line 2/);
  });

  it(`take ${MAX_NESTING_DEPTH} levels and refuse one more, without recursion, however deep the file`, () => {
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
    expect(texts(read('json.nested', nested(MAX_NESTING_DEPTH)))).toEqual({
      [Array(MAX_NESTING_DEPTH).fill('a').join('.')]: 'x',
    });
    const error = readError('json.nested', nested(MAX_NESTING_DEPTH + 1));
    expect(error.message).toMatch(/deeper than 32 levels/);
    expect(error.column).toBe(MAX_NESTING_DEPTH * 5 + 1);
    // A megabyte of brackets is refused at the 33rd.
    expect(readError('json.nested', `{"a":${'['.repeat(1_000_000)}`).column).toBe(6 + MAX_NESTING_DEPTH - 1);
  });

  it('read a file of one very long line, and quote only a little of it in a message', () => {
    const long = 'x'.repeat(5_000_000);
    expect(read('json.standard', `{"a": "${long}"}`).entries[0]!.value.length).toBe(5_000_000);
    expect(readError('json.standard', `{"a": "${long}" "b"}`).message).toMatch(
      /^line 1, column 5000010: expected "," or "}", found "\\"b\\"}"$/,
    );
  });

  it('refuse bytes that are not UTF-8, and UTF-16, naming the line', () => {
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('{\n"a": "Gr'),
      0xfc,
      ...new TextEncoder().encode('n"}'),
    ]);
    const error = readError('json.standard', latin1);
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/not UTF-8: the byte 0xFC at byte 9 of the line/);
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from('{}', 'utf16le')]);
    expect(readError('json.standard', utf16).message).toMatch(
      /UTF-16LE byte order mark: JSON is read as UTF-8; save it as UTF-8/,
    );
  });
});

describe('json.i18next', () => {
  it('reads plural suffixes as plural forms and {{name}} as the placeholder {name}, other syntax as text', () => {
    const file = read(
      'json.i18next',
      JSON.stringify({
        cart: { items_one: '{{count}} Artikel', items_other: '{{count}} Artikel', title: 'Hallo {{name}}!' },
        done_one: 'eins',
        key_ordinal_few: 'ordinal',
        raw: '{{ spaced }} {{name, number}} {{- html}} $t(other) {{{x}}}',
      }),
    );
    expect(texts(file)).toEqual({
      'cart.items.one': '{count} Artikel',
      'cart.items.other': '{count} Artikel',
      'cart.title': 'Hallo {name}!',
      'done.one': 'eins',
      'key_ordinal.few': 'ordinal',
      raw: '{{ spaced }} {{name, number}} {{- html}} $t(other) {{x}}',
    });
  });

  it('refuses a plural form written both ways, naming both lines', () => {
    const error = readError('json.i18next', '{\n  "items_one": "a",\n  "items": {\n    "one": "b"\n  }\n}');
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/the key "items.one" is also on line 2/);
  });
});
