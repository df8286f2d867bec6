import type { ExportFormatId } from '@loc/sdk';
import { writeAndroid } from './android';
import { writeAndroidSdkBundle } from './android-sdk-bundle';
import { writeStrings, writeStringsdict } from './ios';
import { writeIosSdkStrings, writeIosSdkStringsdict } from './ios-sdk-bundle';
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
 * The writers of release bundles' files that no export format writes: the official mobile SDKs' shapes
 * (store/sdk-bundles.ts lays the bundles out). Their ids are no export format id (no `:` in those).
 */
export const BUNDLE_WRITERS = {
  'bundle:android-sdk': writeAndroidSdkBundle,
  'bundle:ios-strings': writeIosSdkStrings,
  'bundle:ios-stringsdict': writeIosSdkStringsdict,
} as const satisfies Record<string, Writer>;

/** A bundle writer's id. */
export type BundleFormat = keyof typeof BUNDLE_WRITERS;

/** The writer of an export format or of a bundle's file (see BUNDLE_WRITERS). */
export function fileWriterFor(format: string): Writer | undefined {
  return writerFor(format) ?? (BUNDLE_WRITERS as Record<string, Writer>)[format];
}
