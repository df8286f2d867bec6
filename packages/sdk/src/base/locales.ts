/**
 * Locale names as each platform wants them. The service names locales with BCP 47 tags (`en`, `pt-BR`,
 * `zh-Hant`, `sr-Latn-RS`); Android, Apple, Java and gettext each spell them their own way, and a file
 * under the wrong name is refused (aapt2: "invalid configuration 'pt-BR'") or silently never loaded
 * (Java's ResourceBundle looks for `messages_pt_BR.properties`). The mock's exports and the CLI's locale
 * mapping both take their defaults from here, so the two cannot disagree.
 *
 * Pure functions, no dependencies: safe to import anywhere and tree-shaken when unused.
 *
 * @example
 * import { androidQualifier } from '@loc/sdk/locales';
 * androidQualifier('pt-BR'); // 'pt-rBR'
 *
 * @module @loc/sdk/locales
 */

/** The subtags of a BCP 47 language tag that platforms care about. */
export interface LocaleParts {
  /** Lowercase: `pt`. */
  language: string;
  /** Title case: `Hant`. */
  script?: string;
  /** Uppercase letters or three digits: `BR`, `419`. */
  region?: string;
  /** Lowercase: `valencia`. */
  variants: string[];
}

/** How a platform names a locale. `bcp47` is the service's own spelling. */
export type LocaleStyle = 'bcp47' | 'android' | 'apple' | 'java' | 'gettext';

/** Every {@link LocaleStyle}, for menus and validation. */
export const LOCALE_STYLES: readonly LocaleStyle[] = ['bcp47', 'android', 'apple', 'java', 'gettext'];

/** The placeholder of a resource path where the locale goes (`values-%{locale}/strings.xml`). */
export const LOCALE_PLACEHOLDER = '%{locale}';

/**
 * Splits a language tag into its parts, or `undefined` when it is not one. Accepts `-` or `_` between
 * subtags and any case; extensions and private use (`-u-…`, `-x-…`) are ignored, no platform here has a
 * place for them.
 *
 * @example
 * parseLocale('sr_latn_rs'); // { language: 'sr', script: 'Latn', region: 'RS', variants: [] }
 */
export function parseLocale(tag: string): LocaleParts | undefined {
  const subtags = tag.trim().split(/[-_]/);
  const language = subtags.shift() ?? '';
  if (!/^[A-Za-z]{2,3}$|^[A-Za-z]{5,8}$/.test(language)) return undefined;
  const parts: LocaleParts = { language: language.toLowerCase(), variants: [] };
  let next = subtags.shift();
  if (next !== undefined && /^[A-Za-z]{4}$/.test(next)) {
    parts.script = next[0]!.toUpperCase() + next.slice(1).toLowerCase();
    next = subtags.shift();
  }
  if (next !== undefined && /^([A-Za-z]{2}|\d{3})$/.test(next)) {
    parts.region = next.toUpperCase();
    next = subtags.shift();
  }
  while (next !== undefined && /^([A-Za-z0-9]{5,8}|\d[A-Za-z0-9]{3})$/.test(next)) {
    parts.variants.push(next.toLowerCase());
    next = subtags.shift();
  }
  // What is left must be extensions (a singleton first); anything else is not a language tag.
  if (next !== undefined && !/^[A-Za-z0-9]$/.test(next)) return undefined;
  return parts;
}

function partsOf(tag: string): LocaleParts {
  const parts = parseLocale(tag);
  if (!parts)
    throw new TypeError(`'${tag}' is not a language tag. Use a BCP 47 code such as en, pt-BR, zh-Hant or sr-Latn-RS.`);
  return parts;
}

/**
 * The tag in BCP 47's canonical case, `-` separated (what the service and Apple use).
 *
 * @example
 * canonicalLocale('pt_br'); // 'pt-BR'
 */
export function canonicalLocale(tag: string): string {
  const { language, script, region, variants } = partsOf(tag);
  return [language, script, region, ...variants].filter(Boolean).join('-');
}

/**
 * The Android resource qualifier of a locale. The old form (`pt-rBR`) holds only a language and a
 * two-letter region; anything more (a script, a numeric region, a variant) needs the BCP 47 form that
 * Android 7 (API 24) and aapt2 read: `b+` and the subtags joined by `+`.
 *
 * @example
 * androidQualifier('pt-BR');      // 'pt-rBR'
 * androidQualifier('zh-Hant');    // 'b+zh+Hant'
 * androidQualifier('sr-Latn-RS'); // 'b+sr+Latn+RS'
 */
export function androidQualifier(tag: string): string {
  const { language, script, region, variants } = partsOf(tag);
  const legacy = language.length <= 3 && !script && variants.length === 0 && (!region || /^[A-Z]{2}$/.test(region));
  if (legacy) return region ? `${language}-r${region}` : language;
  return ['b', language, script, region, ...variants].filter(Boolean).join('+');
}

/**
 * The `res/` folder of a locale's strings. The source locale goes to the default `values/`: `aapt2 link`
 * drops every string that has no default value, and an app must show something on a device whose
 * language has no translation.
 *
 * @example
 * androidValuesDir('pt-BR', 'en'); // 'values-pt-rBR'
 * androidValuesDir('en', 'en');    // 'values'
 */
export function androidValuesDir(tag: string, sourceLocale?: string): string {
  if (sourceLocale !== undefined && sameLocale(tag, sourceLocale)) return 'values';
  return `values-${androidQualifier(tag)}`;
}

/**
 * Apple's language ID, the name of a `.lproj` folder without the extension: the canonical BCP 47 tag, as
 * Xcode writes it (`pt-BR.lproj`, `zh-Hant.lproj`). Whether the source goes to `Base.lproj` is the
 * project's choice (Base internationalization), not the locale's.
 *
 * @example
 * appleLocale('zh_hant'); // 'zh-Hant'
 */
export function appleLocale(tag: string): string {
  return canonicalLocale(tag);
}

/**
 * The suffix Java's `ResourceBundle` looks for (`messages_pt_BR.properties`): `language_Script_REGION`,
 * joined by `_` as `ResourceBundle.Control.toBundleName` does.
 *
 * @example
 * javaLocale('sr-Latn-RS'); // 'sr_Latn_RS'
 */
export function javaLocale(tag: string): string {
  const { language, script, region, variants } = partsOf(tag);
  return [language, script, region, ...variants].filter(Boolean).join('_');
}

/** gettext (glibc) names a script by a modifier after `@`; Chinese scripts by the region that uses them. */
const GETTEXT_SCRIPT_MODIFIERS: Record<string, string> = {
  Latn: 'latin',
  Cyrl: 'cyrillic',
  Deva: 'devanagari',
  Arab: 'arabic',
};
const CHINESE_SCRIPT_REGIONS: Record<string, string> = { Hans: 'CN', Hant: 'TW' };

/**
 * The gettext locale name (`ll_CC@modifier`), used for the `Language` header of a PO file and for
 * `locale/<name>/LC_MESSAGES/` folders. Chinese scripts become their usual region (`zh-Hant` → `zh_TW`)
 * when the tag has none; other scripts become a modifier (`sr-Latn-RS` → `sr_RS@latin`).
 *
 * @example
 * gettextLocale('pt-BR');      // 'pt_BR'
 * gettextLocale('zh-Hant');    // 'zh_TW'
 * gettextLocale('sr-Latn-RS'); // 'sr_RS@latin'
 */
export function gettextLocale(tag: string): string {
  const { language, script, region, variants } = partsOf(tag);
  const chineseRegion = language === 'zh' && script ? CHINESE_SCRIPT_REGIONS[script] : undefined;
  const modifier = script && !chineseRegion ? (GETTEXT_SCRIPT_MODIFIERS[script] ?? script.toLowerCase()) : variants[0];
  const base = [language, region ?? chineseRegion].filter(Boolean).join('_');
  return modifier ? `${base}@${modifier}` : base;
}

/**
 * A locale's name in the given style.
 *
 * @example
 * localeName('pt-BR', 'android'); // 'pt-rBR'
 * localeName('pt-BR', 'java');    // 'pt_BR'
 */
export function localeName(tag: string, style: LocaleStyle): string {
  switch (style) {
    case 'android':
      return androidQualifier(tag);
    case 'apple':
      return appleLocale(tag);
    case 'java':
      return javaLocale(tag);
    case 'gettext':
      return gettextLocale(tag);
    default:
      return canonicalLocale(tag);
  }
}

/** The style each platform format's files are named in by default; other formats keep BCP 47. */
const FORMAT_LOCALE_STYLES: Record<string, LocaleStyle> = {
  'xml.android.resources': 'android',
  'strings.ios': 'apple',
  'stringsdict.ios': 'apple',
  properties: 'java',
  'po.gettext': 'gettext',
};

/**
 * The locale style a format's files are named in by default.
 *
 * @example
 * localeStyleFor('xml.android.resources'); // 'android'
 * localeStyleFor('json.standard');         // 'bcp47'
 */
export function localeStyleFor(formatId: string): LocaleStyle {
  return FORMAT_LOCALE_STYLES[formatId] ?? 'bcp47';
}

/**
 * Fills a resource path's `%{locale}` with the locale's name for a format. For Android, a `values-%{locale}`
 * folder of the source locale becomes the default `values` (see {@link androidValuesDir}).
 *
 * @example
 * localizePath('res/values-%{locale}/strings.xml', 'pt-BR', { format: 'xml.android.resources', sourceLocale: 'en' });
 * // 'res/values-pt-rBR/strings.xml'
 * localizePath('res/values-%{locale}/strings.xml', 'en', { format: 'xml.android.resources', sourceLocale: 'en' });
 * // 'res/values/strings.xml'
 * localizePath('messages_%{locale}.properties', 'pt-BR', { format: 'properties' });
 * // 'messages_pt_BR.properties'
 */
export function localizePath(
  pattern: string,
  tag: string,
  options: { format: string; sourceLocale?: string | undefined },
): string {
  // A name that is no language tag has no platform spelling: it goes in as it is.
  if (!parseLocale(tag)) return pattern.split(LOCALE_PLACEHOLDER).join(tag);
  const style = localeStyleFor(options.format);
  const name = localeName(tag, style);
  let path = pattern;
  if (style === 'android') {
    path = path.replace(
      /(^|\/)values-%\{locale\}(?=\/|$)/g,
      (_, start: string) => `${start}${androidValuesDir(tag, options.sourceLocale)}`,
    );
  }
  return path.split(LOCALE_PLACEHOLDER).join(name);
}

/**
 * Whether two tags name the same locale, whatever their case or separator.
 *
 * @example
 * sameLocale('pt_br', 'pt-BR'); // true
 */
export function sameLocale(a: string, b: string): boolean {
  const pa = parseLocale(a);
  const pb = parseLocale(b);
  if (!pa || !pb) return a === b;
  return canonicalLocale(a) === canonicalLocale(b);
}

/**
 * The locale an Android resource qualifier names, the inverse of {@link androidQualifier}; other
 * qualifiers after the locale (`-land`, `-night`) are ignored. `undefined` when the qualifier starts with
 * no locale (`values-night`).
 *
 * @example
 * localeOfAndroidQualifier('pt-rBR');       // 'pt-BR'
 * localeOfAndroidQualifier('b+sr+Latn+RS'); // 'sr-Latn-RS'
 * localeOfAndroidQualifier('de-land');      // 'de'
 */
export function localeOfAndroidQualifier(qualifier: string): string | undefined {
  if (qualifier.startsWith('b+')) {
    const tag = qualifier.slice(2).split('+').join('-');
    return parseLocale(tag) ? canonicalLocale(tag) : undefined;
  }
  const match = /^([a-z]{2,3})(?:-r([A-Z]{2}))?(?:-|$)/.exec(qualifier);
  if (!match) return undefined;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}
