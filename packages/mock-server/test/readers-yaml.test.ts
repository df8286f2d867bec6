// The YAML readers (src/formats/yaml-read.ts): yaml.standard and yaml.rails, on files as people, Rails
// and the YAML libraries write them, hostile files (aliases of aliases, deep nesting), and every way a
// file can be wrong, each naming its line.
import { describe, expect, it } from 'vitest';
import { read, readError, texts } from './read-file';

describe('yaml.standard', () => {
  it('reads every scalar style, as the text written (no YAML 1.1 typing), nested keys joined at dots', () => {
    const file = read(
      'yaml.standard',
      `# a comment
app:
  title: Einstellungen   # and another
  quoted: "Tab\\there, \\u00fc, \\"q\\""
  single: 'it''s'
  literal: |
    one
    two
  folded: >-
    one
    two
  plain multi: a
    b
  words: [yes, No, on, ~x, 012, 2026-11-01, 1_000, .inf, :sym]
"a.b": flat
? complex
: explicit key
`,
    );
    expect(texts(file)).toEqual({
      'app.title': 'Einstellungen',
      'app.quoted': 'Tab\there, ü, "q"',
      'app.single': "it's",
      'app.literal': 'one\ntwo\n',
      'app.folded': 'one two',
      'app.plain multi': 'a b',
      'app.words.0': 'yes',
      'app.words.1': 'No',
      'app.words.2': 'on',
      'app.words.3': '~x',
      'app.words.4': '012',
      'app.words.5': '2026-11-01',
      'app.words.6': '1_000',
      'app.words.7': '.inf',
      'app.words.8': ':sym',
      'a.b': 'flat',
      complex: 'explicit key',
    });
    expect(file.entries.find((e) => e.key === 'app.literal')!.line).toBe(6);
  });

  it('reads no value, ~ and null as no text (untranslated), an empty quoted string as a text', () => {
    expect(texts(read('yaml.standard', 'a:\nb: ~\nc: null\nd: ""\ne: !!null x\nf: !!str ~\n'))).toEqual({
      d: '',
      f: '~',
    });
    expect(texts(read('yaml.standard', '# only a comment\n'))).toEqual({});
    expect(texts(read('yaml.standard', '{}'))).toEqual({});
  });

  it('expands anchors, aliases and merge keys, the mapping’s own keys winning', () => {
    const file = read(
      'yaml.standard',
      `base: &base
  ok: OK
  cancel: Abbrechen
dialog:
  <<: *base
  cancel: Schließen
again: *base
both:
  <<: [*base, {extra: mehr}]
`,
    );
    expect(texts(file)).toEqual({
      'base.ok': 'OK',
      'base.cancel': 'Abbrechen',
      'dialog.cancel': 'Schließen',
      'dialog.ok': 'OK',
      'again.ok': 'OK',
      'again.cancel': 'Abbrechen',
      'both.ok': 'OK',
      'both.cancel': 'Abbrechen',
      'both.extra': 'mehr',
    });
  });

  // Psych writes "a\u2028b" as 'a\u2028  b' (a line break to YAML 1.1, the next line indented); the
  // package reads YAML 1.2, where the character is text. Escaped, it is a character in both.
  it('reads a raw line or paragraph separator as YAML 1.1 readers (Psych, PyYAML) do', () => {
    expect(
      texts(
        read(
          'yaml.standard',
          'a: \'Line\u2028  separator\'\nb: "P \u2029  q"\nc: plain\u2028  text\nd: \'next\u0085  line\'\ne: "esc\\u2028  aped"\n',
        ),
      ),
    ).toEqual({ a: 'Line\u2028separator', b: 'P\u2029q', c: 'plain\u2028text', d: 'next line', e: 'esc\u2028  aped' });
  });

  it('reads UTF-16 with a byte order mark', () => {
    const bytes = Uint8Array.from([0xff, 0xfe, ...Buffer.from('a: Grüße\n', 'utf16le')]);
    expect(texts(read('yaml.standard', bytes))).toEqual({ a: 'Grüße' });
  });

  it('refuses a "billion laughs" file once its aliases expand past 10,000 values, at once', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [name, previous] of ['bcdefghi'].flatMap((s) => [...s].map((c, i) => [c, 'abcdefghi'[i]]))) {
      lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    const error = readError('yaml.standard', `${lines.join('\n')}\n`);
    expect(error.message).toMatch(/aliases of the file expand to more than 10000 values/);
    expect(error.line).toBeLessThanOrEqual(lines.length);
  });

  it('refuses nesting deeper than 32 levels, flow or block, and a megabyte of brackets at once', () => {
    const block = (levels: number) =>
      `${Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')} x\n`;
    expect(Object.keys(texts(read('yaml.standard', block(32))))).toHaveLength(1);
    const deep = readError('yaml.standard', block(33));
    expect(deep.message).toMatch(/deeper than 32 levels/);
    expect(deep.line).toBe(33);
    const flow = readError('yaml.standard', `a: ${'['.repeat(1_000_000)}`);
    expect([flow.line, flow.column, flow.message]).toEqual([1, 36, expect.stringMatching(/deeper than 32 levels/)]);
    // Block collections opened on one line are counted before the parser too (it recursed for a second).
    const dashes = readError('yaml.standard', `${'- '.repeat(200_000)}x`);
    expect([dashes.line, dashes.column, dashes.message]).toEqual([
      1,
      65,
      expect.stringMatching(/deeper than 32 levels/),
    ]);
    expect(readError('yaml.standard', `a:\n  ${'? '.repeat(100_000)}x`).line).toBe(2);
    expect(texts(read('yaml.standard', `a:\n${'- '.repeat(31)}x`))).toEqual({ [`a${'.0'.repeat(31)}`]: 'x' });
    expect(readError('yaml.standard', `a:\n${'- '.repeat(32)}x`).message).toMatch(/deeper than 32 levels/);
  });

  it.each([
    ['a key twice', 'a: x\nb: y\na: z\n', 3, /the key "a" is also on line 1 of this mapping/],
    ['a key twice after a merge', 'm: &m {a: x}\nn:\n  a: y\n  a: z\n', 4, /the key "a" is also on line 3/],
    ['an unterminated quote', 'a: "x\nb: y\n', 3, /not valid YAML: Missing closing "quote/],
    ['a tab as indentation', 'a:\n\tb: x\n', 2, /not valid YAML/],
    ['bad indentation', 'a:\n  b: x\n c: y\n', 3, /not valid YAML/],
    ['a second document', 'a: x\n---\nb: y\n', 2, /a second YAML document/],
    ['an alias of no anchor', 'a: *nowhere\n', 1, /not valid YAML|names no anchor/],
    ['a binary value', 'a: !!binary aGk=\n', 1, /tagged !!binary is not a text/],
    ['a custom tag', 'a: !ruby/object:Foo x\n', 1, /tagged !ruby\/object:Foo is not a text/],
    ['a mapping as a key', '? {a: b}\n: c\n', 1, /a key that is a mapping or a sequence/],
    ['a list at the top', '- a\n- b\n', 1, /expected a mapping of keys to texts/],
    ['a text at the top', 'just text\n', 1, /expected a mapping/],
    ['a merge of a text', 'a:\n  <<: x\n', 2, /a merge key \(<<\) takes a mapping/],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = readError('yaml.standard', text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});

describe('yaml.rails', () => {
  it('reads the locale from the root key; plurals as forms; %{name} as {name} and %% as % where I18n interpolates', () => {
    const file = read(
      'yaml.rails',
      `pt-BR:
  cart:
    items:
      one: "%{count} item, 100%% certo"
      other: "%{count} itens"
    title: "50% off, %{name}"
    sale: "100% de desconto, %% dobrado"
    lookalike: "%<n>d e %{ x }"
  date:
    day_names: [Domingo, Segunda]
`,
      { locale: 'pt-BR' },
    );
    expect(file.locale).toBe('pt-BR');
    expect(texts(file)).toEqual({
      'cart.items.one': '{count} item, 100% certo',
      'cart.items.other': '{count} itens',
      'cart.title': '50% off, {name}',
      'cart.sale': '100% de desconto, %% dobrado',
      'cart.lookalike': '%<n>d e %{ x }',
      'date.day_names.0': 'Domingo',
      'date.day_names.1': 'Segunda',
    });
  });

  it('reads a quoted root key and a locale with no keys', () => {
    expect(read('yaml.rails', '"no": {}\n', { locale: 'no' })).toEqual({ entries: [], locale: 'no' });
    expect(read('yaml.rails', 'de:\n', { locale: 'de' })).toEqual({ entries: [], locale: 'de' });
  });

  it.each([
    ['two locales', 'de:\n  a: x\nfr:\n  a: y\n', 3, /one root key, the locale \(`de:`\).*"de", "fr"/],
    ['no root key', 'a\n', 1, /one root key/],
    ['a text as the locale', 'de: x\n', 1, /expected the keys of the locale "de" below it/],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = readError('yaml.rails', text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});
