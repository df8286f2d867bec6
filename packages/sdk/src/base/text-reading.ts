import { MAX_NESTING_DEPTH } from './json-depth';

/**
 * What every reader of a resource file's text shares, loc-mock's readers of uploads and loc's readers of
 * the files it pushes: where an offset is (line and column), how a piece of the file is quoted in a
 * message, the error that names the line, and the depth a file may nest to.
 */

/**
 * A file that does not parse in its format: the message says what is wrong, `line` (1-based) where, when
 * the format has lines, and `column` (1-based, in characters) where it is cheap to know. The service
 * answers it with 422 naming the line; loc names the file and the line, and sends nothing.
 */
export class FormatReadError extends Error {
  override name = 'FormatReadError';
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line === undefined ? message : `line ${line}${column === undefined ? '' : `, column ${column}`}: ${message}`);
  }
}

/**
 * Line and column (both 1-based, the column in UTF-16 units) of offsets into one text: a line ends at
 * `\n`, `\r\n` or a lone `\r`. The line starts are found once, on the first question.
 *
 * @example
 * const at = lineFinder('a\nbc');
 * at(3); // { line: 2, column: 2 }
 */
export function lineFinder(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) starts.push(i + 1);
      }
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

/**
 * A piece of a file quoted in a message: at most 40 characters (a file may be one line of megabytes),
 * as JSON quotes it so that control characters show.
 *
 * @example
 * snippet('a'.repeat(100)); // '"aaaa…"' (40 a's)
 */
export function snippet(text: string, max = 40): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** What a file nested too deep is told. */
export const TOO_DEEP = `the file nests deeper than ${MAX_NESTING_DEPTH} levels, more than a resource file needs and more than is read`;

/**
 * Refuses a tree nested deeper than every surface takes (MAX_NESTING_DEPTH): `depth` is the level a map
 * or list would be at, the root's being 1.
 *
 * @example
 * checkDepth(33, 7); // throws: line 7: the file nests deeper than 32 levels …
 */
export function checkDepth(depth: number, line: number, column?: number): void {
  if (depth > MAX_NESTING_DEPTH) throw new FormatReadError(TOO_DEEP, line, column);
}
