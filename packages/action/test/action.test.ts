// The Action run as the runner runs it: `node <runs.main>` of action.yml with INPUT_* variables (action.yml's
// defaults filled in, as the runner does), GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_WORKSPACE (a
// temporary git repository whose origin is a bare repository), against real loc-mocks; GitHub's REST API is
// a loopback server that keeps state (the open pull requests), so "updated, not opened twice" is proven.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '@loc/mock-server';
import { KNOWN_HOSTS } from '../../../scripts/known-hosts.mjs';
import { startMock, startStoppingProxy, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';
import { type FakeGitHub, startFakeGitHub } from './fake-github';
import {
  ACTION,
  type ActionRun,
  beforeAndAfterSeeds,
  CONFIG,
  git,
  repository as makeRepository,
  ROOT,
  runAction as run,
  secretsIn,
  trackedCopy,
} from './run-action';

const dir = tempDir('loc-action-');
let before: RunningMock;
let after: RunningMock;
let github: FakeGitHub;
let action: string;
beforeAll(async () => {
  action = trackedCopy(join(dir.path, 'action'));
  const seeds = beforeAndAfterSeeds(dir.path, 'Acme <img src=x> @octocat');
  [before, after, github] = await Promise.all([
    startMock(['--seed', seeds.before, '--export-delay', '20ms'], { log: true }),
    startMock(['--seed', seeds.after, '--export-delay', '20ms']),
    startFakeGitHub(),
  ]);
});
afterAll(async () => {
  await Promise.all([before?.stop(), after?.stop(), github?.close()]);
  dir.remove();
});

const repository = (name: string, config: object) => {
  const repo = makeRepository(dir.path, name, config);
  github.reset(repo.origin);
  return repo;
};
const runAction = (
  mock: RunningMock,
  workspace: string,
  inputs: Record<string, string>,
  runner: Record<string, string | undefined> = {},
) => run({ action, dir: dir.path, githubUrl: github.url }, mock, workspace, inputs, runner);

function expectNoSecret(run: ActionRun) {
  expect(secretsIn(run)).toEqual([]);
}

beforeEach(() => github.reset());

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
    expect(github.state.pulls[0]!.body.startsWith(first.outputs.summary!.trimEnd())).toBe(true);
    expect(first.outputs['pull-request-operation']).toBe('created');
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
      /::error::loc wrote 9 files that git ignores, so the pull request would lack them: locales\/\.loc-export\.json \(\.gitignore:1: locales\/\), locales\/de\/checkout\.json \(\.gitignore:1: locales\/\).*Nothing was pushed\./,
    );
    expect(github.state.pulls).toEqual([]);
    expectNoSecret(run);
  });

  it('names the permissions to add when GitHub refuses the pull request (403)', async () => {
    const repo = repository('refused', CONFIG);
    github.state.refuseWrites = true;
    const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, 'create-pull-request': 'true' });
    expect(run.code).toBe(1);
    expect(run.printed).toMatch(
      /::error::GitHub refused POST http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/app\/pulls \(403: Resource not accessible by integration\)\. Give the workflow `permissions: contents: write` and `pull-requests: write`/,
    );
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

  describe('the service as loc meets it', () => {
    it('without base-url, loc goes to the service: api.lingohub.com (stopped at a loopback proxy)', async () => {
      const proxy = await startStoppingProxy();
      try {
        const repo = repository('service-default', CONFIG);
        const run = await runAction(
          before,
          repo.path,
          { 'api-token': TOKENS.developer, 'base-url': '' },
          {
            HTTPS_PROXY: proxy.url,
          },
        );
        expect(run.code).toBe(1);
        expect(new Set(proxy.asked)).toEqual(new Set(['CONNECT api.lingohub.com:443']));
        expectNoSecret(run);
      } finally {
        await proxy.close();
      }
    });

    it('takes the workspace and project by their ids', async () => {
      const repo = repository('ids', { ...CONFIG, workspace: DEMO.workspaceIds.acme, project: DEMO.projectIds.web });
      const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, check: 'true' });
      expect(run.code, run.printed).toBe(0);
      expect(Number(run.outputs.files)).toBe(8);
    });

    it('refuses a format the project does not list, naming the input and the project’s formats, before any export', async () => {
      await before.requests();
      const repo = repository('unlisted-format', CONFIG);
      const run = await runAction(before, repo.path, { 'api-token': TOKENS.developer, format: 'strings.ios' });
      expect(run.code).toBe(1);
      expect(run.printed).toMatch(
        /::error::loc export failed \(exit 2\): The input format \(--format\) 'strings\.ios' is not a format project web-frontend exports to\. Its formats: json\.standard, /,
      );
      expect((await before.requests()).filter((r) => r.includes('/exports'))).toEqual([]);
    });

    it('says what its base-url input defaults to: the service’s API', () => {
      expect(ACTION.inputs['base-url']?.description).toContain(`https://${KNOWN_HOSTS.service[0]!.host}`);
    });
  });

  it('is bundled fresh (check-dist): bundling again gives the committed files', async () => {
    const fresh = join(dir.path, 'fresh-bundle');
    execFileSync(process.execPath, [join(ROOT, 'packages/action/scripts/bundle.mjs'), fresh]);
    // @ts-expect-error: a script of the package, without types
    const { bundleDifferences } = await import('../scripts/bundle-diff.mjs');
    expect(
      bundleDifferences(fresh, join(ROOT, 'packages/action/bundle')),
      'run pnpm --filter @loc/cli build && pnpm --filter @loc/action bundle, and commit packages/action/bundle',
    ).toEqual([]);
  });
});
