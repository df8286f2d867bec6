/** What escapeXml replaces: XML's markup characters, CR, and the control characters XML 1.0 cannot carry (to ''). */
const XML_SPECIAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<>"'\r]/;
const XML_SPECIAL_ALL = new RegExp(XML_SPECIAL.source, 'g');
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // XML parsers turn CR LF into LF: a carriage return survives only as a character reference.
  '\r': '&#13;',
};

/**
 * Escapes text for XML content and attributes; drops the control characters XML 1.0 cannot carry. Text
 * with nothing to escape (most of it) is returned as it is, without a copy.
 *
 * @example
 * escapeXml('a < b & "c"'); // 'a &lt; b &amp; &quot;c&quot;'
 */
export function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_SPECIAL_ALL, (c) => XML_ESCAPES[c] ?? '');
}
