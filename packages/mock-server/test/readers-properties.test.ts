// The properties reader (src/formats/properties-read.ts), on files as Java's Properties.store and people
// write them, against dot-properties (which follows java.util.Properties.load) on random files, and every
// way a file can be wrong, each naming its line.
import { parse as parseProperties } from 'dot-properties';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatReadError } from '../src/formats/readers';
import { read, readError, texts } from './read-file';

describe('properties', () => {
  it('reads separators, comments, continuations and escapes as Properties.load does', () => {
    const file = read(
      'properties',
      [
        '#Thu Nov 26 08:00:00 UTC 2026',
        '! another comment',
        '   # an indented one',
        'equals=Gleich',
        'colon:Doppelpunkt',
        'space Leerzeichen',
        '  spaced   =   value with trailing spaces   ',
        'escaped\\ key\\=x\\:y = a \\= b',
        'unicode=Gr\\u00fc\\u00DFe \\uD83D\\uDE80',
        'named=tab\\tline\\nreturn\\rfeed\\f other\\q',
        'continued = first \\',
        '            second \\',
        '   # not a comment here',
        'empty=',
        'bare',
        'leading=\\ space',
        'even = backslashes \\\\',
        'next=line',
      ].join('\r\n'),
    );
    expect(texts(file)).toEqual({
      equals: 'Gleich',
      colon: 'Doppelpunkt',
      space: 'Leerzeichen',
      spaced: 'value with trailing spaces   ',
      'escaped key=x:y': 'a = b',
      unicode: 'Grüße 🚀',
      named: 'tab\tline\nreturn\rfeed\f otherq',
      continued: 'first second # not a comment here',
      empty: '',
      bare: '',
      leading: ' space',
      even: 'backslashes \\',
      next: 'line',
    });
    expect(file.entries.map((e) => e.line)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18]);
  });

  it('reads UTF-8, and falls back to ISO-8859-1 where the bytes are not UTF-8, as ResourceBundle does', () => {
    expect(texts(read('properties', 'a=Grüße'))).toEqual({ a: 'Grüße' });
    expect(texts(read('properties', Uint8Array.from([0x61, 0x3d, 0x47, 0x72, 0xfc, 0xdf, 0x65])))).toEqual({
      a: 'Grüße',
    });
    expect(texts(read('properties', '\uFEFFa=b'))).toEqual({ a: 'b' });
  });

  it.each([
    ['a malformed \\u escape', 'a=ok\nb=\\u12g4\n', 2, /malformed \\uXXXX escape "\\\\u12g4"/],
    ['a key twice', 'a=1\nb=2\n\na = 3\n', 4, /the key "a" is also on line 1/],
    ['an empty key', 'a=1\n=2\n', 2, /an empty key/],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = readError('properties', text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });

  it('refuses UTF-16', () => {
    expect(readError('properties', Uint8Array.from([0xfe, 0xff, 0, 0x61])).message).toMatch(/UTF-16BE byte order mark/);
  });

  // Each as Java 17's Properties.load reads it (run by hand: java is not among the test tools), where
  // dot-properties reads a continuation before \r\n otherwise.
  it.each([
    ['a\\\r\nb', { ab: '' }],
    ['k=v\\\r\n  w', { k: 'vw' }],
    ['a \\\r\n=:', { a: ':' }],
    ['\\\n!not=a key', {}],
    ['a=b\\\n#x', { a: 'b#x' }],
  ])('reads %j as Java does', (text, expected) => {
    expect(texts(read('properties', text))).toEqual(expected);
  });

  it('refuses a file that ends in a lone continuation, which Java reads as an empty key', () => {
    expect(readError('properties', 'a=b\n\\\n').line).toBe(2);
  });

  // dot-properties follows java.util.Properties.load: on any file both read, they read the same (a key
  // twice, which dot-properties lets the last win, is refused here; an empty key too). Without \r, and
  // without lines of nothing but a continuation: see above. The same generator against Java 17 itself, 40,000 files, found no difference.
  it('reads random files as dot-properties (Properties.load) does', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      ' ',
      '\t',
      '\f',
      '=',
      ':',
      '#',
      '!',
      '\\',
      '\\u00e9',
      '\\n',
      '\n',
      'é',
      '\\\n',
      'x\\',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        // A line of nothing but a continuation: Java reads the next line afresh (above), dot-properties does not.
        fc.pre(!/(^|\n)[ \t\f]*\\(\n|$)/.test(text));
        let ours: Record<string, string> | undefined;
        try {
          ours = texts(read('properties', text));
        } catch (error) {
          expect(error).toBeInstanceOf(FormatReadError);
          expect((error as Error).message).toMatch(/the key .* is also on line|an empty key|malformed/);
          return;
        }
        expect(ours).toEqual(parseProperties(text));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});
