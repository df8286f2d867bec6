/**
 * What may reach a terminal. Strings from the service or from files (project titles, locale and file
 * names, error texts) may hold control characters: ESC sequences that rewrite the screen, set the window
 * title or the clipboard (OSC 52), a carriage return that overwrites the line, bidi overrides that show
 * text in another order than it is. Every line loc writes is escaped here, once, so they show as text
 * (`\x1b`, `\u202e`) — except loc's own colour codes, which are written as marks that only this run knows
 * (a random nonce) and turned into escape codes last.
 */

/**
 * C0 controls but tab and newline, DEL, C1 controls, the bidi controls (overrides, isolates, marks), and
 * characters that show nothing (a byte order mark, zero-width space, word joiner).
 */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** What JSON.stringify leaves raw that a terminal still acts on: DEL, C1, bidi controls, line separators. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const nonce = globalThis.crypto.randomUUID().slice(0, 8);
/** Stands for the ESC of loc's own colour codes until a line is written. */
const MARK = `\u{E000}${nonce}`;
/** Stands for an ESC inside a text while loc colours it (so the colour functions cannot take it for theirs). */
const HIDE = `\u{E001}${nonce}`;
const MARKED_CODE = new RegExp(`${MARK}\\[[0-9;]*m`, 'g');

const visible = (ch: string) => {
  const code = ch.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * A line as it may reach a terminal: control characters shown as escapes, loc's colour marks made codes.
 *
 * @example terminalText('a\u001b]52;c;eA==\u0007b') // 'a\\x1b]52;c;eA==\\x07b'
 */
export function terminalText(text: string): string {
  return escapeControls(text).replaceAll(MARK, '\u001b');
}

/**
 * Control characters shown as escapes, loc's colour marks kept (a table cell, measured before its line is
 * written).
 *
 * @example escapeControls('\rFAKE') // '\\x0dFAKE'
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, visible);
}

/**
 * JSON text with what a terminal would act on written as `\uXXXX` escapes: the same JSON value (these
 * characters can only stand inside strings, and JSON.stringify escapes C0 itself).
 *
 * @example jsonText(JSON.stringify('\u202e')) // '"\\u202e"'
 */
export function jsonText(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` without loc's colour marks, for measuring its width. */
export function withoutMarks(text: string): string {
  return text.replace(MARKED_CODE, '');
}

/**
 * A text whose colour marks all stand at its ends (a cell coloured whole: `c.dim(path)`), split into them
 * and the text between; undefined when a mark stands inside. A cut cell keeps its colour this way.
 *
 * @example markedEnds(c.dim('a/b')) // { open: '<dim>', text: 'a/b', close: '</dim>' }
 */
export function markedEnds(text: string): { open: string; text: string; close: string } | undefined {
  const marks = [...text.matchAll(MARKED_CODE)];
  let open = '';
  let start = 0;
  for (const m of marks) {
    if (m.index !== start) break;
    open += m[0];
    start += m[0].length;
  }
  let close = '';
  let end = text.length;
  for (const m of marks.reverse()) {
    if (m.index < start || m.index + m[0].length !== end) break;
    close = m[0] + close;
    end = m.index;
  }
  const inner = text.slice(start, end);
  return withoutMarks(inner) === inner ? { open, text: inner, close } : undefined;
}

/**
 * A colour function that writes marks instead of escape codes (and leaves an ESC in its text to be
 * escaped when written): loc's colours survive `terminalText`, a colour code inside a title does not.
 */
export function marked(colour: (text: string) => string): (text: string | number | null | undefined) => string {
  return (text) =>
    colour(String(text).replaceAll('\u001b', HIDE).replaceAll(MARK, '\u001b'))
      .replaceAll('\u001b', MARK)
      .replaceAll(HIDE, '\u001b');
}
