import type { ExportFormatId } from '@loc/sdk';
import { FormatReadError, type Reader } from './reader-types';

export type { FileToRead, ReadEntry, ReadFile, Reader } from './reader-types';
export { FormatReadError } from './reader-types';

/** `json.standard`: one flat object of strings (a stand-in until every format has its reader). */
const readJsonStandard: Reader = ({ text }) => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new FormatReadError(`not JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new FormatReadError('expected a JSON object of strings', 1);
  return {
    entries: Object.entries(data).map(([key, value]) => {
      if (typeof value !== 'string') throw new FormatReadError(`the value of ${JSON.stringify(key)} is not a string`);
      return { key, value };
    }),
  };
};

/** One reader per export format id that loc-mock writes (index.ts's WRITERS). */
export const READERS: Partial<Record<ExportFormatId, Reader>> = {
  'json.standard': readJsonStandard,
};

/** The reader of a format, or undefined when loc-mock cannot read it. */
export function readerFor(format: string): Reader | undefined {
  return (READERS as Record<string, Reader>)[format];
}
