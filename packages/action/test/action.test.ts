// The Action run as the runner runs it: `node <runs.main>` of action.yml with INPUT_* variables (action.yml's
// defaults filled in, as the runner does), GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_WORKSPACE (a
// temporary git repository whose origin is a bare repository), against real loc-mocks; GitHub's REST API is
// a loopback server that keeps state (the open pull requests), so "updated, not opened twice" is proven.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { MOCK_BIN, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ACTION = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  runs: { using: string; main: string };
  inputs: Record<string, { default?: string }>;
};
const GITHUB_TOKEN = 'ghs_test_github_token_never_printed';

/** GitHub's REST API for one repository, in memory: pull requests by branch, their labels, every request seen. */
function fakeGitHub() {
  const state = {
    pulls: [] as { number: number; head: string; base: string; title: string; body: string; labels: string[] }[],
    requests: [] as string[],
    refuse: false,
  };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      state.requests.push(`${request.method} ${url.pathname}`);
      const send = (status: number, body?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${GITHUB_TOKEN}`) return send(401, { message: 'Bad credentials' });
      if (state.refuse) return send(403, { message: 'Resource not accessible by integration' });
      const body = text ? JSON.parse(text) : {};
      const asJson = (p: (typeof state.pulls)[number]) => ({
        number: p.number,
        html_url: `https://github.test/acme/app/pull/${p.number}`,
        title: p.title,
        body: p.body,
      });
      let match: RegExpExecArray | null;
      if (request.method === 'GET' && url.pathname === '/repos/acme/app/pulls') {
        const head = url.searchParams.get('head')?.split(':')[1];
        return send(200, state.pulls.filter((p) => p.head === head).map(asJson));
      }
      if (request.method === 'POST' && url.pathname === '/repos/acme/app/pulls') {
        if (state.pulls.some((p) => p.head === body.head))
          return send(422, { message: 'A pull request already exists' });
        const pull = { number: state.pulls.length + 1, labels: [], ...body };
        state.pulls.push(pull);
        return send(201, asJson(pull));
      }
      if (request.method === 'PATCH' && (match = /^\/repos\/acme\/app\/pulls\/(\d+)$/.exec(url.pathname))) {
        const pull = state.pulls.find((p) => p.number === Number(match![1]))!;
        Object.assign(pull, body);
        return send(200, asJson(pull));
      }
      if (request.method === 'POST' && (match = /^\/repos\/acme\/app\/issues\/(\d+)\/labels$/.exec(url.pathname))) {
        const pull = state.pulls.find((p) => p.number === Number(match![1]))!;
        pull.labels = [...new Set([...pull.labels, ...body.labels])];
        return send(
          200,
          pull.labels.map((name) => ({ name })),
        );
      }
      send(404, { message: 'Not Found' });
    });
  });
  return { state, server };
}

interface Seed {
  projects: {
    slug: string;
    files: { segments: { key: string; translations: Record<string, { text: string }> }[] }[];
  }[];
}

const dir = tempDir('loc-action-');
let before: RunningMock;
let after: RunningMock;
const github = fakeGitHub();
let githubUrl: string;
beforeAll(async () => {
  const seed = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' })) as Seed;
  writeFileSync(join(dir.path, 'before.json'), JSON.stringify(seed));
  const web = seed.projects.find((p) => p.slug === 'web-frontend')!;
  web.files[0]!.segments.find((s) => s.key === 'app.title')!.translations.de!.text = 'Acme <img src=x> @octocat';
  writeFileSync(join(dir.path, 'after.json'), JSON.stringify(seed));
  [before, after] = await Promise.all([
    startMock(['--seed', join(dir.path, 'before.json'), '--export-delay', '20ms'], { log: true }),
    startMock(['--seed', join(dir.path, 'after.json'), '--export-delay', '20ms']),
  ]);
  await new Promise<void>((done) => github.server.listen(0, '127.0.0.1', done));
  githubUrl = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([before?.stop(), after?.stop()]);
  await new Promise((done) => github.server.close(done));
  dir.remove();
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });

/** A repository with loc.config.json committed on main, its origin a bare repository. */
function repository(name: string, config: object): { path: string; origin: string } {
  const origin = join(dir.path, `${name}.git`);
  const path = join(dir.path, name);
  mkdirSync(path);
  git(dir.path, 'init', '--quiet', '--bare', origin);
  git(path, 'init', '--quiet');
  writeFileSync(join(path, 'loc.config.json'), JSON.stringify(config, null, 2));
  git(path, 'add', '.');
  git(path, 'commit', '--quiet', '-m', 'init');
  git(path, 'remote', 'add', 'origin', origin);
  git(path, 'push', '--quiet', 'origin', 'main');
  return { path, origin };
}

const CONFIG = {
  workspace: 'acme',
  project: 'web-frontend',
  export: { out: 'locales', pathTemplate: '{locale}/{filename}' },
};

/** `node <runs.main>` as the runner starts it; the outputs and the step summary read back. */
async function runAction(
  mock: RunningMock,
  workspace: string,
  inputs: Record<string, string>,
  runner: Record<string, string | undefined> = {},
) {
  const outputFile = join(dir.path, `output-${Math.random().toString(36).slice(2)}`);
  const summaryFile = `${outputFile}-summary`;
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const defaults = Object.fromEntries(
    Object.entries(ACTION.inputs).flatMap(([name, input]) =>
      input.default !== undefined && !input.default.includes('${{') ? [[name, input.default]] : [],
    ),
  );
  const all: Record<string, string> = { ...defaults, 'base-url': mock.url, 'github-token': GITHUB_TOKEN, ...inputs };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir.path,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'acme/app',
    // A workflow on a schedule or a push, on main.
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_REF_TYPE: 'branch',
    GITHUB_API_URL: githubUrl,
    RUNNER_TEMP: dir.path,
    LOC_CONFIG_DIR: join(dir.path, 'loc-config'),
    GITHUB_ACTIONS: 'true',
  };
  for (const [name, value] of Object.entries(all)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  // What this runner sets otherwise (undefined: a variable it does not set).
  for (const [name, value] of Object.entries(runner)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, [join(ROOT, ACTION.runs.main)], { cwd: workspace, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  const outputs: Record<string, string> = {};
  const text = readFileSync(outputFile, 'utf8');
  for (const m of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!;
  // What the log shows: the runner takes ::add-mask:: lines as commands, it does not print them.
  const printed = `${stdout.replace(/^::add-mask::.*$/gm, '')}\n${stderr}`;
  return { code, printed, outputs, summary: readFileSync(summaryFile, 'utf8'), outputText: text };
}

function expectNoSecret(run: Awaited<ReturnType<typeof runAction>>) {
  for (const secret of [TOKENS.developer, GITHUB_TOKEN]) {
    expect(run.printed).not.toContain(secret);
    expect(run.outputText).not.toContain(secret);
    expect(run.summary).not.toContain(secret);
  }
}

beforeEach(() => {
  github.state.pulls = [];
  github.state.requests = [];
  github.state.refuse = false;
});

describe('the GitHub Action', () => {
  it('is a JavaScript action on node24 whose main is the committed bundle', () => {
    expect(ACTION.runs.using).toBe('node24');
    expect(existsSync(join(ROOT, ACTION.runs.main))).toBe(true);
  });

  it('checks: changed=true with the summary when nothing is exported yet, false right after an export', async () => {
    const repo = repository('check', CONFIG);
    const stale = await runAction(before, repo.path, { 'api-token': TOKENS.developer, check: 'true' });
    expect(stale.code, stale.printed).toBe(0);
    expect(stale.outputs.changed).toBe('true');
    expect(Number(stale.outputs.files)).toBe(8);
    expect(stale.outputs.summary).toMatch(/^### acme\/web-frontend: \d+ added/);
    expect(stale.summary).toBe(stale.outputs.summary);
    expect(stale.outputs['export-ids']).toMatch(/^reg_/);
    expect(existsSync(join(repo.path, 'locales'))).toBe(false);
    expectNoSecret(stale);

    const exported = await runAction(before, repo.path, { 'api-token': TOKENS.developer });
    expect(exported.code, exported.printed).toBe(0);
    expect(exported.outputs.changed).toBe('true');
    const fresh = await runAction(before, repo.path, { 'api-token': TOKENS.developer, check: 'true' });
    expect(fresh.outputs.changed).toBe('false');
    expect(fresh.outputs.files).toBe('0');
    expect(fresh.outputs.summary).toMatch(/no change/);
    expectNoSecret(fresh);
  });

  it('opens one pull request, then updates it: never a second one for the branch', async () => {
    const repo = repository('pr', CONFIG);
    // What an earlier step of the job left in the working tree is not the translations'.
    writeFileSync(join(repo.path, 'build.env'), 'SECRET=from-an-earlier-step\n');
    const inputs = { 'api-token': TOKENS.developer, 'create-pull-request': 'true', labels: 'i18n, bot' };
    const first = await runAction(before, repo.path, inputs);
    expect(first.code, first.printed).toBe(0);
    expect(first.outputs.changed).toBe('true');
    expect(first.outputs['pull-request-number']).toBe('1');
    expect(github.state.pulls).toHaveLength(1);
    expect(github.state.pulls[0]).toMatchObject({ head: 'loc/translations', base: 'main', labels: ['i18n', 'bot'] });
    expect(github.state.pulls[0]!.body).toBe(first.outputs.summary);
    expect(git(repo.origin, 'log', '--format=%s', 'loc/translations', '-1').trim()).toBe('Update translations');
    // loc runs inside the Action: its folder lock is gone before git commits the folder.
    const committed = git(repo.origin, 'ls-tree', '-r', '--name-only', 'loc/translations').split('\n');
    expect(committed).toContain('locales/.loc-export.json');
    expect(committed.filter((f) => /\.loc-(lock|staging)/.test(f))).toEqual([]);
    expect(committed.filter((f) => f && !f.startsWith('locales/'))).toEqual(['loc.config.json']);
    expectNoSecret(first);

    // The strings changed on the service: the same branch, the same pull request, a new body.
    const second = await runAction(after, repo.path, inputs);
    expect(second.code, second.printed).toBe(0);
    expect(second.outputs['pull-request-number']).toBe('1');
    expect(github.state.pulls).toHaveLength(1);
    expect(github.state.requests.filter((r) => r === 'POST /repos/acme/app/pulls')).toHaveLength(1);
    expect(github.state.requests).toContain('PATCH /repos/acme/app/pulls/1');
    expect(github.state.pulls[0]!.body).toMatch(/changed \(1\): `app\.title`/);
    expect(github.state.pulls[0]!.body).not.toMatch(/(^|[^`])@octocat/);
    expect(git(repo.origin, 'show', 'loc/translations:locales/de/common.json')).toContain('Acme <img src=x> @octocat');
    expectNoSecret(second);
  });

  it('passes where the runner offers no step summary (GITHUB_STEP_SUMMARY unset): the outputs still carry it', async () => {
    const repo = repository('no-step-summary', CONFIG);
    const run = await runAction(
      before,
      repo.path,
      { 'api-token': TOKENS.developer },
      { GITHUB_STEP_SUMMARY: undefined },
    );
    expect(run.code, run.printed).toBe(0);
    expect(run.outputs.changed).toBe('true');
    expect(run.outputs.summary).toMatch(/^### acme\/web-frontend: \d+ added/);
    expect(run.summary).toBe('');
  });

  it('fails with the gate’s message, before any export', async () => {
    const repo = repository('gate', CONFIG);
    await before.requests();
    const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, 'min-translated': '100' });
    expect(run.code).toBe(1);
    expect(run.printed).toMatch(
      /::error::The gate failed \(loc exit 11\): \d+ locales? (is|are) below 100 %25 translated: de/,
    );
    expect((await before.requests()).filter((r) => r.startsWith('POST'))).toEqual([]);
    expectNoSecret(run);
  });

  it('gates what the targets pull, not every project of the workspace: a gate met there exports', async () => {
    // web-frontend's en is fully translated in the seed; other projects and locales are not.
    const config = {
      workspace: 'acme',
      targets: [{ name: 'web', project: 'web-frontend', out: 'web', locales: ['en'], pathTemplate: '{filename}' }],
    };
    const repo = repository('gate-targets', config);
    const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, 'min-translated': '100' });
    expect(run.code, run.printed).toBe(0);
    expect(run.printed).toContain('The gate passed.');
    expect(run.outputs.changed).toBe('true');
    // The same target with a locale below the gate fails the step before any export.
    const below = { ...config, targets: [{ ...config.targets[0]!, locales: ['de'] }] };
    await before.requests();
    const failed = await runAction(before, repository('gate-targets-de', below).path, {
      'api-token': TOKENS.developer,
      'min-translated': '100',
    });
    expect(failed.code).toBe(1);
    expect(failed.printed).toMatch(/::error::The gate failed \(loc exit 11\): .*de/);
    expect((await before.requests()).filter((r) => r.startsWith('POST'))).toEqual([]);
    expectNoSecret(failed);
  });

  it('names the secret to set when the token is missing', async () => {
    const repo = repository('no-token', CONFIG);
    const run = await runAction(before, repo.path, { 'api-token': '' });
    expect(run.code).toBe(1);
    expect(run.printed).toMatch(/::error::The input api-token is empty\. Store a loc API token as a repository secret/);
  });

  it('never force-pushes the branch the pull request goes into', async () => {
    const repo = repository('onto-main', CONFIG);
    const tip = git(repo.origin, 'rev-parse', 'main');
    const run = await runAction(before, repo.path, {
      'api-token': TOKENS.developer,
      'create-pull-request': 'true',
      branch: 'main',
    });
    expect(run.code).toBe(1);
    expect(run.printed).toMatch(/::error::The input branch is 'main', the branch the pull request would go into/);
    expect(git(repo.origin, 'rev-parse', 'main')).toBe(tip);
    expect(github.state.pulls).toEqual([]);
  });

  it('says what to do when git ignores the output folder, and opens no pull request', async () => {
    const repo = repository('ignored', CONFIG);
    writeFileSync(join(repo.path, '.gitignore'), 'locales/\n');
    const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, 'create-pull-request': 'true' });
    expect(run.code).toBe(1);
    expect(run.printed).toMatch(
      /::error::loc changed files in locales, but git has nothing to commit there: is the folder ignored \(\.gitignore\)\?/,
    );
    expect(github.state.pulls).toEqual([]);
    expectNoSecret(run);
  });

  it('names the permissions to add when GitHub refuses the pull request (403)', async () => {
    const repo = repository('refused', CONFIG);
    github.state.refuse = true;
    const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, 'create-pull-request': 'true' });
    expect(run.code).toBe(1);
    expect(run.printed).toMatch(/403\)\. Give the workflow `permissions: contents: write` and `pull-requests: write`/);
    expectNoSecret(run);
  });

  it('fails with the CLI’s message when the export fails', async () => {
    const repo = repository('bad-project', { ...CONFIG, project: 'no-such-project' });
    const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer });
    expect(run.code).toBe(1);
    expect(run.printed).toMatch(/::error::loc export failed \(exit 5\): .*no-such-project/);
    expectNoSecret(run);
  });

  describe('names the input, not only the flag, when a value is refused', () => {
    const refused = async (name: string, config: object, inputs: Record<string, string>) => {
      const repo = repository(name, config);
      const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, ...inputs });
      expect(run.code, run.printed).toBe(1);
      expect(run.outputs).toEqual({});
      expectNoSecret(run);
      return run.printed;
    };

    it('a summary-keys that is not a number, before loc runs; one out of range, as loc judges it', async () => {
      await before.requests();
      expect(await refused('keys-abc', CONFIG, { 'summary-keys': 'abc' })).toContain(
        "::error::The input summary-keys is 'abc', which is not a number. Set it to a number in the step's `with:`, for example `summary-keys: 10`.",
      );
      expect(await before.requests()).toEqual([]);
      expect(await refused('keys-negative', CONFIG, { 'summary-keys': '-1' })).toContain(
        "::error::loc export failed (exit 2): The input summary-keys (--summary-keys) must be a whole number from 0 to 10000; it is '-1'. Set `summary-keys:` in the step's `with:` to such a value (`loc export --help` describes --summary-keys).",
      );
    });

    it('a min-translated that is not a number, or not a percentage: nothing is exported', async () => {
      await before.requests();
      expect(await refused('gate-lots', CONFIG, { 'min-translated': 'lots' })).toContain(
        "::error::The input min-translated is 'lots', which is not a number.",
      );
      expect(await refused('gate-200', CONFIG, { 'min-translated': '200' })).toContain(
        "::error::The gate failed (loc exit 2): The input min-translated (--min-translated) must be a percentage from 0 to 100, for example 95; it is '200'. Set `min-translated:` in the step's `with:`",
      );
      expect((await before.requests()).filter((r) => r.startsWith('POST'))).toEqual([]);
    });

    it('an unknown target, with the known ones', async () => {
      const config = { workspace: 'acme', targets: [{ name: 'web', project: 'web-frontend', out: 'web' }] };
      expect(await refused('unknown-target', config, { targets: 'web, nope' })).toMatch(
        /::error::loc export failed \(exit 2\): Unknown target for the input targets \(--target\): nope\. The targets of .*loc\.config\.json: web\./,
      );
    });

    it('check with create-pull-request: refused, naming both, before any request', async () => {
      await before.requests();
      expect(await refused('check-and-pr', CONFIG, { check: 'true', 'create-pull-request': 'true' })).toContain(
        '::error::The inputs check and create-pull-request cannot both be true',
      );
      expect(await before.requests()).toEqual([]);
    });

    it('a boolean input that is yes, with the values it accepts', async () => {
      expect(await refused('check-yes', CONFIG, { check: 'yes' })).toContain(
        "::error::The input check is 'yes', which is not true or false. Set `check: true` or `check: false` in the step's `with:` (YAML 1.2 booleans: true, True, TRUE, false, False, FALSE).",
      );
    });
  });

  it('is bundled fresh: bundling again gives the committed files', () => {
    const fresh = join(dir.path, 'fresh-bundle');
    execFileSync(process.execPath, [join(ROOT, 'packages/action/scripts/bundle.mjs'), fresh]);
    const committed = join(ROOT, 'packages/action/bundle');
    const files = (root: string) =>
      execFileSync('find', ['.', '-type', 'f'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean).sort();
    expect(files(fresh)).toEqual(files(committed));
    for (const file of files(committed))
      expect(
        readFileSync(join(fresh, file)).equals(readFileSync(join(committed, file))),
        `${file} is stale: run pnpm --filter @loc/action bundle`,
      ).toBe(true);
  });
});
