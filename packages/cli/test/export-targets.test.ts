// Several targets in one loc.config.json, end to end: the real built loc (which runs each target as its own
// `loc export`, in its one process) against the real loc-mock, in a temporary repository.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

const SIX = {
  workspace: 'acme',
  export: { pathTemplate: '{locale}/{filename}' },
  targets: [
    { name: 'ios', project: 'mobile-ios', out: 'ios', pathTemplate: '{lproj}/{filename}' },
    { name: 'android', project: 'mobile-android', out: 'android', pathTemplate: '{path}' },
    { name: 'web', project: 'web-frontend', out: 'web' },
    { name: 'web-yaml', project: 'web-frontend', out: 'web-yaml', format: 'yaml.rails' },
    { name: 'backend', project: 'backend', out: 'backend', pathTemplate: '{path}', locales: ['de'] },
    { name: 'gone', project: 'no-such-project', out: 'gone' },
  ],
};

let mock: RunningMock;
let repo: ReturnType<typeof tempDir>;
const home = tempDir('loc-targets-home-');
beforeEach(async () => {
  mock = await startMock(['--export-delay', '50ms'], { log: true });
  repo = tempDir('loc-targets-');
});
afterEach(async () => {
  await mock.stop();
  repo.remove();
});

const loc = (args: string[]) =>
  runLoc(args, {
    cwd: repo.path,
    env: { LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: home.path, CI: '1' },
  });
const writeConfig = (config: object) => writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify(config));
const files = (folder: string) =>
  existsSync(join(repo.path, folder))
    ? readdirSync(join(repo.path, folder), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;

describe('loc export with targets', () => {
  it('pulls six targets, one failing: the five others are in place, each reports its own exit code', async () => {
    writeConfig(SIX);
    const result = await loc(['export', '--json']);
    expect(result.code, result.stderr).toBe(5);
    const { targets } = result.json();
    expect(targets.map((t: { name: string; exitCode: number }) => [t.name, t.exitCode])).toEqual([
      ['ios', 0],
      ['android', 0],
      ['web', 0],
      ['web-yaml', 0],
      ['backend', 0],
      ['gone', 5],
    ]);
    expect(targets[5].error.message).toMatch(/no-such-project/);
    expect(targets[3].result.files[0].path).toMatch(/\.yml$/);
    for (const folder of ['ios', 'android', 'web', 'web-yaml', 'backend']) expect(files(folder)).toBeGreaterThan(1);
    expect(existsSync(join(repo.path, 'gone'))).toBe(false);
    expect(readdirSync(repo.path).some((f) => f.includes('.loc-staging'))).toBe(false);

    // Human output: one table, the failing target named with its exit code.
    const human = await loc(['export', '--target', 'ios,gone']);
    expect(human.code).toBe(5);
    expect(human.stdout).toMatch(/ios\s+0\s+0 created, 0 updated, 10 unchanged/);
    expect(human.stderr).toMatch(/1 of 2 targets failed: gone \(exit 5\)/);
  });

  it('checks every target: 0 when all are up to date, 12 naming the stale one', async () => {
    writeConfig({ ...SIX, targets: SIX.targets.slice(0, 5) });
    expect((await loc(['export'])).code).toBe(0);
    expect((await loc(['export', '--check'])).code).toBe(0);
    writeFileSync(join(repo.path, 'web/de/common.json'), '{}\n');
    const stale = await loc(['export', '--check', '--summary', '-']);
    expect(stale.code, stale.stderr).toBe(12);
    expect(stale.stderr).toMatch(/1 of 5 targets is out of date: web\./);
    expect(stale.stdout).toMatch(/### web: 0 added, 0 changed, 0 removed keys|### web: \d+ added/);
  });

  it('refuses a target whose out folder leaves the config folder (exit 2), writing nothing', async () => {
    writeConfig({ workspace: 'acme', targets: [{ name: 'evil', project: 'backend', out: '../outside' }] });
    const result = await loc(['export']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/targets\[0\]\.out \(target 'evil'\) in .* is '\.\.\/outside', which leads outside/);
    // The command the hint names exports the same project there, chosen on the command line.
    expect(result.stderr).toMatch(/name it on the command line: loc export --workspace acme --project backend --out /);
    expect(existsSync(join(repo.path, '..', 'outside'))).toBe(false);
  });

  it('refuses a target whose format is malformed (an invalid config, exit 10), before any export', async () => {
    writeConfig({
      workspace: 'acme',
      targets: [{ name: 'web', project: 'web-frontend', format: 'json standard', out: 'web' }],
    });
    const result = await loc(['export', '--check']);
    expect(result.code).toBe(10);
    expect(result.stderr).toMatch(/\$\.targets\[0\]\.format: expected an export format id/);
    expect(existsSync(join(repo.path, 'web'))).toBe(false);
  });

  it('refuses a target whose format its project does not list, naming the project’s formats, before any export', async () => {
    writeConfig({ workspace: 'acme', targets: [{ name: 'web', project: 'web-frontend', format: 'json', out: 'web' }] });
    const result = await loc(['export', '--check']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toMatch(/The format 'json' is not a format project web-frontend exports to/);
    expect(result.stderr).toMatch(/web: Its formats: json\.standard, json\.nested/);
    expect(existsSync(join(repo.path, 'web'))).toBe(false);
  });

  it('refuses an unknown target (exit 2) listing the known ones', async () => {
    writeConfig(SIX);
    const result = await loc(['export', '--target', 'ios,nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown target for --target: nope/);
    expect(result.stderr).toMatch(/ios, android, web, web-yaml, backend, gone/);
  });

  it('says how to add a target when --target meets a config without targets, and the command it names works', async () => {
    writeConfig({ workspace: 'acme', project: 'web-frontend', export: { out: 'web' } });
    const refused = await loc(['export', '--target', 'android']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Add one with `loc init --target <name> --project <slug>`/);
    const added = await loc(['init', '--target', 'android', '--project', 'mobile-android', '--out', 'app']);
    expect(added.code, added.stderr).toBe(0);
    const pulled = await loc(['export', '--target', 'android']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(files('app')).toBeGreaterThan(0);
  });

  it('refuses two targets that would write one file (exit 2) before any export is created', async () => {
    writeConfig({
      workspace: 'acme',
      targets: [
        { name: 'a', project: 'web-frontend', out: 'shared', pathTemplate: '{locale}/{filename}' },
        {
          name: 'b',
          project: 'web-frontend',
          out: 'shared',
          format: 'json.nested',
          pathTemplate: '{locale}/{filename}',
        },
      ],
    });
    await mock.requests();
    const result = await loc(['export']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Targets 'a' and 'b' would both write shared\/\w+\/\w+\.json/);
    const requests = await mock.requests();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    // Two targets of one project: its files are asked for once.
    expect(requests.filter((r) => r.includes('/status'))).toEqual([
      expect.stringMatching(/^GET \/v1\/acme\/projects\/web-frontend\/status/),
    ]);
  });

  it('runs targets that share a folder one after the other: each is placed, the folder’s record lists both', async () => {
    writeConfig({
      workspace: 'acme',
      targets: [
        { name: 'web', project: 'web-frontend', out: 'shared', pathTemplate: 'web/{locale}/{filename}' },
        { name: 'api', project: 'backend', out: 'shared', pathTemplate: 'api/{locale}/{filename}' },
      ],
    });
    const result = await loc(['export', '--json', '--concurrency', '2']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.json().targets.map((t: { exitCode: number }) => t.exitCode)).toEqual([0, 0]);
    expect(files('shared/web')).toBeGreaterThan(1);
    expect(files('shared/api')).toBeGreaterThan(1);
    const record = JSON.parse(readFileSync(join(repo.path, 'shared/.loc-export.json'), 'utf8'));
    const paths = record.files.map((f: { path: string }) => f.path.split('/')[0]);
    expect(new Set(paths)).toEqual(new Set(['web', 'api']));
    expect(
      readdirSync(join(repo.path, 'shared')).filter((n) => n.startsWith('.loc-') && n !== '.loc-export.json'),
    ).toEqual([]);
  });

  it('Ctrl-C mid-run: every target stops and cleans up, exit 130, each with the command that resumes it', async () => {
    const slow = await startMock(['--export-delay', '10m'], { log: true });
    try {
      writeConfig({
        workspace: 'acme',
        targets: [
          { name: 'web', project: 'web-frontend', out: 'web' },
          { name: 'api', project: 'backend', out: 'api' },
        ],
      });
      let child: ChildProcess | undefined;
      const run = runLoc(['export'], {
        cwd: repo.path,
        env: { LOC_BASE_URL: slow.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: home.path, CI: '1' },
        onSpawn: (c) => (child = c),
      });
      // Both exports are created (and being waited for): bounded by a count of looks at the mock's log.
      let created = 0;
      for (let look = 0; look < 500 && created < 2; look++)
        created += (await slow.requests()).filter((r) => /^POST .*\/exports$/.test(r)).length;
      expect(created).toBe(2);
      child!.kill('SIGINT');
      const result = await run;
      expect(result.code, result.stderr).toBe(130);
      expect(result.stderr).toMatch(
        /web: Resume with: loc export download reg_\S+ --workspace acme --project web-frontend --out \S+web --base-url \S+$/m,
      );
      expect(result.stderr).toMatch(
        /api: Resume with: loc export download reg_\S+ --workspace acme --project backend --out \S+api --base-url \S+$/m,
      );
      const left = readdirSync(repo.path, { recursive: true })
        .map(String)
        .filter((n) => n.includes('.loc-'));
      expect(left).toEqual([]);
      expect(existsSync(join(repo.path, 'web'))).toBe(false);
    } finally {
      await slow.stop();
    }
  });

  it('leaves out each locale below a target’s threshold (inherited from export), names it, and exports the rest', async () => {
    writeConfig({
      workspace: 'acme',
      export: { pathTemplate: '{locale}/{filename}', minTranslated: 60 },
      targets: [
        { name: 'web', project: 'web-frontend', out: 'web' },
        { name: 'web-all', project: 'web-frontend', out: 'web-all', minTranslated: 0 },
        { name: 'none', project: 'web-frontend', out: 'none', locales: ['fr', 'ja'], minTranslated: 100 },
      ],
    });
    const status = await loc(['status', '--project', 'web-frontend', '--json']);
    const below = status
      .json()
      .locales.filter((l: { translated: number }) => l.translated < 0.6)
      .map((l: { locale: string }) => l.locale);
    expect(below.length).toBeGreaterThan(0);
    const result = await loc(['export', '--json']);
    expect(result.code, result.stdout).toBe(11);
    const [web, all, none] = result.json().targets;
    expect(web.exitCode).toBe(0);
    expect(web.result.localesLeftOut.map((l: { locale: string }) => l.locale)).toEqual(below);
    expect(web.result.localesLeftOut[0].below).toEqual(['translated']);
    expect(
      readdirSync(join(repo.path, 'web'))
        .filter((f) => !f.startsWith('.'))
        .sort(),
    ).toEqual(
      readdirSync(join(repo.path, 'web-all'))
        .filter((f) => !f.startsWith('.') && !below.includes(f))
        .sort(),
    );
    expect(all.exitCode).toBe(0);
    expect(all.result.localesLeftOut).toBeUndefined();
    // Neither of its locales meets 100 % translated: the gate's exit code, no export created for it.
    expect(none.exitCode).toBe(11);
    expect(none.error.message).toMatch(
      /No locale of project web-frontend meets 100 % translated: fr \(\d.*, ja \(.*nothing was exported/,
    );
    expect(existsSync(join(repo.path, 'none'))).toBe(false);

    // The files of a locale left out are left alone: --check right after is up to date, nothing counts as removed.
    writeConfig({
      workspace: 'acme',
      export: { pathTemplate: '{locale}/{filename}', minTranslated: 60 },
      targets: [{ name: 'web', project: 'web-frontend', out: 'web-all' }],
    });
    const check = await loc(['export', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(new RegExp(`web\\s+0\\s+up to date \\(\\d+ files\\); left out: ${below[0]} \\(`));

    // The single-project form reads export.minTranslated too, and says what it left out.
    const one = await loc(['export', '--workspace', 'acme', '--project', 'web-frontend', '--out', 'one']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toMatch(
      new RegExp(`Left out, below the threshold of loc.config.json: ${below[0]} \\(\\d+(\\.\\d)? % translated\\)`),
    );

    // The same export fetched by its id (after --no-wait, or by the resume hint): the request that made it is
    // not the service's to tell, so the locale it lacks is no removal either.
    const requested = await loc([
      'export',
      '--workspace',
      'acme',
      '--project',
      'web-frontend',
      '--no-wait',
      '--out',
      'web-all',
    ]);
    expect(requested.code, requested.stderr).toBe(0);
    const project = ['--workspace', 'acme', '--project', 'web-frontend', '--out', 'web-all'];
    const fetched = await loc(['export', 'download', requested.stdout.trim(), ...project, '--check', '--json']);
    expect(fetched.code, fetched.stdout + fetched.stderr).toBe(0);
    expect(fetched.json().changes).toEqual([]);
    // A whole export fetched by id still sees a removal: a file loc wrote that the export no longer holds.
    writeFileSync(join(repo.path, 'web-all', below[0], 'gone.json'), '{}');
    const record = JSON.parse(readFileSync(join(repo.path, 'web-all', '.loc-export.json'), 'utf8'));
    record.files.push({ path: `${below[0]}/gone.json`, sha256: null });
    writeFileSync(join(repo.path, 'web-all', '.loc-export.json'), JSON.stringify(record));
    writeConfig({ workspace: 'acme', export: { pathTemplate: '{locale}/{filename}' } });
    const whole = await loc([
      'export',
      '--workspace',
      'acme',
      '--project',
      'web-frontend',
      '--no-wait',
      '--out',
      'web-all',
    ]);
    const removed = await loc(['export', 'download', whole.stdout.trim(), ...project, '--check', '--json']);
    expect(removed.code, removed.stdout + removed.stderr).toBe(12);
    expect(removed.json().changes).toEqual([
      expect.objectContaining({ change: 'removed', path: `${below[0]}/gone.json` }),
    ]);
  });

  it('loc status gates the projects and locales the targets pull, not every project of the workspace', async () => {
    // The demo seed: web-frontend's en is 100 % translated, its de below; mobile-android's pt-BR below too.
    writeConfig({
      workspace: 'acme',
      targets: [
        { name: 'web-en', project: 'web-frontend', out: 'web-en', locales: ['en'] },
        { name: 'web-de', project: 'web-frontend', out: 'web-de', locales: ['de'] },
      ],
    });
    const passed = await loc(['status', '--target', 'web-en', '--min-translated', '100', '--json']);
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.json()).toMatchObject({ workspace: 'acme', targets: ['web-en'], gate: { passed: true } });
    expect(passed.json().locales.map((l: { project: string; locale: string }) => `${l.project}/${l.locale}`)).toEqual([
      'web-frontend/en',
    ]);
    // Without --target: every target's locales, one status request per project.
    await mock.requests();
    const all = await loc(['status', '--min-translated', '100', '--json']);
    expect(all.code).toBe(11);
    expect(all.json().gate.failing.map((f: { name: string }) => f.name)).toEqual(['web-frontend/de']);
    expect((await mock.requests()).filter((r) => r.includes('/status'))).toHaveLength(1);
    // A project flag is refused beside --target; alone it shows that project, not the targets.
    expect((await loc(['status', '--target', 'web-en', '--project', 'backend'])).code).toBe(2);
    const one = await loc(['status', '--project', 'backend', '--json']);
    expect(one.code).toBe(0);
    expect(one.json()).toMatchObject({ project: 'backend' });
  });

  it('keeps the single-project form: project flags export that project, not the targets', async () => {
    writeConfig(SIX);
    const result = await loc(['export', '--workspace', 'acme', '--project', 'backend', '--out', 'one', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().project).toBe('backend');
    expect(existsSync(join(repo.path, 'ios'))).toBe(false);
  });

  it('loc init --target adds a target to the config, keeping the rest; a name twice is refused', async () => {
    writeConfig({ workspace: 'acme', project: 'web-frontend', export: { out: 'locales' } });
    const added = await loc([
      'init',
      '--target',
      'android',
      '--project',
      'mobile-android',
      '--out',
      'app',
      '--path-template',
      '{path}',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(repo.path, 'loc.config.json'), 'utf8'));
    expect(config).toEqual({
      workspace: 'acme',
      project: 'web-frontend',
      export: { out: 'locales' },
      // The project pulled so far stays pulled: the first target added keeps it as a target.
      targets: [
        { name: 'web-frontend' },
        { name: 'android', project: 'mobile-android', out: 'app', pathTemplate: '{path}' },
      ],
    });
    expect(added.stderr).toMatch(/\(acme\/web-frontend\) is now target 'web-frontend'/);
    const again = await loc(['init', '--target', 'android', '--project', 'mobile-ios']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/has a target 'android' already/);
    const pulled = await loc(['export', '--json']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.json().targets.map((t: { name: string }) => t.name)).toEqual(['web-frontend', 'android']);
    expect(files('app')).toBeGreaterThan(1);
    expect(files('locales')).toBeGreaterThan(1);
  });

  it('loc init writes no --out that leads outside the config folder (export would refuse it in CI)', async () => {
    const refused = await loc(['init', '--workspace', 'acme', '--project', 'backend', '--out', '../outside']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--out \.\.\/outside leads outside .*, the folder of loc\.config\.json/);
    expect(existsSync(join(repo.path, 'loc.config.json'))).toBe(false);
    writeConfig({ workspace: 'acme', project: 'backend' });
    const before = readFileSync(join(repo.path, 'loc.config.json'), 'utf8');
    const target = await loc(['init', '--target', 'web', '--project', 'web-frontend', '--out', '../outside']);
    expect(target.code).toBe(2);
    expect(target.stderr).toMatch(/--out \.\.\/outside leads outside/);
    expect(readFileSync(join(repo.path, 'loc.config.json'), 'utf8')).toBe(before);
  });

  it('loc init --target without a config names the loc init that writes one, with the flags given, and it works', async () => {
    const missing = await loc(['init', '--target', 'ios', '--workspace', 'acme', '--project', 'mobile-ios']);
    expect(missing.code).toBe(2);
    const suggested = /Write one first with `loc init (--workspace acme --project mobile-ios)`/.exec(missing.stderr);
    expect(suggested, missing.stderr).not.toBeNull();
    const written = await loc(['init', ...suggested![1]!.split(' ')]);
    expect(written.code, written.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(repo.path, 'loc.config.json'), 'utf8'))).toMatchObject({
      workspace: 'acme',
      project: 'mobile-ios',
    });
  });
});

describe('loc.config.yaml (issue 44)', () => {
  const yamlPath = () => join(repo.path, 'loc.config.yaml');

  it('is written by loc init --config, read like loc.config.json, and edited in place by loc init --target', async () => {
    const written = await loc([
      'init',
      '--config',
      'loc.config.yaml',
      '-w',
      'acme',
      '-p',
      'web-frontend',
      '--out',
      'web',
    ]);
    expect(written.code, written.stderr).toBe(0);
    const text = readFileSync(yamlPath(), 'utf8');
    expect(text).toMatch(
      /^# yaml-language-server: \$schema=\S+loc\.config\.schema\.json\nworkspace: acme\nproject: web-frontend\nexport:\n {2}out: web\n$/,
    );
    expect(existsSync(join(repo.path, 'loc.config.json'))).toBe(false);

    // Found without --config, as loc.config.json is; a comment of the user's survives a target added.
    writeFileSync(yamlPath(), `${text}# the Android app, from its own project\n`);
    const status = await loc(['status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json().project).toBe('web-frontend');
    const added = await loc(['init', '--target', 'android', '--project', 'mobile-android', '--out', 'app']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain(`Added target 'android' to ${yamlPath()}.`);
    const edited = readFileSync(yamlPath(), 'utf8');
    expect(edited).toContain('# yaml-language-server: $schema=');
    expect(edited).toContain('# the Android app, from its own project');
    expect(edited).toMatch(
      /targets:\n {2}- name: web-frontend\n {2}- name: android\n {4}project: mobile-android\n {4}out: app\n/,
    );
    const pulled = await loc(['export', '--json']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.json().targets.map((t: { name: string }) => t.name)).toEqual(['web-frontend', 'android']);
    expect(files('app')).toBeGreaterThan(1);
  });

  it('names the key and the line of a mistake', async () => {
    writeFileSync(yamlPath(), 'workspace: acme\nproject: web-frontend\nexport:\n  out: web\n  fromat: json.nested\n');
    const typo = await loc(['status']);
    expect(typo.code).toBe(10);
    expect(typo.stderr).toContain(
      `${yamlPath()} is not a valid loc config: $.export (line 5): Unrecognized key: "fromat"`,
    );
    writeFileSync(yamlPath(), 'workspace: acme\nworkspace: other\n');
    const twice = await loc(['status']);
    expect(twice.code).toBe(10);
    expect(twice.stderr).toMatch(/is not valid YAML: Map keys must be unique at line 2, column 1/);
  });

  it('is refused beside a loc.config.json, naming the one changed last as the one to keep', async () => {
    writeConfig({ workspace: 'acme', project: 'backend' });
    writeFileSync(yamlPath(), 'workspace: acme\nproject: web-frontend\n');
    const both = await loc(['status']);
    expect(both.code).toBe(10);
    expect(both.stderr).toContain(
      `✖ ${repo.path} has loc.config.json and loc.config.yaml: loc reads one config file per folder.`,
    );
    expect(both.stderr).toMatch(
      /Keep one: loc\.config\.(json|yaml) was changed last; delete loc\.config\.(json|yaml), or choose with --config\./,
    );
    const chosen = await loc(['status', '--config', 'loc.config.yaml', '--json']);
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.json().project).toBe('web-frontend');
  });
});
