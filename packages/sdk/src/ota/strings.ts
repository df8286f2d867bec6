/**
 * The strings a client serves: the current release's over the app's `fallback`, by locale, flattened at
 * the locale's first read (an app shows one locale of the several a bundle holds), and `t()` over them.
 */
import { flatten, type Strings } from './parse';

/** What a client serves, and how it forgets what it flattened when another release becomes current. */
export interface ServedStrings {
  strings(locale?: string): Strings;
  t(key: string, locale?: string): string;
  /** Forgets every flattened locale: the current release changed. */
  clear(): void;
}

/**
 * The strings of the release that `files()` gives (each locale's parsed files), over `fallback`;
 * `defaultLocale` when a call names none.
 *
 * @example
 * const served = servedStrings(() => current?.files, { de: { hello: 'Hallo' } }, 'de');
 * served.t('hello'); // 'Hallo'
 */
export function servedStrings(
  files: () => Record<string, unknown[]> | undefined,
  fallback: Record<string, Record<string, unknown>> | undefined,
  defaultLocale: string | undefined,
): ServedStrings {
  const merged = new Map<string, Strings>();

  function strings(locale = defaultLocale ?? ''): Strings {
    let texts = merged.get(locale);
    if (!texts) {
      // Flattened at the locale's first read: the first file (by path) wins a key two files define, and the
      // fallback, flattened too, fills the keys the release lacks (a nested fallback does not shadow a
      // release's `a.b`). No prototype: `constructor` is a key like any other.
      texts = Object.create(null) as Strings;
      // A stored release's `files` has a prototype (and may be damaged): only an array is a locale's files.
      const values = files()?.[locale];
      if (Array.isArray(values)) for (const value of values) flatten(value, texts);
      merged.set(locale, flatten(fallback?.[locale], texts));
    }
    return texts;
  }

  return {
    strings,
    // No `this`: `const { t } = ota` works too.
    t(key, locale) {
      const text = strings(locale)[key];
      return typeof text === 'string' ? text : key;
    },
    clear: () => merged.clear(),
  };
}
