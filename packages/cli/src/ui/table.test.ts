import { describe, expect, it } from 'vitest';
import { bar, formatBytes, percent } from './quantities';
import { displayWidth, renderTable, truncate } from './table';

describe('displayWidth', () => {
  it.each([
    ['de', 2],
    ['\u001b[32mok\u001b[39m', 2], // colour codes take no column
    ['日本語', 6], // wide characters take two
    ['e\u0301', 1], // a combining mark takes none
    ['👩‍💻', 2], // a ZWJ emoji sequence is one glyph of two columns
    ['🇩🇪', 2],
  ])('%j is %i columns', (text, width) => expect(displayWidth(text)).toBe(width));
});

describe('truncate', () => {
  it('cuts to the width with an ellipsis, never inside a glyph', () => {
    expect(truncate('Localizable.strings', 8)).toBe('Localiz…');
    expect(truncate('👩‍💻👩‍💻👩‍💻', 5)).toBe('👩‍💻👩‍💻…');
    expect(truncate('short', 8)).toBe('short');
  });
});

describe('renderTable', () => {
  const rows = [
    ['Resources/%{locale}.lproj/Localizable.strings', 'de', '95 %'],
    ['日本語/ファイル.json', 'ja', '100 %'],
  ];

  it('aligns columns by their display width', () => {
    const lines = renderTable(['FILE', 'LOCALE', 'DONE'], rows, { align: ['left', 'left', 'right'] }).split('\n');
    expect(new Set(lines.map((l) => displayWidth(l))).size).toBe(1);
  });

  it('fits the terminal width by cutting the widest left-aligned column', () => {
    const table = renderTable(['FILE', 'LOCALE', 'DONE'], rows, { align: ['left', 'left', 'right'], columns: 30 });
    for (const line of table.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(table).toContain('…');
    expect(table).toContain('100 %'); // numbers are never cut
  });

  it('leaves a table alone without a width (a pipe)', () => {
    expect(renderTable(['FILE'], [['x'.repeat(200)]])).toContain('x'.repeat(200));
  });
});

describe('numbers', () => {
  it('rounds percentages down', () => {
    expect(percent(0.9999)).toBe('99.9 %');
    expect(percent(0.95)).toBe('95 %');
    expect(percent(1)).toBe('100 %');
  });
  it('draws bars', () => expect(bar(0.5)).toBe('█████░░░░░'));
  it('formats bytes', () => expect(formatBytes(1536)).toBe('1.5 KB'));
});
