// The Android resources reader (src/formats/android-read.ts): each text as aapt2 compiles it (the
// values here are what aapt2 2.19 gives; readers-oracles.test.ts runs aapt2 itself on them), plurals,
// arrays, comments, what is left out, and each error naming its line.
import { describe, expect, it } from 'vitest';
import { AAPT_CASES } from './android-cases';
import { read, readError, texts } from './read-file';

const resources = (body: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" xmlns:tools="http://schemas.android.com/tools">\n${body}\n</resources>\n`;

describe('xml.android.resources', () => {
  it.each(AAPT_CASES)('reads %s as aapt2 does', (_, xml, text) => {
    expect(texts(read('xml.android.resources', resources(`<string name="s">${xml}</string>`)))).toEqual({ s: text });
  });

  it('reads plurals as forms, string arrays as numbered keys, comments (of a resource, or of one item), and leaves out what is no text to translate', () => {
    const file = read(
      'xml.android.resources',
      resources(`    <!-- The app's name, &amp; more -->
    <string name="app_name">Acme</string>
    <string name="untranslatable" translatable="false">ACME</string>
    <string name="tablet" product="tablet">Tablet</string>
    <string name="tablet" product="default">Phone</string>
    <item type="string" name="item_string">An item</item>
    <color name="red">#f00</color>
    <integer name="max">3</integer>
    <eat-comment />
    <plurals name="files">
        <!-- one file -->
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
    <!-- the planets -->
    <string-array name="planets">
        <item>Mercury</item>
        <item>Venus</item>
    </string-array>
    <string name="empty"/>`),
    );
    expect(file.entries).toEqual([
      { key: 'app_name', value: 'Acme', comment: "The app's name, & more", line: 4 },
      { key: 'tablet', value: 'Phone', line: 7 },
      { key: 'item_string', value: 'An item', line: 8 },
      { key: 'files.one', value: '%d file', comment: 'one file', line: 14 },
      { key: 'files.other', value: '%d files', line: 15 },
      { key: 'planets.0', value: 'Mercury', comment: 'the planets', line: 19 },
      { key: 'planets.1', value: 'Venus', comment: 'the planets', line: 20 },
      { key: 'empty', value: '', line: 22 },
    ]);
  });

  it.each([
    ['an unescaped apostrophe', `<string name="a">it's</string>`, /unescaped apostrophe in "a": write \\'/],
    ['an apostrophe in CDATA', `<string name="a"><![CDATA[it's]]></string>`, /unescaped apostrophe/],
    ['an apostrophe as an entity', `<string name="a">it&apos;s</string>`, /unescaped apostrophe/],
    ['a bad \\u escape', `<string name="a">\\u00g1</string>`, /invalid \\u escape/],
    ['half a surrogate pair', `<string name="a">\\ud83d\\ude80</string>`, /half of a surrogate pair/],
    [
      'a reference',
      `<string name="a">@string/app_name</string>`,
      /"a" is the reference "@string\/app_name", not a text.*write \\@/,
    ],
    [
      'a reference to a framework string',
      `<string name="a">  @android:string/ok </string>`,
      /reference "@android:string\/ok"/,
    ],
    [
      'an attribute reference',
      `<string name="a">?attr/colorPrimary</string>`,
      /reference "\?attr\/colorPrimary".*write \\\?/,
    ],
    ['@null', `<string name="a">@null</string>`, /reference "@null"/],
    ['a reference whose name has a space', `<string name="a">@string/a b</string>`, /reference "@string\/a b"/],
    ['a question mark and a word', `<string name="a">? help</string>`, /reference "\? help"/],
    ['a new id', `<string name="a">@+id/x</string>`, /reference "@\+id\/x"/],
    [
      'a reference in an array',
      `<string-array name="a"><item>@string/x</item></string-array>`,
      /"a.0" is the reference/,
    ],
    [
      'nested xliff:g',
      `<string name="a"><xliff:g id="x"><xliff:g id="y">b</xliff:g></xliff:g></string>`,
      /nested <xliff:g>/,
    ],
    ['a resource without a name', `<string>x</string>`, /without a name/],
    ['a bad quantity', `<plurals name="p"><item quantity="six">x</item></plurals>`, /quantity="six"/],
    [
      'a quantity twice',
      `<plurals name="p"><item quantity="one">x</item><item quantity="one">y</item></plurals>`,
      /quantity="one" twice/,
    ],
    ['another element in plurals', `<plurals name="p"><string>x</string></plurals>`, /<string> in <plurals>/],
    ['a bad translatable', `<string name="a" translatable="no">x</string>`, /translatable="no"/],
    ['text between resources', `<string name="a">x</string> stray`, /text outside a resource/],
    ['a name twice', `<string name="a">x</string>\n<string name="a">y</string>`, /the key "a" is also on line 3/],
  ])('refuses %s, naming its line', (_, body, message) => {
    const error = readError('xml.android.resources', resources(body));
    expect(error.line).toBeGreaterThanOrEqual(3);
    expect(error.message).toMatch(message);
  });

  it('wants <resources> at the root', () => {
    expect(readError('xml.android.resources', '<manifest/>').message).toMatch(/must be <resources>/);
  });
});
