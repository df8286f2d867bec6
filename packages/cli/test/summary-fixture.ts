// The change summary's tests share one pair of seeds and two loc-mocks: the demo seed, and the same seed
// after five kinds of change. export-summary.test.ts checks what loc prints; export-summary-zips.test.ts
// checks its counts against a diff of the ZIPs by readers loc does not use.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { MOCK_BIN, runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

interface Segment {
  key: string;
  source: string;
  translations: Record<string, { text: string; status: string }>;
}
export interface Project {
  slug: string;
  sourceLocale: string;
  targetLocales: string[];
  files: { path: string; segments: Segment[] }[];
}
export interface Seed {
  projects: Project[];
}

/** The projects changed: one of each resource type, so every export format has one. */
const PROJECTS = ['web-frontend', 'mobile-ios', 'mobile-android'];

/**
 * The demo seed with a plural key (two forms) and a placeholder in each project, and the changed seed: one
 * translation changed (to a text with HTML and a mention, which Markdown must not pass on), one plural form
 * changed (the key changes, its forms are its value), a placeholder renamed, a key added, a key removed.
 */
function seeds(): { before: Seed; after: Seed } {
  const before = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' })) as Seed;
  for (const project of before.projects.filter((p) => PROJECTS.includes(p.slug)))
    project.files[0]!.segments.push(
      {
        key: 'items.one',
        source: '{count} item',
        translations: { de: { text: '{count} Eintrag', status: 'APPROVED' } },
      },
      {
        key: 'items.other',
        source: '{count} items',
        translations: { de: { text: '{count} Einträge', status: 'APPROVED' } },
      },
      { key: 'hello.user', source: 'Hello {name}', translations: { de: { text: 'Hallo {name}', status: 'APPROVED' } } },
    );
  const after = structuredClone(before);
  for (const project of after.projects.filter((p) => PROJECTS.includes(p.slug))) {
    const segments = project.files[0]!.segments;
    const find = (key: string) => segments.find((s) => s.key === key)!;
    find('app.title').translations.de!.text = 'Acme Notizbuch <b>neu</b> @team';
    find('items.one').translations.de!.text = 'ein Eintrag';
    find('hello.user').translations.de!.text = 'Hallo {user}';
    segments.push({
      key: 'zz.added',
      source: 'Added',
      translations: { de: { text: 'Hinzugefügt', status: 'APPROVED' }, fr: { text: 'Ajouté', status: 'TRANSLATED' } },
    });
    const removed = segments.findIndex((s) => s.key === 'greeting');
    if (removed < 0) throw new Error('the demo seed has no key "greeting" to remove');
    segments.splice(removed, 1);
  }
  return { before, after };
}

/**
 * Registers the file's hooks: a folder, the seeds, and a loc-mock on each seed (started before the tests,
 * stopped after). `loc(mock, args)` runs the built loc against one of them, in that folder.
 */
export function summaryFixture(name: string) {
  const dir = tempDir(`loc-${name}-`);
  const home = tempDir(`loc-${name}-home-`);
  const seeded = seeds();
  const mocks: { before?: RunningMock; after?: RunningMock } = {};
  beforeAll(async () => {
    writeFileSync(join(dir.path, 'before.json'), JSON.stringify(seeded.before));
    writeFileSync(join(dir.path, 'after.json'), JSON.stringify(seeded.after));
    [mocks.before, mocks.after] = await Promise.all(
      ['before.json', 'after.json'].map((seed) =>
        startMock(['--seed', join(dir.path, seed), '--export-delay', '20ms']),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all([mocks.before?.stop(), mocks.after?.stop()]);
    dir.remove();
    home.remove();
  });
  const loc = (mock: 'before' | 'after', args: string[]) =>
    runLoc(args, {
      cwd: dir.path,
      env: { LOC_BASE_URL: mocks[mock]!.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: home.path, CI: '1' },
    });
  return { dir, seeded, mocks, loc };
}
