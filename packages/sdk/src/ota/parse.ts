/**
 * A release bundle's files as strings by locale. JSON files (flat, or nested objects whose keys are joined
 * with `.`, as i18next and json.standard write them) are parsed; other formats are not (docs/ota.md):
 * the bundle of a web or React Native app is exported as JSON.
 */

/** Strings of one locale: key → text. */
export type Strings = Record<string, string>;

/** A locale as it appears in a path segment: `de`, `pt-BR`, `zh-Hant`, `zh_Hans_CN`. */
const LOCALE_SEGMENT = /^(?:values-|messages_)?([a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)(?:\.lproj)?$/;

/**
 * The locale of a bundle file, read from its path: the file's own name (`locales/de.json`) or the
 * nearest folder named like a locale (`de/common.json`, `Resources/de.lproj/…`). Undefined: none.
 *
 * @example localeOfPath('locales/pt-BR/checkout.json') // 'pt-BR'
 */
export function localeOfPath(path: string): string | undefined {
  const parts = path.split('/');
  parts[parts.length - 1] = parts[parts.length - 1]!.replace(/\.[^.]*$/, '');
  for (let i = parts.length - 1; i >= 0; i--) {
    const match = LOCALE_SEGMENT.exec(parts[i]!);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * Flattens a parsed JSON object into `strings`: nested keys joined with `.`; texts only (numbers and
 * booleans become text; null and arrays are left out). A key already set by an earlier file keeps its text.
 * One loop per object, no call per text: a 1 MiB bundle holds tens of thousands of them.
 */
export function flatten(value: unknown, prefix: string, strings: Strings): Strings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return strings;
  const object = value as Record<string, unknown>;
  // JSON.parse makes plain objects: for…in sees their own keys only.
  for (const key in object) {
    const inner = object[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'string') {
      // `strings` has no prototype: undefined means "not set yet".
      if (strings[path] === undefined) strings[path] = inner;
    } else if (typeof inner === 'number' || typeof inner === 'boolean') {
      if (strings[path] === undefined) strings[path] = String(inner);
    } else flatten(inner, path, strings);
  }
  return strings;
}

/** A bundle's JSON files by locale, in path order: parsed, and as JSON (what the client stores). */
export interface BundleFiles {
  /** Each locale's files, parsed. The client flattens a locale at its first read: an app shows one of several. */
  values: Record<string, unknown[]>;
  /**
   * `values` as JSON, made of the files' texts as they came: JSON.stringify of what they parsed to took
   * 3 ms of a 1 MiB apply (bench/ota-apply.mjs). Texts that JSON.parse took, in arrays, are valid JSON.
   */
  json: string;
}

/**
 * The JSON files of a bundle, decoded and parsed once, by locale. Throws an Error naming the file that is
 * not valid JSON, or when no file is named by a locale (a bundle the app could not use).
 */
export function readBundle(
  files: Map<string, Uint8Array>,
  localeOf: (path: string) => string | undefined = localeOfPath,
): BundleFiles {
  const decoder = new TextDecoder();
  // No prototype: a locale named __proto__ or constructor is a key like any other.
  const values: Record<string, unknown[]> = Object.create(null);
  const texts: Record<string, string[]> = Object.create(null);
  for (const [path, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!path.endsWith('.json')) continue;
    const locale = localeOf(path);
    if (!locale) continue;
    const text = decoder.decode(bytes);
    try {
      (values[locale] ??= []).push(JSON.parse(text));
    } catch (error) {
      throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    (texts[locale] ??= []).push(text);
  }
  // Concatenated: the engine keeps a rope of the texts and copies nothing until a store writes it (an array
  // of one text joins to that text, uncopied too).
  let json = '';
  for (const locale in texts) json += `${json && ','}${JSON.stringify(locale)}:[${texts[locale]}]`;
  if (!json) throw new Error('the bundle has no JSON file named by a locale');
  return { values, json: `{${json}}` };
}

/**
 * The strings of every locale of a bundle. Throws an Error naming the file that is not valid JSON, or
 * when no file is named by a locale (a bundle the app could not use).
 */
export function parseBundle(
  files: Map<string, Uint8Array>,
  localeOf: (path: string) => string | undefined = localeOfPath,
): Record<string, Strings> {
  const locales: Record<string, Strings> = Object.create(null);
  // The first file (by path) wins a key that two define. No prototype: `constructor` is a key like any other.
  for (const [locale, values] of Object.entries(readBundle(files, localeOf).values))
    locales[locale] = values.reduce<Strings>((strings, value) => flatten(value, '', strings), Object.create(null));
  return locales;
}
