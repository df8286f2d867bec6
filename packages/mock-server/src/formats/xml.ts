/** Escapes text for XML content and attributes; drops the control characters XML 1.0 cannot carry. */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // XML parsers turn CR LF into LF: a carriage return survives only as a character reference.
      .replace(/\r/g, '&#13;')
  );
}
