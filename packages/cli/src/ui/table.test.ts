import { describe, expect, it } from 'vitest';
import { bar, formatBytes, percent } from './quantities';
import { stripVTControlCharacters } from 'node:util';
import pc from 'picocolors';
import { marked, terminalText } from './terminal-text';
import { displayWidth, middleCut, renderTable, truncate } from './table';

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

describe('middleCut', () => {
  it('keeps both ends, and a file name its extension', () => {
    expect(middleCut('Localizable.strings', 14)).toBe('Local….strings');
    expect(middleCut('abcdefghij', 5)).toBe('ab…ij');
    expect(middleCut('short', 8)).toBe('short');
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

/** The demo's iOS export: ten files, two names in five locales, as `loc export` lists them. */
const IOS = ['Localizable.strings', 'InfoPlist.strings'].flatMap((name) =>
  ['en', 'de', 'fr', 'ja', 'zh-Hant'].map((locale) => `Resources/${locale}.lproj/${name}`),
);
const exportTable = (columns: number) =>
  renderTable(
    ['STATUS', 'FILE', 'FROM THE EXPORT'],
    IOS.map((path) => ['created', `out-ios/${path}`, path]),
    { columns, fit: [{ cut: 'never' }, { cut: 'path' }, { cut: 'path', drop: 1 }] },
  );

/** The demo's workspace status: four projects, two of them `mobile-…`, sixteen rows. */
const STATUS_HEADER = ['PROJECT', 'LOCALE', 'APPROVED', '', 'TRANSLATED', 'DRAFT', 'PREFILLED', 'MISSING', 'SEGMENTS'];
const STATUS_ROWS = (
  [
    ['mobile-ios', 5],
    ['mobile-android', 4],
    ['web-frontend', 4],
    ['backend', 3],
  ] as const
).flatMap(([project, count]) =>
  ['en', 'de', 'fr', 'ja', 'zh-Hant']
    .slice(0, count)
    .map((locale) => [project, locale, '64.2 %', '██████░░░░', '85.7 %', '1', '0', '11', '14']),
);
const statusTable = (columns: number | undefined) =>
  renderTable(STATUS_HEADER, STATUS_ROWS, {
    columns,
    align: ['left', 'left', 'right', 'left', 'right', 'right', 'right', 'right', 'right'],
    fit: [
      { cut: 'never' },
      { cut: 'never' },
      { short: 'APPR.' },
      { drop: 1 },
      { short: 'TRANSL.' },
      { drop: 3 },
      { drop: 2, short: 'PREFILL.' },
      { drop: 5 },
      { drop: 4, short: 'SEGM.' },
    ],
  });

const lines = (table: string) => table.split('\n');
/** Each body row of a table as it reads, without its padding. */
const rowsOf = (table: string) =>
  lines(table)
    .slice(1)
    .map((l) => l.replace(/\s+/g, ' '));

describe('renderTable at the width of a terminal', () => {
  it.each([80, 40])('never wraps at %i columns, and every row still reads differently', (columns) => {
    for (const table of [exportTable(columns), statusTable(columns)]) {
      for (const line of lines(table)) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
      expect(new Set(rowsOf(table)).size).toBe(lines(table).length - 1);
    }
  });

  it('leaves out the column of low value before it cuts the file written (80 columns)', () => {
    const table = exportTable(80);
    expect(table).not.toContain('FROM THE EXPORT');
    expect(table).toContain('out-ios/Resources/zh-Hant.lproj/Localizable.strings'); // whole
  });

  it('cuts a path from its start, keeping the folders that tell the rows apart (40 columns)', () => {
    const table = exportTable(40);
    expect(table).toContain('…/de.lproj/Localizable.strings');
    expect(table).toContain('…/de.lproj/InfoPlist.strings');
    // Where even that is too long, inside the name, keeping its locale folder and its extension.
    expect(table).toMatch(/…\/zh-Hant\.lproj\/Locali…\.strings/);
  });

  it('drops the bar and shortens headers before it cuts a project (80 columns)', () => {
    const table = statusTable(80);
    expect(lines(table)[0]).toMatch(/^PROJECT\s+LOCALE\s+APPR\.\s+TRANSL\.\s+DRAFT\s+PREFILL\.\s+MISSING\s+SEGM\.$/);
    expect(table).not.toContain('█');
    expect(table).toContain('mobile-android');
    expect(table).not.toContain('…');
  });

  it('leaves out the counts, lowest value first, at 40 columns: the projects stay whole', () => {
    const table = statusTable(40);
    expect(lines(table)[0]).toMatch(/^PROJECT\s+LOCALE\s+APPR\.\s+TRANSL\.$/);
    expect(table).toContain('mobile-android  de');
    expect(table).not.toContain('…');
  });

  it('gives up the folders every path shares before it leaves a count out (loc status --by-file, 80 columns)', () => {
    const files = ['Localizable.strings', 'InfoPlist.strings'].flatMap((name) =>
      ['en', 'de', 'zh-Hant'].map((locale) => [
        `Resources/%{locale}.lproj/${name}`,
        locale,
        '50 %',
        '█████░░░░░',
        '50 %',
        '1',
        '0',
        '1',
        '2',
      ]),
    );
    const table = renderTable(['FILE', ...STATUS_HEADER.slice(1)], files, {
      columns: 80,
      align: ['left', 'left', 'right', 'left', 'right', 'right', 'right', 'right', 'right'],
      fit: [
        { cut: 'path' },
        { cut: 'never' },
        { short: 'APPR.' },
        { drop: 1 },
        { short: 'TRANSL.' },
        { drop: 3 },
        { drop: 2, short: 'PREFILL.' },
        { drop: 5 },
        { drop: 4, short: 'SEGM.' },
      ],
    });
    expect(lines(table)[0]).toMatch(/^FILE\s+LOCALE\s+APPR\.\s+TRANSL\.\s+DRAFT\s+PREFILL\.\s+MISSING\s+SEGM\.$/);
    expect(lines(table)[1]).toMatch(/^…\/Localizable\.strings\s+en\s/);
    for (const line of lines(table)) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it('prints each row as a block when no table fits', () => {
    const table = statusTable(30);
    expect(table).toContain('PROJECT     mobile-android\nLOCALE      de\n');
    for (const line of lines(table)) expect(displayWidth(line)).toBeLessThanOrEqual(30);
  });

  it('never cuts two different texts to the same one', () => {
    const names = [
      'config/locales/%{locale}/a-very-long-common-name.json',
      'config/locales/%{locale}/a-very-long-common-name.yaml',
    ];
    const table = renderTable(
      ['FILE', 'N'],
      names.map((n) => [n, '1']),
      { columns: 24, fit: [{ cut: 'path' }] },
    );
    expect(new Set(rowsOf(table)).size).toBe(2);
  });

  it('keeps the colour of a cell it cuts', () => {
    const dim = marked(pc.createColors(true).dim);
    const table = renderTable(['A', 'B'], [['x', dim('one/two/three/four/five.strings')]], {
      columns: 26,
      fit: [undefined, { cut: 'path' }],
    });
    const shown = terminalText(table);
    expect(shown).toContain('\u001b[2m…/four/five.strings\u001b[22m');
    expect(stripVTControlCharacters(shown)).toContain('…/four/five.strings');
  });

  it('is the same table without a width, as in a pipe', () => {
    expect(lines(statusTable(undefined))[0]).toMatch(/^PROJECT\s+LOCALE\s+APPROVED\s+TRANSLATED\s+DRAFT/);
    expect(exportTable(500)).toContain('FROM THE EXPORT');
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
