import type { Writer } from './types';
import { escapeXml } from './xml';

/** `xliff.standard`: XLIFF 1.2, one `trans-unit` per key with source and target. */
export const writeXliff: Writer = ({ locale, sourceLocale, path, entries }) => {
  let units = '';
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (i > 0) units += '\n';
    units +=
      `      <trans-unit id="${escapeXml(e.key)}" xml:space="preserve">\n` +
      `        <source>${escapeXml(e.source)}</source>\n` +
      `        <target>${escapeXml(e.value)}</target>\n` +
      (e.comment ? `        <note>${escapeXml(e.comment)}</note>\n` : '') +
      `      </trans-unit>`;
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n` +
    `  <file source-language="${escapeXml(sourceLocale)}" target-language="${escapeXml(locale)}" datatype="plaintext" original="${escapeXml(path)}">\n` +
    `    <body>\n${units}\n    </body>\n  </file>\n</xliff>\n`
  );
};
