import { escapeC } from './c-string';
import { PLURAL_CATEGORIES, pluralKeysOf } from './plural-keys';
import type { FileToWrite, Writer } from './types';
import { escapeXml } from './xml';

/**
 * `strings.ios`: `"key" = "value";` lines, UTF-8, with C-style escapes: the file's keys but its plural
 * forms, which an Xcode project keeps in the `.stringsdict` beside it (writeStringsdict). The official iOS
 * SDK reads a release bundle's `.strings` with `NSDictionary(contentsOfFile:)` (ios-cdn-sdk
 * LocalizationCacheManager.swift).
 *
 * @example
 * writeStrings({ locale: 'de', sourceLocale: 'en', path: 'de.lproj/Localizable.strings',
 *   entries: [{ key: 'files.one', value: 'eine Datei', source: 'one file' }, { key: 'app.title', value: 'Acme', source: 'Acme' }],
 *   keys: ['files.one', 'files.other', 'app.title'] });
 * // '"app.title" = "Acme";\n'
 */
export const writeStrings: Writer = (file) => {
  const plurals = pluralKeysOf(file);
  let out = '';
  for (const e of file.entries) {
    if (plurals.has(e.key)) continue;
    if (out) out += '\n\n';
    if (e.comment) out += `/* ${e.comment.replace(/\*\//g, '* /')} */\n`;
    out += `"${escapeC(e.key)}" = "${escapeC(e.value)}";`;
  }
  return `${out}\n`;
};

/**
 * `stringsdict.ios`: the plural groups of the file (`files.one`, `files.other`: plural-keys.ts), one rule
 * each under the group's base (`files`, the key `String.localizedStringWithFormat(NSLocalizedString("files",
 * …), n)` asks), with the forms the locale has; the file's other keys are in its `.strings` (writeStrings).
 * Foundation needs an `other` form: a group whose `other` is untranslated in the locale is left out, and the
 * app's built-in rule serves. The same writer makes a `MOBILE_SDK_IOS` release's `<Table>.stringsdict`,
 * which the official iOS SDK leaves to Foundation (`localizedString(forKey:)` on the bundle's `.lproj`).
 *
 * @example
 * writeStringsdict({ locale: 'de', sourceLocale: 'en', path: 'de.lproj/Localizable.stringsdict',
 *   entries: [{ key: 'files.one', value: 'eine Datei', source: 'one file' }, { key: 'files.other', value: 'Dateien', source: 'files' }] });
 * // <key>files</key> … <key>one</key> <string>eine Datei</string> <key>other</key> <string>Dateien</string> …
 */
export const writeStringsdict: Writer = (file) => stringsdictOf(pluralRules(file));

/** The plural rules of a file in its locale: base → category → text, in the file's order, each with `other`. */
function pluralRules(file: FileToWrite): { key: string; forms: [category: string, text: string][] }[] {
  const plurals = pluralKeysOf(file);
  const rules = new Map<string, Map<string, string>>();
  for (const e of file.entries) {
    const plural = plurals.get(e.key);
    if (!plural) continue;
    let forms = rules.get(plural.base);
    if (!forms) rules.set(plural.base, (forms = new Map()));
    forms.set(plural.category, e.value);
  }
  return [...rules]
    .filter(([, forms]) => forms.has('other'))
    .map(([base, forms]) => ({
      key: base,
      forms: PLURAL_CATEGORIES.filter((c) => forms.has(c)).map((c): [string, string] => [c, forms.get(c)!]),
    }));
}

/**
 * A stringsdict property list of plural rules: each under its key, one `%#@value@` variable of type `d`
 * with the given forms (CLDR category, text) in their order.
 */
function stringsdictOf(rules: { key: string; forms: [category: string, text: string][] }[]): string {
  const units = rules
    .map(
      ({ key, forms }) => `  <key>${escapeXml(key)}</key>
  <dict>
    <key>NSStringLocalizedFormatKey</key>
    <string>%#@value@</string>
    <key>value</key>
    <dict>
      <key>NSStringFormatSpecTypeKey</key>
      <string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key>
      <string>d</string>
${forms.map(([category, text]) => `      <key>${category}</key>\n      <string>${escapeXml(text)}</string>`).join('\n')}
    </dict>
  </dict>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${units ? `${units}\n` : ''}</dict>
</plist>
`;
}
