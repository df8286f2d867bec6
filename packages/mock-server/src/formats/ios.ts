import type { Writer } from './types';
import { escapeXml } from './xml';

/** `strings.ios`: `"key" = "value";` lines, UTF-8, with C-style escapes. */
export const writeStrings: Writer = ({ entries }) =>
  `${entries
    .map(
      (e) =>
        `${e.comment ? `/* ${e.comment.replace(/\*\//g, '* /')} */\n` : ''}"${escapeStrings(e.key)}" = "${escapeStrings(e.value)}";`,
    )
    .join('\n\n')}\n`;

function escapeStrings(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

/**
 * `stringsdict.ios`: an XML property list; each key is a plural rule with the text as its `other` form
 * (the service's segments carry no plural variants).
 */
export const writeStringsdict: Writer = ({ entries }) => {
  const units = entries
    .map(
      (e) => `  <key>${escapeXml(e.key)}</key>
  <dict>
    <key>NSStringLocalizedFormatKey</key>
    <string>%#@value@</string>
    <key>value</key>
    <dict>
      <key>NSStringFormatSpecTypeKey</key>
      <string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key>
      <string>d</string>
      <key>other</key>
      <string>${escapeXml(e.value)}</string>
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
};
