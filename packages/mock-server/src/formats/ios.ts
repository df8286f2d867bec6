import { escapeC } from './c-string';
import type { Writer } from './types';
import { escapeXml } from './xml';

/** `strings.ios`: `"key" = "value";` lines, UTF-8, with C-style escapes. */
export const writeStrings: Writer = ({ entries }) => {
  let out = '';
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (i > 0) out += '\n\n';
    if (e.comment) out += `/* ${e.comment.replace(/\*\//g, '* /')} */\n`;
    out += `"${escapeC(e.key)}" = "${escapeC(e.value)}";`;
  }
  return `${out}\n`;
};

/**
 * `stringsdict.ios`: an XML property list; each key is a plural rule with the text as its `other` form
 * (the service's segments carry no plural variants).
 */
export const writeStringsdict: Writer = ({ entries }) =>
  stringsdictOf(entries.map((e) => ({ key: e.key, forms: [['other', e.value]] })));

/**
 * A stringsdict property list of plural rules: each under its key, one `%#@value@` variable of type `d`
 * with the given forms (CLDR category, text) in their order.
 *
 * @example
 * stringsdictOf([{ key: 'files', forms: [['one', 'one file'], ['other', 'files']] }]);
 * // '<?xml …<key>files</key> … <key>one</key>\n      <string>one file</string> …'
 */
export function stringsdictOf(rules: { key: string; forms: [category: string, text: string][] }[]): string {
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
${units}
</dict>
</plist>
`;
}
