import type { ExportFormatId } from '@loc/sdk';
import { readAndroid } from './android-read';
import { readStrings, readStringsdict } from './ios-read';
import { readJson, readJsonI18next } from './json-read';
import { readPo } from './po-read';
import { readProperties } from './properties-read';
import type { Reader } from './reader-types';
import { readXliff } from './xliff-read';
import { readRailsYaml, readYaml } from './yaml-read';

export type { FileToRead, ReadEntry, ReadFile, Reader } from './reader-types';
export { FormatReadError } from '@loc/sdk/internal';

/**
 * One reader per export format id that loc-mock writes (index.ts's WRITERS): each the inverse of its
 * writer for what the writer writes, and a reader of the files the format's own tools write. What each
 * reads, and how plurals, lists, comments, placeholders and errors come out: docs/mock-server.md,
 * "Reading uploaded files".
 */
export const READERS: Record<ExportFormatId, Reader> = {
  'json.standard': readJson,
  'json.nested': readJson,
  'json.i18next': readJsonI18next,
  'yaml.standard': readYaml,
  'yaml.rails': readRailsYaml,
  properties: readProperties,
  'po.gettext': readPo,
  'xliff.standard': readXliff,
  'strings.ios': readStrings,
  'stringsdict.ios': readStringsdict,
  'xml.android.resources': readAndroid,
};

/**
 * The reader of a format, or undefined when loc-mock cannot read it.
 *
 * @example
 * readerFor('json.standard')!({ text: '{"a": "b"}', locale: 'de', sourceLocale: 'en', path: 'de.json' }).entries;
 * // [{ key: 'a', value: 'b', line: 1 }]
 */
export function readerFor(format: string): Reader | undefined {
  return Object.hasOwn(READERS, format) ? (READERS as Record<string, Reader>)[format] : undefined;
}
