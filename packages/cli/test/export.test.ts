// `loc export` end to end: the real loc-mock, the real built binary, real files in a temporary folder.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { MOCK_BIN, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir('loc-export-');
});
afterEach(() => dir.remove());

const IOS = ['export', '--workspace', 'acme', '--project', 'mobile-ios'];
const TEMPLATE = ['--path-template', '{locale}.lproj/{filename}'];

/** Every file below `root`, relative, sorted. */
function tree(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== '.loc-export.json')
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

describe('loc export', () => {
  it('exports, waits, downloads and unzips along the path template', async () => {
    const out = join(dir.path, 'ios');
    const result = await service.loc([...IOS, '--out', out, ...TEMPLATE]);
    expect(result.code, result.stderr).toBe(0);
    expect(tree(out)).toContain('de.lproj/Localizable.strings');
    expect(tree(out)).toContain('zh-Hant.lproj/InfoPlist.strings');
    expect(tree(out)).toHaveLength(10);
    expect(readFileSync(join(out, 'de.lproj/Localizable.strings'), 'utf8')).toMatch(/^"[^"]+" = ".*";$/m);
    expect(result.stdout).toMatch(
      /created\s+\S*de\.lproj\/Localizable\.strings\s+Resources\/de\.lproj\/Localizable\.strings/,
    );
    expect(result.stderr).toMatch(/10 files: 10 created, 0 updated, 0 unchanged/);
    expect(tree(dir.path).some((f) => f.includes('.loc-staging'))).toBe(false);
  });

  it('finds nothing to change on a second run', async () => {
    const out = join(dir.path, 'ios');
    await service.loc([...IOS, '--out', out, ...TEMPLATE, '--locale', 'de']);
    const again = await service.loc([...IOS, '--out', out, ...TEMPLATE, '--locale', 'de', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().summary).toEqual({ created: 0, updated: 0, unchanged: 2, conflict: 0, overwritten: 0 });
    // The record's path beside the files' (the Action commits exactly these); a dry run keeps none.
    expect(again.json().record).toBe(join(out, '.loc-export.json'));
  });

  it('shows the mapping with --dry-run and writes nothing', async () => {
    const out = join(dir.path, 'not-yet');
    const result = await service.loc([...IOS, '--out', out, ...TEMPLATE, '--locale', 'fr', '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { files, dryRun, record } = result.json();
    expect(dryRun).toBe(true);
    expect(record).toBeUndefined();
    expect(files).toContainEqual(
      expect.objectContaining({
        source: 'Resources/fr.lproj/Localizable.strings',
        path: 'fr.lproj/Localizable.strings',
        locale: 'fr',
        status: 'created',
      }),
    );
    expect(existsSync(out)).toBe(false);
  });

  it('marks files it did not write as conflicts in a dry run, and leaves them alone', async () => {
    const out = join(dir.path, 'ios');
    mkdirSync(join(out, 'de.lproj'), { recursive: true });
    writeFileSync(join(out, 'de.lproj/Localizable.strings'), 'old');
    const result = await service.loc([...IOS, '--out', out, ...TEMPLATE, '--locale', 'de', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/conflict\s+\S*de\.lproj\/Localizable\.strings/);
    expect(result.stderr).toMatch(/rerun with --force/);
    expect(result.stdout).toMatch(/created\s+\S*de\.lproj\/InfoPlist\.strings/);
    expect(readFileSync(join(out, 'de.lproj/Localizable.strings'), 'utf8')).toBe('old');
    expect(tree(out)).toEqual(['de.lproj/Localizable.strings']);
  });

  it('keeps the ZIP with --zip', async () => {
    const zip = join(dir.path, 'web.zip');
    const result = await service.loc(['export', '-w', 'acme', '-p', 'web-frontend', '--zip', zip]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(zip).subarray(0, 2).toString()).toBe('PK');
    expect(result.stdout.trim()).toBe(zip);
  });

  it('writes no ZIP with --zip --dry-run', async () => {
    const zip = join(dir.path, 'web.zip');
    const result = await service.loc([
      'export',
      '-w',
      'acme',
      '-p',
      'web-frontend',
      '--zip',
      zip,
      '--dry-run',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toMatchObject({ dryRun: true, zip: { path: zip } });
    expect(existsSync(zip)).toBe(false);
  });

  it('exports another format and maps Android folders', async () => {
    const out = join(dir.path, 'res');
    const result = await service.loc([
      'export',
      '-w',
      'acme',
      '-p',
      'mobile-android',
      '--out',
      out,
      '--path-template',
      'values-{android_locale}/strings.xml',
      '--locale',
      'pt-BR,de',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(tree(out)).toEqual(['values-de/strings.xml', 'values-pt-rBR/strings.xml']);
    expect(readFileSync(join(out, 'values-de/strings.xml'), 'utf8')).toMatch(/<resources>/);
  });

  it('refuses a template that sends two files to one path, before requesting the export', async () => {
    const out = join(dir.path, 'flat');
    const result = await service.loc([...IOS, '--out', out, '--path-template', '{locale}.strings']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/puts both '[^']+' \(\w+\) and '[^']+' \(\w+\) at '\w+\.strings'/);
    expect(result.stderr).toMatch(/Add \{filename\}/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses an unknown placeholder as a usage error', async () => {
    const result = await service.loc([...IOS, '--out', dir.path, '--path-template', '{lang}/{filename}']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/Unknown placeholder \{lang\}/);
    expect(result.stderr).toMatch(/\{language\}/);
  });

  it('resumes: --no-wait prints the id, status and download pick it up', async () => {
    const started = await service.loc(['export', '-w', 'acme', '-p', 'backend', '--no-wait']);
    expect(started.code, started.stderr).toBe(0);
    const id = started.stdout.trim();
    expect(id).toMatch(/^\S+$/);
    expect(started.stderr).toContain(`loc export download ${id}`);

    const status = await service.loc(['export', 'status', id, '-w', 'acme', '-p', 'backend', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(['PROCESSING', 'SUCCESS']).toContain(status.json().export.status);

    const out = join(dir.path, 'backend');
    const download = await service.loc(['export', 'download', id, '-w', 'acme', '-p', 'backend', '--out', out]);
    expect(download.code, download.stderr).toBe(0);
    expect(tree(out).length).toBeGreaterThan(0);
    expect(tree(out).every((f) => f.endsWith('.properties'))).toBe(true);
  });

  /** The next export the mock creates ends ERROR (a format the project lists no longer fails: loc refuses it first). */
  const failNextExport = () =>
    fetch(`${service.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'EXPORT_ERROR', message: 'The export could not be assembled (injected).' }),
    }).then((r) => expect(r.status).toBe(200));

  it('exits 10 with the service’s details when the export fails', async () => {
    await failNextExport();
    const result = await service.loc([...IOS, '--out', dir.path]);
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/ended ERROR: .+/);
    expect(tree(dir.path)).toEqual([]);
  });

  it('export status of a failed export raises the SDK’s ExportFailedError: exit 10, its details and advice', async () => {
    await failNextExport();
    const started = await service.loc([...IOS, '--no-wait']);
    expect(started.code, started.stderr).toBe(0);
    const id = started.stdout.trim();
    let result = await service.loc(['export', 'status', id, '-w', 'acme', '-p', 'mobile-ios', '--json']);
    // Bounded by count: the mock ends a failing export within a few polls.
    for (let i = 0; i < 50 && result.code === 0; i++)
      result = await service.loc(['export', 'status', id, '-w', 'acme', '-p', 'mobile-ios', '--json']);
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/ended ERROR: .+/);
    // The table's advice for ExportFailedError, as when `loc export` itself waits for it.
    expect(result.stderr).toMatch(/Check --format, --locale and --file/);
  });

  it('exits 5 for a file path the project does not have', async () => {
    const result = await service.loc([...IOS, '--file', 'Resources/%{locale}.lproj/Nope.strings', '--out', dir.path]);
    expect(result.code, result.stderr).toBe(5);
  });

  it('exits 4 for a token without access to the project', async () => {
    const result = await service.loc([...IOS, '--out', dir.path], { env: { LOC_API_TOKEN: TOKENS.outsider } });
    expect([4, 5]).toContain(result.code);
  });

  it('lists the missing flags in CI', async () => {
    const result = await service.loc(['export', '--out', dir.path], { cwd: dir.path });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--workspace, --project/);
  });
});

describe('loc.config.json', () => {
  it('is found from a subfolder; its out is relative to it; flags override it', async () => {
    writeFileSync(
      join(dir.path, 'loc.config.json'),
      JSON.stringify({
        workspace: 'acme',
        project: 'mobile-ios',
        export: { out: 'Strings', pathTemplate: '{locale}.lproj/{filename}', locales: ['ja'] },
      }),
    );
    const sub = join(dir.path, 'deep', 'er');
    mkdirSync(sub, { recursive: true });
    const fromConfig = await service.loc(['export'], { cwd: sub });
    expect(fromConfig.code, fromConfig.stderr).toBe(0);
    expect(tree(join(dir.path, 'Strings'))).toEqual(['ja.lproj/InfoPlist.strings', 'ja.lproj/Localizable.strings']);

    const overridden = await service.loc(['export', '--locale', 'fr', '--out', 'here'], { cwd: sub });
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(tree(join(sub, 'here'))).toEqual(['fr.lproj/InfoPlist.strings', 'fr.lproj/Localizable.strings']);
  });

  it('is written by loc init from flags, and refuses to overwrite without --force', async () => {
    const init = await service.loc(
      [
        'init',
        '--workspace',
        'acme',
        '--project',
        'web-frontend',
        '--out',
        'src/locales',
        '--path-template',
        '{locale}/{filename}',
      ],
      { cwd: dir.path },
    );
    expect(init.code, init.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir.path, 'loc.config.json'), 'utf8'))).toEqual({
      $schema: expect.stringMatching(/loc\.config\.schema\.json$/),
      workspace: 'acme',
      project: 'web-frontend',
      export: { out: 'src/locales', pathTemplate: '{locale}/{filename}' },
    });
    const again = await service.loc(['init', '--workspace', 'acme', '--project', 'backend'], { cwd: dir.path });
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toMatch(/--force/);

    const exported = await service.loc(['export', '--locale', 'de'], { cwd: dir.path });
    expect(exported.code, exported.stderr).toBe(0);
    expect(tree(join(dir.path, 'src/locales'))).toEqual(['de/checkout.json', 'de/common.json']);
  });

  it('in CI, loc init lists the missing flags', async () => {
    const result = await service.loc(['init'], { cwd: dir.path });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--workspace, --project/);
  });

  it('names the bad key of an invalid config', async () => {
    writeFileSync(join(dir.path, 'loc.config.json'), JSON.stringify({ worksapce: 'acme' }));
    const result = await service.loc(['status'], { cwd: dir.path });
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/worksapce/);
  });
});

describe('deadlines, interrupts and a dying server', () => {
  // One service whose exports never finish within a test, for both tests that wait on one (each its own).
  let slow: RunningMock;
  beforeAll(async () => {
    slow = await startMock(['--export-delay', '60s']);
  });
  afterAll(() => slow?.stop());

  it('gives up after --timeout with exit 8 and says how to resume', async () => {
    const result = await service.loc([...IOS, '--out', dir.path, '--timeout', '1s'], {
      env: { LOC_BASE_URL: slow.url },
    });
    expect(result.code, result.stderr).toBe(8);
    expect(result.stderr).toMatch(/(not ready|did not finish) within 1\.0 s/);
    expect(result.stderr).toMatch(/loc export download \S+ --workspace acme --project mobile-ios/);
  });

  it('cleans up and exits 130 on Ctrl-C', async () => {
    const result = await service.loc([...IOS, '--out', join(dir.path, 'out')], {
      env: { LOC_BASE_URL: slow.url },
      // Interrupt once loc reports the export as running (an event, not a delay): it is then waiting.
      onSpawn: (child) =>
        child.stderr!.on('data', function interruptWhenWaiting(chunk: Buffer) {
          if (!/: PROCESSING/.test(chunk.toString())) return;
          child.stderr!.off('data', interruptWhenWaiting);
          child.kill('SIGINT');
        }),
    });
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toMatch(/Interrupted/);
    expect(result.stderr).toMatch(/loc export download/);
    expect(existsSync(join(dir.path, 'out'))).toBe(false);
  });

  it('exits 9 with a clear line when the service cannot be reached', async () => {
    const gone = await startMock();
    const url = gone.url;
    await gone.stop();
    const result = await service.loc(['projects', 'list'], { env: { LOC_BASE_URL: url } });
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toMatch(new RegExp(`Could not reach ${url} \\(from LOC_BASE_URL\\) for GET /v1/projects`));
    expect(result.stderr.trim().split('\n')).toHaveLength(2);
  });
});

describe('a long export (more than 20 files)', () => {
  let long: RunningMock;
  let seedDir: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    // The demo seed, with mobile-ios's InfoPlist.strings copied as three more files: 5 files × 5 locales.
    seedDir = tempDir('loc-long-seed-');
    const seed = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' }));
    const ios = seed.projects.find((p: { slug: string }) => p.slug === 'mobile-ios');
    const plist = ios.files.find((f: { path: string }) => f.path.endsWith('InfoPlist.strings'));
    for (const n of [1, 2, 3]) ios.files.push({ ...plist, path: `Resources/%{locale}.lproj/Extra${n}.strings` });
    writeFileSync(join(seedDir.path, 'seed.json'), JSON.stringify(seed));
    long = await startMock(['--seed', join(seedDir.path, 'seed.json'), '--export-delay', '50ms']);
  });
  afterAll(async () => {
    await long?.stop();
    seedDir?.remove();
  });
  const loc = (args: string[]) =>
    service.loc([...IOS, '--out', join(dir.path, 'ios'), ...TEMPLATE, ...args], { env: { LOC_BASE_URL: long.url } });
  const rows = (stdout: string) => stdout.split('\n').filter((l) => /^(created|unchanged|updated)\s/.test(l));

  it('lists the first files and how many more there are; --verbose and --json list all 25', async () => {
    const first = await loc([]);
    expect(first.code, first.stderr).toBe(0);
    expect(rows(first.stdout)).toHaveLength(10);
    expect(first.stdout).toContain('… and 15 more files (--verbose lists every one).');
    expect(first.stderr).toMatch(/25 files: 25 created, 0 updated, 0 unchanged/);
    // The folder's first record: what it is, and that it is committed (issue 44); said once.
    expect(first.stderr).toMatch(/Commit \S*ios\/\.loc-export\.json with the files: it records what loc wrote/);

    // One file gone from the folder: it is among the rows shown, before files that did not change.
    const gone = 'zh-Hant.lproj/Extra3.strings';
    rmSync(join(dir.path, 'ios', gone));
    const again = await loc([]);
    expect(again.code, again.stderr).toBe(0);
    expect(rows(again.stdout)).toHaveLength(10);
    expect(rows(again.stdout).filter((l) => l.startsWith('created'))).toEqual([expect.stringContaining(gone)]);
    expect(again.stderr).not.toContain('.loc-export.json');

    const verbose = await loc(['--verbose']);
    expect(rows(verbose.stdout)).toHaveLength(25);
    expect(verbose.stdout).not.toContain('more files');
    const json = await loc(['--json']);
    expect(json.json().files).toHaveLength(25);
  });
});
