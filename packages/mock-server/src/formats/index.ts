import type { ExportFormatId } from '@loc/sdk';
import { writeAndroid } from './android';
import { writeStrings, writeStringsdict } from './ios';
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
