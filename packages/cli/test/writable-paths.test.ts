// Issue 32, items 2 and 3: no export writes where a tool would execute or obey it. The real built loc
// against the real loc-mock, in a temporary repository: a config (or the service's file names) that would
// put a file into .git/ or .github/, give it a fixed name, or another format's extension is refused, before
// any export is requested when the config says it, and before anything is written when the service does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, MOCK_BIN, runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

let mock: RunningMock;
let dir: ReturnType<typeof tempDir>;
let repo: string;
const home = tempDir('loc-writable-home-');

const loc = (args: string[], env: Record<string, string> = {}) =>
  runLoc(args, {
    cwd: repo,
    env: { LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: home.path, CI: '1', ...env },
  });
const writeConfig = (config: object) =>
  writeFileSync(join(repo, 'loc.config.json'), JSON.stringify({ workspace: 'acme', ...config }));
/** Every file below a folder of the repository, relative to it. */
const filesIn = (folder: string) =>
  existsSync(join(repo, folder))
    ? readdirSync(join(repo, folder), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(repo.length + 1))
        .sort()
    : [];

/** A repository with a git folder and a workflow, as a checkout in CI has them. */
function makeRepo() {
  dir = tempDir('loc-writable-');
  repo = join(dir.path, 'repo');
  mkdirSync(join(repo, '.git', 'hooks'), { recursive: true });
  mkdirSync(join(repo, '.github', 'workflows'), { recursive: true });
  writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(repo, '.github', 'workflows', 'ci.yml'), 'on: push\n');
}
const untouched = () => {
  expect(filesIn('.git')).toEqual(['.git/HEAD']);
  expect(filesIn('.github')).toEqual(['.github/workflows/ci.yml']);
};

describe('a config that would write where tools execute or obey files', () => {
  beforeEach(async () => {
    mock = await startMock(['--export-delay', '50ms'], { log: true });
    makeRepo();
  });
  afterEach(async () => {
    await mock.stop();
    dir.remove();
  });

  it('a target in .github/workflows with json.nested and loc-{locale}.yml: exit 2 before any request, naming the key', async () => {
    writeConfig({
      targets: [
        {
          name: 'pwn',
          project: 'web-frontend',
          out: '.github/workflows',
          format: 'json.nested',
          pathTemplate: 'loc-{locale}.yml',
        },
      ],
    });
    const result = await loc(['export', '--json']);
    expect(result.code, result.stderr).toBe(2);
    const { error } = result.json();
    expect(error.message).toMatch(
      /targets\[0\]\.pathTemplate \(target 'pwn'\) in loc\.config\.json 'loc-\{locale\}\.yml'/,
    );
    expect(error.message).toMatch(/ends in \.yml, not in one of the format's own \(\.json\)/);
    expect(error.hint).toMatch(/\{locale\}\.json/);
    expect(await mock.requests()).toEqual([]);
    untouched();
  });

  it.each([
    [
      'a target',
      { targets: [{ name: 'pwn', project: 'web-frontend', out: '.github/workflows' }] },
      /targets\[0\]\.out \(target 'pwn'\)/,
    ],
    [
      'export.out',
      { project: 'web-frontend', export: { out: '.GitHub/workflows' } },
      /export\.out in loc\.config\.json/,
    ],
    [
      'export.out in any case',
      { project: 'web-frontend', export: { out: 'web/.GIT/hooks' } },
      /export\.out in loc\.config\.json/,
    ],
  ])(
    '%s with the right extension, in a folder of CI or git: exit 2 before any request, naming the key',
    async (_name, config, key) => {
      writeConfig(config);
      const result = await loc(['export', '--json']);
      expect(result.code, result.stderr).toBe(2);
      expect(result.json().error.message).toMatch(key);
      expect(result.json().error.message).toMatch(/whose files tools run or read as their configuration/);
      expect(await mock.requests()).toEqual([]);
      untouched();
      expect(existsSync(join(repo, 'web'))).toBe(false);
    },
  );

  it.each(['index.lock{region}', 'hooks/pre-commit{region}'])(
    '.git with %j: exit 2 before any request ({region} is empty for de)',
    async (pathTemplate) => {
      writeConfig({ targets: [{ name: 'git', project: 'web-frontend', out: '.git', pathTemplate }] });
      const result = await loc(['export', '--json']);
      expect(result.code, result.stderr).toBe(2);
      expect(result.json().error.message).toMatch(
        /targets\[0\]\.pathTemplate \(target 'git'\) in loc\.config\.json '.*\{region\}' has no placeholder that is never empty/,
      );
      expect(await mock.requests()).toEqual([]);
      untouched();
      // The same from the command line.
      const flags = await loc([
        'export',
        '-w',
        'acme',
        '-p',
        'web-frontend',
        '--out',
        '.git',
        '--path-template',
        pathTemplate,
        '--json',
      ]);
      expect(flags.code, flags.stderr).toBe(2);
      expect(flags.json().error.message).toMatch(/^--path-template '/);
      expect(await mock.requests()).toEqual([]);
      untouched();
    },
  );

  it('--out .git/hooks from the command line: exit 2, before any request', async () => {
    const result = await loc(['export', '-w', 'acme', '-p', 'web-frontend', '--out', '.git/hooks', '--json']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.json().error.message).toMatch(/^--out is \S*\.git\/hooks, which lies inside \.git\//);
    expect(await mock.requests()).toEqual([]);
    untouched();
  });

  it('a template whose files are named Jenkinsfile or package.json: exit 2, before any request', async () => {
    for (const pathTemplate of ['{locale}/Jenkinsfile', '{locale}/package{region}.json']) {
      const result = await loc([
        'export',
        '-w',
        'acme',
        '-p',
        'web-frontend',
        '--path-template',
        pathTemplate,
        '--json',
      ]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.json().error.message).toMatch(/is named (Jenkinsfile|package\.json)/);
    }
    expect(await mock.requests()).toEqual([]);
  });

  it('loc init writes no such folder or template into loc.config.json (exit 2)', async () => {
    const folder = await loc([
      'init',
      '--workspace',
      'acme',
      '--project',
      'web-frontend',
      '--out',
      '.github/workflows',
    ]);
    expect(folder.code, folder.stderr).toBe(2);
    expect(folder.stderr).toMatch(/--out \.github\/workflows lies inside \.github\//);
    expect(existsSync(join(repo, 'loc.config.json'))).toBe(false);
    writeConfig({ project: 'web-frontend' });
    const before = readFileSync(join(repo, 'loc.config.json'), 'utf8');
    const template = await loc([
      ...['init', '--target', 'pwn', '--project', 'web-frontend', '--format', 'json.nested'],
      ...['--path-template', 'loc-{locale}.yml'],
    ]);
    expect(template.code, template.stderr).toBe(2);
    expect(template.stderr).toMatch(/ends in \.yml, not in one of the format's own \(\.json\)/);
    expect(readFileSync(join(repo, 'loc.config.json'), 'utf8')).toBe(before);
    expect(await mock.requests()).toEqual([]);
  });

  it('a YAML target may end in .yaml, and a JSON one in the file’s own name: both written', async () => {
    writeConfig({
      targets: [
        {
          name: 'yaml',
          project: 'web-frontend',
          out: 'config/locales',
          format: 'yaml.rails',
          pathTemplate: '{locale}/{basename}.yaml',
        },
        { name: 'json', project: 'web-frontend', out: 'web', pathTemplate: '{locale}/{filename}' },
      ],
    });
    const result = await loc(['export', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(filesIn('config/locales')).toContain('config/locales/de/common.yaml');
    expect(filesIn('web')).toContain('web/de/common.json');
  });
});

// Issue 42, point 1: what a pull request's config and the service's keys got written and pushed: a dev
// container and a root vercel.json; and an output folder at the repository's root without the opt-in.
describe('files other tools run, and the repository root', () => {
  beforeEach(async () => {
    mock = await startMock(['--export-delay', '50ms'], { log: true });
    makeRepo();
  });
  afterEach(async () => {
    await mock.stop();
    dir.remove();
  });
  const one = { project: 'web-frontend', localeMap: { de: 've' } };
  const filters = { locales: ['de'], files: ['locales/%{locale}/common.json'] };

  it.each([
    [
      'out .devcontainer, {locale}vcontainer.json',
      { ...one, export: { ...filters, out: '.devcontainer', pathTemplate: '{locale}vcontainer.json' } },
      /inside \.devcontainer\/, a dev container/,
    ],
    [
      'a template into .devcontainer/ at the root',
      { ...one, allowRootOutput: true, export: { ...filters, pathTemplate: '.devcontainer/{locale}vcontainer.json' } },
      /inside \.devcontainer\//,
    ],
    ['no out (the root) without the opt-in', { ...one, export: filters }, /is the repository's root/],
    ['out ./ without the opt-in', { ...one, export: { ...filters, out: './' } }, /is the repository's root/],
    [
      'out locales/.. without the opt-in',
      { ...one, export: { ...filters, out: 'locales/..' } },
      /is the repository's root/,
    ],
  ])('%s: exit 2 before any request', async (_name, config, reason) => {
    writeConfig(config);
    const result = await loc(['export', '--json']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.json().error.message).toMatch(reason);
    expect(await mock.requests()).toEqual([]);
    expect(filesIn('.').filter((f) => !f.startsWith('.git'))).toEqual(['loc.config.json']);
  });

  it('a locale map that makes {locale}rcel.json vercel.json at the opted-in root: refused before the download (exit 2)', async () => {
    writeConfig({ ...one, allowRootOutput: true, export: { ...filters, pathTemplate: '{locale}rcel.json' } });
    const result = await loc(['export', '--json']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.json().error.message).toMatch(
      /would be written to \S*vercel\.json, which is named vercel\.json, a deployment platform's file/,
    );
    expect((await mock.requests()).filter((r) => r.includes('/_storage/'))).toEqual([]);
    expect(existsSync(join(repo, 'vercel.json'))).toBe(false);
  });

  it('loc init and loc init --target say "allowRootOutput": true when they send files to the root, and only then', async () => {
    const init = await loc(['init', '-w', 'acme', '-p', 'web-frontend']);
    expect(init.code, init.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(repo, 'loc.config.json'), 'utf8')).allowRootOutput).toBe(true);
    writeConfig({ project: 'web-frontend', export: { out: 'web' } });
    const inFolder = await loc(['init', '--target', 'app', '--project', 'backend']);
    expect(inFolder.code, inFolder.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(repo, 'loc.config.json'), 'utf8')).allowRootOutput).toBeUndefined();
    const atRoot = await loc(['init', '--target', 'root', '--project', 'backend', '--out', '.']);
    expect(atRoot.code, atRoot.stderr).toBe(0);
    expect(atRoot.stderr).toMatch(/now says "allowRootOutput": true/);
    expect(JSON.parse(readFileSync(join(repo, 'loc.config.json'), 'utf8')).allowRootOutput).toBe(true);
    expect(await mock.requests()).toEqual([]);
  });

  it('a root folder by a symbolic link, or as cdn.out: refused without the opt-in; named on the command line it is taken', async () => {
    symlinkSync('.', join(repo, 'here'));
    writeConfig({ ...one, export: { ...filters, out: 'here' }, cdn: { out: '.' } });
    const linked = await loc(['export', '--json']);
    expect(linked.code, linked.stderr).toBe(2);
    expect(linked.json().error.message).toMatch(/is the repository's root/);
    const cdn = await loc(['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS', '--download', '--json'], {
      LOC_CDN_KEY: CDN_KEYS.acme,
    });
    expect(cdn.code, cdn.stderr).toBe(2);
    expect(cdn.json().error.message).toMatch(/^cdn\.out in loc\.config\.json is \S+, which is the repository's root/);
    expect(cdn.json().error.hint).toMatch(
      /"allowRootOutput": true in loc\.config\.json, or name it on the command line: loc cdn check --download /,
    );
    expect(await mock.requests()).toEqual([]);
    const named = await loc(['export', '--out', '.', '--path-template', '{locale}/{filename}', '--json']);
    expect(named.code, named.stderr).toBe(0);
    expect(filesIn('.')).toContain('ve/common.json');
  });
});

describe('a record that names files where tools execute or obey them', () => {
  beforeEach(async () => {
    mock = await startMock(['--export-delay', '50ms']);
    makeRepo();
  });
  afterEach(async () => {
    await mock.stop();
    dir.remove();
  });

  it('loc cdn check --download --force removes none of them: left alone and reported', async () => {
    const cdn = (extra: string[] = []) =>
      loc(
        [
          'cdn',
          'check',
          '-e',
          'PRODUCTION',
          '-t',
          'MOBILE_SDK_IOS',
          '--client-version',
          '2.1.0',
          '--download',
          '.',
          ...extra,
          '--json',
        ],
        { LOC_CDN_KEY: CDN_KEYS.acme },
      );
    const first = await cdn();
    expect(first.code, first.stderr).toBe(0);
    // A pull request rewrites the record: an older release that held the workflow and git's HEAD.
    const record = JSON.parse(readFileSync(join(repo, '.loc-release.json'), 'utf8'));
    record.distributionReleaseId = 'rel_older';
    record.files.push({ path: '.github/workflows/ci.yml', sha256: null }, { path: '.GIT/HEAD', sha256: null });
    writeFileSync(join(repo, '.loc-release.json'), JSON.stringify(record));
    const result = await cdn(['--force']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().removed).toEqual([]);
    expect(result.json().skipped).toEqual([
      { path: '.github/workflows/ci.yml', reason: expect.stringMatching(/lies inside \.github\//) },
      { path: '.GIT/HEAD', reason: expect.stringMatching(/lies inside \.git\//) },
    ]);
    untouched();
  });

  it('loc export --check never calls them removed (a caller that removes what it reports must not touch them)', async () => {
    const EXPORT = ['export', '-w', 'acme', '-p', 'web-frontend'];
    const first = await loc(EXPORT);
    expect(first.code, first.stderr).toBe(0);
    const record = JSON.parse(readFileSync(join(repo, '.loc-export.json'), 'utf8'));
    record.files.push({ path: '.github/workflows/ci.yml', sha256: null }, { path: '.git/HEAD', sha256: null });
    writeFileSync(join(repo, '.loc-export.json'), JSON.stringify(record));
    const result = await loc([...EXPORT, '--check', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().check).toMatchObject({ upToDate: true, removed: 0 });
    untouched();
  });
});

describe('file names the service gives that would land where tools execute or obey files', () => {
  /** The demo seed, with mobile-ios's InfoPlist.strings moved into .git/hooks by the project's own path. */
  function hostileSeed(): string {
    const seed = JSON.parse(readFileSync(join(dir.path, 'demo.json'), 'utf8'));
    const ios = seed.projects.find((p: { slug: string }) => p.slug === 'mobile-ios');
    ios.files[1].path = '.git/hooks/%{locale}.lproj/pre-commit.strings';
    const path = join(dir.path, 'hostile.json');
    writeFileSync(path, JSON.stringify(seed));
    return path;
  }

  beforeEach(async () => {
    makeRepo();
    writeFileSync(join(dir.path, 'demo.json'), execFileSync(process.execPath, [MOCK_BIN, 'seed']));
    mock = await startMock(['--seed', hostileSeed(), '--export-delay', '50ms'], { log: true });
  });
  afterEach(async () => {
    await mock.stop();
    dir.remove();
  });

  it('loc export: a file the export lists in .git/hooks is refused before the download, nothing written (exit 2)', async () => {
    const result = await loc(['export', '-w', 'acme', '-p', 'mobile-ios', '--json']);
    expect(result.code, result.stderr).toBe(2);
    const { error } = result.json();
    expect(error.message).toMatch(
      /'\.git\/hooks\/[\w-]+\.lproj\/pre-commit\.strings' \([\w-]+\) of the project would be written to/,
    );
    expect(error.message).toMatch(/lies inside \.git\//);
    expect(error.message).toMatch(/the output folder is \S+, the path template is '\{path\}'/);
    const requests = await mock.requests();
    expect(requests.some((r) => r.startsWith('POST ') && r.includes('/exports'))).toBe(true);
    expect(requests.some((r) => r.includes('/files/') || r.endsWith('.zip'))).toBe(false);
    untouched();
    expect(filesIn('Resources')).toEqual([]);
  });

  it('loc cdn check --download: a ZIP entry in .git/hooks is refused, nothing written (exit 10)', async () => {
    // NATIVE_FORMAT: the project's files at the project's paths.
    const result = await loc(
      [
        'cdn',
        'check',
        '-e',
        'PRODUCTION',
        '-t',
        'NATIVE_FORMAT',
        '--client-version',
        '2.4.0',
        '--download',
        '.',
        '--json',
      ],
      { LOC_CDN_KEY: CDN_KEYS.acme },
    );
    expect(result.code, result.stderr).toBe(10);
    const { error } = result.json();
    expect(error.message).toMatch(
      /'\.git\/hooks\/[\w-]+\.lproj\/pre-commit\.strings' of the download would be written to/,
    );
    expect(error.message).toMatch(/lies inside \.git\/.*Nothing was written/);
    untouched();
    expect(filesIn('Resources')).toEqual([]);
    expect(existsSync(join(repo, '.loc-release.json'))).toBe(false);
  });
});
