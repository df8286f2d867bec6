import { stripVTControlCharacters } from 'node:util';

export type Align = 'left' | 'right';

/** Width on a terminal: colour codes take none; East Asian wide characters take two columns. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of stripVTControlCharacters(text)) {
    const code = char.codePointAt(0) ?? 0;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** Rows as aligned columns separated by two spaces; the header is drawn dim when `dim` is given. */
export function renderTable(
  header: string[],
  rows: string[][],
  options: { align?: Align[]; dim?: (s: string) => string } = {},
): string {
  const widths = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const pad = ' '.repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(cell)));
        return options.align?.[i] === 'right' ? pad + cell : i === cells.length - 1 ? cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const head = format(header);
  return [options.dim ? options.dim(head) : head, ...rows.map(format)].join('\n');
}

/** A ten-cell bar for a share between 0 and 1. */
export function bar(share: number, width = 10): string {
  const filled = Math.round(Math.min(1, Math.max(0, share)) * width);
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

/** 0.956 → "95.6 %"; whole numbers without decimals. */
export function percent(share: number): string {
  const value = Math.floor(share * 1000) / 10;
  return `${Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1)} %`;
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
