/**
 * `typedT(ota)`: the `t()` of every key with the values its text needs, typed by the client's keys
 * (./typed-keys.ts). A function of its own, so that an app that does not use it does not carry it.
 */
import type { OtaClient } from './client';
import type { Strings } from './parse';
import type { OtaValues, TypedT } from './typed-keys';

/** A category's form of a plural key, as i18next (`items_one`) and the service's JSON (`items.one`) name it. */
const FORM_SEPARATORS = ['_', '.'];

/**
 * The CLDR category of `count` in `locale`, cardinal (`one`, `few`, …) or ordinal (`one`, `two`, `few`,
 * `other` in English: 1st, 2nd, 3rd, 4th); `other` for a locale Intl does not know.
 */
function categoryOf(count: number, locale: string | undefined, ordinal: boolean): string {
  try {
    return new Intl.PluralRules(locale || undefined, { type: ordinal ? 'ordinal' : 'cardinal' }).select(count);
  } catch {
    return 'other';
  }
}

// `{{name}}` (also `{{- name}}` and `{{name, format}}`) and `{name}`: the placeholders the typed keys name.
const PLACEHOLDER = /\{\{-?\s*([\w.]+)\s*(?:,[^{}]*)?\}\}|\{(\w+)\}/g;

/** `text` with each placeholder that `values` names replaced; the others stay as written. */
function interpolate(text: string, values: OtaValues): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole, double: string | undefined, single: string | undefined) => {
    const value = values[(double ?? single)!];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/**
 * The text of `key` for `t(key, values?, locale?)`, as i18next finds it: in `values.context`'s key
 * (`friend_male`) when it has a text, else in `key`'s; a plural's form by `values.count` (its category's,
 * else `other`; with `values.ordinal`, an ordinal plural's: `place_ordinal_two`, else `place_ordinal_other`;
 * of the key `place_ordinal` itself too, the name `LocKeys` gives it);
 * its placeholders filled; the key itself when there is no text. Never throws: anything but a string is
 * no locale, anything but an object no values.
 */
function translate(
  strings: (locale?: string) => Readonly<Strings>,
  defaultLocale: string | undefined,
  key: string,
  first: unknown,
  second: unknown,
): string {
  const values = first && typeof first === 'object' ? (first as OtaValues) : undefined;
  const locale = typeof second === 'string' ? second : undefined;
  const texts = strings(locale);
  const { count, context, ordinal } = values ?? {};
  /** The text of `name`, or of the form `count` picks of it; undefined when it has none. */
  const textOf = (name: string): string | undefined => {
    if (typeof count === 'number') {
      // The key that `loc export --types` names an ordinal plural by (`place_ordinal`) is one too.
      const ordinalForms = name.endsWith('_ordinal');
      const forms =
        ordinal === true ? [`${name}_ordinal_`] : ordinalForms ? [`${name}_`] : FORM_SEPARATORS.map((s) => name + s);
      const category = categoryOf(count, locale ?? defaultLocale, ordinal === true || ordinalForms);
      for (const form of [category, 'other'])
        for (const prefix of forms) if (typeof texts[prefix + form] === 'string') return texts[prefix + form];
    }
    // A key without forms keeps its own text.
    return typeof texts[name] === 'string' ? texts[name] : undefined;
  };
  const text = (typeof context === 'string' && context ? textOf(`${key}_${context}`) : undefined) ?? textOf(key);
  if (text === undefined) return key;
  return values ? interpolate(text, values) : text;
}

/**
 * The `t()` of every key of the client's `LocKeys` (`createOtaClient<LocKeys>()`), with the values its text
 * needs: `{name}` and `{{name}}` filled, a plural's form picked by `count` in the locale's rules (the call's
 * `locale`, else `languageCode`), as i18next does `context` (`{ context: 'male' }`: `friend_male`) and
 * ordinals (`{ count: 2, ordinal: true }`: `place_ordinal_two`, "2nd place"). The keys come from the client,
 * or from the type argument; from a client without them, any key.
 *
 * @example
 * import type { LocKeys } from './loc-keys'; // loc export --types src/loc-keys.d.ts
 * const ota = createOtaClient<LocKeys>(options);
 * const t = typedT(ota, 'de');
 * t('cart.items', { count: 3 }); // '3 Artikel'
 * t('friend', { context: 'male' }); // friend_male's text
 * t('place', { count: 2, ordinal: true }); // place_ordinal_two's text, in English: '2nd place'
 */
export function typedT<Keys = never>(
  ota: OtaClient<Keys> | { strings(locale?: string): Readonly<Strings> },
  languageCode?: string,
): TypedT<Keys> {
  return ((key: string, values?: unknown, locale?: unknown) =>
    translate((l) => ota.strings(l), languageCode, key, values, locale)) as TypedT<Keys>;
}
