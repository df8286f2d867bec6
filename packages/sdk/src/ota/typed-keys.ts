/**
 * Typed keys for `t()`: `createOtaClient<LocKeys>(…)` with the `LocKeys` that `loc export --types`
 * generates from the project's source strings makes an unknown key, a missing placeholder value and a
 * plural without its `count` compile errors (docs/ota.md#typed-keys). Without a type argument `t()` takes
 * any key, as it always did.
 */
import type { Strings } from './parse';

/** A placeholder's value: a text, or a number shown as `String(n)`. */
export type OtaValue = string | number;

/** The values of one call: placeholder name → value (`count` picks a plural's form). */
export type OtaValues = Readonly<Record<string, OtaValue>>;

/** `t()` without typed keys: any key, with or without values. */
export interface UntypedT {
  (key: string, locale?: string): string;
  (key: string, values: OtaValues, locale?: string): string;
}

/** The arguments after the key: values are required when the key's text has placeholders (or is a plural). */
type ArgsOf<Values> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` is what a key without placeholders takes.
  {} extends Values ? [locale?: string] | [values?: Values, locale?: string] : [values: Values, locale?: string];

/** `t()` typed by a generated `LocKeys`: `Keys` maps each key to the values its text needs. */
export type TypedT<Keys> = <Key extends keyof Keys & string>(key: Key, ...args: ArgsOf<Keys[Key]>) => string;

/** `t()` of an OtaClient: typed when the client was made with `createOtaClient<LocKeys>()`. */
export type OtaT<Keys> = [Keys] extends [never] ? UntypedT : TypedT<Keys>;

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
 * The text of `key` for `t(key, locale?)` or `t(key, values, locale?)`: a plural's form by `values.count`
 * (its category's, else `other`), its placeholders filled; the key itself when there is no text. Never
 * throws: anything but a string is no locale, anything but an object no values.
 */
export function translate(
  strings: (locale?: string) => Readonly<Strings>,
  defaultLocale: string | undefined,
  key: string,
  args: readonly unknown[],
): string {
  const [first, second] = args;
  const values = first && typeof first === 'object' ? (first as OtaValues) : undefined;
  const locale = typeof first === 'string' ? first : typeof second === 'string' ? second : undefined;
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
