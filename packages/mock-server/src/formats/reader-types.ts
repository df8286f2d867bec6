import type { SegmentStatus } from '@loc/sdk';

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
  /** The source text, where the file carries it beside the translation (PO's `msgid`, XLIFF's `<source>`). */
  source?: string;
  /**
   * How far the file says the text is along, where the format records it: XLIFF's `state` and `approved`,
   * PO's fuzzy flag (a fuzzy translation is a DRAFT). Absent where the format says nothing.
   */
  status?: SegmentStatus;
  /** The line (1-based) the key is on, for messages about it. */
  line?: number;
}

interface FileFacts {
  /** The locale the upload is for (`iso2_slug`, or the one its name gives). */
  locale: string;
  sourceLocale: string;
  /** The resource path it is uploaded as, for messages. */
  path: string;
}

/**
 * The file to read: its bytes as uploaded, which the reader decodes by its format's rules (UTF-16 with a
 * BOM for `.strings`, ISO-8859-1 for properties that are not UTF-8, the charset a PO header or an XML
 * declaration names; invalid UTF-8 refused), or its text when the caller holds text already (then no
 * encoding is checked).
 */
export type FileToRead = FileFacts & ({ bytes: Uint8Array; text?: undefined } | { text: string; bytes?: undefined });

export interface ReadFile {
  entries: ReadEntry[];
  /**
   * The locale the file names itself, as the file spells it, where the format records one (XLIFF's
   * `target-language`, PO's `Language`, the root key of Rails YAML).
   */
  locale?: string;
}

export type Reader = (file: FileToRead) => ReadFile;
