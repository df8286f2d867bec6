// docs/security.md names, for each surface, the module that holds a rule and the test file that proves it.
// A page that names a file which does not exist (renamed, moved, never written) would be a promise nobody
// keeps: every file it links must exist, every surface must have its table, and the README must link it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const page = readFileSync(join(root, 'docs', 'security.md'), 'utf8');

/** Every relative link of the page, as a path from the repository's root. */
const links = [...page.matchAll(/\]\((\.\.\/[^)#\s]+)\)/g)].map((m) => join('docs', m[1]!));

/** The sections of the page: a heading and the table rows under it. */
const sections = page.split(/^## /m).slice(1);
const rowsOf = (title: string) =>
  (sections.find((s) => s.startsWith(title)) ?? '')
    .split('\n')
    .filter((line) => /^\| (?!---|what is untrusted)/.test(line));

describe('docs/security.md', () => {
  it('links files that exist: every rule’s module and every test file', () => {
    expect(links.length).toBeGreaterThan(20);
    const missing = links.filter((link) => !existsSync(join(root, link)));
    expect(missing).toEqual([]);
  });

  it.each([
    'The CLI on a pull request',
    'The Action',
    'Over-the-air strings in an app',
    "loc-mock on a developer's machine",
  ])('%s: a table whose every row names a test file', (title) => {
    const rows = rowsOf(title);
    expect(rows.length, title).toBeGreaterThan(2);
    for (const row of rows) expect(row, row).toMatch(/\]\(\.\.\/[^)]+\.test\.ts\)\s*\|\s*$/);
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/security.md)');
  });
});
