import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { namespaceOf, typesDeclaration } from './declaration';
import { namedPlaceholders, placeholderSignature } from './placeholders';
import { sourceKeys } from './source-keys';

const ABOUT = { project: 'acme/shop', locale: 'en', format: 'json.i18next' };

/** The members of an interface of a declaration text, as TypeScript's parser reads them: name → type text. */
function members(text: string, name: string): Map<string, string> {
  const file = ts.createSourceFile('loc-keys.d.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const found = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  );
  const out = new Map<string, string>();
  for (const member of found?.members ?? [])
    if (ts.isPropertySignature(member) && member.name && ts.isStringLiteral(member.name))
      out.set(member.name.text, member.type!.getText(file));
  return out;
}

/** The syntax errors TypeScript's parser finds in a declaration text. */
function syntaxErrors(text: string): string[] {
  const file = ts.createSourceFile('loc-keys.d.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  return (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
}

describe('placeholders', () => {
  it('reads i18next’s {{name}} in json.i18next and the service’s {name} elsewhere, each once, sorted', () => {
    expect(
      namedPlaceholders('Hi {{name}}, {{ count }} new, {{- html}} {{price, currency(EUR)}} {name}', 'i18next'),
    ).toEqual(['count', 'html', 'name', 'price']);
    expect(namedPlaceholders('Hi {name}, {name} and {{literal}} {0}', 'service')).toEqual(['0', 'name']);
    expect(namedPlaceholders('no placeholder, 100% {', 'service')).toEqual([]);
  });

  it('signs every syntax, printf included: a renamed or added value changes the signature, a moved one does not', () => {
    expect(placeholderSignature('%1$s of %2$d, %s and %@ (100%%)')).toBe('%#1$s %#2$@ %1$s %2$d');
    expect(placeholderSignature('Hello, {name}!')).toBe(placeholderSignature('{name}, hello'));
    expect(placeholderSignature('Hello, {{name}}!')).toBe(placeholderSignature('Hello, {name}!'));
    expect(placeholderSignature('Hello, {name}!')).not.toBe(placeholderSignature('Hello, {firstName}!'));
    expect(placeholderSignature('%d items')).not.toBe(placeholderSignature('%s items'));
  });
});

describe('sourceKeys', () => {
  it('joins nested keys with dots and makes each plural convention one key that takes a count', () => {
    const keys = sourceKeys(
      [
        {
          path: 'en.json',
          text: JSON.stringify({
            cart: { items_one: '{{count}} item', items_other: '{{count}} items' },
            nested: { one: 'a {{what}}', other: 'many {{what}}' },
            greeting: 'Hi {{name}}',
            'flat.dotted': 'x',
            list: ['a', 'b'],
            n: 3,
          }),
        },
        { path: 'standard/en.json', text: JSON.stringify({ 'box.one': '{count} box', 'box.other': '{count} boxes' }) },
      ],
      'i18next',
    );
    expect(keys).toEqual([
      { key: 'box', text: { one: '{count} box', other: '{count} boxes' }, values: ['count'] },
      { key: 'cart.items', text: { one: '{{count}} item', other: '{{count}} items' }, values: ['count'] },
      { key: 'flat.dotted', text: 'x', values: [] },
      { key: 'greeting', text: 'Hi {{name}}', values: ['name'] },
      { key: 'n', text: '3', values: [] },
      { key: 'nested', text: { one: 'a {{what}}', other: 'many {{what}}' }, values: ['count', 'what'] },
    ]);
  });

  it('lets the first file by path win a key two files hold, as the over-the-air client merges them', () => {
    const keys = sourceKeys(
      [
        { path: 'b/en.json', text: '{"a": "from b"}' },
        { path: 'a/en.json', text: '{"a": "from a"}' },
      ],
      'service',
    );
    expect(keys).toEqual([{ key: 'a', text: 'from a', values: [] }]);
  });

  it('does not take a key with forms and other children for a plural', () => {
    const keys = sourceKeys([{ path: 'en.json', text: '{"m.one": "1", "m.other": "2", "m.file": "f"}' }], 'service');
    expect(keys.map((k) => k.key)).toEqual(['m.file', 'm.one', 'm.other']);
  });
});

describe('typesDeclaration', () => {
  it('declares LocKeys, LocResources and, for json.i18next, the i18next augmentation', () => {
    const { text, keys } = typesDeclaration(
      [
        {
          path: 'locales/en.json',
          text: '{"cart":{"items_one":"{{count}} item","items_other":"{{count}} items"},"hi":"Hi {{name}}"}',
        },
      ],
      'i18next',
      ABOUT,
    );
    expect(keys).toBe(2);
    expect(syntaxErrors(text)).toEqual([]);
    expect(members(text, 'LocKeys')).toEqual(
      new Map([
        ['cart.items', '{ count: number }'],
        ['hi', '{ name: string | number }'],
      ]),
    );
    expect(text).toContain("declare module 'i18next'");
    expect(text).toContain('strictInterpolationChecks: true;');
    // The plural's base key, typed as its `other` form, beside its forms.
    expect(text).toContain('"items": "{{count}} items";\n      "items_one": "{{count}} item";');
    const service = typesDeclaration([{ path: 'en.json', text: '{"hi":"Hi {name}"}' }], 'service', {
      ...ABOUT,
      format: 'json.nested',
    });
    expect(service.text).not.toContain("i18next'");
    expect(members(service.text, 'LocKeys').get('hi')).toBe('{ name: string | number }');
  });

  it('is the same bytes for the same strings, in any order', () => {
    const a = typesDeclaration([{ path: 'en.json', text: '{"b":"B {x}","a":{"d":"D","c":"C"}}' }], 'service', ABOUT);
    const b = typesDeclaration([{ path: 'en.json', text: '{"a":{"c":"C","d":"D"},"b":"B {x}"}' }], 'service', ABOUT);
    expect(a.text).toBe(b.text);
    expect([...members(a.text, 'LocKeys').keys()]).toEqual(['a.c', 'a.d', 'b']);
  });

  it('names namespaces by file: `translation` for a file named by its locale', () => {
    expect(namespaceOf('locales/en.json', 'en')).toBe('translation');
    expect(namespaceOf('locales/pt_BR.json', 'pt-BR')).toBe('translation');
    expect(namespaceOf('locales/en/common.json', 'en')).toBe('common');
  });

  it('never lets a key or a text out of its string or comment (fast-check, fixed seed)', () => {
    // Keys and texts come from whoever can edit the strings: a `*/`, a quote, a line break or a
    // backslash must not end the comment or the literal and put code into the app's compile.
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const hostile = fc.oneof(
      text,
      fc.constantFrom('*/', '"', '\\', '\n', '\u2028', "'", '`', '${x}', '{{a}}', '{b}', '*/ declare const x: 1; /*'),
    );
    const strings = fc.dictionary(
      fc.oneof(hostile, fc.string({ maxLength: 6 })),
      fc.oneof(
        hostile,
        fc.array(hostile, { maxLength: 3 }).map((parts) => parts.join('')),
      ),
      { minKeys: 1, maxKeys: 8 },
    );
    fc.assert(
      fc.property(strings, fc.boolean(), (data, i18next) => {
        const files = [{ path: 'en.json', text: JSON.stringify(data) }];
        const syntax = i18next ? 'i18next' : 'service';
        const { text: declaration } = typesDeclaration(files, syntax, ABOUT);
        expect(syntaxErrors(declaration)).toEqual([]);
        const declared = members(declaration, 'LocKeys');
        expect([...declared.keys()]).toEqual(sourceKeys(files, syntax).map((k) => k.key));
        // Only the interfaces and the augmentation: nothing else was declared.
        const file = ts.createSourceFile('x.d.ts', declaration, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
        expect(file.statements.map((s) => ts.SyntaxKind[s.kind])).toEqual(
          i18next
            ? ['ImportDeclaration', 'InterfaceDeclaration', 'InterfaceDeclaration', 'ModuleDeclaration']
            : ['InterfaceDeclaration', 'InterfaceDeclaration'],
        );
      }),
      { seed: 36, numRuns: 300 },
    );
  });
});
