/**
 * Typed keys (docs/ota.md#typed-keys), from the `LocKeys` that `loc export --types` generates from the
 * project's source strings: `createOtaClient<LocKeys>()` types `ota.t(key, locale?)` (a key that does not
 * exist, or one whose text needs values, fails to compile), and `typedT<LocKeys>(ota)` is the `t()` of every
 * key with the values it needs (a plural's `count`). Without a type argument `ota.t()` takes any key, as it
 * always did. typedT is a function of its own so that an app that does not use it does not carry it.
 */
import type { Strings } from './parse';

/** A placeholder's value: a text, or a number shown as `String(n)`. */
export type OtaValue = string | number;

/** The values of one call: placeholder name → value (`count` picks a plural's form). */
export type OtaValues = Readonly<Record<string, OtaValue>>;

/** The keys of `Keys` whose text needs no value. */
type PlainKeys<Keys> = {
  // biome-ignore lint/complexity/noBannedTypes: `{}` is what a key without placeholders takes.
  [Key in keyof Keys & string]: {} extends Keys[Key] ? Key : never;
}[keyof Keys & string];

/** `ota.t()`: any key without typed keys; with them, the keys whose text needs no value. */
export type OtaT<Keys> = [Keys] extends [never]
  ? (key: string, locale?: string) => string
  : (key: PlainKeys<Keys>, locale?: string) => string;

/** The arguments after the key: values are required when the key's text has placeholders (or is a plural). */
type ArgsOf<Values> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` is what a key without placeholders takes.
  {} extends Values ? [values?: Values, locale?: string] : [values: Values, locale?: string];

/** The `t()` of {@link typedT}: `Keys` maps each key to the values its text needs. */
export type TypedT<Keys> = <Key extends keyof Keys & string>(key: Key, ...args: ArgsOf<Keys[Key]>) => string;

/** A category's form of a plural key, as i18next (`items_one`) and the service's JSON (`items.one`) name it. */
const FORM_SEPARATORS = ['_', '.'];

/** The CLDR category of `count` in `locale` (`other` for a locale Intl does not know). */
function categoryOf(count: number, locale: string | undefined): string {
  try {
    return new Intl.PluralRules(locale || undefined).select(count);
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
 * The text of `key` for `t(key, values?, locale?)`: a plural's form by `values.count` (its category's,
 * else `other`), its placeholders filled; the key itself when there is no text. Never throws: anything but
 * a string is no locale, anything but an object no values.
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
  let text: unknown = texts[key];
  const count = values?.count;
  if (typeof count === 'number') {
    // The form of the count's category, else `other`; a key without forms keeps its own text.
    const category = categoryOf(count, locale ?? defaultLocale);
    const forms = [category, 'other'].flatMap((form) => FORM_SEPARATORS.map((s) => texts[`${key}${s}${form}`]));
    text = forms.find((form) => typeof form === 'string') ?? text;
  }
  if (typeof text !== 'string') return key;
  return values ? interpolate(text, values) : text;
}

/**
 * The `t()` of every key of `Keys`, with the values its text needs: `{name}` and `{{name}}` filled, a
 * plural's form picked by `count` in the locale's rules (`languageCode`, else the call's `locale`).
 *
 * @example
 * import type { LocKeys } from './loc-keys'; // loc export --types src/loc-keys.d.ts
 * const ota = createOtaClient<LocKeys>(options);
 * const t = typedT<LocKeys>(ota, 'de');
 * t('cart.items', { count: 3 }); // '3 Artikel'
 */
export function typedT<Keys>(
  ota: { strings(locale?: string): Readonly<Strings> },
  languageCode?: string,
): TypedT<Keys> {
  return ((key: string, values?: unknown, locale?: unknown) =>
    translate((l) => ota.strings(l), languageCode, key, values, locale)) as TypedT<Keys>;
}
