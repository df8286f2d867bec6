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

/** The members of a type literal below an interface (`path`: the property names down to it): name → type text. */
function nestedMembers(text: string, name: string, path: string[]): Map<string, string> {
  const file = ts.createSourceFile('loc-keys.d.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  let list: ts.NodeArray<ts.TypeElement> | undefined = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  )?.members;
  for (const step of path) {
    const member = list?.find((m) => m.name && ts.isStringLiteral(m.name) && m.name.text === step);
    list =
      member && ts.isPropertySignature(member) && member.type && ts.isTypeLiteralNode(member.type)
        ? member.type.members
        : undefined;
  }
  const out = new Map<string, string>();
  for (const member of list ?? [])
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
  it('declares, for json.i18next, LocResources as the files are and the i18next augmentation, without LocKeys', () => {
    const { text, keys, namespaces, defaultNS } = typesDeclaration(
      [
        {
          path: 'locales/en.json',
          text: '{"cart":{"items_one":"{{count}} item","items_other":"{{count}} items"},"hi":"Hi {{name}}","place_ordinal_two":"{{count}}nd place","place_ordinal_other":"{{count}}th place"}',
        },
      ],
      'i18next',
      ABOUT,
    );
    expect(keys).toBe(3);
    expect(syntaxErrors(text)).toEqual([]);
    // An i18next app never reads LocKeys: tsc would parse and bind it for nothing.
    expect(text).not.toContain('LocKeys');
    expect(text).toContain("declare module 'i18next'");
    expect(text).toContain('strictInterpolationChecks: true;');
    // Only what i18next resolves: a plural's forms as the file has them, no made-up base key (`items`,
    // `place_ordinal`): i18next's types make `items` and `place` of the forms, and
    // t('place_ordinal', { count: 2 }) would compile and print "2th place".
    expect(text).toContain(
      '  "translation": {\n    "cart": {\n      "items_one": "{{count}} item";\n      "items_other": "{{count}} items";\n    };\n    "hi": "Hi {{name}}";\n    "place_ordinal_other": "{{count}}th place";\n    "place_ordinal_two": "{{count}}nd place";\n  };',
    );
    expect(text).not.toMatch(/"items":|"place_ordinal":/);
    // `translation` is i18next's default namespace: nothing to declare.
    expect({ namespaces, defaultNS }).toEqual({ namespaces: ['translation'], defaultNS: undefined });
    expect(text).not.toContain('defaultNS');

    const service = typesDeclaration([{ path: 'en.json', text: '{"hi":"Hi {name}"}' }], 'service', {
      ...ABOUT,
      format: 'json.nested',
    });
    expect(service.text).not.toContain("i18next'");
    expect(members(service.text, 'LocKeys').get('hi')).toBe('{ name: string | number }');
  });

  it('declares the default namespace of strings in one namespace that is not `translation`, and of several none', () => {
    const one = typesDeclaration([{ path: 'en/common.json', text: '{"hi":"Hi"}' }], 'i18next', ABOUT);
    expect(one.defaultNS).toBe('common');
    expect(one.text).toContain('    strictInterpolationChecks: true;\n    defaultNS: "common";\n  }');
    expect(syntaxErrors(one.text)).toEqual([]);
    // Which of several is the app's default only its i18next.init says (types-file.ts prints what to declare).
    const several = typesDeclaration(
      [
        { path: 'en/common.json', text: '{"hi":"Hi"}' },
        { path: 'en/checkout.json', text: '{"pay":"Pay"}' },
      ],
      'i18next',
      ABOUT,
    );
    expect({ namespaces: several.namespaces, defaultNS: several.defaultNS }).toEqual({
      namespaces: ['checkout', 'common'],
      defaultNS: undefined,
    });
    expect(several.text).not.toContain('defaultNS');
    // The over-the-air client's file augments nothing.
    expect(typesDeclaration([{ path: 'en/common.json', text: '{"hi":"Hi"}' }], 'service', ABOUT).defaultNS).toBe(
      undefined,
    );
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
        if (i18next)
          // Every key of the file, as it is, in its namespace.
          expect([...nestedMembers(declaration, 'LocResources', ['translation']).keys()].sort()).toEqual(
            Object.keys(data)
              .filter((k) => typeof data[k] === 'string')
              .sort(),
          );
        else expect([...members(declaration, 'LocKeys').keys()]).toEqual(sourceKeys(files, syntax).map((k) => k.key));
        // Only the interfaces and the augmentation: nothing else was declared.
        const file = ts.createSourceFile('x.d.ts', declaration, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
        expect(file.statements.map((s) => ts.SyntaxKind[s.kind])).toEqual(
          i18next
            ? ['ImportDeclaration', 'InterfaceDeclaration', 'ModuleDeclaration']
            : ['InterfaceDeclaration', 'InterfaceDeclaration'],
        );
      }),
      { seed: 36, numRuns: 300 },
    );
  });
});
