import type { SegmentStatus } from '@loc/sdk';

/** One string of a file to write: its key, the text for the file's locale, and the source text. */
export interface Entry {
  key: string;
  value: string;
  source: string;
  comment?: string;
  /** The segment's status in the file's locale (the source locale's are APPROVED; never NOT_TRANSLATED: those keys are left out). */
  status?: SegmentStatus;
}

export interface FileToWrite {
  locale: string;
  /**
   * The locale as the file's reader looks it up, where that is not the service's code: the `iso` of an
   * Android SDK bundle (store/sdk-bundles.ts). Absent: `locale`.
   */
  bundleLocale?: string;
  sourceLocale: string;
  /** The resource path (with the locale filled in), for formats that record it. */
  path: string;
  entries: Entry[];
  /**
   * Every key of the file, translated in this locale or not, in the file's order: formats that must
   * derive names from keys (Android resource names) derive the same ones in every locale.
   */
  keys?: readonly string[];
  /**
   * The source text of each of `keys` (the same order), translated in this locale or not: a PO plural
   * entry's `msgid` is its `one` form's source text even where the locale has no `one` (Japanese).
   */
  sources?: readonly string[];
  /** The project's title, for formats whose header names the package (PO's `Project-Id-Version`). */
  projectTitle?: string;
  /** When the strings last changed (ISO 8601), for formats that record it (PO's `PO-Revision-Date`). */
  revisedAt?: string;
}

export type Writer = (file: FileToWrite) => string;
