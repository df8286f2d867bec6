/**
 * A release bundle's files as strings by locale. JSON files (flat, or nested objects whose keys are joined
 * with `.`, as i18next and json.standard write them) are parsed; other formats are not (docs/ota.md):
 * the bundle of a web or React Native app is exported as JSON.
 */
import { MAX_NESTING_DEPTH } from '../base/json-depth';
import { DEFAULT_ZIP_LIMITS } from './zip';

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

// How deep a bundle's JSON may nest is the one rule of every surface: a file 5,000 levels deep (a 183-byte
// ZIP) is refused at unpacking, and a stored release like it is ignored.
export { MAX_NESTING_DEPTH };

/**
 * Flattens a parsed JSON object into `strings`: nested keys joined with `.`; texts only (numbers and
 * booleans become text; null and arrays are left out). A key already set by an earlier file keeps its text.
 * A loop over a stack, not a call per level: recursion 5,000 levels deep throws RangeError, and though a
 * release is held to {@link MAX_NESTING_DEPTH} (and {@link flattenedSize}), the app's `fallback` is not.
 */
export function flatten(value: unknown, strings: Strings): Strings {
  // Each entry: a path (none for the file itself) and its value. An object's entries go on in reverse, so
  // that they come off in order, depth first: an earlier key (nested or not) keeps its text.
  const stack: [string | undefined, unknown][] = [[undefined, value]];
  while (stack.length) {
    const [path, inner] = stack.pop()!;
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      const keys = Object.keys(inner);
      for (let i = keys.length; i--; )
        stack.push([path ? `${path}.${keys[i]}` : keys[i], (inner as Record<string, unknown>)[keys[i]!]]);
    } else if (
      path !== undefined &&
      (typeof inner === 'string' || typeof inner === 'number' || typeof inner === 'boolean')
    )
      // `strings` has no prototype: undefined means "not set yet".
      strings[path] ??= String(inner);
  }
  return strings;
}

/**
 * The characters that `value`'s keys take once flattened (each key with its path), or Infinity when it
 * nests objects or arrays deeper than {@link MAX_NESTING_DEPTH}. Iterative, like flatten. The size is
 * what flattening would allocate: a 16 MiB key above a million short ones compresses to a few kilobytes
 * and would flatten to terabytes.
 */
export function flattenedSize(value: unknown): number {
  let size = 0;
  // Objects and arrays only, each with its depth and the length of its path.
  const stack: [object, number, number][] = [];
  const enter = (inner: unknown, depth: number, at: number) => {
    if (typeof inner === 'object' && inner !== null) stack.push([inner, depth, at]);
  };
  enter(value, 1, 0);
  while (stack.length) {
    const [object, depth, at] = stack.pop()!;
    if (depth > MAX_NESTING_DEPTH) return Infinity;
    // An array is left out of the strings, but nested all the same.
    if (Array.isArray(object)) for (const inner of object) enter(inner, depth + 1, 0);
    else
      for (const key in object) {
        const length = at ? at + 1 + key.length : key.length;
        size += length;
        enter((object as Record<string, unknown>)[key], depth + 1, length);
      }
  }
  return size;
}

/**
 * Whether a stored release's `files` (each locale's parsed files) may be served: the rules of unpacking
 * ({@link MAX_NESTING_DEPTH}, `maxKeyChars`) hold for what a store hands back too. A store can be damaged,
 * or written by an older client that had no such rules.
 */
export function storedFilesFit(files: unknown, maxKeyChars: number): boolean {
  if (typeof files !== 'object' || files === null) return false;
  let size = 0;
  for (const locale in files) {
    const values = (files as Record<string, unknown>)[locale];
    if (Array.isArray(values)) for (const value of values) size += flattenedSize(value);
  }
  return size <= maxKeyChars;
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
 * not valid JSON or nests deeper than {@link MAX_NESTING_DEPTH}, when the keys flattened would take more
 * than `maxKeyChars` characters, or when no file is named by a locale (a bundle the app could not use).
 */
export function readBundle(
  files: Map<string, Uint8Array>,
  localeOf: (path: string) => string | undefined = localeOfPath,
  // As many characters as the files may take bytes: what is too much for one is too much for the other.
  maxKeyChars: number = DEFAULT_ZIP_LIMITS.maxTotalBytes,
): BundleFiles {
  const decoder = new TextDecoder();
  // No prototype: a locale named __proto__ or constructor is a key like any other.
  const values: Record<string, unknown[]> = Object.create(null);
  const texts: Record<string, string[]> = Object.create(null);
  let keyChars = 0;
  for (const [path, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!path.endsWith('.json')) continue;
    const locale = localeOf(path);
    if (!locale) continue;
    const text = decoder.decode(bytes);
    let value: unknown;
    try {
      // JSON.parse itself is iterative (V8, JavaScriptCore, SpiderMonkey): any depth parses.
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    const size = flattenedSize(value);
    if (size === Infinity) throw new Error(`${path} nests deeper than ${MAX_NESTING_DEPTH} levels`);
    if ((keyChars += size) > maxKeyChars)
      throw new Error(`the bundle's keys, flattened, take more than ${maxKeyChars} characters`);
    (values[locale] ??= []).push(value);
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
    locales[locale] = values.reduce<Strings>((strings, value) => flatten(value, strings), Object.create(null));
  return locales;
}
