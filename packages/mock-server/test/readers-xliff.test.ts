// The XML reader under the XML formats (@loc/sdk's src/base/xml-read.ts) and the XLIFF reader (xliff-read.ts):
// XLIFF 1.2 and 2.0 as tools write them, hostile XML (entities, DTDs), and each error naming its line.
import { MAX_NESTING_DEPTH } from '@loc/sdk/internal';
import { describe, expect, it } from 'vitest';
import { innerXml, parseXml } from '@loc/sdk/internal';
import { read, readError, texts } from './read-file';

describe('the XML reader', () => {
  it('reads line ends and a byte order mark as XML does, whoever calls it (loc-mock and loc alike)', () => {
    const root = parseXml('\uFEFF<a>x\r\ny\rz</a>\r\n<!-- -->');
    expect(root.children).toEqual([{ kind: 'text', text: 'x\ny\nz', line: 1 }]);
    expect(() => parseXml('<a>\r\n\r\n&nbsp;</a>')).toThrow(/^line 3, column 1: /);
  });

  it('decodes XML’s entities and character references, keeps CDATA as text, resolves namespaces', () => {
    const root = parseXml(
      '<a xmlns:x="urn:x"><x:b c="&quot;1&#10;2\t3&amp;">&lt;&#x1F680;&#233;<![CDATA[<i>&amp;</i>]]></x:b></a>',
    );
    const b = root.children[0]!;
    expect(b.kind === 'element' && [b.local, b.uri, b.attrs.get('c')]).toEqual(['b', 'urn:x', '"1\n2 3&']);
    expect(innerXml(root)).toBe(
      '<x:b c="&quot;1\n2 3&amp;">&lt;🚀é<i>&amp;</i></x:b>'
        .replace('&lt;', '<')
        .replace('<i>&amp;</i>', '<i>&amp;</i>'),
    );
  });

  it.each([
    [
      'an entity of a DTD',
      '<?xml version="1.0"?>\n<!DOCTYPE x [\n<!ENTITY lol "lol">\n]>\n<x>&lol;</x>',
      2,
      /declares a DTD of its own/,
    ],
    [
      'an external entity',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      1,
      /declares a DTD of its own/,
    ],
    ['an entity XML does not know', '<x>\n&nbsp;</x>', 2, /the entity &nbsp; is not one of XML's own/],
    // A name an object has of its own is no entity either (it read as Object's constructor function).
    ['a name of an object as an entity', '<x>&constructor;</x>', 1, /the entity &constructor; is not one of XML's own/],
    ['a bare ampersand', '<x>a & b</x>', 1, /a bare "&"/],
    ['a control character', '<x>a\u0001b</x>', 1, /U\+0001 is not allowed in XML 1\.0/],
    [
      'a reference to a control character',
      '<x>&#0;</x>',
      1,
      /an invalid character reference|stands for a character XML 1\.0 does not allow/,
    ],
    ['a mismatched tag', '<x>\n  <y>\n</x>', 3, /<\/x> where <\/y> \(opened on line 2\) should close first/],
    ['an unclosed element', '<x>\n<y>', 2, /the file ends inside <y> \(opened on line 2\)/],
    ['two roots', '<x/>\n<y/>', 2, /a second root element/],
    ['text after the root', '<x/>\nz', 2, /text after the root element/],
    ['an undeclared prefix', '<x>\n<p:y/></x>', 2, /the prefix p: of <p:y> is not declared/],
    ['an attribute twice', '<x a="1" a="2"/>', 1, /the attribute a twice/],
    ['"--" in a comment', '<x><!-- a -- b --></x>', 1, /"--" inside a comment/],
    ['an unquoted attribute', '<x a=1/>', 1, /expected the value of a in quotes/],
    ['a declaration not at the start', ' <?xml version="1.0"?><x/>', 1, /not at the very start/],
    ['no root', '<!-- nothing -->', 1, /no root element/],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = readError('xliff.standard', text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });

  it(`takes elements ${MAX_NESTING_DEPTH} deep and refuses one more, however deep the file`, () => {
    const nested = (n: number) => `${'<a>'.repeat(n)}${'</a>'.repeat(n)}`;
    expect(() => parseXml(nested(MAX_NESTING_DEPTH))).not.toThrow();
    expect(() => parseXml(nested(MAX_NESTING_DEPTH + 1))).toThrow(/deeper than 32 levels/);
    expect(() => parseXml('<a>'.repeat(500_000))).toThrow(/line 1, column 97: the file nests deeper than 32 levels/);
  });

  it('reads the encoding the declaration names, and UTF-16 with a byte order mark', () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><xliff version="1.2"><file><body><trans-unit id="a"><source>x</source><target>Grüße</target></trans-unit></body></file></xliff>',
      'latin1',
    );
    expect(texts(read('xliff.standard', new Uint8Array(latin1)))).toEqual({ a: 'Grüße' });
    const utf16 = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from(
        '<xliff version="1.2"><file><body><trans-unit id="a"><source>x</source><target>ü</target></trans-unit></body></file></xliff>',
        'utf16le',
      ).swap16(),
    ]);
    expect(texts(read('xliff.standard', new Uint8Array(utf16)))).toEqual({ a: 'ü' });
  });
});

describe('xliff.standard', () => {
  it('reads XLIFF 1.2: groups, notes, states, inline markup, translate="no", and the source locale', () => {
    const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:sdl="urn:sdl">
  <file source-language="en" target-language="de" datatype="plaintext" original="Localizable.strings">
    <header><sdl:ref/></header>
    <body>
      <group id="g">
        <trans-unit id="approved" approved="yes"><source>OK</source><target state="translated">OK</target><note>A button.</note><note from="dev">Keep it short.</note></trans-unit>
        <trans-unit id="final"><source>Final</source><target state="final">Endgültig</target></trans-unit>
      </group>
      <trans-unit id="review"><source>Save</source><target state="needs-review-translation">Speichern</target></trans-unit>
      <trans-unit id="plain"><source>Plain</source><target>Schlicht</target></trans-unit>
      <trans-unit id="markup"><source>Hi <g id="1">you</g> <x id="2"/></source><target>Hallo <g id="1">du</g> <x id="2"/> &amp;</target></trans-unit>
      <trans-unit id="untranslated"><source>Nothing</source></trans-unit>
      <trans-unit id="locked" translate="no"><source>Brand</source><target>Brand</target></trans-unit>
    </body>
  </file>
</xliff>
`;
    const file = read('xliff.standard', xliff);
    expect(file.locale).toBe('de');
    expect(file.entries).toEqual([
      { key: 'approved', value: 'OK', source: 'OK', comment: 'A button.\nKeep it short.', status: 'APPROVED', line: 7 },
      { key: 'final', value: 'Endgültig', source: 'Final', status: 'APPROVED', line: 8 },
      { key: 'review', value: 'Speichern', source: 'Save', status: 'DRAFT', line: 10 },
      { key: 'plain', value: 'Schlicht', source: 'Plain', line: 11 },
      {
        key: 'markup',
        value: 'Hallo <g id="1">du</g> <x id="2"/> &',
        source: 'Hi <g id="1">you</g> <x id="2"/>',
        line: 12,
      },
    ]);
    expect(texts(read('xliff.standard', xliff, { locale: 'en', sourceLocale: 'en' })).untranslated).toBe('Nothing');
  });

  it('reads XLIFF 2.0: units of segments and ignorables, notes, the least advanced segment’s state', () => {
    const file = read(
      'xliff.standard',
      `<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="fr">
  <file id="f1">
    <unit id="greeting">
      <notes><note category="description">On the home page.</note></notes>
      <segment state="final"><source>Hello.</source><target>Bonjour.</target></segment>
      <ignorable><source> </source></ignorable>
      <segment state="translated"><source>Welcome!</source><target>Bienvenue !</target></segment>
    </unit>
    <group id="g"><unit id="reviewed"><segment state="reviewed"><source>A</source><target>B</target></segment></unit></group>
    <unit id="empty"><segment><source>Not yet</source></segment></unit>
  </file>
</xliff>`,
    );
    expect(file.locale).toBe('fr');
    expect(file.entries).toEqual([
      {
        key: 'greeting',
        value: 'Bonjour. Bienvenue !',
        source: 'Hello. Welcome!',
        comment: 'On the home page.',
        status: 'TRANSLATED',
        line: 3,
      },
      { key: 'reviewed', value: 'B', source: 'A', status: 'APPROVED', line: 9 },
    ]);
  });

  it.each([
    ['not XLIFF', '<resources/>', 1, /expected an XLIFF document/],
    ['an unknown version', '<xliff version="3.0"/>', 1, /XLIFF 1\.2 and 2\.0/],
    [
      'a unit without an id',
      '<xliff version="1.2"><file><body>\n<trans-unit><source>a</source></trans-unit></body></file></xliff>',
      2,
      /without an id/,
    ],
    [
      'two targets',
      '<xliff version="1.2"><file><body><trans-unit id="a"><source>a</source><target>b</target>\n<target>c</target></trans-unit></body></file></xliff>',
      2,
      /<target> twice/,
    ],
    [
      'an id twice across files',
      '<xliff version="1.2"><file><body><trans-unit id="a"><target>b</target></trans-unit></body></file>\n<file><body><trans-unit id="a"><target>c</target></trans-unit></body></file></xliff>',
      2,
      /the key "a" is also on line 1/,
    ],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = readError('xliff.standard', text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});
