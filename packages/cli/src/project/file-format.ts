import { formatInfo, type ResourceStatus } from '@loc/sdk';
import { UsageError } from '../run/errors';

/**
 * In which format the service takes and gives one file of a project (an upload, a per-file download): the
 * format its name's extension names — the project's own where the extension is its own, else the first
 * format the project exports to with that extension (docs/decisions.md, "Resources"). A file in another
 * format of the same extension (`json.i18next` in a `json.standard` project, `yaml.rails` beside
 * `yaml.standard`) would be read, or given, as that one: its placeholders, plurals or locale key taken
 * for text.
 */

/**
 * The format the service reads a file of `format`'s extension in, for this project; undefined when the
 * project's answer does not say (no `projectType`).
 *
 * @example formatOfName('json.i18next', status) // 'json.standard' in a json.standard project
 */
function formatOfName(format: string, status: Pick<ResourceStatus, 'projectType' | 'supportedExportFormats'>) {
  const own = status.projectType?.id;
  const extension = formatInfo(format)?.extension;
  if (!own || !extension) return undefined;
  if (formatInfo(own)?.extension === extension) return own;
  return status.supportedExportFormats.find((f) => formatInfo(f.id)?.extension === extension)?.id ?? format;
}

/**
 * Refuses (exit 2), before anything is sent or written, files in `format` that the service would take
 * for another format of the same extension (see above). `what` says which command: `loc push sends`,
 * `loc export --status fetches`.
 */
export function checkFileFormat(
  format: string | undefined,
  status: Pick<ResourceStatus, 'projectType' | 'supportedExportFormats'>,
  what: { command: string; flag: string },
): void {
  if (format === undefined) return;
  const read = formatOfName(format, status);
  if (read === undefined || read === format) return;
  const extension = formatInfo(format)?.extension;
  throw new UsageError(
    `${what.command} each file by its own name, and the service takes a .${extension} file of this project as ${read}, not ${format} (${what.flag}): what the two write differently (nesting, placeholders, plurals, a locale key) would be read wrongly.`,
    `Use the project's own format (${status.projectType?.id}) or one whose extension no other format of the project has; nothing was sent.`,
  );
}
