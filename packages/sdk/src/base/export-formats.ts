/**
 * The vocabulary of file formats: export format ids (the service's own examples plus the ones users
 * commonly need) and the resource types a project can have. The service defines the full list; these are the
 * ones this SDK, the CLI and the mock server know. Unknown ids are still passed through to the service.
 */

export interface FormatInfo {
  /** The id the API takes as `exportFormat` (and as a project's `resourceType`). */
  id: string;
  name: string;
  /** File extension of one exported file, without the dot. */
  extension: string;
  /**
   * Other extensions a file of the format carries in apps (`.yaml` for YAML, `.pot` for a gettext
   * template), without the dot. `loc export` writes a file only with `extension` or one of these.
   */
  otherExtensions?: readonly string[];
  /** Whether the format is for one platform's apps (iOS, Android) rather than a generic one. */
  platform?: 'ios' | 'android';
  /** The media type a file of the format is served as (without its `charset=utf-8`). */
  mediaType: string;
}

/**
 * The export formats (`exportFormat` of an export) this SDK knows, with their file extension.
 *
 * @example
 * EXPORT_FORMATS.map((f) => f.id); // ['json.standard', 'json.nested', …, 'xml.android.resources']
 */
export const EXPORT_FORMATS = [
  { id: 'json.standard', name: 'Standard JSON (flat keys)', extension: 'json', mediaType: 'application/json' },
  { id: 'json.nested', name: 'Nested JSON', extension: 'json', mediaType: 'application/json' },
  { id: 'json.i18next', name: 'i18next JSON (v4)', extension: 'json', mediaType: 'application/json' },
  {
    id: 'yaml.standard',
    name: 'YAML (nested keys)',
    extension: 'yml',
    otherExtensions: ['yaml'],
    mediaType: 'application/yaml',
  },
  {
    id: 'yaml.rails',
    name: 'Rails YAML (locale root key)',
    extension: 'yml',
    otherExtensions: ['yaml'],
    mediaType: 'application/yaml',
  },
  { id: 'properties', name: 'Java properties', extension: 'properties', mediaType: 'text/plain' },
  {
    id: 'po.gettext',
    name: 'gettext PO',
    extension: 'po',
    otherExtensions: ['pot'],
    mediaType: 'text/x-gettext-translation',
  },
  {
    id: 'xliff.standard',
    name: 'XLIFF 1.2',
    extension: 'xlf',
    otherExtensions: ['xliff'],
    mediaType: 'application/xliff+xml',
  },
  // An iOS project keeps its plurals in a .stringsdict beside each .strings.
  {
    id: 'strings.ios',
    name: 'iOS strings',
    extension: 'strings',
    platform: 'ios',
    otherExtensions: ['stringsdict'],
    mediaType: 'text/plain',
  },
  {
    id: 'stringsdict.ios',
    name: 'iOS stringsdict',
    extension: 'stringsdict',
    platform: 'ios',
    mediaType: 'application/x-plist',
  },
  {
    id: 'xml.android.resources',
    name: 'Android XML resources',
    extension: 'xml',
    platform: 'android',
    mediaType: 'application/xml',
  },
] as const satisfies readonly FormatInfo[];

/** The id of one of {@link EXPORT_FORMATS}, such as `strings.ios` or `xml.android.resources`. */
export type ExportFormatId = (typeof EXPORT_FORMATS)[number]['id'];

/** A project's resource type is the format its source files are in; stringsdict only holds plurals. */
export type ResourceTypeId = Exclude<ExportFormatId, 'stringsdict.ios'>;
/** The resource types a project can be created with (`resourceType`): every export format but `stringsdict.ios`. */
export const RESOURCE_TYPES = /* @__PURE__ */ EXPORT_FORMATS.filter(
  (f): f is Extract<(typeof EXPORT_FORMATS)[number], { id: ResourceTypeId }> => f.id !== 'stringsdict.ios',
);

/**
 * The media types files of the known formats are served as (a download of one resource file), and
 * `text/plain` for a format this SDK does not know.
 */
export function resourceMediaTypes(): string[] {
  return [...new Set([...EXPORT_FORMATS.map((f) => f.mediaType), 'text/plain'])];
}

/**
 * What an export format id looks like: dotted words (`json.standard`, `xml.android.resources`,
 * `properties`, `json.flat-v2`). The service's full list is not published and differs by project (its
 * status's `supportedExportFormats`), so an id is judged by its form here and by that list, not by
 * {@link EXPORT_FORMATS}. Internal: the CLI checks `--format` and loc.config.json with it.
 *
 * @example EXPORT_FORMAT_ID_PATTERN.test('json.flat-v2') // true
 */
export const EXPORT_FORMAT_ID_PATTERN = /^[A-Za-z0-9][\w-]*(?:\.[A-Za-z0-9][\w-]*)*$/;

/** The format with this id, if known. */
export function formatInfo(id: string): FormatInfo | undefined {
  return EXPORT_FORMATS.find((f) => f.id === id);
}

/**
 * The name a file gets in an export to `format`: the format's extension in place of the file's own
 * (`strings.yaml` exported as `json.nested` is `strings.json`), as the service names it; the path as it is
 * for a format this SDK does not know. Internal: loc-mock names its exports' files with it, and `loc`
 * predicts them with it.
 *
 * @example withFormatExtension('locales/{locale}/app.yaml', 'json.nested') // 'locales/{locale}/app.json'
 */
export function withFormatExtension(path: string, format: string): string {
  const extension = formatInfo(format)?.extension;
  return extension ? `${path.replace(/\.[^./]+$/, '')}.${extension}` : path;
}

/**
 * Formats a project of `resourceType` can be exported to: every generic format, plus its own
 * platform's formats. An iOS project cannot be exported as Android XML, nor the other way round; a
 * generic (web) project exports to no platform format.
 */
export function exportFormatsFor(resourceType: string): (typeof EXPORT_FORMATS)[number][] {
  const own = formatInfo(resourceType);
  if (!own) return [];
  return EXPORT_FORMATS.filter(
    (f) => !('platform' in f) || (own.platform !== undefined && f.platform === own.platform),
  );
}
