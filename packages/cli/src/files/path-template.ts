import { posix } from 'node:path';
import { UsageError } from '../run/errors';
import { androidQualifier, parseLocale } from '@loc/sdk/locales';
import { BASE, type LocalizedFile } from './locale-map';
import { foldPath, hasUnsafeCharacter, printable } from '@loc/sdk/internal';
import { writableRefusal } from './writable-path';

/**
 * Path templates: where each exported file lands below the output folder (docs/cli.md#path-templates).
 * A file is known by its path in the export (`Resources/de.lproj/Localizable.strings`) and its locale.
 */
export const DEFAULT_PATH_TEMPLATE = '{path}';

/** A file as the template sees it: its path in the export and its locale, the locale map applied. */
export type ExportedFile = Pick<LocalizedFile, 'path' | 'locale'> &
  Partial<Pick<LocalizedFile, 'serviceLocale' | 'base'>>;

type Resolver = (file: ExportedFile) => string | undefined;

/** What a placeholder tells files apart by: their locale, their name, both, or neither. */
type Distinguishes = 'locale' | 'file' | 'both' | 'none';

/** The locale as a language tag; undefined for `Base` (the platform's default folder has no locale code). */
const codeOf = (f: ExportedFile) =>
  f.locale === undefined || f.locale === BASE || !parseLocale(f.locale) ? undefined : f.locale;

/**
 * Every placeholder, with what it stands for (shown by `loc export --help` and in errors). `canBeEmpty`:
 * it gives '' for some files (`{region}` of `de`), so it is not the placeholder a template must hold.
 */
export const PLACEHOLDERS: Record<
  string,
  { example: string; resolve: Resolver; distinguishes: Distinguishes; canBeEmpty?: true }
> = {
  path: { example: 'Resources/de.lproj/Localizable.strings', resolve: (f) => f.path, distinguishes: 'both' },
  dir: {
    example: 'Resources/de.lproj',
    resolve: (f) => posix.dirname(f.path).replace(/^\.$/, ''),
    distinguishes: 'locale',
    canBeEmpty: true,
  },
  filename: { example: 'Localizable.strings', resolve: (f) => posix.basename(f.path), distinguishes: 'file' },
  basename: { example: 'Localizable', resolve: (f) => stripExtension(posix.basename(f.path)), distinguishes: 'file' },
  ext: { example: 'strings', resolve: (f) => posix.extname(f.path).slice(1), distinguishes: 'none', canBeEmpty: true },
  locale: { example: 'pt-BR', resolve: (f) => f.locale, distinguishes: 'locale' },
  service_locale: { example: 'pt-BR', resolve: (f) => f.serviceLocale ?? f.locale, distinguishes: 'locale' },
  locale_underscore: { example: 'pt_BR', resolve: (f) => f.locale?.replaceAll('-', '_'), distinguishes: 'locale' },
  language: {
    example: 'pt',
    resolve: (f) => mapDefined(codeOf(f), (l) => parseLocale(l)?.language),
    distinguishes: 'locale',
  },
  region: {
    example: 'BR',
    resolve: (f) => mapDefined(codeOf(f), (l) => parseLocale(l)?.region ?? ''),
    distinguishes: 'none',
    canBeEmpty: true,
  },
  android_locale: {
    example: 'pt-rBR',
    resolve: (f) => mapDefined(codeOf(f), androidQualifier),
    distinguishes: 'locale',
  },
  android_values: {
    example: 'values-pt-rBR',
    resolve: (f) => (f.base ? 'values' : mapDefined(codeOf(f), (l) => `values-${androidQualifier(l)}`)),
    distinguishes: 'locale',
  },
  lproj: {
    example: 'pt-BR.lproj',
    resolve: (f) => (f.base ? `${BASE}.lproj` : mapDefined(f.locale, (l) => `${l}.lproj`)),
    distinguishes: 'locale',
  },
};

function mapDefined<T>(value: string | undefined, fn: (value: string) => T | undefined): T | undefined {
  return value === undefined ? undefined : fn(value);
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

function stripExtension(name: string): string {
  const ext = posix.extname(name);
  return ext ? name.slice(0, -ext.length) : name;
}

/**
 * Refuses unknown placeholders, control characters, absolute templates, `..`, and a template without a
 * placeholder that is never empty, before anything is requested. `source` says where the template comes
 * from, for the message (`--path-template`, `targets[0].pathTemplate (target 'ios') in loc.config.json`).
 */
export function validateTemplate(template: string, source = 'The path template'): void {
  const named = `${source} '${printable(template)}'`;
  const used = [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  const unknown = used.filter((name) => !Object.hasOwn(PLACEHOLDERS, name));
  if (unknown.length) {
    throw new UsageError(
      `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `{${u}}`).join(', ')} in ${named}.`,
      `Known placeholders: ${Object.keys(PLACEHOLDERS)
        .map((p) => `{${p}}`)
        .join(' ')}.`,
    );
  }
  if (hasUnsafeCharacter(template)) {
    throw new UsageError(
      `${named} holds a control or bidirectional-override character.`,
      'File names must not hold them: they rewrite the terminal that lists the files, or read differently than they are.',
    );
  }
  if (template.startsWith('/') || /^[A-Za-z]:/.test(template) || template.split(/[\\/]/).includes('..')) {
    throw new UsageError(
      `${named} must stay inside the output folder (no leading /, no ..).`,
      'Choose the folder with --out, and the layout below it with --path-template.',
    );
  }
  // `index.lock{region}` is `index.lock` for `de`: a placeholder that can be empty names no file of its own.
  if (!used.some((name) => !PLACEHOLDERS[name]?.canBeEmpty)) {
    const empty = used.filter((name) => PLACEHOLDERS[name]?.canBeEmpty).map((name) => `{${name}}`);
    throw new UsageError(
      empty.length
        ? `${named} has no placeholder that is never empty (${empty.join(', ')} can be empty, as {region} is for de): files would land on one fixed path.`
        : `${named} has no placeholder: every file would land on the same path.`,
      'Use for example {locale}/{filename}.',
    );
  }
}

/**
 * Refuses (exit 2), before anything is requested, a template whose fixed parts already break the rule of
 * files/writable-path.ts: a folder such as `.github/` or `.git/`, a name such as `Jenkinsfile{region}`, or
 * an extension that is not one of `extensions` (the format's own, files/format-extensions.ts). Each file's
 * whole path is checked again where it is placed (files/deliver.ts).
 *
 * @example
 * checkTemplateWrites('loc-{locale}.yml', ['json'], 'targets[0].pathTemplate'); // throws: .yml is not .json
 */
export function checkTemplateWrites(template: string, extensions: readonly string[], source = '--path-template'): void {
  // Each placeholder as a name of its own, those that can be empty as nothing: what is left is fixed.
  const probe = template
    .replaceAll('\\', '/')
    .replace(PLACEHOLDER, (_, name: string) => (PLACEHOLDERS[name]?.canBeEmpty ? '' : 'x'))
    .replace(/^\/+/, '');
  const name = template.split(/[\\/]/).at(-1) ?? '';
  // The extension is the template's own only when the file name's end holds no placeholder (`{locale}.yml`).
  const fixedExtension = name.slice(name.lastIndexOf('}') + 1).includes('.');
  const refusal = writableRefusal(probe, fixedExtension ? { extensions } : {});
  if (refusal)
    throw new UsageError(
      `${source} '${printable(template)}' gives files that ${refusal.reason}; nothing was requested.`,
      refusal.hint,
    );
}

/** Where `file` lands: a relative path with `/` separators, empty segments collapsed. */
export function applyTemplate(template: string, file: ExportedFile): string {
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = PLACEHOLDERS[name]?.resolve(file);
    if (value === undefined) {
      if (file.locale === BASE || (file.base && file.locale === undefined)) {
        throw new UsageError(
          `The path template uses {${name}}, but '${file.path}' belongs in the platform's default folder, which has no locale code.`,
          'Use {android_values} (values/) or {lproj} (Base.lproj), or map the locale to a code with --locale-map.',
        );
      }
      throw new UsageError(
        `The path template uses {${name}}, but the locale of '${file.path}' is not known.`,
        'Use {path} or {dir}/{filename} for files without a locale.',
      );
    }
    return value;
  });
  // A locale or a file name of the export may hold what the template may not.
  if (hasUnsafeCharacter(filled)) {
    throw new UsageError(
      `The path template '${template}' gives '${printable(filled)}' for '${printable(file.path)}', which holds a control or bidirectional-override character.`,
      'Choose a --path-template that leaves that part out, or rename it in the project.',
    );
  }
  const normalized = posix.normalize(filled.replaceAll('\\', '/')).replace(/^(\.\/)+/, '');
  if (normalized === '.' || normalized === '' || normalized.endsWith('/')) {
    throw new UsageError(`The path template '${template}' gives no file name for '${file.path}'.`);
  }
  return normalized;
}

/**
 * Whether a template can tell files of different locales, and files of different names, apart. One that
 * cannot is fine only when the export holds one locale (or one file): `loc export` then checks the
 * project's files before it requests anything.
 */
export function templateSeparates(template: string): { locales: boolean; files: boolean } {
  const used = [...template.matchAll(PLACEHOLDER)].map((m) => PLACEHOLDERS[m[1] ?? '']?.distinguishes);
  return {
    locales: used.some((d) => d === 'locale' || d === 'both'),
    files: used.some((d) => d === 'file' || d === 'both'),
  };
}

/**
 * Every file's place under the template, refusing two files on one path (compared as a case-insensitive
 * file system would) with both named and the placeholder that would tell them apart.
 *
 * @example
 * placeAll('{locale}/{filename}', [{ path: 'de.lproj/A.strings', locale: 'de' }]) // ['de/A.strings']
 */
export function placeAll(template: string, files: readonly ExportedFile[]): string[] {
  const seen = new Map<string, ExportedFile>();
  return files.map((file) => {
    const to = applyTemplate(template, file);
    // Two paths a file system takes for one (case, Unicode forms, trailing dots: files/writable-path.ts) are one.
    const key = foldPath(to);
    const other = seen.get(key);
    if (other) {
      const sameLocale = other.locale === file.locale;
      throw new UsageError(
        `The path template '${template}' puts both '${other.path}'${other.locale ? ` (${other.locale})` : ''} and '${file.path}'${file.locale ? ` (${file.locale})` : ''} at '${to}'.`,
        sameLocale
          ? 'Add {filename} (or {path}) to the path template so each file gets a path of its own.'
          : 'Add {locale} (or {lproj}, {android_values}, {dir}) to the path template so each locale gets a path of its own, or export one locale with --locale.',
      );
    }
    seen.set(key, file);
    return to;
  });
}
