/** One string of a file to write: its key, the text for the file's locale, and the source text. */
export interface Entry {
  key: string;
  value: string;
  source: string;
  comment?: string;
}

export interface FileToWrite {
  locale: string;
  sourceLocale: string;
  /** The resource path (with the locale filled in), for formats that record it. */
  path: string;
  entries: Entry[];
}

export type Writer = (file: FileToWrite) => string;
