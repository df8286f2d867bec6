const C_SPECIAL = /[\\"\n\r\t]/;
const C_SPECIAL_ALL = new RegExp(C_SPECIAL.source, 'g');
const C_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The inside of a C-style string literal, as `.strings` and PO files write it: only what would end the
 * line or the string is escaped. Other control characters stay raw: Apple's and GNU gettext's readers
 * take them, and some PO readers (gettext-parser) do not know `\f` or `\v`.
 *
 * @example
 * escapeC('say "hi"\n'); // 'say \\"hi\\"\\n'
 */
export function escapeC(text: string): string {
  return C_SPECIAL.test(text) ? text.replace(C_SPECIAL_ALL, (c) => C_ESCAPES[c]!) : text;
}

/**
 * The escapes escapeC writes, undone: the character after the backslash → what it stands for. The
 * readers of `.strings` and PO files decode these and the rest of their format's own escapes.
 */
export const C_UNESCAPES: Record<string, string> = Object.fromEntries(
  Object.entries(C_ESCAPES).map(([character, written]) => [written[1]!, character]),
);
