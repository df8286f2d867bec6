// Reading a file in one format, as the upload endpoints do (src/formats/readers.ts), for the readers' tests.
import type { ExportFormatId } from '@loc/sdk';
import { expect } from 'vitest';
import { type FileToRead, FormatReadError, READERS, type ReadFile } from '../src/formats/readers';

/** The file read in `format`: given text is encoded as UTF-8 first, as an upload's bytes would be. */
export function read(
  format: ExportFormatId,
  content: string | Uint8Array,
  { locale = 'de', sourceLocale = 'en' }: { locale?: string; sourceLocale?: string } = {},
): ReadFile {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const file: FileToRead = { bytes, locale, sourceLocale, path: `file.${format}` };
  return READERS[format](file);
}

/** Key → text of what was read. */
export function texts(file: ReadFile): Record<string, string> {
  return Object.fromEntries(file.entries.map((e) => [e.key, e.value]));
}

/** The error reading the file must throw: a FormatReadError naming the line. */
export function readError(
  format: ExportFormatId,
  content: string | Uint8Array,
  options?: { locale?: string; sourceLocale?: string },
): FormatReadError {
  try {
    read(format, content, options);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatReadError);
    const e = error as FormatReadError;
    // A file may be one line of megabytes: a message quotes only a little of it.
    expect(e.message.length).toBeLessThan(400);
    return e;
  }
  throw new Error(`reading the file as ${format} did not fail`);
}
