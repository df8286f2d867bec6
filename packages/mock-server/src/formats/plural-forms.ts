import { parseLocale } from '@loc/sdk/locales';

/**
 * gettext `Plural-Forms` by language. Where GNU gettext's `msginit` knows a language, the formula is
 * exactly the one it writes (a test compares them); the others follow CLDR's plural rules for integers.
 */
const ONE_FORM = 'nplurals=1; plural=0;';
const NOT_ONE = 'nplurals=2; plural=(n != 1);';
const ZERO_AND_ONE = 'nplurals=2; plural=(n > 1);';
const SLAVIC = 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);';
const CZECH = 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;';

const BY_LANGUAGE: Record<string, string> = {
  ...Object.fromEntries(
    ['ja', 'ko', 'vi', 'zh', 'th', 'id', 'ms', 'lo', 'my', 'km', 'jv', 'bo', 'yue'].map((l) => [l, ONE_FORM]),
  ),
  ...Object.fromEntries(
    [
      'af',
      'az',
      'bg',
      'ca',
      'da',
      'de',
      'el',
      'en',
      'eo',
      'es',
      'et',
      'eu',
      'fi',
      'fo',
      'gl',
      'he',
      'hu',
      'it',
      'ka',
      'kk',
      'ky',
      'ml',
      'mn',
      'mr',
      'nb',
      'ne',
      'nl',
      'nn',
      'no',
      'pa',
      'ps',
      'pt',
      'sq',
      'sv',
      'sw',
      'ta',
      'te',
      'tk',
      'tr',
      'ur',
      'uz',
    ].map((l) => [l, NOT_ONE]),
  ),
  ...Object.fromEntries(
    ['fr', 'am', 'bn', 'fa', 'fil', 'gu', 'hi', 'hy', 'kn', 'si', 'zu'].map((l) => [l, ZERO_AND_ONE]),
  ),
  ...Object.fromEntries(['be', 'bs', 'hr', 'ru', 'sr', 'uk'].map((l) => [l, SLAVIC])),
  cs: CZECH,
  sk: CZECH,
  pl: 'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  lt: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);',
  lv: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);',
  ro: 'nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;',
  ga: 'nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;',
  sl: 'nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);',
  is: 'nplurals=2; plural=(n%10!=1 || n%100==11);',
  mk: 'nplurals=2; plural=(n%10==1 && n%100!=11) ? 0 : 1;',
  cy: 'nplurals=4; plural=(n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3;',
  mt: 'nplurals=4; plural=(n==1 ? 0 : n==0 || (n%100>1 && n%100<11) ? 1 : (n%100>10 && n%100<20) ? 2 : 3);',
  ar: 'nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);',
};

/** Regions whose rule differs from their language's (as in gettext: Brazilian Portuguese counts 0 as one). */
const BY_LANGUAGE_AND_REGION: Record<string, string> = { 'pt-BR': ZERO_AND_ONE };

/**
 * The `Plural-Forms` header value for a locale; two forms split at one (`n != 1`) when the language is
 * not in the table, the rule of most languages that have plurals at all.
 *
 * @example
 * pluralForms('pt-BR'); // 'nplurals=2; plural=(n > 1);'
 */
export function pluralForms(locale: string): string {
  const parts = parseLocale(locale);
  if (!parts) return NOT_ONE;
  return BY_LANGUAGE_AND_REGION[`${parts.language}-${parts.region}`] ?? BY_LANGUAGE[parts.language] ?? NOT_ONE;
}
