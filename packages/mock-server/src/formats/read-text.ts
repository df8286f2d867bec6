import { FormatReadError } from '@loc/sdk/internal';
import type { FileToRead } from './reader-types';

/**
 * The text of an uploaded file, decoded by its format's rules, and where each offset of it is (line and
 * column), for the readers' messages. A file whose bytes are not in an encoding its format allows is
 * refused naming the line of the first bad byte: a silent replacement character would be a string the
 * file never held.
 */

/** Byte order marks, UTF-32's before UTF-16's (`FF FE 00 00` starts both). */
const BOMS: [bytes: number[], encoding: string][] = [
  [[0x00, 0x00, 0xfe, 0xff], 'UTF-32BE'],
  [[0xff, 0xfe, 0x00, 0x00], 'UTF-32LE'],
  [[0xef, 0xbb, 0xbf], 'UTF-8'],
  [[0xfe, 0xff], 'UTF-16BE'],
  [[0xff, 0xfe], 'UTF-16LE'],
];

/** The byte order mark a file starts with, if any. */
function bomOf(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  for (const [mark, encoding] of BOMS)
    if (mark.every((b, i) => bytes[i] === b)) return { encoding, length: mark.length };
  return undefined;
}

export interface TextRules {
  /** The format's name, for messages: `JSON`, `a .strings file`. */
  format: string;
  /** Whether UTF-16 with a byte order mark is allowed (XML, YAML, `.strings`). */
  utf16?: boolean;
  /** How bytes that are not UTF-8 read instead of being refused: Java's ISO-8859-1. */
  otherwise?: 'ISO-8859-1';
  /**
   * The encoding the file declares in its own text (an XML declaration, a PO header), given the file
   * read as ISO-8859-1: undefined when it declares none, and UTF-8 is meant.
   */
  declared?: (latin1: string) => { encoding: string; line: number } | undefined;
}

/**
 * The file's text by the format's rules, without its byte order mark.
 *
 * @example
 * fileText({ bytes: new TextEncoder().encode('{}'), locale: 'de', sourceLocale: 'en', path: 'de.json' }, { format: 'JSON' }); // '{}'
 */
export function fileText(file: FileToRead, rules: TextRules): string {
  if (file.bytes === undefined) return file.text.startsWith('\uFEFF') ? file.text.slice(1) : file.text;
  const bytes = file.bytes;
  const bom = bomOf(bytes);
  if (bom && bom.encoding !== 'UTF-8') {
    if (!rules.utf16 || bom.encoding.startsWith('UTF-32'))
      throw new FormatReadError(
        `the file starts with a ${bom.encoding} byte order mark: ${rules.format} is read as UTF-8${rules.utf16 ? ' or UTF-16' : ''}; save it as UTF-8`,
        1,
      );
    return decodeStrict(bytes.subarray(bom.length), bom.encoding, rules.format);
  }
  const body = bom ? bytes.subarray(bom.length) : bytes;
  const declared = rules.declared?.(latin1(body));
  if (declared && !/^utf-?8$/i.test(declared.encoding)) {
    if (bom)
      throw new FormatReadError(
        `the file starts with a UTF-8 byte order mark but declares the encoding ${declared.encoding}`,
        declared.line,
      );
    return decodeStrict(body, declared.encoding, rules.format, declared.line);
  }
  const bad = firstInvalidUtf8(body);
  if (bad === -1) return new TextDecoder().decode(body);
  if (rules.otherwise === 'ISO-8859-1' && !bom) return latin1(body);
  const { line, column } = byteLine(body, bad);
  throw new FormatReadError(
    `the file is not UTF-8: the byte 0x${body[bad]!.toString(16).toUpperCase().padStart(2, '0')} at byte ${column} of the line begins no UTF-8 character; save the file as UTF-8`,
    line,
  );
}

/** Bytes as ISO-8859-1, each byte one character (WHATWG's `latin1` label is windows-1252, not this). */
function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Bytes in a named encoding, refused where they are not valid in it or Node does not know it. */
function decodeStrict(bytes: Uint8Array, encoding: string, format: string, line = 1): string {
  if (/^(iso-?8859-1|latin-?1|l1)$/i.test(encoding)) return latin1(bytes);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new FormatReadError(
      `the encoding ${JSON.stringify(encoding)} is not one ${format} can be read in here; save the file as UTF-8`,
      line,
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new FormatReadError(`the file is not valid ${encoding}; save it as UTF-8`, line);
  }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 character, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** The line (1-based) of a byte offset and the byte's place in its line (1-based). */
function byteLine(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/**
 * An XML file's text: UTF-8, UTF-16 with a byte order mark, or the encoding its declaration names
 * (parseXml reads its line ends as XML does).
 *
 * @example
 * xmlText({ text: '<a/>', locale: 'de', sourceLocale: 'en', path: 'a.xml' }, 'XLIFF'); // '<a/>'
 */
export function xmlText(file: FileToRead, format: string): string {
  return fileText(file, { format, utf16: true, declared: declaredEncoding });
}

function declaredEncoding(latin1: string): { encoding: string; line: number } | undefined {
  const match = /^<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][\w.-]*)["']/.exec(latin1);
  return match ? { encoding: match[1]!, line: 1 } : undefined;
}
