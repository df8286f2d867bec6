import { resolve } from 'node:path';
import type { ExportRequest, ResourceExportFile, ResourceStatus } from '@loc/sdk';
import { withFormatExtension } from '@loc/sdk/internal';
import { localizePath } from '@loc/sdk/locales';
import { UsageError } from '../run/errors';
import { localeMatches } from '../project/locale-match';
import { localize, type LocaleMap, type LocalizedFile } from './locale-map';
import { applyTemplate, placeAll, templateSeparates } from './path-template';
import { displayPath } from './place';
import { checkPlacedFile, type WritableScope } from './writable-path';

/**
 * Where one delivery puts its files: the output folder, the path template and the locale map, checked
 * together before any request, then applied to each file of the export.
 */
export interface Layout {
  outDir: string;
  template: string;
  localeMap: LocaleMap;
  /** Where files may go (files/writable-path.ts): the repository, and the format's extensions. */
  writable: WritableScope;
  /** The keys or flags that set the folder and the template, for messages: `--out`, `targets[0].out …`. */
  sources?: { out: string; template: string };
}

/** A file of the service placed by the layout: the locale map applied, then the template. */
export interface PlacedFile extends LocalizedFile {
  /** Relative to the output folder, `/` separators. */
  to: string;
}

/**
 * Where a file of the service lands.
 *
 * @example
 * place({ outDir: 'res', template: '{path}', localeMap: { 'pt-BR': 'pt' } }, 'values-pt-rBR/strings.xml', 'pt-BR').to
 * // 'values-pt/strings.xml'
 */
export function place(layout: Layout, path: string, serviceLocale: string | undefined): PlacedFile {
  const file = localize(path, serviceLocale, layout.localeMap);
  return { ...file, to: applyTemplate(layout.template, file) };
}

/** Whether the layout needs to know the export's files before it can tell two of them apart. */
export function needsFileList(layout: Layout, request: ExportRequest): boolean {
  const { locales, files } = templateSeparates(layout.template);
  const oneLocale = request.iso2Slugs?.length === 1;
  const oneFile = request.filePaths?.length === 1;
  return (!locales && !oneLocale) || (!files && !oneFile);
}

/**
 * The files an export of `request` will hold, as far as the project's resource status tells: each file
 * the filters keep, in each locale it has, at the path the service gives it. Used to check a layout
 * before the export is requested; the export's own list is checked again before downloading.
 */
export function expectedFiles(status: ResourceStatus, request: ExportRequest): { path: string; locale: string }[] {
  const format = request.exportFormat ?? status.projectType?.id ?? '';
  // A file exported in another format than the project's carries that format's extension (as the service,
  // and loc-mock, name it): the layout is checked on the names the export will have.
  const { exportFormat } = request;
  const named = (path: string) => (exportFormat ? withFormatExtension(path, exportFormat) : path);
  return status.resourceFiles
    .filter(
      (container) => !request.filePaths?.length || request.filePaths.includes(container.filePathWithLocalePlaceholder),
    )
    .flatMap((container) =>
      container.files
        .map((file) => file.languageCode)
        .filter(
          (locale) => !request.iso2Slugs?.length || request.iso2Slugs.some((wanted) => localeMatches(wanted, locale)),
        )
        .map((locale) => ({
          path: named(localizePath(container.filePathWithLocalePlaceholder, locale, { format })),
          locale,
        })),
    );
}

/**
 * Refuses a layout that would put two of `files` on one path, naming both, or one of them where no export
 * writes (files/writable-path.ts: `.git/`, `.github/`, a `package.json`, another format's extension), naming
 * the file, the rule and the settings that put it there (exit 2). Nothing is written and, before an export,
 * nothing requested.
 */
export function checkPlacement(layout: Layout, files: readonly { path: string; locale: string | undefined }[]): void {
  const placed = placeAll(
    layout.template,
    files.map((f) => localize(f.path, f.locale, layout.localeMap)),
  );
  for (const [index, to] of placed.entries()) {
    const refusal = checkPlacedFile(layout.writable, layout.outDir, to);
    if (!refusal) continue;
    const file = files[index]!;
    throw new UsageError(
      `'${file.path}'${file.locale ? ` (${file.locale})` : ''} of the project would be written to ${displayPath(resolve(layout.outDir, ...to.split('/')))}, which ${refusal.reason}: ${settingsOf(layout)}. Nothing was written.`,
      refusal.hint,
    );
  }
}

/** The settings that put files where they go, for messages: "export.out in loc.config.json is ios, …". */
export function settingsOf(layout: Layout): string {
  const { out, template } = layout.sources ?? { out: 'the output folder', template: 'the path template' };
  return `${out} is ${displayPath(layout.outDir) || '.'}, ${template} is '${layout.template}'`;
}

/** `--file` and `--locale` of `loc export download`: the files of a finished export they select. */
export interface Selection {
  files?: readonly string[] | undefined;
  locales?: readonly string[] | undefined;
}

/**
 * The files of an export a selection keeps. `--file` takes the service's placeholder form
 * (`values-%{locale}/strings.xml`, which also matches the source's `values/strings.xml`) or a path as the
 * export lists it; `--locale` follows the rule of `loc status` and `loc export` (`pt` names pt-BR).
 *
 * @example
 * select(job.resourceExports, { files: ['res/values-%{locale}/strings.xml'], locales: ['de'] })
 */
export function select(listed: readonly ResourceExportFile[], selection: Selection): ResourceExportFile[] {
  const patterns = selection.files?.map(filePattern);
  const chosen = listed.filter(
    (file) =>
      (!patterns?.length || patterns.some((p) => p.test(file.filePath))) &&
      (!selection.locales?.length ||
        (file.iso2Slug ? selection.locales.some((l) => localeMatches(l, file.iso2Slug!)) : false)),
  );
  if (chosen.length === 0) {
    const asked = [
      ...(selection.files ?? []).map((f) => `--file ${f}`),
      ...(selection.locales ?? []).map((l) => `--locale ${l}`),
    ].join(' ');
    const has = listed.slice(0, 6).map((f) => `${f.filePath}${f.iso2Slug ? ` (${f.iso2Slug})` : ''}`);
    throw new UsageError(
      `The export has no file matching ${asked}.`,
      has.length ? `It has ${has.join(', ')}${listed.length > has.length ? ', …' : ''}.` : 'It lists no files.',
    );
  }
  return chosen;
}

/**
 * A placeholder path as a pattern: `%{locale}` stands for any name, and may be missing with its `-`/`_`.
 *
 * @example filePattern('res/values-%{locale}/strings.xml').test('res/values/strings.xml') // true
 */
export function filePattern(path: string): RegExp {
  const parts = path.split('%{locale}').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  let source = parts[0] ?? '';
  for (const part of parts.slice(1)) {
    const separator = /[-_]$/.exec(source)?.[0];
    source = separator ? `${source.slice(0, -1)}(?:${separator}[^/]+)?${part}` : `${source}[^/]+${part}`;
  }
  return new RegExp(`^${source}$`);
}
