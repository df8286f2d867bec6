import { posix } from 'node:path';
import { UsageError } from '../errors';

/**
 * Path templates: where each exported file lands below the output folder (docs/cli.md#path-templates).
 * A file is known by its path in the export (`Resources/de.lproj/Localizable.strings`) and its locale.
 */
export const DEFAULT_PATH_TEMPLATE = '{path}';

export interface ExportedFile {
  /** Path inside the ZIP, with `/` separators. */
  path: string;
  /** Locale of the file (iso2 slug, for example `pt-BR` or `zh-Hant`), when known. */
  locale: string | undefined;
}

type Resolver = (file: ExportedFile) => string | undefined;

/** Every placeholder, with what it stands for (shown by `loc export --help` and in errors). */
export const PLACEHOLDERS: Record<string, { example: string; resolve: Resolver }> = {
  path: { example: 'Resources/de.lproj/Localizable.strings', resolve: (f) => f.path },
  dir: { example: 'Resources/de.lproj', resolve: (f) => posix.dirname(f.path).replace(/^\.$/, '') },
  filename: { example: 'Localizable.strings', resolve: (f) => posix.basename(f.path) },
  basename: { example: 'Localizable', resolve: (f) => stripExtension(posix.basename(f.path)) },
  ext: { example: 'strings', resolve: (f) => posix.extname(f.path).slice(1) },
  locale: { example: 'pt-BR', resolve: (f) => f.locale },
  locale_underscore: { example: 'pt_BR', resolve: (f) => f.locale?.replaceAll('-', '_') },
  language: { example: 'pt', resolve: (f) => f.locale && parseLocale(f.locale).language },
  region: { example: 'BR', resolve: (f) => f.locale && parseLocale(f.locale).region },
  android_locale: { example: 'pt-rBR', resolve: (f) => f.locale && androidLocale(f.locale) },
};

const PLACEHOLDER = /\{([a-z_]+)\}/g;

function stripExtension(name: string): string {
  const ext = posix.extname(name);
  return ext ? name.slice(0, -ext.length) : name;
}

/** `zh-Hant-TW` → language zh, script Hant, region TW. */
export function parseLocale(locale: string): { language: string; script: string; region: string } {
  const [language = '', ...rest] = locale.split(/[-_]/);
  const script = rest.find((p) => /^[A-Za-z]{4}$/.test(p)) ?? '';
  const region = rest.find((p) => /^([A-Za-z]{2}|\d{3})$/.test(p)) ?? '';
  return { language: language.toLowerCase(), script, region: region.toUpperCase() };
}

/** The qualifier of Android's `values-…` folders: `de`, `pt-rBR`, `b+zh+Hant` (BCP 47 form for scripts). */
export function androidLocale(locale: string): string {
  const { language, script, region } = parseLocale(locale);
  if (script) return ['b', language, script, region].filter(Boolean).join('+');
  return region ? `${language}-r${region}` : language;
}

/** Refuses unknown placeholders, absolute templates and `..`, before anything is requested. */
export function validateTemplate(template: string): void {
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !(name in PLACEHOLDERS));
  if (unknown.length) {
    throw new UsageError(
      `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `{${u}}`).join(', ')} in the path template '${template}'.`,
      `Known placeholders: ${Object.keys(PLACEHOLDERS).map((p) => `{${p}}`).join(' ')}.`,
    );
  }
  if (template.startsWith('/') || /^[A-Za-z]:/.test(template) || template.split(/[\\/]/).includes('..')) {
    throw new UsageError(
      `The path template '${template}' must stay inside the output folder (no leading /, no ..).`,
      'Choose the folder with --out, and the layout below it with --path-template.',
    );
  }
  if (!PLACEHOLDER.test(template)) {
    throw new UsageError(
      `The path template '${template}' has no placeholder: every file would land on the same path.`,
      'Use for example {locale}/{filename}.',
    );
  }
  PLACEHOLDER.lastIndex = 0;
}

/** Where `file` lands: a relative path with `/` separators, empty segments collapsed. */
export function applyTemplate(template: string, file: ExportedFile): string {
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = PLACEHOLDERS[name]?.resolve(file);
    if (value === undefined) {
      throw new UsageError(
        `The path template uses {${name}}, but the locale of '${file.path}' is not known.`,
        'Use {path} or {dir}/{filename} for files without a locale.',
      );
    }
    return value;
  });
  const normalized = posix.normalize(filled.replaceAll('\\', '/')).replace(/^(\.\/)+/, '');
  if (normalized === '.' || normalized === '' || normalized.endsWith('/')) {
    throw new UsageError(`The path template '${template}' gives no file name for '${file.path}'.`);
  }
  return normalized;
}
