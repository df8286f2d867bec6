// The key-by-key change summary against an independent diff of the export ZIPs' contents, for every export
// format the mock serves: the real built loc downloads each format's ZIP from a loc-mock before and after a
// change of its strings (keys added, changed and removed, a plural form and a placeholder changed), and
// test/zip_diff.py — Python's standard library, and Ruby's Psych for YAML, none of loc's readers — diffs
// the two ZIPs per locale. Its counts must equal those of `loc export --check --json`. A missing python3
// (or ruby, for YAML) skips the tests it reads for, loudly: never a pass.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { summaryFixture } from './summary-fixture';

const DIFF = join(dirname(fileURLToPath(import.meta.url)), 'zip_diff.py');
const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const PYTHON = works('python3', ['-c', 'import json, plistlib, xml.etree.ElementTree, zipfile']);
const RUBY = works('ruby', ['-e', 'require "yaml"; require "json"']);
for (const [tool, available, install] of [
  ['python3', PYTHON, 'apt package python3'],
  ['ruby (Psych, for YAML)', RUBY, 'apt package ruby'],
] as const)
  if (!available)
    console.warn(`\n!!! ${tool} MISSING — its ZIP-diff tests are SKIPPED, not passed. Install: ${install}.\n`);

/** Every format the mock exports, with a project whose files it fits. */
const PROJECT_OF: Record<string, string> = {
  'json.standard': 'web-frontend',
  'json.nested': 'web-frontend',
  'json.i18next': 'web-frontend',
  'yaml.standard': 'web-frontend',
  'yaml.rails': 'web-frontend',
  properties: 'web-frontend',
  'po.gettext': 'web-frontend',
  'xliff.standard': 'web-frontend',
  'strings.ios': 'mobile-ios',
  'stringsdict.ios': 'mobile-ios',
  'xml.android.resources': 'mobile-android',
};

const { dir, seeded, loc } = summaryFixture('summary-zips');
const projects = seeded.before.projects;

type Counts = Record<string, { added: number; changed: number; removed: number }>;

describe('the change summary against a diff of the ZIPs by readers loc does not use', () => {
  it('covers every format the mock serves', async () => {
    const formats = await loc('before', ['export', 'formats', '--json']);
    expect(formats.code, formats.stderr).toBe(0);
    expect(
      formats
        .json()
        .formats.map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual(Object.keys(PROJECT_OF).sort());
  });

  for (const [format, project] of Object.entries(PROJECT_OF))
    it.skipIf(!PYTHON || (format.startsWith('yaml') && !RUBY))(
      `${format} (${project}): per-locale counts equal the ZIP diff`,
      async () => {
        const base = ['export', '--workspace', 'acme', '--project', project, '--format', format];
        const zips = { before: join(dir.path, `${format}-before.zip`), after: join(dir.path, `${format}-after.zip`) };
        for (const side of ['before', 'after'] as const) {
          const saved = await loc(side, [...base, '--zip', zips[side]]);
          expect(saved.code, saved.stderr).toBe(0);
        }
        const seedProject = projects.find((p) => p.slug === project)!;
        const diff = spawnSync(
          'python3',
          [DIFF, zips.before, zips.after, JSON.stringify([seedProject.sourceLocale, ...seedProject.targetLocales])],
          { encoding: 'utf8' },
        );
        expect(diff.status, diff.stderr).toBe(0);
        const expected = JSON.parse(diff.stdout) as Counts;
        // The diff sees the change: the title, the plural form and the placeholder in de, the key added and
        // removed; in a .stringsdict, which holds the plurals alone, the plural form.
        expect(expected.de).toEqual(
          format === 'stringsdict.ios' ? { added: 0, changed: 1, removed: 0 } : { added: 1, changed: 3, removed: 1 },
        );

        const out = join(dir.path, format);
        const exported = await loc('before', [...base, '--out', out]);
        expect(exported.code, exported.stderr).toBe(0);
        const checked = await loc('after', [...base, '--out', out, '--check', '--summary-keys', '1000', '--json']);
        expect(checked.code, checked.stderr).toBe(12);
        const { keys } = checked.json();
        expect(keys.unread).toEqual([]);
        const actual: Counts = Object.fromEntries(
          keys.locales.map((l: { locale: string; added: number; changed: number; removed: number }) => [
            l.locale,
            { added: l.added, changed: l.changed, removed: l.removed },
          ]),
        );
        expect(actual).toEqual(expected);
      },
    );
});
