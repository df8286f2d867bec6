import type { ExportFormatId } from '@loc/sdk';
import { writeAndroid } from './android';
import { writeAndroidSdkBundle } from './android-sdk-bundle';
import { writeStrings, writeStringsdict } from './ios';
import { pluralKeysOf } from './plural-keys';
import { writeJsonI18next, writeJsonNested, writeJsonStandard } from './json';
import { writePo } from './po';
import { writeProperties } from './properties';
import type { Writer } from './types';
import { writeXliff } from './xliff';
import { writeRailsYaml, writeYaml } from './yaml';

export type { Entry, FileToWrite, Writer } from './types';

/** One writer per export format id of the SDK (its export-formats.ts). */
export const WRITERS: Record<ExportFormatId, Writer> = {
  'json.standard': writeJsonStandard,
  'json.nested': writeJsonNested,
  'json.i18next': writeJsonI18next,
  'yaml.standard': writeYaml,
  'yaml.rails': writeRailsYaml,
  properties: writeProperties,
  'po.gettext': writePo,
  'xliff.standard': writeXliff,
  'strings.ios': writeStrings,
  'stringsdict.ios': writeStringsdict,
  'xml.android.resources': writeAndroid,
};

export function writerFor(format: string): Writer | undefined {
  return (WRITERS as Record<string, Writer>)[format];
}

/**
 * The formats an export of `format` writes one resource file in, each at the file's path with that
 * format's extension: an Xcode project keeps a table's plurals in a `.stringsdict` beside its `.strings`,
 * so a `strings.ios` export writes a file that has plural groups (over all its keys: plural-keys.ts) as
 * both, and a `stringsdict.ios` export only that `.stringsdict` (a file without plurals has none). Every
 * other format writes the file once.
 *
 * @example
 * formatsOfFile('strings.ios', ['title', 'files.one', 'files.other']); // ['strings.ios', 'stringsdict.ios']
 * formatsOfFile('stringsdict.ios', ['title']); // []
 */
export function formatsOfFile(format: string, keys: readonly string[]): string[] {
  if (format !== 'strings.ios' && format !== 'stringsdict.ios') return [format];
  const plurals = pluralKeysOf({ keys, entries: [] }).size > 0;
  if (format === 'stringsdict.ios') return plurals ? [format] : [];
  return plurals ? [format, 'stringsdict.ios'] : [format];
}

/**
 * Which of a file's keys a file of `format` speaks for: a `.stringsdict` holds the file's plural forms,
 * its `.strings` the rest (formatsOfFile); a file of any other format, every key. An upload deactivates a
 * missing key (`deactivateMissing`) only where the uploaded file would hold it.
 *
 * @example
 * keysHeldBy('stringsdict.ios', ['title', 'files.one', 'files.other'])('title'); // false
 */
export function keysHeldBy(format: string, keys: readonly string[]): (key: string) => boolean {
  if (format !== 'strings.ios' && format !== 'stringsdict.ios') return () => true;
  const plurals = pluralKeysOf({ keys, entries: [] });
  return format === 'stringsdict.ios' ? (key) => plurals.has(key) : (key) => !plurals.has(key);
}

/**
 * The writers of release bundles' files that no export format writes: the official Android SDK's shape
 * (store/sdk-bundles.ts lays the bundles out; an iOS bundle's files are `strings.ios` and `stringsdict.ios`
 * as an export writes them). Their ids are no export format id (no `:` in those).
 */
export const BUNDLE_WRITERS = {
  'bundle:android-sdk': writeAndroidSdkBundle,
} as const satisfies Record<string, Writer>;

/** A bundle writer's id. */
export type BundleFormat = keyof typeof BUNDLE_WRITERS;

/** The writer of an export format or of a bundle's file (see BUNDLE_WRITERS). */
export function fileWriterFor(format: string): Writer | undefined {
  return writerFor(format) ?? (BUNDLE_WRITERS as Record<string, Writer>)[format];
}
