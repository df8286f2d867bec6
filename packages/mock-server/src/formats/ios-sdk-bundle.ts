import { stringsdictOf, writeStrings } from './ios';
import { pluralKeysOf } from './plural-keys';
import type { Writer } from './types';

/** CLDR's plural categories in their order, as a stringsdict rule lists them. */
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * A `MOBILE_SDK_IOS` bundle's `<Table>.strings`: the file's keys but its plural forms, as `strings.ios`
 * writes them. The official iOS SDK reads it with `NSDictionary(contentsOfFile:)` (ios-cdn-sdk
 * LocalizationCacheManager.swift).
 *
 * @example
 * writeIosSdkStrings({ locale: 'de', sourceLocale: 'en', path: 'de.lproj/Localizable.strings',
 *   entries: [{ key: 'files.one', value: 'eine Datei', source: 'one file' }, { key: 'app.title', value: 'Acme', source: 'Acme' }],
 *   keys: ['files.one', 'files.other', 'app.title'] });
 * // '"app.title" = "Acme";\n'
 */
export const writeIosSdkStrings: Writer = (file) => {
  const plurals = pluralKeysOf(file);
  return writeStrings({ ...file, entries: file.entries.filter((e) => !plurals.has(e.key)) });
};

/**
 * A `MOBILE_SDK_IOS` bundle's `<Table>.stringsdict`: one rule per plural group of the file (`files.one`,
 * `files.other`: plural-keys.ts) under the group's base (`files`), with the forms the locale has. The
 * official iOS SDK leaves it to Foundation (`localizedString(forKey:)` on the bundle's `.lproj`), which
 * needs an `other` form: a group whose `other` is untranslated in the locale is left out, and the app's
 * built-in rule serves it.
 *
 * @example
 * writeIosSdkStringsdict({ locale: 'de', sourceLocale: 'en', path: 'de.lproj/Localizable.stringsdict',
 *   entries: [{ key: 'files.one', value: 'eine Datei', source: 'one file' }, { key: 'files.other', value: 'Dateien', source: 'files' }] });
 * // <key>files</key> … <key>one</key> <string>eine Datei</string> <key>other</key> <string>Dateien</string> …
 */
export const writeIosSdkStringsdict: Writer = (file) => {
  const plurals = pluralKeysOf(file);
  const rules = new Map<string, Map<string, string>>(); // base → category → text, in the file's order
  for (const e of file.entries) {
    const plural = plurals.get(e.key);
    if (!plural) continue;
    let forms = rules.get(plural.base);
    if (!forms) rules.set(plural.base, (forms = new Map()));
    forms.set(plural.category, e.value);
  }
  return stringsdictOf(
    [...rules]
      .filter(([, forms]) => forms.has('other'))
      .map(([base, forms]) => ({
        key: base,
        forms: CATEGORIES.filter((c) => forms.has(c)).map((c): [string, string] => [c, forms.get(c)!]),
      })),
  );
};
