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

/**
 * Escapes text for an XML attribute: as escapeXml, and a tab or line feed as a character reference, since
 * a parser turns them into spaces in an attribute's value (XML 1.0, "Attribute-Value Normalization").
 *
 * @example
 * escapeXmlAttribute('a\tb\nc'); // 'a&#9;b&#10;c'
 */
export function escapeXmlAttribute(text: string): string {
  const escaped = escapeXml(text);
  return /[\t\n]/.test(escaped) ? escaped.replace(/[\t\n]/g, (c) => (c === '\t' ? '&#9;' : '&#10;')) : escaped;
}

/** What escapeXmlText replaces: `&`, `<`, the `>` of `]]>`, CR, and the control characters XML 1.0 cannot carry. */
const TEXT_SPECIAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<\r]|]]>/;
const TEXT_SPECIAL_ALL = new RegExp(TEXT_SPECIAL.source, 'g');

/**
 * Escapes text for XML element content as people write it: only what XML requires, `&`, `<` and the `>`
 * of `]]>` (quotes and apostrophes stay as they are); CR as a reference, and the control characters XML 1.0
 * cannot carry left out, as escapeXml does.
 *
 * @example
 * escapeXmlText(`it's <b> & "q" ]]>`); // `it's &lt;b> &amp; "q" ]]&gt;`
 */
export function escapeXmlText(text: string): string {
  if (!TEXT_SPECIAL.test(text)) return text;
  return text.replace(TEXT_SPECIAL_ALL, (c) => (c === ']]>' ? ']]&gt;' : (XML_ESCAPES[c] ?? '')));
}
