import type { SegmentStatus } from '@loc/sdk';
import type { Writer } from './types';
import { escapeXml, escapeXmlAttribute } from './xml';

/**
 * XLIFF 1.2's `state` of a target for each segment status (xliff-core 1.2, "state"): the service's last
 * step, APPROVED, is the terminating state `final`; a draft or a machine prefill waits for review.
 */
const TARGET_STATE: Record<SegmentStatus, string> = {
  NOT_TRANSLATED: 'needs-translation',
  DRAFT: 'needs-review-translation',
  PREFILLED: 'needs-review-translation',
  TRANSLATED: 'translated',
  APPROVED: 'final',
};

/**
 * `xliff.standard`: XLIFF 1.2, one `trans-unit` per translated key with source and target, as every
 * format leaves untranslated keys out (export-zip.ts). Each target says its segment's state, and an
 * APPROVED unit says `approved="yes"`. A key is the unit's `id`, its tabs and line breaks as character
 * references (in an attribute, XML reads them as spaces).
 */
export const writeXliff: Writer = ({ locale, sourceLocale, path, entries }) => {
  let units = '';
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (i > 0) units += '\n';
    const approved = e.status === 'APPROVED' ? ' approved="yes"' : '';
    const state = e.status ? ` state="${TARGET_STATE[e.status]}"` : '';
    units +=
      `      <trans-unit id="${escapeXmlAttribute(e.key)}"${approved} xml:space="preserve">\n` +
      `        <source>${escapeXml(e.source)}</source>\n` +
      `        <target${state}>${escapeXml(e.value)}</target>\n` +
      (e.comment ? `        <note>${escapeXml(e.comment)}</note>\n` : '') +
      `      </trans-unit>`;
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n` +
    `  <file source-language="${escapeXmlAttribute(sourceLocale)}" target-language="${escapeXmlAttribute(locale)}" datatype="plaintext" original="${escapeXmlAttribute(path)}">\n` +
    `    <body>\n${units}\n    </body>\n  </file>\n</xliff>\n`
  );
};
