// `loc export --status approved|translated`: only what reviewers approved (or what is translated) ships,
// each file fetched through the per-file download, delivered where and as today's export delivers (record,
// --check, summary). A reviewer approves on the mock (its control setTranslations) and the next pull ships
// exactly that.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

let mock: RunningMock;
let home: ReturnType<typeof tempDir>;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  mock = await startMock(['--export-delay', '0ms'], { log: true });
  home = tempDir('loc-home-');
});
afterAll(async () => {
  await mock.stop();
  home.remove();
});
beforeEach(async () => {
  dir = tempDir('loc-status-');
  expect((await fetch(`${mock.url}/__admin/reset`, { method: 'POST' })).status).toBe(200);
  await mock.requests();
});
afterEach(() => dir.remove());

function loc(args: string[]) {
  return runLoc(args, {
    cwd: dir.path,
    env: { LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: home.path, CI: '1' },
  });
}

const WEB = ['-w', 'acme', '-p', 'web-frontend', '--out', 'locales', '--path-template', '{locale}/{filename}'];
const keysOf = (file: string) => Object.keys(JSON.parse(readFileSync(join(dir.path, 'locales', file), 'utf8')));

/** Per status, how many segments of web-frontend's common.json a locale has (loc status, by file). */
async function counts(locale: string): Promise<Record<string, number>> {
  const status = await loc(['status', '-w', 'acme', '-p', 'web-frontend', '--by-file', '--locale', locale, '--json']);
  const row = status
    .json<{ locales: { file: string; counts: Record<string, number> }[] }>()
    .locales.find((l) => l.file === 'locales/%{locale}/common.json');
  expect(row, status.stdout).toBeDefined();
  return row!.counts;
}

async function approve(keys: string[]) {
  const done = await fetch(`${mock.url}/__admin/translations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workspace: 'acme', project: 'web-frontend', locale: 'de', keys, status: 'APPROVED' }),
  });
  expect(done.status, await done.text()).toBe(200);
}

describe('loc export --status', () => {
  it('ships exactly what reviewers approved, the source whole; approving a key ships it on the next pull', async () => {
    const all = await loc(['export', ...WEB, '--quiet']);
    expect(all.code, all.stderr).toBe(0);
    expect(readFileSync(join(dir.path, 'locales/de/common.json'), 'utf8')).toMatch(/\?Hilfe/);
    const everyKey = keysOf('en/common.json');
    await mock.requests();

    const approved = await loc(['pull', ...WEB, '--status', 'approved', '--force', '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    const doc = approved.json<{
      export: unknown;
      via: string;
      status: string;
      files: { path: string; status: string }[];
    }>();
    expect(doc).toMatchObject({ export: null, via: 'resources', status: 'approved' });
    expect(doc.files.map((f) => f.path).sort()).toEqual(
      ['de', 'en', 'fr', 'ja'].flatMap((l) => [`${l}/checkout.json`, `${l}/common.json`]).sort(),
    );
    // No export job: the per-file download, once per file, with the filter.
    const requests = await mock.requests();
    expect(requests.some((r) => r.includes('/exports'))).toBe(false);
    expect(requests.filter((r) => r.includes('/resources/'))).toHaveLength(8);
    const de = keysOf('de/common.json');
    expect(de).not.toContain('question.start');
    expect(de).toHaveLength((await counts('de')).APPROVED!);
    expect(keysOf('en/common.json')).toEqual(everyKey);

    await approve(['question.start']);
    const check = await loc(['export', ...WEB, '--status', 'approved', '--check']);
    expect(check.code, check.stderr).toBe(12);
    expect(check.stdout + check.stderr).toMatch(/de\/common\.json/);
    const next = await loc(['export', ...WEB, '--status', 'approved', '--summary', 'summary.md']);
    expect(next.code, next.stderr).toBe(0);
    expect(keysOf('de/common.json')).toContain('question.start');
    expect(keysOf('de/common.json')).toHaveLength((await counts('de')).APPROVED!);
    expect(readFileSync(join(dir.path, 'summary.md'), 'utf8')).toMatch(/question\.start/);
    expect((await loc(['export', ...WEB, '--status', 'approved', '--check'])).code).toBe(0);
  });

  it('translated: translated and approved, no drafts and no machine prefills', async () => {
    const translated = await loc(['export', ...WEB, '--status', 'translated', '--quiet']);
    expect(translated.code, translated.stderr).toBe(0);
    const c = await counts('fr');
    expect(keysOf('fr/common.json')).toHaveLength(c.APPROVED! + c.TRANSLATED!);
  });

  it('reads status from loc.config.json, a target’s own over the top level’s', async () => {
    writeFileSync(
      join(dir.path, 'loc.config.json'),
      JSON.stringify({
        workspace: 'acme',
        export: { pathTemplate: '{locale}/{filename}', status: 'approved' },
        targets: [
          { name: 'reviewed', project: 'web-frontend', out: 'locales' },
          { name: 'drafts', project: 'web-frontend', out: 'drafts', status: 'all', locales: ['de'] },
        ],
      }),
    );
    const run = await loc(['export', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(keysOf('de/common.json')).not.toContain('question.start');
    expect(readFileSync(join(dir.path, 'drafts/de/common.json'), 'utf8')).toMatch(/\?Hilfe/);
  });

  it('refuses what has no meaning without an export job, or a format the download would not give', async () => {
    for (const [flags, message] of [
      [['--zip', 'x.zip'], /no ZIP to keep \(--zip\)/],
      [['--no-wait'], /no export to wait for later \(--no-wait\)/],
      [['--format', 'json.i18next'], /takes a \.json file of this project as json\.standard, not json\.i18next/],
    ] as const) {
      const refused = await loc(['export', ...WEB, '--status', 'approved', ...flags]);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(message);
    }
    const bad = await loc(['export', ...WEB, '--status', 'reviewed']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are all, translated, approved/);
    expect(existsSync(join(dir.path, 'locales'))).toBe(false);
    expect((await mock.requests()).filter((r) => !r.startsWith('GET'))).toEqual([]);
  });
});
