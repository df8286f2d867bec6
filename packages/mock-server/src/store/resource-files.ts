// Which resource file of a project, in which locale, a name and a folder address: what an upload lands in
// and what a download serves. A file is addressed as the service lists it (real-service-notes.md,
// "Resources"): by its name, and its folder (`path`) where the name alone names several files; the locale
// from `iso2_slug`, else from the name and folder. A locale is spelt as the project's format names it
// (`values-pt-rBR`, `messages_pt_BR`, `pt-BR.lproj`) or as the service does (`pt-BR`).
import {
  exportFormatsFor,
  formatInfo,
  printable,
  relativePathProblem,
  segmentProblem,
  withFormatExtension,
} from '@loc/sdk/internal';
import { localeName, localeStyleFor, localizePath, parseLocale, sameLocale } from '@loc/sdk/locales';
import { localesOf } from './project-files';
import { StoreError } from './store-error';
import type { Project, ProjectFile } from './types';

/** What names a file in one locale: its name, its folder if given, its locale if given. */
export interface FileAddress {
  name: string;
  path?: string | undefined;
  locale?: string | undefined;
}

/** A file of the project in one locale, as an address found it. */
export interface FoundFile {
  file: ProjectFile;
  index: number;
  locale: string;
}

/**
 * The folder as the project's paths spell it: no leading `/` or `./`, no trailing `/`, no empty segment. Throws
 * StoreError ('invalid') for a folder that is not one inside the repository.
 */
export function normalFolder(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const segments = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  // The rule of any relative path a stranger names (@loc/sdk's base/relative-path.ts): what the service
  // stores is what exports, releases and downloads hand to every client's file system. One leading `/` names
  // the repository's root, as the service's own upload example sends it (`path=/config/locales`).
  const problem = relativePathProblem(path.replace(/^\//, ''), { empty: true });
  if (problem)
    throw new StoreError(
      'invalid',
      `The path ${JSON.stringify(printable(path))} ${problem}: name a folder inside the repository.`,
    );
  return segments.join('/');
}

/**
 * A file's name as an upload gives it: one segment of a path, as the rule of any relative path has it
 * (@loc/sdk's base/relative-path.ts), with no folder in it (the folder is the upload's `path`). Throws
 * StoreError ('invalid') naming what is wrong.
 */
export function checkFileName(name: string): string {
  const problem = name.includes('/') || name.includes('\\') ? 'names a folder' : segmentProblem(name)?.reason;
  if (problem)
    throw new StoreError(
      'invalid',
      `The file's name ${JSON.stringify(printable(name))} ${problem}: send the file under its own name (en.json), and its folder as path.`,
    );
  return name;
}

/**
 * The export format a file of this name is in: the project's own where its extension is the project's
 * (or one it does not know), else the first format of the project with that extension (`.stringsdict` in
 * an iOS project, `.xlf` in a web project).
 */
export function formatOfName(project: Project, name: string): string {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  const own = formatInfo(project.resourceType);
  if (!extension || !own || own.extension === extension) return project.resourceType;
  const formats = exportFormatsFor(project.resourceType);
  return (
    formats.find((f) => f.extension === extension)?.id ??
    formats.find((f) => (f as { otherExtensions?: readonly string[] }).otherExtensions?.includes(extension))?.id ??
    project.resourceType
  );
}

/** The spellings a locale takes in a file's path: the format's platform name, and the service's own. */
function spellings(project: Project, format: string): string[] {
  return [...new Set([format, project.resourceType, 'json.standard'])];
}

/**
 * The paths a file has in `locale`: its template with the locale filled in as the project's format, the
 * upload's format and the service name it, each with the template's extension and the upload format's.
 */
function pathsIn(project: Project, file: ProjectFile, locale: string, format: string): Set<string> {
  const paths = new Set<string>();
  for (const style of spellings(project, format)) {
    const path = localizePath(file.path, locale, { format: style, sourceLocale: project.sourceLocale });
    paths.add(path);
    paths.add(withFormatExtension(path, format));
  }
  return paths;
}

const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const dirname = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** The project's locale a code names (`pt_br` → `pt-BR`), or a 422 naming the project's locales. */
export function projectLocale(project: Project, code: string): string {
  const found = localesOf(project).find((l) => sameLocale(l, code));
  if (!found)
    throw new StoreError(
      'invalid',
      `Locale '${code}' is not a locale of project '${project.slug}'. Its locales are: ${localesOf(project).join(', ')}.`,
    );
  return found;
}

/**
 * The files of the project, each in each locale, that an address names: by the name alone, or by folder
 * and name; only in `locale` when it is given.
 */
function candidates(project: Project, address: FileAddress, format: string): FoundFile[] {
  const folder = normalFolder(address.path);
  const wanted = folder === undefined ? undefined : folder === '' ? address.name : `${folder}/${address.name}`;
  const locales = address.locale === undefined ? localesOf(project) : [projectLocale(project, address.locale)];
  const found: FoundFile[] = [];
  project.files.forEach((file, index) => {
    for (const locale of locales) {
      for (const path of pathsIn(project, file, locale, format)) {
        if (wanted === undefined ? basename(path) === address.name : path === wanted) {
          found.push({ file, index, locale });
          break;
        }
      }
    }
  });
  return found;
}

/**
 * The one file and locale an address names, or undefined when it names none. Throws 'conflict' (406) when
 * the name names two files and no folder tells them apart, or one file in several locales and neither a
 * folder nor `iso2_slug` says which.
 */
export function findResourceFile(project: Project, address: FileAddress, format: string): FoundFile | undefined {
  const found = candidates(project, address, format);
  if (found.length === 0) return undefined;
  const files = [...new Set(found.map((f) => f.file))];
  if (files.length > 1) {
    const paths = files.map((f) => f.path).join(', ');
    throw new StoreError(
      'conflict',
      `The name '${address.name}' names ${files.length} files of project '${project.slug}' (${paths}): give its folder as \`path\`.`,
    );
  }
  if (found.length > 1)
    throw new StoreError(
      'conflict',
      `'${address.name}' names ${found[0]!.file.path} in every locale: give its locale (\`iso2_slug\`) or its folder (\`path\`).`,
    );
  return found[0];
}

/** A locale's spelling as a part of a path: between the start, the end, `/`, `.`, `_` and `-`. */
function tokenAt(path: string, token: string): number {
  let at = -1;
  const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const match of path.matchAll(new RegExp(`(?<=^|[/._-])${escaped}(?=$|[/._-])`, 'g'))) at = match.index;
  return at;
}

/**
 * The template of a new file, made from the folder and name it was uploaded as, with its locale's spelling
 * (the last one in the path, nearest the name) as `%{locale}`: `config/locales/translations.en.json` →
 * `config/locales/translations.%{locale}.json`; Android's default `values/` → `values-%{locale}/`. The locale
 * is the one given, else the project's locale whose spelling is there; a 422 when none is.
 */
export function newFileTemplate(
  project: Project,
  address: FileAddress,
  format: string,
): { template: string; locale: string } {
  const folder = normalFolder(address.path) ?? '';
  const full = folder === '' ? address.name : `${folder}/${address.name}`;
  const locales = address.locale === undefined ? localesOf(project) : [projectLocale(project, address.locale)];
  let best: { at: number; length: number; locale: string; replacement: string } | undefined;
  for (const locale of locales) {
    if (!parseLocale(locale)) continue;
    const styles = [...new Set([localeStyleFor(format), 'bcp47' as const])];
    const names = styles.map((style) => localeName(locale, style));
    for (const name of new Set(names)) {
      const at = tokenAt(full, name);
      if (at > (best?.at ?? -1)) best = { at, length: name.length, locale, replacement: '%{locale}' };
    }
    // Android's source strings live in the default `values/`: its folder is `values-%{locale}`.
    if (localeStyleFor(format) === 'android' && locale === project.sourceLocale) {
      const at = [...full.matchAll(/(?<=^|\/)values(?=\/|$)/g)].at(-1)?.index ?? -1;
      if (at > (best?.at ?? -1)) best = { at, length: 'values'.length, locale, replacement: 'values-%{locale}' };
    }
  }
  if (!best)
    throw new StoreError(
      'invalid',
      address.locale === undefined
        ? `Cannot tell the locale of '${full}': name it in the file's name or folder (translations.en.json, en/app.json) or send iso2_slug.`
        : `'${full}' does not say where its locale goes: name the file or its folder by its locale (translations.${address.locale}.json, ${address.locale}/${address.name}).`,
    );
  const template = `${full.slice(0, best.at)}${best.replacement}${full.slice(best.at + best.length)}`;
  return { template, locale: best.locale };
}

/** The folder and name of a file in one locale, as the project's format spells it. */
export function addressOf(project: Project, file: ProjectFile, locale: string): { path: string; name: string } {
  const full = localizePath(file.path, locale, { format: project.resourceType, sourceLocale: project.sourceLocale });
  return { path: dirname(full), name: basename(full) };
}
