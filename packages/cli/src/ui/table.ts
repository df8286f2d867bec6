import stringWidth from 'string-width';
import { stripVTControlCharacters } from 'node:util';
import { escapeControls, markedEnds, withoutMarks } from './terminal-text';

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
const glyphsOf = (text: string) =>
  [...graphemes.segment(stripVTControlCharacters(withoutMarks(text)))].map((g) => g.segment);

/** The first of `glyphs` that take at most `width` columns. */
function head(glyphs: string[], width: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const glyph of glyphs) {
    const w = displayWidth(glyph);
    if (used + w > width) break;
    out.push(glyph);
    used += w;
  }
  return out;
}

/** The last of `glyphs` that take at most `width` columns. */
const tail = (glyphs: string[], width: number) => head([...glyphs].reverse(), width).reverse();

/**
 * `text` cut to at most `width` columns, ending in `…` when cut; colour codes are dropped from a cut text.
 *
 * @example truncate('Localizable.strings', 8) // 'Localiz…'
 */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  return `${head(glyphsOf(text), width - 1).join('')}…`;
}

/**
 * `text` cut to at most `width` columns in its middle, keeping both ends (`Localiz…strings`); a file
 * name keeps its extension whole when there is room (`Local….strings`).
 *
 * @example middleCut('Localizable.strings', 14) // 'Local….strings'
 */
export function middleCut(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const glyphs = glyphsOf(text);
  if (width < 3) return truncate(text, width);
  const extension = /\.[^./]{1,8}$/.exec(text)?.[0];
  const end = extension && displayWidth(extension) <= width - 3 ? displayWidth(extension) : Math.ceil((width - 1) / 2);
  return `${head(glyphs, width - 1 - end).join('')}…${tail(glyphs, end).join('')}`;
}

/**
 * How a column gives way when the table is wider than the terminal (docs/cli.md#output):
 * - `cut`: `'path'` keeps a path's end and the folders that tell its rows apart
 *   (`…/de.lproj/Localizable.strings`), and cuts inside its names only when that is not enough;
 *   `'end'` cuts a text at its end (a title); `'never'` (identifiers the rows are told apart by, numbers)
 *   never cuts. Default: `'end'` for a left-aligned column, `'never'` for a right-aligned one.
 * - `drop`: the column is of low value (a bar that repeats a number, a source path the file's own path
 *   repeats): it gives way before the others, and is left out, the lowest `drop` first, before any other
 *   column is cut.
 * - `short`: a shorter header, used when the full one does not fit.
 */
export interface ColumnFit {
  cut?: 'end' | 'path' | 'never';
  drop?: number;
  short?: string;
}

/** Below this, a cut text reads as noise. */
const MIN_CUT = { end: 6, path: 12 } as const;
/** What a column of low value is cut to at least, before it is left out instead. */
const MIN_LOW_VALUE = 8;
const GAP = 2;

/** A column as the fitting sees it. */
interface Column {
  index: number;
  header: string;
  cut: 'end' | 'path' | 'never';
  drop: number | undefined;
  short: string | undefined;
  /** The cells, escaped, colour marks kept. */
  cells: string[];
  /** The cells without colour, for measuring and cutting. */
  plain: string[];
  natural: number;
  /** Each of the column's different texts cut to a width; undefined for a column that is never cut. */
  cutter: Cutter | undefined;
}

/** The different texts of a column, each cut to `width`: in the same order, so `cut[i]` is `texts[i]`'s. */
interface Cutter {
  texts: string[];
  cut(width: number, hard: boolean): string[];
  /**
   * A path column's width without the folders all its paths start with (`…/Localizable.strings` where
   * every row is below `Resources/%{locale}.lproj/`): what it loses says nothing that tells rows apart, so
   * even a column of identifiers gives it before another column is left out. Undefined: no such folders.
   */
  shared?: number;
}

/**
 * Rows as aligned columns separated by two spaces; the header is drawn dim when `dim` is given. With
 * `columns` (the terminal's width) the table is made to fit it without losing what tells its rows apart:
 * columns of low value give way first (cut, then left out), headers are shortened, then paths and texts
 * are cut (see {@link ColumnFit}); a cut that would make two rows read the same is not made. When
 * nothing fits, each row is printed as a block of `HEADER  value` lines instead. Without `columns` (a
 * pipe, a file) nothing is cut.
 *
 * @example renderTable(['LOCALE', 'DONE'], [['de', '95 %']], { align: ['left', 'right'] })
 */
export function renderTable(
  header: string[],
  given: string[][],
  options: {
    align?: Align[];
    dim?: (s: string) => string;
    columns?: number | undefined;
    fit?: (ColumnFit | undefined)[];
  } = {},
): string {
  const align = options.align ?? [];
  const dim = options.dim ?? ((s: string) => s);
  // Measured as written: a control character in a cell is shown as its escape (`\x1b`), which takes room.
  const rows = given.map((row) => header.map((_, i) => escapeControls(row[i] ?? '')));
  const columns = header.map((h, index): Column => {
    const fit = options.fit?.[index];
    const cells = rows.map((r) => r[index] ?? '');
    const plain = cells.map(withoutMarks);
    const cut = fit?.cut ?? (align[index] === 'right' ? 'never' : 'end');
    return {
      index,
      header: h,
      cut,
      drop: fit?.drop,
      short: fit?.short,
      cells,
      plain,
      natural: Math.max(displayWidth(h), ...plain.map(displayWidth)),
      cutter: cut === 'never' ? undefined : cutterOf([...new Set(plain)], cut),
    };
  });
  const layout = options.columns
    ? fitTable(columns, options.columns)
    : { shown: columns, widths: columns.map((c) => c.natural), short: false };
  if (!layout) return listLayout(columns, rows.length, dim);

  const { shown, widths } = layout;
  const cellsOf = shown.map((c, i) => {
    const w = widths[i] ?? c.natural;
    if (!c.cutter || w >= c.natural) return c.cells;
    const cuts = cutMap(c.cutter, w, true);
    return c.cells.map((cell, r) => recoloured(cell, c.plain[r] ?? '', cuts.get(c.plain[r] ?? '') ?? ''));
  });
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const w = widths[i] ?? 0;
        const pad = ' '.repeat(Math.max(0, w - displayWidth(cell)));
        return align[shown[i]?.index ?? 0] === 'right' ? pad + cell : i === cells.length - 1 ? cell : cell + pad;
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const headers = shown.map((c, i) => truncate(layout.short && c.short ? c.short : c.header, widths[i] ?? 0));
  return [dim(format(headers)), ...rows.map((_, r) => format(cellsOf.map((cells) => cells[r] ?? '')))].join('\n');
}

function cutMap(cutter: Cutter, width: number, hard: boolean): Map<string, string> {
  const cut = cutter.cut(width, hard);
  return new Map(cutter.texts.map((text, i) => [text, cut[i] ?? text]));
}

/** A cut cell in the colour the whole cell had (`c.dim(path)` stays dim); a cell coloured in parts loses its colours. */
function recoloured(cell: string, plain: string, cut: string): string {
  if (cut === plain) return cell;
  const ends = markedEnds(cell);
  return ends ? `${ends.open}${cut}${ends.close}` : cut;
}

/**
 * Which columns are shown, and how wide, so that the table fits `width`; undefined when no way fits.
 * The ways are tried in order: as it is, the low-value columns cut (never below what tells their rows
 * apart); then with shorter headers; then with the low-value columns left out, one rank at a time; and
 * last with the other columns cut too. A way fits when every line fits and every column still tells
 * its different values apart.
 */
function fitTable(columns: Column[], width: number): { shown: Column[]; widths: number[]; short: boolean } | undefined {
  const ranks = [...new Set(columns.flatMap((c) => (c.drop === undefined ? [] : [c.drop])))].sort((a, b) => a - b);
  const hasShort = columns.some((c) => c.short);
  const ways: { dropped: number; short: boolean; hard: boolean }[] = [];
  for (const dropped of [Number.NEGATIVE_INFINITY, ...ranks]) {
    ways.push({ dropped, short: false, hard: false });
    if (hasShort) ways.push({ dropped, short: true, hard: false });
  }
  ways.push({ dropped: ranks.at(-1) ?? Number.NEGATIVE_INFINITY, short: hasShort, hard: true });
  for (const way of ways) {
    const shown = columns.filter((c) => c.drop === undefined || c.drop > way.dropped);
    const widths = widthsFor(shown, width, way.short, way.hard);
    if (widths) return { shown, widths, short: way.short };
  }
  return undefined;
}

/** The widths of `shown` within `width`, cutting what the way allows; undefined when it cannot fit. */
function widthsFor(shown: Column[], width: number, short: boolean, hard: boolean): number[] | undefined {
  const headerOf = (c: Column) => (short && c.short ? c.short : c.header);
  const widths = shown.map((c) => Math.max(displayWidth(headerOf(c)), ...c.plain.map(displayWidth)));
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP * (shown.length - 1);
  // Low-value columns give way first, the lowest rank first; then (only when `hard`) the others, widest first.
  // Low-value columns give way first, then (before anything is left out) the folders every path of a
  // column shares; the rest only when `hard`.
  const order = shown
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.cutter && (c.drop !== undefined || hard || c.cutter.shared !== undefined))
    .sort((a, b) =>
      a.c.drop !== undefined || b.c.drop !== undefined
        ? (a.c.drop ?? Number.POSITIVE_INFINITY) - (b.c.drop ?? Number.POSITIVE_INFINITY)
        : (widths[b.i] ?? 0) - (widths[a.i] ?? 0),
    );
  for (const { c, i } of order) {
    const excess = total() - width;
    if (excess <= 0) break;
    const next = Math.max(floorOf(c, hard), (widths[i] ?? 0) - excess);
    if (next < (widths[i] ?? 0)) widths[i] = next;
  }
  if (total() > width) return undefined;
  // A cut that makes two different values read the same is no fit.
  for (const [i, c] of shown.entries()) {
    const w = widths[i] ?? 0;
    if (c.cutter && w < c.natural && !keepsApart(c.cutter.cut(w, true))) return undefined;
  }
  return widths;
}

/**
 * How narrow a column may be cut: without `hard`, as far as its cut keeps whole names
 * (`…/de.lproj/Localizable.strings`) and at least {@link MIN_LOW_VALUE}; with `hard`, as far as its cut
 * still tells its texts apart, and at least {@link MIN_CUT}.
 */
function floorOf(c: Column, hard: boolean): number {
  if (!c.cutter) return c.natural;
  if (!hard && c.drop === undefined) return c.cutter.shared ?? c.natural;
  const least = Math.min(c.natural, hard ? MIN_CUT[c.cut as 'end' | 'path'] : MIN_LOW_VALUE);
  if (!hard && c.cut === 'path') return Math.max(least, ...c.cutter.cut(0, false).map(displayWidth));
  for (let w = least; w < c.natural; w++) if (keepsApart(c.cutter.cut(w, hard))) return w;
  return c.natural;
}

/** Whether different texts still differ once cut. */
const keepsApart = (cut: string[]) => new Set(cut).size === cut.length;

/**
 * Cuts the different texts of a column to a width. A path keeps the most folders before its name that
 * fit, and at least those that tell it from the column's other paths (the shortest unique run of its
 * last segments: `…/de.lproj/Localizable.strings`); only `hard` cuts inside names. `cut(0, false)` gives
 * each path's shortest unique form.
 */
function cutterOf(texts: string[], kind: 'end' | 'path'): Cutter {
  if (kind === 'end') return { texts, cut: (width) => texts.map((t) => truncate(t, width)) };
  const segments = texts.map((t) => t.split('/'));
  const suffix = (parts: string[], n: number) => parts.slice(-n).join('/');
  const unique = segments.map((own, i) => {
    let n = 1;
    while (n < own.length && segments.some((other, j) => j !== i && suffix(other, n) === suffix(own, n))) n++;
    return n;
  });
  // The leading folders every path shares (never a whole path: each keeps at least its name).
  let common = 0;
  const first = segments[0] ?? [];
  while (common < first.length - 1 && segments.every((own) => common < own.length - 1 && own[common] === first[common]))
    common++;
  const shared =
    common > 0 && texts.length > 1
      ? Math.max(...segments.map((own) => displayWidth(`…/${own.slice(common).join('/')}`)))
      : undefined;
  return {
    texts,
    ...(shared !== undefined ? { shared } : {}),
    cut: (width, hard) =>
      texts.map((text, i) => {
        if (width > 0 && displayWidth(text) <= width) return text;
        const own = segments[i] ?? [text];
        const form = (n: number) => (n >= own.length ? text : `…/${suffix(own, n)}`);
        let n = unique[i] ?? own.length;
        if (width === 0) return form(n);
        while (n + 1 < own.length && displayWidth(form(n + 1)) <= width) n++;
        const fits = form(n);
        if (displayWidth(fits) <= width || !hard) return fits;
        return shortenNames(n >= own.length ? own : ['…', ...own.slice(-n)], width);
      }),
  };
}

/** A path's segments joined, its longest names cut in their middle until it fits `width`. */
function shortenNames(parts: string[], width: number): string {
  const names = [...parts];
  const joined = () => names.join('/');
  for (let guard = 0; guard < 64 && displayWidth(joined()) > width; guard++) {
    let longest = -1;
    for (const [i, name] of names.entries())
      if (name !== '…' && (longest < 0 || displayWidth(name) > displayWidth(names[longest] ?? ''))) longest = i;
    const name = names[longest] ?? '';
    const next = Math.max(4, displayWidth(name) - (displayWidth(joined()) - width));
    if (longest < 0 || next >= displayWidth(name)) break;
    names[longest] = middleCut(name, next);
  }
  return displayWidth(joined()) <= width ? joined() : middleCut(joined(), width);
}

/** Each row as lines of `HEADER  value` (a column without a header left out), a blank line between rows. */
function listLayout(columns: Column[], count: number, dim: (s: string) => string): string {
  const labelled = columns.filter((c) => c.header !== '');
  const label = Math.max(0, ...labelled.map((c) => displayWidth(c.header)));
  const blocks: string[] = [];
  for (let r = 0; r < count; r++) {
    blocks.push(
      labelled
        .map((c) => `${dim(c.header + ' '.repeat(label - displayWidth(c.header)))}  ${c.cells[r] ?? ''}`.trimEnd())
        .join('\n'),
    );
  }
  return blocks.join('\n\n');
}
