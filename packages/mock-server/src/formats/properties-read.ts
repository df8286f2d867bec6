import { FormatReadError, snippet } from '@loc/sdk/internal';
import { entryList } from './read-entries';
import { fileText } from './read-text';
import type { Reader } from './reader-types';

/**
 * `properties`: Java's format as `java.util.Properties.load` reads it. Natural lines end at `\n`, `\r\n`
 * or `\r`; a line that ends in an odd number of backslashes goes on in the next, whose leading blanks are
 * skipped; a line whose first non-blank character is `#` or `!` is a comment (never continued). The key
 * ends at the first unescaped `=`, `:` or blank; blanks, then one `=` or `:`, then blanks separate it from
 * the value. Escapes: `\t \n \r \f`, `\uXXXX` (exactly four hex digits: anything else is an error, as in
 * Java), and a backslash before any other character is that character. The file is read as UTF-8 when it
 * is valid UTF-8, else as ISO-8859-1, as `ResourceBundle` has read it since Java 9. Comments are not
 * read: the writer writes none for a key (its one line names the locale).
 */
export const readProperties: Reader = (file) => {
  const text = fileText(file, { format: 'A properties file', otherwise: 'ISO-8859-1' });
  const entries = entryList();
  let i = 0;
  let line = 1;
  const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\f';
  const atLineEnd = () => i >= text.length || text[i] === '\n' || text[i] === '\r';
  const nextLine = () => {
    if (text[i] === '\r' && text[i + 1] === '\n') i++;
    if (i < text.length) i++;
    line++;
  };

  while (i < text.length) {
    while (isBlank(text[i])) i++;
    if (atLineEnd()) {
      nextLine();
      continue;
    }
    if (text[i] === '\\' && (i + 1 >= text.length || text[i + 1] === '\n' || text[i + 1] === '\r')) {
      // A line of nothing but a continuation: Java reads the next line as a line of its own (a comment
      // too); at the end of the file, as a property with an empty key.
      const at = line;
      i++;
      nextLine();
      if (i >= text.length) entries.add({ key: '', value: '', line: at });
      continue;
    }
    if (text[i] === '#' || text[i] === '!') {
      while (!atLineEnd()) i++;
      nextLine();
      continue;
    }
    const keyLine = line;
    // Reads up to the end of the logical line or (for the key) a separator, decoding escapes.
    const part = (isKey: boolean): string => {
      let out = '';
      for (;;) {
        if (atLineEnd()) return out;
        const c = text[i]!;
        if (isKey && (c === '=' || c === ':' || isBlank(c))) return out;
        if (c !== '\\') {
          out += c;
          i++;
          continue;
        }
        i++;
        if (atLineEnd()) {
          // A backslash at the end of a line continues the logical line; at the end of the file it is dropped.
          if (i >= text.length) return out;
          nextLine();
          while (isBlank(text[i])) i++;
          continue;
        }
        const e = text[i]!;
        if (e === 'u') {
          const hex = text.slice(i + 1, i + 5);
          if (!/^[0-9a-fA-F]{4}$/.test(hex))
            throw new FormatReadError(
              `a malformed \\uXXXX escape ${snippet(`\\u${hex}`)}: write four hex digits`,
              line,
            );
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 5;
        } else {
          out += PROPERTY_ESCAPES[e] ?? e;
          i++;
        }
      }
    };
    // Blanks, and line continuations among them (Java joins the logical line before it splits it).
    const skipBlanks = () => {
      for (;;) {
        while (isBlank(text[i])) i++;
        if (text[i] !== '\\' || !(text[i + 1] === '\n' || text[i + 1] === '\r') || i + 1 >= text.length) return;
        i++;
        nextLine();
      }
    };
    const key = part(true);
    skipBlanks();
    if (text[i] === '=' || text[i] === ':') i++;
    skipBlanks();
    const value = part(false);
    entries.add({ key, value, line: keyLine });
    nextLine();
  }
  return { entries: entries.entries };
};

const PROPERTY_ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };
