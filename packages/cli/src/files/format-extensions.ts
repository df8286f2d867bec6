import { EXPORT_FORMATS, formatInfo, type FormatInfo } from '@loc/sdk';

/**
 * The extensions (without the dot) a file of format `id` may carry, from the SDK's one table of formats:
 * its own and its other ones. For an unknown or unnamed format (the project's own, not known before the
 * export is made), those of every format loc knows.
 *
 * @example
 * formatExtensions('yaml.rails'); // ['yml', 'yaml']
 */
export function formatExtensions(id: string | undefined): string[] {
  const known = id === undefined ? undefined : formatInfo(id);
  const formats: readonly FormatInfo[] = known ? [known] : EXPORT_FORMATS;
  return [...new Set(formats.flatMap((f) => [f.extension, ...(f.otherExtensions ?? [])]))];
}
