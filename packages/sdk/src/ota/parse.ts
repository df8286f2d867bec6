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

/** Whether `value` is an object whose every value is a string. */
function isFlat(value: unknown): value is Strings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) if (typeof (value as Record<string, unknown>)[key] !== 'string') return false;
  return true;
}

/**
 * The strings of every locale of a bundle. Throws an Error naming the file that is not valid JSON, or
 * when no file gave strings (a bundle the app could not use).
 */
export function parseBundle(
  files: Map<string, Uint8Array>,
  localeOf: (path: string) => string | undefined = localeOfPath,
): Record<string, Strings> {
  const decoder = new TextDecoder();
  // No prototype: a key named __proto__ or constructor is a string like any other.
  const locales: Record<string, Strings> = Object.create(null);
  for (const [path, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!path.endsWith('.json')) continue;
    const locale = localeOf(path);
    if (!locale) continue;
    let json: unknown;
    try {
      json = JSON.parse(decoder.decode(bytes));
    } catch (error) {
      throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    if (!locales[locale] && isFlat(json)) {
      // A locale's first file, flat already (the common case): it is the strings, with no copy.
      locales[locale] = Object.setPrototypeOf(json, null) as Strings;
      continue;
    }
    locales[locale] ??= Object.create(null) as Strings;
    flatten(json, '', locales[locale]);
  }
  if (Object.keys(locales).length === 0) throw new Error('the bundle has no JSON file named by a locale');
  return locales;
}
