// The Action's push mode (`push: true`), run as the runner runs it (run-action.ts) against a real loc-mock:
// on a push to the default branch it uploads the source files through `loc push`, whose read rule holds
// for what it sends; for a pull request it pushes nothing (a check may run); it goes with no pull-request
// input.
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';
import { CONFIG, repository as makeRepository, runAction as run, secretsIn, trackedCopy } from './run-action';

const dir = tempDir('loc-action-push-');
let mock: RunningMock;
let action: string;
beforeAll(async () => {
  action = trackedCopy(join(dir.path, 'action'));
  mock = await startMock(['--export-delay', '0ms'], { log: true });
});
afterAll(async () => {
  await mock?.stop();
  dir.remove();
});
beforeEach(async () => {
  expect((await fetch(`${mock.url}/__admin/reset`, { method: 'POST' })).status).toBe(200);
});

/** The event payload of a workflow run: the repository's default branch, as GitHub writes it. */
function event(name: string): Record<string, string> {
  const path = join(dir.path, `event-${name}.json`);
  writeFileSync(path, JSON.stringify({ repository: { default_branch: 'main', full_name: 'acme/app' } }));
  return { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path };
}

/** A repository whose strings were pulled, and whose English common.json a developer then extended. */
async function pulledAndEdited(name: string): Promise<string> {
  const repo = makeRepository(dir.path, name, CONFIG);
  const pulled = await runLoc(['export'], {
    cwd: repo.path,
    env: { LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: join(dir.path, 'home'), CI: '1' },
  });
  expect(pulled.code, pulled.stderr).toBe(0);
  const file = join(repo.path, 'locales', 'en', 'common.json');
  const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  writeFileSync(file, JSON.stringify({ ...strings, 'nav.settings': 'Settings' }, null, 2));
  await mock.requests();
  return repo.path;
}

const runAction = (workspace: string, inputs: Record<string, string>, runner: Record<string, string> = {}) =>
  run({ action, dir: dir.path, githubUrl: 'http://127.0.0.1:9' }, mock, workspace, inputs, runner);

const uploads = async () => (await mock.requests()).filter((r) => r.startsWith('POST'));

describe('the Action’s push mode', () => {
  it('on a push to the default branch uploads the source files, and says what they imported', async () => {
    const repo = await pulledAndEdited('push');
    const pushed = await runAction(repo, { 'api-token': TOKENS.developer, push: 'true' }, event('push'));
    expect(pushed.code, pushed.printed).toBe(0);
    expect(await uploads()).toEqual([
      'POST /v1/acme/projects/web-frontend/resources',
      'POST /v1/acme/projects/web-frontend/resources',
    ]);
    expect(pushed.outputs.changed).toBe('true');
    expect(pushed.outputs['files-list']!.split('\n').sort()).toEqual([
      'locales/en/checkout.json',
      'locales/en/common.json',
    ]);
    expect(pushed.outputs.summary).toMatch(/^### acme\/web-frontend: 2 files pushed/);
    expect(pushed.summary).toMatch(/\| `en\/common\.json` \| `en` \| pushed \| 1 \| 0 \| 0 \|/);
    expect(secretsIn(pushed)).toEqual([]);
    // Checked again, on a pull request: nothing left to push, and nothing sent.
    const checked = await runAction(
      repo,
      { 'api-token': TOKENS.developer, push: 'true', check: 'true' },
      event('pull_request'),
    );
    expect(checked.code, checked.printed).toBe(0);
    expect(checked.outputs.changed).toBe('false');
    expect(await uploads()).toEqual([]);
  });

  it('pushes nothing for a pull request, nor from another branch', async () => {
    const repo = await pulledAndEdited('pull-request');
    const fromPr = await runAction(repo, { 'api-token': TOKENS.developer, push: 'true' }, event('pull_request'));
    expect(fromPr.code).toBe(1);
    expect(fromPr.printed).toMatch(
      /push uploads the repository's strings to the project: it runs on the default branch \(main\) only, and this run is for a pull_request event/,
    );
    const elsewhere = await runAction(
      repo,
      { 'api-token': TOKENS.developer, push: 'true' },
      { ...event('push'), GITHUB_REF: 'refs/heads/feature', GITHUB_REF_NAME: 'feature' },
    );
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.printed).toMatch(/this run is on 'feature'/);
    const withPr = await runAction(
      repo,
      { 'api-token': TOKENS.developer, push: 'true', 'create-pull-request': 'true' },
      event('push'),
    );
    expect(withPr.code).toBe(1);
    expect(withPr.printed).toMatch(/The inputs push and create-pull-request cannot go together/);
    expect(await uploads()).toEqual([]);
  });

  it('sends no file the read rule refuses: a link out of the repository fails the step, nothing sent', async () => {
    const repo = await pulledAndEdited('link');
    const secret = join(dir.path, 'secret.json');
    writeFileSync(secret, '{"key":"s3cr3t"}');
    symlinkSync(secret, join(repo, 'locales', 'en', 'leak.json'));
    const refused = await runAction(repo, { 'api-token': TOKENS.developer, push: 'true' }, event('push'));
    expect(refused.code).toBe(1);
    expect(refused.printed).toMatch(
      /loc push failed \(exit 10\): .*leak\.json (passes through|leads outside the repository through) a symbolic link/,
    );
    expect(refused.printed).not.toMatch(/s3cr3t/);
    expect(await uploads()).toEqual([]);
  });
});
