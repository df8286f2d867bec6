/**
 * What a reader makes of an uploaded resource file (`POST …/resources`): the inverse of a writer
 * (types.ts). Each export format that loc-mock writes has a reader (readers.ts), so that a file exported
 * and uploaded again gives the same strings back.
 */

/**
 * One string read from a file: its key as the store keeps it (a plural form as `<base>.<category>`, as
 * plural-keys.ts groups them; placeholders as the service's `{name}`), its text in the file's locale, and
 * the comment the format carries for it, if any.
 */
export interface ReadEntry {
  key: string;
  value: string;
  comment?: string;
}

export interface FileToRead {
  /** The file's text, decoded as UTF-8 (a format that declares another encoding says so in its reader). */
  text: string;
  /** The locale the upload is for (`iso2_slug`, or the one its name gives). */
  locale: string;
  sourceLocale: string;
  /** The resource path it is uploaded as, for messages. */
  path: string;
}

export interface ReadFile {
  entries: ReadEntry[];
  /** The locale the file names itself, where the format records one (XLIFF's target-language, PO's Language). */
  locale?: string;
}

export type Reader = (file: FileToRead) => ReadFile;

/**
 * A file that does not parse in its format: the message says what is wrong, `line` (1-based) where, when
 * the format has lines. The service answers it with 422 naming the line.
 */
export class FormatReadError extends Error {
  override name = 'FormatReadError';
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
  }
}
