// `loc export` end to end, the delivery side: locale mapping, targets checked before any request (the
// mock's request log proves none was sent), files the user changed, and the resume command.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOC_BIN, runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

let mock: RunningMock;
let home: ReturnType<typeof tempDir>;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  mock = await startMock(['--export-delay', '100ms'], { log: true });
  home = tempDir('loc-home-');
});
afterAll(async () => {
  await mock.stop();
  home.remove();
});
beforeEach(async () => {
  dir = tempDir('loc-delivery-');
  await mock.requests(); // start each test with an empty log
});
afterEach(() => dir.remove());

function loc(args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}) {
  return runLoc(args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      LOC_BASE_URL: mock.url,
      LOC_API_TOKEN: TOKENS.developer,
      LOC_CONFIG_DIR: home.path,
      CI: '1',
      ...options.env,
    },
  });
}

/** Every file below `root`, relative, sorted. */
function tree(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

const IOS = ['export', '-w', 'acme', '-p', 'mobile-ios'];
const exportsRequested = (requests: string[]) =>
  requests.filter((r) => r.startsWith('POST ') && r.endsWith('/exports'));

describe('locale mapping', () => {
  it('renames the locales of the default layout: Base.lproj for the source, zh-TW for zh-Hant', async () => {
    const out = join(dir.path, 'ios');
    const result = await loc([
      ...IOS,
      '--out',
      out,
      '--locale-map',
      'en=Base',
      '--locale-map',
      'zh-Hant=zh-TW',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const files = tree(out).filter((f) => !f.startsWith('.'));
    expect(files).toContain('Resources/Base.lproj/Localizable.strings');
    expect(files).toContain('Resources/zh-TW.lproj/InfoPlist.strings');
    expect(files.some((f) => f.includes('zh-Hant') || f.includes('en.lproj'))).toBe(false);
    expect(result.json().files).toContainEqual(
      expect.objectContaining({
        source: 'Resources/zh-Hant.lproj/Localizable.strings',
        locale: 'zh-TW',
        serviceLocale: 'zh-Hant',
        path: 'Resources/zh-TW.lproj/Localizable.strings',
      }),
    );
    expect(result.json().localeMap).toEqual({ en: 'Base', 'zh-Hant': 'zh-TW' });
  });

  it('takes localeMap from loc.config.json; a flag wins for its locale', async () => {
    writeFileSync(
      join(dir.path, 'loc.config.json'),
      JSON.stringify({
        workspace: 'acme',
        project: 'mobile-ios',
        localeMap: { 'zh-Hant': 'zh-HK', de: 'de-AT' },
        export: { out: 'App', pathTemplate: '{lproj}/{filename}' },
      }),
    );
    const result = await loc(['export', '--locale-map', 'zh-Hant=zh-TW'], { cwd: dir.path });
    expect(result.code, result.stderr).toBe(0);
    const folders = [
      ...new Set(
        tree(join(dir.path, 'App'))
          .filter((f) => !f.startsWith('.'))
          .map((f) => f.split('/')[0]),
      ),
    ].sort();
    expect(folders).toEqual(['de-AT.lproj', 'en.lproj', 'fr.lproj', 'ja.lproj', 'zh-TW.lproj']);
  });

  it.each([
    [['--locale-map', 'zh-Hant'], /from=to/],
    [['--locale-map', 'de=values-de'], /'de' is mapped to 'values-de', which is not a locale code/],
    [['--locale-map', 'de=fr'], /sends both 'fr' and 'de' to 'fr'|sends both 'de' and 'fr'/],
  ])('refuses the bad map %j before any request (exit 2)', async (flags, message) => {
    const extra = flags[1] === 'de=fr' ? ['--locale-map', 'fr=fr'] : [];
    const result = await loc([...IOS, '--out', dir.path, ...flags, ...extra]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(await mock.requests()).toEqual([]);
  });

  it('refuses a bad localeMap in loc.config.json, naming it', async () => {
    writeFileSync(
      join(dir.path, 'loc.config.json'),
      JSON.stringify({ workspace: 'acme', project: 'mobile-ios', localeMap: { en: 'Base.lproj' } }),
    );
    const result = await loc(['export'], { cwd: dir.path });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/localeMap: 'en' is mapped to 'Base.lproj'/);
    expect(await mock.requests()).toEqual([]);
  });
});

describe('targets and templates are checked before any request', () => {
  it('--out naming a file: exit 2, nothing sent', async () => {
    const file = join(dir.path, 'file.txt');
    writeFileSync(file, 'mine');
    const result = await loc([...IOS, '--out', file]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--out .*file\.txt is a file, not a folder/);
    expect(await mock.requests()).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('--out below a file: exit 2, nothing sent', async () => {
    writeFileSync(join(dir.path, 'file.txt'), 'mine');
    const result = await loc([...IOS, '--out', join(dir.path, 'file.txt', 'sub')]);
    expect(result.code, result.stderr).toBe(2);
    expect(await mock.requests()).toEqual([]);
  });

  it('--zip naming a folder: exit 2, nothing sent', async () => {
    mkdirSync(join(dir.path, 'folder'));
    const result = await loc([...IOS, '--zip', join(dir.path, 'folder')]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--zip .*folder is a folder/);
    expect(await mock.requests()).toEqual([]);
  });

  it('--zip naming a file that is there: exit 10, nothing sent, the file kept; --force replaces it', async () => {
    const zip = join(dir.path, 'mine.zip');
    writeFileSync(zip, 'mine');
    const refused = await loc([...IOS, '--zip', zip]);
    expect(refused.code, refused.stderr).toBe(10);
    expect(refused.stderr).toMatch(/mine\.zip exists already, so nothing was requested/);
    expect(refused.stderr).toMatch(/Rerun with --force to replace it/);
    expect(await mock.requests()).toEqual([]);
    expect(readFileSync(zip, 'utf8')).toBe('mine');

    const dryRun = await loc([...IOS, '--zip', zip, '--dry-run', '--json']);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({ dryRun: true, zip: { path: zip, exists: true } });
    expect(dryRun.stderr).toMatch(/A real run would stop: .*mine\.zip exists already\. Rerun with --force/);
    expect(readFileSync(zip, 'utf8')).toBe('mine');

    // The command the message suggests works, and replaces the file whole.
    const forced = await loc([...IOS, '--zip', zip, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(zip).subarray(0, 2).toString()).toBe('PK');
  });

  it('a template without the locale when several locales come back: exit 2 before the export is requested', async () => {
    const result = await loc([...IOS, '--out', dir.path, '--path-template', '{filename}']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/puts both .* at 'Localizable.strings'/);
    expect(result.stderr).toMatch(/Add \{locale\}/);
    expect(exportsRequested(await mock.requests())).toEqual([]);
    expect(tree(dir.path)).toEqual([]);
  });

  it('a template without the file name when several files come back: exit 2 before the export is requested', async () => {
    const result = await loc([...IOS, '--out', dir.path, '--path-template', '{locale}.strings', '--locale', 'de']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/Add \{filename\}/);
    expect(exportsRequested(await mock.requests())).toEqual([]);
  });

  it('the same template is fine when one file in one locale comes back, which comes by its own URL, not as a ZIP', async () => {
    const result = await loc([
      ...IOS,
      '--out',
      dir.path,
      '--path-template',
      // No file name: fine for one file. (A template of placeholders that can be empty, `strings.{ext}`,
      // is refused whatever comes back: issue 32.)
      '{locale}.{ext}',
      '--locale',
      'de',
      '--file',
      'Resources/%{locale}.lproj/Localizable.strings',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(tree(dir.path).filter((f) => !f.startsWith('.'))).toEqual(['de.strings']);
    expect(result.json().via).toBe('files');
    const downloads = (await mock.requests()).filter((r) => r.startsWith('GET /_storage/'));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).not.toMatch(/\.zip$/);
  });
});

describe('files the user changed', () => {
  it('are never overwritten silently: exit 10 naming them, nothing written; --force overwrites and says so', async () => {
    const out = join(dir.path, 'web');
    const args = [
      'export',
      '-w',
      'acme',
      '-p',
      'web-frontend',
      '--out',
      out,
      '--path-template',
      '{locale}/{filename}',
      '--locale',
      'de,fr',
    ];
    const first = await loc(args);
    expect(first.code, first.stderr).toBe(0);
    const record = JSON.parse(readFileSync(join(out, '.loc-export.json'), 'utf8'));
    expect(record.files).toContainEqual({ path: 'de/common.json', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    writeFileSync(join(out, 'de/common.json'), '{"edited": "by hand"}\n');
    const fr = readFileSync(join(out, 'fr/common.json'), 'utf8');
    writeFileSync(join(out, 'fr/common.json'), `${fr} `); // loc's file, changed
    const again = await loc([...args, '--json']);
    expect(again.code, again.stderr).toBe(10);
    expect(again.json().error.message).toMatch(/2 files changed since loc wrote them .*de\/common\.json/);
    expect(again.json().error.hint).toMatch(/--force/);
    expect(readFileSync(join(out, 'de/common.json'), 'utf8')).toBe('{"edited": "by hand"}\n');

    const dry = await loc([...args, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json().files).toContainEqual(expect.objectContaining({ path: 'de/common.json', status: 'conflict' }));

    const forced = await loc([...args, '--force', '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.json().files).toContainEqual(
      expect.objectContaining({ path: 'de/common.json', status: 'overwritten' }),
    );
    expect(forced.json().summary).toMatchObject({ overwritten: 2 });
    expect(readFileSync(join(out, 'de/common.json'), 'utf8')).not.toMatch(/edited/);

    // now loc wrote them again: a later run updates them without --force
    const later = await loc([...args, '--json']);
    expect(later.code, later.stderr).toBe(0);
    expect(later.json().summary).toMatchObject({ conflict: 0, overwritten: 0 });
  });

  it('treats a file loc never wrote as the user’s', async () => {
    const out = join(dir.path, 'web');
    mkdirSync(join(out, 'de'), { recursive: true });
    writeFileSync(join(out, 'de/common.json'), '{"mine": true}\n');
    const result = await loc([
      'export',
      '-w',
      'acme',
      '-p',
      'web-frontend',
      '--out',
      out,
      '--path-template',
      '{locale}/{filename}',
      '--locale',
      'de',
    ]);
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/de\/common\.json/);
    expect(tree(out)).toEqual(['de/common.json']);
  });
});

describe('one file of an export', () => {
  it('export download --file --locale delivers only those files: by their own URLs when the export has them, else from the ZIP', async () => {
    const started = await loc([...IOS, '--no-wait']);
    expect(started.code, started.stderr).toBe(0);
    const id = started.stdout.trim();
    const out = join(dir.path, 'one');
    const args = [
      'export',
      'download',
      id,
      '-w',
      'acme',
      '-p',
      'mobile-ios',
      '--out',
      out,
      '--path-template',
      '{lproj}/{filename}',
    ];
    const result = await loc([
      ...args,
      '--file',
      'Resources/%{locale}.lproj/Localizable.strings',
      '--locale',
      'de',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(tree(out).filter((f) => !f.startsWith('.'))).toEqual(['de.lproj/Localizable.strings']);
    const listed = result.json().export.resourceExports as { downloadUrl: string | null }[];
    const perFile = listed.every((f) => f.downloadUrl);
    expect(result.json().via).toBe(perFile ? 'files' : 'zip');
    const downloads = (await mock.requests()).filter((r) => r.startsWith('GET /_storage/'));
    expect(downloads).toHaveLength(1);
    if (perFile) expect(downloads[0]).not.toMatch(/\.zip$/);

    const none = await loc([...args, '--locale', 'xx']);
    expect(none.code, none.stderr).toBe(2);
    expect(none.stderr).toMatch(/The export has no file matching --locale xx/);
  });
});

describe('the resume command', () => {
  it('after a timeout reproduces the invocation: run as printed, it delivers to the same place', async () => {
    // An export that cannot finish within the 1 s deadline, whatever the load: its hour passes on the mock's
    // clock (the control API) once the first run has timed out, so the resumed run finds it done.
    const slow = await startMock(['--export-delay', '1h']);
    try {
      const out = join(dir.path, 'out dir');
      const config = join(dir.path, 'loc.config.json');
      writeFileSync(config, JSON.stringify({ workspace: 'acme', project: 'mobile-ios' }));
      const args = [
        ...IOS,
        '--out',
        out,
        '--path-template',
        '{lproj}/{filename}',
        '--locale-map',
        'en=Base,zh-Hant=zh-TW',
        '--locale',
        'en,zh-Hant',
        '--base-url',
        slow.url,
        '--config',
        config,
        // Relative, from the first run's folder: the resumed run, started elsewhere, writes it there.
        '--summary',
        'summary.md',
        '--summary-keys',
        '5',
        '--force',
      ];
      // The deadline must pass after the export is created (then there is something to resume): on a
      // loaded machine even creating it can take over 1 s, so a run that timed out before it had an id is
      // repeated with twice the deadline (at most 4 runs: 1, 2, 4, 8 s).
      const at = { cwd: dir.path, env: { LOC_BASE_URL: undefined } };
      let first = await loc([...args, '--timeout', '1s'], at);
      for (let seconds = 2; seconds <= 8 && !/Resume with/.test(first.stderr); seconds *= 2)
        first = await loc([...args, '--timeout', `${seconds}s`], at);
      expect(first.code, first.stderr).toBe(8);
      const resume = /Resume with: (.+?)(?: \(or wait longer|, or allow more time|$)/m.exec(first.stderr)?.[1];
      expect(resume, first.stderr).toBeDefined();
      for (const flag of [
        '--out',
        '--path-template',
        '--locale-map',
        '--base-url',
        '--config',
        '--summary',
        '--summary-keys',
        '--force',
      ])
        expect(resume).toContain(flag);
      expect(existsSync(join(dir.path, 'summary.md'))).toBe(false);
      expect(resume).not.toContain(TOKENS.developer);
      const advanced = await fetch(`${slow.url}/__admin/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: 3_600_000 }),
      });
      expect(advanced.status, await advanced.text()).toBe(200);

      // run exactly what was printed, through a shell, from another folder and without LOC_BASE_URL
      const other = tempDir('loc-elsewhere-');
      try {
        const resumed = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn('sh', ['-c', resume!.replace(/^loc /, `"${process.execPath}" "${LOC_BIN}" `)], {
            cwd: other.path,
            env: {
              PATH: process.env.PATH ?? '',
              HOME: home.path,
              LOC_API_TOKEN: TOKENS.developer,
              LOC_CONFIG_DIR: home.path,
              CI: '1',
              NO_COLOR: '1',
            },
          });
          let stderr = '';
          child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
          child.on('close', (code) => resolve({ code, stderr }));
        });
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(tree(out).filter((f) => !f.startsWith('.'))).toEqual([
          'Base.lproj/InfoPlist.strings',
          'Base.lproj/Localizable.strings',
          'zh-TW.lproj/InfoPlist.strings',
          'zh-TW.lproj/Localizable.strings',
        ]);
        expect(tree(other.path)).toEqual([]);
        // The summary the first run was asked for, written by the resumed one where the first would have.
        const summary = readFileSync(join(dir.path, 'summary.md'), 'utf8');
        expect(summary).toMatch(/zh-TW/);
        expect(summary).toMatch(/added/i);
      } finally {
        other.remove();
      }
    } finally {
      await slow.stop();
    }
  });
});
