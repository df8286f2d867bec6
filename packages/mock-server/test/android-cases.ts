// Android texts and what aapt2 compiles each to: the reader's unit test (readers-android.test.ts) holds
// the reader to them, and readers-oracles.test.ts holds them to aapt2 itself.

/** Texts, as aapt2 compiles them; the tags of spans kept as text. */
export const AAPT_CASES: [name: string, xml: string, text: string][] = [
  ['plain', 'Hello', 'Hello'],
  ['collapsed and trimmed', '  two   spaces\n\tand a tab  ', 'two spaces and a tab'],
  ['quoted', '"  keep   these  " and "don\'t"', "  keep   these   and don't"],
  ['escapes', 'a\\nb\\tc \\"q\\" \\\' \\\\ \\@ \\? \\# \\u0041\\u00e9 \\r \\z', 'a\nb\tc "q" \' \\ @ ? # Aé r z'],
  ['a trailing backslash', 'ends in \\', 'ends in '],
  ['an escaped leading at', '\\@home', '@home'],
  ['a bare at', '@home', '@home'],
  ['a question mark in text', 'What? Why?', 'What? Why?'],
  ['no reference: an unknown type', '@foo/bar', '@foo/bar'],
  ['no reference: no name', '@string/', '@string/'],
  ['no reference: a space after @', '@ string/x', '@ string/x'],
  ['no reference: no type', '@android:foo', '@android:foo'],
  ['no reference: two slashes', '?a/b/c', '?a/b/c'],
  ['entities', '&lt;b&gt; &amp; &#169;', '<b> & ©'],
  ['a quote as an entity', 'say &quot;hi  there&quot;', 'say hi  there'],
  ['CDATA', '<![CDATA[<b>bold</b> &amp;  "q"]]>', '<b>bold</b> &amp; q'],
  ['a span', '  x  <b>y</b>  z  ', ' x <b>y</b> z '],
  ['spans in spans', 'a <b>b <i>c</i> d</b> e', 'a <b>b <i>c</i> d</b> e'],
  ['spaces at a span', 'This <b> is </b> spaced', 'This <b> is </b> spaced'],
  ['a span with attributes', '<font color="#ff0000">red</font> <br/> x', '<font color="#ff0000">red</font> <br/> x'],
  [
    'an annotation',
    'Hello <annotation font="title">World</annotation>',
    'Hello <annotation font="title">World</annotation>',
  ],
  ['quoting ends at a span', '"x  <b>y</b>  z"', 'x  <b>y</b> z'],
  [
    'xliff:g',
    'Hello <xliff:g id="name" example="Bob">%1$s</xliff:g>, <xliff:g id="n">%2$d</xliff:g> new',
    'Hello %1$s, %2$d new',
  ],
  ['xliff:g at the edges', '  <xliff:g id="x">A</xliff:g>  B  ', 'A B'],
  ['another namespace', '<tools:x>kept</tools:x> text', 'kept text'],
  ['a comment inside', 'a<!-- no -->b', 'ab'],
  ['unicode spaces', 'a&#160;&#160;b\u2003\u2003c', 'a\u00a0\u00a0b\u2003\u2003c'],
  ['empty', '', ''],
];
