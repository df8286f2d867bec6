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
export const writeStringsdict: Writer = ({ entries }) => {
  let units = '';
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (i > 0) units += '\n';
    units += `  <key>${escapeXml(e.key)}</key>
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
  </dict>`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${units}
</dict>
</plist>
`;
};
