// The key-by-key change summary of `loc export --check --summary`, for every export format: the real
// built loc against two real loc-mocks (a seed, and the same seed after translators worked), its counts
// compared with an independent diff — the two seeds' strings, locale by locale — not with loc's readers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Project, type Seed, summaryFixture } from './summary-fixture';

const { dir, seeded, loc } = summaryFixture('summary');

type Counts = Record<string, { added: number; changed: number; removed: number }>;

/**
 * The independent diff: each locale's strings in the two seeds (plural forms counted once per key); only
 * the plurals for a format that holds plurals alone (a `.stringsdict`).
 */
function expectedCounts(before: Project, after: Project, pluralsOnly = false): Counts {
  const stringsOf = (project: Project, locale: string) => {
    const strings = new Map<string, string>();
    for (const file of project.files)
      for (const s of file.segments) {
        const text = locale === project.sourceLocale ? s.source : s.translations[locale]?.text;
        if (!text || (pluralsOnly && !/\.(one|other)$/.test(s.key))) continue;
        const key = s.key.replace(/\.(one|other)$/, '');
        strings.set(key, (strings.get(key) ?? '') + text);
      }
    return strings;
  };
  const counts: Counts = {};
  for (const locale of [before.sourceLocale, ...before.targetLocales]) {
    const a = stringsOf(before, locale);
    const b = stringsOf(after, locale);
    const c = { added: 0, changed: 0, removed: 0 };
    for (const [key, text] of b) {
      if (!a.has(key)) c.added++;
      else if (a.get(key) !== text) c.changed++;
    }
    for (const key of a.keys()) if (!b.has(key)) c.removed++;
    if (c.added + c.changed + c.removed) counts[locale] = c;
  }
  return counts;
}

const FORMATS: [project: string, format: string][] = [
  ['web-frontend', 'json.standard'],
  ['web-frontend', 'json.nested'],
  ['web-frontend', 'json.i18next'],
  ['web-frontend', 'yaml.standard'],
  ['web-frontend', 'yaml.rails'],
  ['web-frontend', 'properties'],
  ['web-frontend', 'po.gettext'],
  ['web-frontend', 'xliff.standard'],
  ['mobile-ios', 'strings.ios'],
  ['mobile-ios', 'stringsdict.ios'],
  ['mobile-android', 'xml.android.resources'],
];

describe('the key-by-key change summary', () => {
  it.each(FORMATS)('%s as %s: counts per locale equal an independent diff', async (project, format) => {
    const out = join(dir.path, format);
    const args = ['export', '--workspace', 'acme', '--project', project, '--format', format, '--out', out];
    const exported = await loc('before', args);
    expect(exported.code, exported.stderr).toBe(0);
    const result = await loc('after', [...args, '--check', '--summary-keys', '1000', '--json']);
    expect(result.code, result.stderr).toBe(12);
    const { keys } = result.json();
    expect(keys.unread).toEqual([]);
    const actual: Counts = Object.fromEntries(
      keys.locales.map((l: { locale: string; added: number; changed: number; removed: number }) => [
        l.locale,
        { added: l.added, changed: l.changed, removed: l.removed },
      ]),
    );
    const projectOf = (seed: Seed) => seed.projects.find((p) => p.slug === project)!;
    // A .stringsdict holds the plurals alone (the strings.ios export writes it beside each .strings).
    const pluralsOnly = format === 'stringsdict.ios';
    expect(actual).toEqual(expectedCounts(projectOf(seeded.before), projectOf(seeded.after), pluralsOnly));
    const de = keys.locales.find((l: { locale: string }) => l.locale === 'de');
    if (pluralsOnly) {
      // A plural is one key, its forms its value: a changed form changes it.
      expect(de.keys.changed).toEqual(['items']);
      return;
    }
    expect(de.keys.removed).toContain('greeting');
    expect(de.keys.added).toContain('zz.added');
    expect(de.keys.changed).toContain('app.title');
  });

  it('writes Markdown for a pull request body: counts, the first N keys, names escaped', async () => {
    const out = join(dir.path, 'md');
    const args = ['export', '--workspace', 'acme', '--project', 'web-frontend', '--out', out];
    expect((await loc('before', args)).code).toBe(0);
    const summary = join(dir.path, 'summary.md');
    const result = await loc('after', [...args, '--summary', summary, '--summary-keys', '1']);
    expect(result.code, result.stderr).toBe(0);
    const markdown = readFileSync(summary, 'utf8');
    expect(markdown).toMatch(/^### acme\/web-frontend: 3 added, 3 changed, 4 removed keys in 4 locales/);
    expect(markdown).toMatch(/\| `de` \| 1 \| 3 \| 1 \|/);
    expect(markdown).toMatch(/- changed \(3\): `app\.title` and 2 more/);
    // --summary - prints the same Markdown on stdout, instead of the table.
    const again = await loc('after', [...args, '--check', '--summary', '-', '--summary-keys', '1']);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe('### acme/web-frontend: no change');
  });

  it('writes --summary into a folder it makes when missing; a folder named as the file is refused before any request', async () => {
    const out = join(dir.path, 'md-nested');
    const args = ['export', '--workspace', 'acme', '--project', 'web-frontend', '--locale', 'de', '--out', out];
    const nested = join(dir.path, 'reports', 'pr', 'summary.md');
    const result = await loc('before', [...args, '--summary', nested]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(nested, 'utf8')).toMatch(/^### acme\/web-frontend: \d+ added/);
    const folder = await loc('before', [...args, '--summary', join(dir.path, 'reports'), '--json']);
    expect(folder.code).toBe(2);
    expect(folder.json().error.hint).toMatch(/^For example --summary (.*\/)?reports\/summary\.md\.$/);
  });

  it('refuses --summary - with --json (exit 2) before any request', async () => {
    const result = await loc('before', [
      'export',
      '--workspace',
      'acme',
      '--project',
      'backend',
      '--summary',
      '-',
      '--json',
    ]);
    expect(result.code).toBe(2);
    expect(result.json().error.message).toMatch(/--summary - writes Markdown to stdout/);
  });

  // The summary reads the output folder's files while the export is unzipped, before the plan has checked
  // their paths: a checkout's link must not make it read something else (here a pipe no one writes to,
  // which a read would wait on for ever), nor name keys of a file outside the folder.
  it.skipIf(process.platform === 'win32')(
    'reads no file of the output folder through a link: a link to a pipe or outside is refused, never read',
    async () => {
      const out = join(dir.path, 'linked');
      const args = ['export', '--workspace', 'acme', '--project', 'web-frontend', '--locale', 'de', '--out', out];
      expect((await loc('before', args)).code).toBe(0);
      const file = join(out, 'locales/de/common.json');
      const outside = join(dir.path, 'outside');
      mkdirSync(outside, { recursive: true });
      execFileSync('mkfifo', [join(outside, 'pipe')]);
      rmSync(file);
      symlinkSync(join(outside, 'pipe'), file);
      const piped = await loc('after', [...args, '--check', '--json', '--summary-keys', '5']);
      expect(piped.code, piped.stderr).toBe(10);
      expect(piped.json().error.message).toMatch(/symbolic link/);
      // A linked folder whose file holds other keys: refused, and no key of it is named anywhere.
      rmSync(join(out, 'locales/de'), { recursive: true });
      writeFileSync(join(outside, 'common.json'), '{"SECRET_KEY_OUTSIDE": "x"}');
      symlinkSync(outside, join(out, 'locales/de'));
      const linked = await loc('after', [...args, '--check', '--json', '--summary-keys', '5']);
      expect(linked.code, linked.stderr).toBe(10);
      expect(linked.stdout + linked.stderr).not.toMatch(/SECRET_KEY_OUTSIDE/);
    },
  );

  it('falls back to file-level changes for a file it cannot read, and says so', async () => {
    const out = join(dir.path, 'broken');
    const args = ['export', '--workspace', 'acme', '--project', 'web-frontend', '--locale', 'de', '--out', out];
    expect((await loc('before', args)).code).toBe(0);
    const file = join(out, 'locales/de/common.json');
    expect(existsSync(file)).toBe(true);
    writeFileSync(file, '{ not json');
    const result = await loc('after', [...args, '--check', '--json', '--summary-keys', '5']);
    expect(result.code).toBe(12);
    expect(result.json().keys.unread).toEqual([
      expect.objectContaining({
        path: 'locales/de/common.json',
        change: 'changed',
        reason: expect.stringMatching(/could not be read/),
      }),
    ]);
  });
});
