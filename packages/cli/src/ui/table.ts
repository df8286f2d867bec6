import stringWidth from 'string-width';
import { stripVTControlCharacters } from 'node:util';
import { escapeControls, withoutMarks } from './terminal-text';

type Align = 'left' | 'right';

/**
 * Columns a text takes on a terminal, as string-width counts them: colour codes take none, combining
 * marks none, East Asian wide characters and emoji (ZWJ sequences included) two.
 *
 * @example displayWidth('👩‍💻') // 2
 */
export function displayWidth(text: string): number {
  return stringWidth(withoutMarks(text));
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` cut to at most `width` columns, ending in `…` when cut; colour codes are dropped from a cut text.
 *
 * @example truncate('Localizable.strings', 8) // 'Localiz…'
 */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(stripVTControlCharacters(withoutMarks(text)))) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Columns are never cut below this many. */
const MIN_COLUMN = 8;
const GAP = 2;

/**
 * Rows as aligned columns separated by two spaces; the header is drawn dim when `dim` is given. With
 * `columns` (the terminal's width) the widest left-aligned columns are cut with `…` until a line fits.
 *
 * @example renderTable(['LOCALE', 'DONE'], [['de', '95 %']], { align: ['left', 'right'] })
 */
export function renderTable(
  header: string[],
  given: string[][],
  options: { align?: Align[]; dim?: (s: string) => string; columns?: number | undefined } = {},
): string {
  // Measured as written: a control character in a cell is shown as its escape (`\x1b`), which takes room.
  const rows = given.map((row) => row.map(escapeControls));
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  if (options.columns) fitWidths(widths, options.columns, options.align ?? []);
  const format = (cells: string[]) =>
    cells
      .map((raw, i) => {
        const width = widths[i] ?? 0;
        const cell = truncate(raw, width);
        const pad = ' '.repeat(Math.max(0, width - displayWidth(cell)));
        return options.align?.[i] === 'right' ? pad + cell : i === cells.length - 1 ? cell : cell + pad;
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const head = format(header);
  return [options.dim ? options.dim(head) : head, ...rows.map(format)].join('\n');
}

/** Shrinks the widest left-aligned column, one column at a time, until the line fits `columns`. */
function fitWidths(widths: number[], columns: number, align: Align[]): void {
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
  while (total() > columns) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (
        align[i] !== 'right' &&
        (widths[i] ?? 0) > MIN_COLUMN &&
        (widest < 0 || (widths[i] ?? 0) > (widths[widest] ?? 0))
      )
        widest = i;
    }
    if (widest < 0) return; // nothing left to cut: the terminal wraps
    widths[widest] = Math.max(MIN_COLUMN, (widths[widest] ?? 0) - (total() - columns));
  }
}
