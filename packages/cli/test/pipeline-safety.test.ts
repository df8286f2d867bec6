// Issue 10, the CLI's part: gates that check what was meant, a deadline on every network command, hints
// that are true, and the CDN check pointed at any host and path.
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, runLoc, runLocInTerminal, tempDir, TOKENS } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();

describe('loc status as a gate', () => {
  const gate = ['status', '-w', 'acme', '-p', 'backend', '--min-approved', '60'];

  it('refuses a --locale that names no locale of the project, listing them (exit 2)', async () => {
    const result = await service.loc([...gate, '--locale', 'xx', '--json']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.json().error.message).toMatch(/--locale xx names no locale of project backend/);
    expect(result.json().error.hint).toBe('Its locales: en, de, pt-BR.');
  });

  it('takes pt to mean pt-BR, as loc export does', async () => {
    const result = await service.loc(['status', '-w', 'acme', '-p', 'backend', '--locale', 'pt', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().locales.map((l: { locale: string }) => l.locale)).toEqual(['pt-BR']);
  });

  it('gives the same verdict with --by-file', async () => {
    const plain = await service.loc([...gate, '--json']);
    const byFile = await service.loc([...gate, '--by-file', '--json']);
    expect(byFile.code).toBe(plain.code);
    expect(byFile.json().gate).toEqual(plain.json().gate);
  });

  it('draws a failing locale’s bar red, never green', async () => {
    const result = await service.loc(['status', '-w', 'acme', '-p', 'backend', '--min-approved', '100'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(result.code, result.stderr).toBe(11);
    const failing = result.stdout.split('\n').filter((l) => /^\S*de\b/.test(l.replace(/\u001b\[\d+m/g, '')));
    expect(failing.join('\n')).toMatch(/\u001b\[31m[█░]+/);
    expect(failing.join('\n')).not.toMatch(/\u001b\[32m[█░]+/);
  });
});

describe('every network command has a deadline', () => {
  // A service that accepts connections and never answers.
  let silent: TcpServer;
  const sockets: Socket[] = [];
  let url = '';
  beforeAll(async () => {
    silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  // Each case waits out its own 1 s deadline on its own connection: they wait side by side, not in turn.
  it.concurrent.each([
    [['status', '-w', 'acme']],
    [['projects', 'list']],
    [['projects', 'show', 'backend', '-w', 'acme']],
    [['projects', 'create', '-w', 'acme', '--title', 'T', '--resource-type', 'strings.ios', '--source-locale', 'en']],
    [['login', '--token', 'loc_whatever']],
    [['whoami']],
    [['export', '-w', 'acme', '-p', 'backend']],
    [['export', 'status', 'reg_1', '-w', 'acme', '-p', 'backend']],
    [['export', 'download', 'reg_1', '-w', 'acme', '-p', 'backend']],
    [['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS']],
  ])('loc %j --timeout 1s exits 8 on a silent service', async (args) => {
    const home = tempDir('loc-deadline-');
    try {
      const started = Date.now();
      const result = await runLoc([...args, '--timeout', '1s'], {
        env: {
          LOC_BASE_URL: url,
          LOC_API_TOKEN: TOKENS.developer,
          LOC_CDN_KEY: CDN_KEYS.acme,
          LOC_CONFIG_DIR: home.path,
          CI: '1',
        },
        // A folder of its own: export and download lock their working folder, and the cases run side by side.
        cwd: home.path,
        timeoutMs: 25_000,
      });
      expect(result.code, result.stderr).toBe(8);
      expect(result.stderr).toMatch(/within 1(\.0)? s/);
      expect(result.stderr).toMatch(/--timeout/);
      // Far below the 30 s a single request may take: the deadline cut it.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      home.remove();
    }
  });
});

describe('hints that are true', () => {
  let server: Server;
  let url = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createHttpServer((req: IncomingMessage, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Something broke.' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('does not claim a 500 was retried (it was not)', async () => {
    const result = await runLoc(['projects', 'list'], {
      env: { LOC_BASE_URL: url, LOC_API_TOKEN: TOKENS.developer, CI: '1' },
    });
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toContain('The service failed (500): Something broke.');
    expect(result.stderr).not.toMatch(/retried|\.\./);
    expect(seen).toEqual(['GET /v1/projects']);
  });

  it('points a missing export at the export id, not at the project list', async () => {
    const result = await service.loc(['export', 'status', 'reg_nope', '-w', 'acme', '-p', 'backend']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).not.toMatch(/projects list|\.\.|\. \(404\)/);
    expect(result.stderr).toMatch(/export id/);
  });

  it('says why it cannot ask, instead of "no terminal" when there is one', async () => {
    const ci = await service.loc(['status']);
    expect(ci.stderr).toMatch(/Missing flag --workspace \(CI is set\)/);
    const json = await service.loc(['status', '--json'], { env: { CI: undefined } });
    expect(json.json().error.message).toMatch(/stdin is not a terminal|no prompts with --json/);
  });
});

describe('loc whoami', () => {
  it('says which profile, base URL and credentials are in use, never their values', async () => {
    const result = await service.loc(['whoami', '--json'], { env: { LOC_CDN_KEY: CDN_KEYS.acme } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toMatchObject({
      profile: 'default',
      baseUrl: service.url,
      baseUrlSource: 'environment',
      token: 'environment',
      cdnKey: 'environment',
      cdnCheckUrl: `${service.url}/cdn/check`,
      tokenAccepted: true,
      workspaces: ['acme'],
      projects: 4,
    });
    expect(result.stdout + result.stderr).not.toContain(TOKENS.developer);
    expect(result.stdout + result.stderr).not.toContain(CDN_KEYS.acme);
  });

  it('exits 3 without a token, and when the token is refused', async () => {
    const home = tempDir('loc-whoami-');
    try {
      const none = await service.loc(['whoami'], { env: { LOC_API_TOKEN: undefined, LOC_CONFIG_DIR: home.path } });
      expect(none.code, none.stderr).toBe(3);
      expect(none.stdout).toMatch(/Token\s+none/);
      const refused = await service.loc(['whoami'], { env: { LOC_API_TOKEN: 'loc_wrong' } });
      expect(refused.code, refused.stderr).toBe(3);
      expect(refused.stderr).not.toContain('loc_wrong');
    } finally {
      home.remove();
    }
  });
});

describe('the CDN check goes where it is told', () => {
  let server: Server;
  let url = '';
  const seen: { path: string | undefined; authorization: string | undefined }[] = [];
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      seen.push({ path: req.url, authorization: req.headers.authorization });
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const check = ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS'];

  it('by flag', async () => {
    seen.length = 0;
    const result = await service.loc([...check, '--cdn-base-url', url, '--cdn-check-path', '/v1/distributions/check'], {
      env: { LOC_CDN_KEY: CDN_KEYS.acme },
    });
    expect(result.code, result.stderr).toBe(20);
    expect(seen).toEqual([{ path: '/v1/distributions/check', authorization: `Bearer ${CDN_KEYS.acme}` }]);
  });

  it('by environment', async () => {
    seen.length = 0;
    const result = await service.loc(check, {
      env: { LOC_CDN_KEY: CDN_KEYS.acme, LOC_CDN_BASE_URL: url, LOC_CDN_CHECK_PATH: '/v1/distributions/check' },
    });
    expect(result.code, result.stderr).toBe(20);
    expect(seen.map((s) => s.path)).toEqual(['/v1/distributions/check']);
  });

  it('by loc.config.json, and the flag wins over it', async () => {
    const dir = tempDir('loc-cdn-config-');
    try {
      writeFileSync(
        join(dir.path, 'loc.config.json'),
        JSON.stringify({ cdn: { baseUrl: url, checkPath: '/v1/distributions/check' } }),
      );
      seen.length = 0;
      const fromFile = await service.loc(check, { cwd: dir.path, env: { LOC_CDN_KEY: CDN_KEYS.acme } });
      expect(fromFile.code, fromFile.stderr).toBe(20);
      const overridden = await service.loc([...check, '--cdn-check-path', '/cdn/check'], {
        cwd: dir.path,
        env: { LOC_CDN_KEY: CDN_KEYS.acme },
      });
      expect(overridden.code, overridden.stderr).toBe(20);
      expect(seen.map((s) => s.path)).toEqual(['/v1/distributions/check', '/cdn/check']);
    } finally {
      dir.remove();
    }
  });

  it('refuses a check path that is not a path (exit 2)', async () => {
    const result = await service.loc([...check, '--cdn-check-path', 'v1/check?x=1'], {
      env: { LOC_CDN_KEY: CDN_KEYS.acme },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/must start with \//);
  });
});

// Issue 20, item 0: a checkout may hold symbolic links (git stores them) and a record anyone's pull request
// edited. Every delete, move and overwrite loc does resolves the real path: no link below the output folder,
// nothing outside it. Each case puts a link in one place, runs the command, and checks that nothing outside
// changed and that the refusal does not blame the archive.
describe('no write or delete through a symbolic link', () => {
  // mobile-ios's own files (Resources/de.lproj/…), as its export has them.
  const CDN = ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'NATIVE_FORMAT', '--client-version', '2.1.0'];
  const EXPORT = ['export', '-w', 'acme', '-p', 'mobile-ios'];
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  let dir: ReturnType<typeof tempDir>;
  let outside: string;
  beforeEach(() => {
    dir = tempDir('loc-links-');
    outside = join(dir.path, 'outside');
    mkdirSync(join(outside, 'Resources', 'de.lproj'), { recursive: true });
    writeFileSync(join(outside, 'victim.txt'), 'secret');
    writeFileSync(join(outside, 'Resources', 'de.lproj', 'Localizable.strings'), 'secret');
  });
  afterEach(() => dir.remove());
  const outsideUnchanged = () => {
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('secret');
    expect(readFileSync(join(outside, 'Resources', 'de.lproj', 'Localizable.strings'), 'utf8')).toBe('secret');
    expect(readdirSync(outside).sort()).toEqual(['Resources', 'victim.txt']);
  };
  const cdn = (args: string[]) => service.loc([...CDN, ...args, '--json'], { env: { LOC_CDN_KEY: CDN_KEYS.acme } });
  /** A release in `rel`, whose record then also lists `entries` (as an older release would). */
  async function releaseWith(rel: string, entries: { path: string; sha256: string | null }[]) {
    const first = await cdn(['--download', rel]);
    expect(first.code, first.stderr).toBe(0);
    const record = JSON.parse(readFileSync(join(rel, '.loc-release.json'), 'utf8'));
    record.distributionReleaseId = 'rel_older';
    record.files.push(...entries);
    writeFileSync(join(rel, '.loc-release.json'), JSON.stringify(record));
  }

  it.each([
    ['a linked folder', 'linkdir', 'linkdir/victim.txt', false],
    ['a linked folder, --force and no hash', 'linkdir', 'linkdir/victim.txt', true],
    ['a linked folder two levels down', 'sub/linkdir', 'sub/linkdir/victim.txt', true],
    ['a linked file', 'victim-link.txt', 'victim-link.txt', true],
  ])('loc cdn check --download removes no stale file through %s', async (_name, link, entry, force) => {
    const rel = join(dir.path, 'rel');
    await releaseWith(rel, [{ path: entry, sha256: force ? null : sha('secret') }]);
    mkdirSync(join(rel, link, '..'), { recursive: true });
    symlinkSync(link.endsWith('.txt') ? join(outside, 'victim.txt') : outside, join(rel, link));
    const result = await cdn(['--download', rel, ...(force ? ['--force'] : [])]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().removed).toEqual([]);
    expect(result.json().skipped).toEqual([{ path: entry, reason: expect.stringMatching(/symbolic link/) }]);
    expect(lstatSync(join(rel, link)).isSymbolicLink()).toBe(true);
    outsideUnchanged();
    expect(JSON.parse(readFileSync(join(rel, '.loc-release.json'), 'utf8')).distributionReleaseId).toBe(
      'rel_ios_files_2_1',
    );
  });

  it('loc cdn check --download: a record entry naming a folder does not crash, and the record names the new release', async () => {
    const rel = join(dir.path, 'rel');
    await releaseWith(rel, [{ path: 'Resources/de.lproj', sha256: null }]);
    const result = await cdn(['--download', rel, '--force']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().skipped).toEqual([{ path: 'Resources/de.lproj', reason: 'a folder' }]);
    expect(JSON.parse(readFileSync(join(rel, '.loc-release.json'), 'utf8')).distributionReleaseId).toBe(
      'rel_ios_files_2_1',
    );
  });

  it.each([
    ['cdn check --download', (out: string) => cdn(['--download', out, '--force'])],
    ['export', (out: string) => service.loc([...EXPORT, '--out', out, '--force', '--json'])],
  ])(
    'loc %s places no file through a linked folder, with a hint that does not blame the archive',
    async (_name, run) => {
      const out = join(dir.path, 'out');
      mkdirSync(out);
      symlinkSync(join(outside, 'Resources'), join(out, 'Resources'));
      const result = await run(out);
      expect(result.code, result.stderr).toBe(10);
      expect(result.json().error.message).toMatch(/symbolic link/);
      expect(result.json().error.hint).not.toMatch(/archive|ZIP/);
      outsideUnchanged();
      expect(readdirSync(out)).toEqual(['Resources']);
    },
  );

  it.each([
    ['cdn check --download', '.loc-release.json', (out: string) => cdn(['--download', out])],
    ['export', '.loc-export.json', (out: string) => service.loc([...EXPORT, '--out', out, '--json'])],
  ])('loc %s neither reads nor replaces a record that is a symbolic link', async (_name, record, run) => {
    const out = join(dir.path, 'out');
    mkdirSync(out);
    symlinkSync(join(outside, 'victim.txt'), join(out, record));
    const result = await run(out);
    expect(result.code, result.stderr).toBe(10);
    expect(result.json().error.message).toMatch(/symbolic link/);
    expect(lstatSync(join(out, record)).isSymbolicLink()).toBe(true);
    outsideUnchanged();
  });

  it('loc export neither takes a lock that is a symbolic link nor sweeps a staging name that is one', async () => {
    const out = join(dir.path, 'out');
    mkdirSync(out);
    symlinkSync(join(outside, 'victim.txt'), join(out, '.loc-lock'));
    const locked = await service.loc([...EXPORT, '--out', out, '--json']);
    expect(locked.code, locked.stderr).toBe(10);
    expect(locked.json().error.message).toMatch(/\.loc-lock is a symbolic link/);
    expect(lstatSync(join(out, '.loc-lock')).isSymbolicLink()).toBe(true);

    rmSync(join(out, '.loc-lock'));
    symlinkSync(outside, join(out, '.loc-staging-1-stale'));
    const swept = await service.loc([...EXPORT, '--out', out, '--json']);
    expect(swept.code, swept.stderr).toBe(0);
    expect(lstatSync(join(out, '.loc-staging-1-stale')).isSymbolicLink()).toBe(true);
    outsideUnchanged();
  });

  it('loc export --zip does not replace a dangling symbolic link without --force, nor write through it with it', async () => {
    const zip = join(dir.path, 'export.zip');
    const target = join(outside, 'not-there-yet.zip');
    symlinkSync(target, zip);
    const refused = await service.loc([...EXPORT, '--zip', zip, '--json']);
    expect(refused.code, refused.stderr).toBe(10);
    expect(refused.json().error.message).toMatch(/exists already \(a symbolic link\)/);
    expect(lstatSync(zip).isSymbolicLink()).toBe(true);
    const forced = await service.loc([...EXPORT, '--zip', zip, '--force', '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(lstatSync(zip).isFile()).toBe(true);
    expect(existsSync(target)).toBe(false);
    outsideUnchanged();
  });

  it('loc export --zip removes the part files of that ZIP a killed run left, and nothing else', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const old = new Date(Date.now() - 3_600_000);
    const part = (pid: number | string, name = 'export.zip') => `.${name}.${pid}.0123456789ab.part`;
    const files = {
      stale: part(gone),
      staleWithoutPid: '.export.zip.0123456789ab.part',
      live: part(process.pid),
      otherZip: part(gone, 'other.zip'),
      notOurs: `.export.zip.${gone}.notours.part`,
    };
    for (const name of Object.values(files)) {
      writeFileSync(join(dir.path, name), 'half');
      utimesSync(join(dir.path, name), old, old);
    }
    const linked = part(gone + 1);
    symlinkSync(join(outside, 'victim.txt'), join(dir.path, linked));
    const result = await service.loc([...EXPORT, '--zip', join(dir.path, 'export.zip'), '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(dir.path).sort()).toEqual(
      ['export.zip', 'outside', files.live, files.otherZip, files.notOurs, linked].sort(),
    );
    outsideUnchanged();
  });
});

// Issue 20, item 4: a committed loc.config.json is input from whoever wrote the commit. Its paths are
// relative to it and stay inside its folder, unless the person says otherwise (a flag, or yes at a
// terminal); control characters never reach a file name.
describe('a repository’s config writes only inside the repository', () => {
  let dir: ReturnType<typeof tempDir>;
  let repo: string;
  beforeEach(() => {
    dir = tempDir('loc-config-paths-');
    repo = join(dir.path, 'repo');
    mkdirSync(join(repo, 'app'), { recursive: true });
    mkdirSync(join(dir.path, 'outside'));
  });
  afterEach(() => dir.remove());
  const config = (value: object) =>
    writeFileSync(
      join(repo, 'loc.config.json'),
      JSON.stringify({ workspace: 'acme', project: 'mobile-ios', ...value }),
    );

  it.each([
    ['export.out climbing out', { export: { out: '../../escaped' } }, ['export'], 'export.out', '--out'],
    ['export.out absolute', { export: { out: '/tmp/loc-escaped-absolute' } }, ['export'], 'export.out', '--out'],
    ['export.out through a link', { export: { out: 'linked' } }, ['export'], 'export.out', '--out'],
    [
      "a target's out through a link",
      { targets: [{ name: 'ios', out: 'linked/strings' }] },
      ['export'],
      "targets[0].out (target 'ios')",
      '--out',
    ],
    [
      'export.out through a link, taken by a target',
      { export: { out: 'linked' }, targets: [{ name: 'ios' }] },
      ['export', '--check'],
      "export.out (taken by target 'ios')",
      '--out',
    ],
    [
      'cdn.out climbing out',
      { cdn: { out: '../escaped', environment: 'PRODUCTION', type: 'MOBILE_SDK_IOS' } },
      ['cdn', 'check', '--download'],
      'cdn.out',
      '--download',
    ],
  ])('%s: exit 2 in CI, naming the key and the flag', async (_name, value, args, key, flag) => {
    config(value);
    symlinkSync(join(dir.path, 'outside'), join(repo, 'linked'));
    const result = await service.loc([...args, '--json'], {
      cwd: join(repo, 'app'),
      env: { LOC_CDN_KEY: CDN_KEYS.acme },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.json().error.message).toContain(`${key} in `);
    expect(result.json().error.message).toMatch(/leads outside the folder of the config file/);
    expect(result.json().error.hint).toContain(flag);
    expect(readdirSync(join(dir.path, 'outside'))).toEqual([]);
    expect(existsSync(join(dir.path, 'escaped'))).toBe(false);
    expect(existsSync('/tmp/loc-escaped-absolute')).toBe(false);
  });

  it('export.out inside the repository, and --out anywhere, are taken as they are', async () => {
    config({ export: { out: 'App/Resources' } });
    const inside = await service.loc(['export', '--json'], { cwd: join(repo, 'app') });
    expect(inside.code, inside.stderr).toBe(0);
    expect(existsSync(join(repo, 'App/Resources/.loc-export.json'))).toBe(true);
    config({ export: { out: '../escaped' } });
    const flagged = await service.loc(['export', '--out', join(dir.path, 'outside'), '--json'], { cwd: repo });
    expect(flagged.code, flagged.stderr).toBe(0);
  });

  it.each([
    ['writes there when the person at the terminal says yes', 'y', 0],
    ['refuses (exit 2) when they say no', 'n', 2],
  ])('export.out outside: %s', async (_name, answer, code) => {
    config({ export: { out: '../escaped' } });
    const env = { LOC_BASE_URL: service.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: service.home };
    const result = await runLocInTerminal(['export'], [[/Write into/, `${answer}\r`]], env, repo);
    expect(result.code, result.screen).toBe(code);
    expect(result.screen).toMatch(/export\.out in .* leads outside the folder of the config file/);
    expect(existsSync(join(dir.path, 'escaped', '.loc-export.json'))).toBe(code === 0);
  });

  it.each([
    ['an escape sequence', '{locale}/\u001b[31m{filename}'],
    ['a bidi override', '{locale}/\u202e{filename}'],
    ['a C1 control', '{locale}/\u009b{filename}'],
  ])('refuses a path template with %s (exit 2), and shows it escaped', async (_name, template) => {
    const fromFlag = await service.loc([
      'export',
      '-w',
      'acme',
      '-p',
      'mobile-ios',
      '--out',
      repo,
      '--path-template',
      template,
    ]);
    expect(fromFlag.code, fromFlag.stderr).toBe(2);
    expect(fromFlag.stderr).toMatch(/control or bidirectional-override character/);
    expect(fromFlag.stderr).not.toMatch(/[\u001b\u202e\u009b]/);
    config({ export: { pathTemplate: template } });
    const fromConfig = await service.loc(['export'], { cwd: repo });
    expect(fromConfig.code, fromConfig.stderr).toBe(2);
    expect(readdirSync(repo).sort()).toEqual(['app', 'loc.config.json']);
  });
});
