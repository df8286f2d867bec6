// What the pull request holds and when it changes, with the Action run as the runner runs it (run-action.ts)
// against a real loc-mock, a bare origin and a fake GitHub API (fake-github.ts): exactly the files loc
// wrote and its record (issue 32), nothing pushed when nothing is new, closed when back to the base, the
// base, the inputs of the peers' actions, and sign-commits (issue 33).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';
import { type FakeGitHub, startFakeGitHub } from './fake-github';
import {
  beforeAndAfterSeeds,
  CONFIG,
  git,
  repository as makeRepository,
  runAction as run,
  secretsIn,
  trackedCopy,
} from './run-action';

const dir = tempDir('loc-action-pr-');
let before: RunningMock;
let after: RunningMock;
let github: FakeGitHub;
let action: string;
beforeAll(async () => {
  action = trackedCopy(join(dir.path, 'action'));
  const seeds = beforeAndAfterSeeds(dir.path, 'Acme, neu');
  [before, after, github] = await Promise.all([
    startMock(['--seed', seeds.before, '--export-delay', '20ms']),
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
const runAction = (mock: RunningMock, workspace: string, inputs: Record<string, string> = {}) =>
  run({ action, dir: dir.path, githubUrl: github.url }, mock, workspace, {
    'api-token': TOKENS.developer,
    'create-pull-request': 'true',
    ...inputs,
  });
/** The files the branch changes against main, on the origin. */
const committed = (origin: string, base = 'main', branch = 'loc/translations') =>
  git(origin, 'diff', '--name-only', base, branch).split('\n').filter(Boolean).sort();
const tip = (origin: string, branch = 'loc/translations') =>
  git(origin, 'for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`).trim();

const LOCALE_FILES = ['checkout', 'common']
  .flatMap((f) => ['de', 'en', 'fr', 'ja'].map((l) => `${l}/${f}.json`))
  .sort();

describe('what the pull request commits: exactly what loc wrote', () => {
  it('a config with no out (the repository root): the files and the record, not .env, a key, dist/ or what was staged', async () => {
    const repo = repository('root-out', {
      allowRootOutput: true,
      workspace: 'acme',
      project: 'web-frontend',
      export: { pathTemplate: '{locale}/{filename}' },
    });
    // What an earlier step of the job left: secrets, a build, and a file it staged.
    writeFileSync(join(repo.path, '.env'), 'SECRET=1\n');
    writeFileSync(join(repo.path, 'id_rsa_deploy'), '-----BEGIN OPENSSH PRIVATE KEY-----\n');
    mkdirSync(join(repo.path, 'dist'));
    writeFileSync(join(repo.path, 'dist', 'app.js'), 'built\n');
    writeFileSync(join(repo.path, 'staged.txt'), 'staged by an earlier step\n');
    git(repo.path, 'add', 'staged.txt');
    const status = git(repo.path, 'status', '--porcelain');
    const config = readFileSync(join(repo.path, '.git', 'config'), 'utf8');

    const result = await runAction(before, repo.path);
    expect(result.code, result.printed).toBe(0);
    expect(committed(repo.origin)).toEqual([...LOCALE_FILES, '.loc-export.json'].sort());
    // The body lists what was committed, and only that.
    const body = github.state.pulls[0]!.body;
    expect(body).toContain('9 files committed');
    for (const file of [...LOCALE_FILES, '.loc-export.json']) expect(body).toContain(`<code>${file}</code>`);
    expect(body).not.toMatch(/\.env|id_rsa|dist\/|staged\.txt/);
    expect(result.outputs['files-list']!.split('\n').sort()).toEqual([...LOCALE_FILES, '.loc-export.json'].sort());
    // The checkout is left as it was: its branch, its index (staged.txt still staged), its config.
    expect(git(repo.path, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('main');
    expect(git(repo.path, 'status', '--porcelain', '--', '.env', 'id_rsa_deploy', 'dist', 'staged.txt')).toBe(
      `${status
        .split('\n')
        .filter((l) => /\.env|id_rsa|dist|staged/.test(l))
        .join('\n')}\n`,
    );
    expect(readFileSync(join(repo.path, '.git', 'config'), 'utf8')).toBe(config);
    expect(secretsIn(result)).toEqual([]);
  });

  // Issue 42: a pull request's loc.config.json and keys typed on the service got a root vercel.json and a dev
  // container pushed to the bot branch. The same config now fails the step; nothing reaches the origin.
  it('a config whose template and locale map make vercel.json at the root, or a dev container: nothing pushed', async () => {
    for (const [name, config] of [
      [
        'vercel',
        {
          allowRootOutput: true,
          localeMap: { de: 've' },
          export: { locales: ['de'], pathTemplate: '{locale}rcel.json' },
        },
      ],
      ['devcontainer', { export: { locales: ['de'], out: '.devcontainer', pathTemplate: '{locale}vcontainer.json' } }],
    ] as const) {
      const repo = repository(`pwn-${name}`, {
        workspace: 'acme',
        project: 'web-frontend',
        ...config,
        export: { ...config.export, files: ['locales/%{locale}/common.json'] },
      });
      const result = await runAction(before, repo.path);
      expect(result.code, result.printed).toBe(1);
      expect(result.printed).toMatch(
        /vercel\.json, a deployment platform's file|inside \.devcontainer\/, a dev container/,
      );
      expect(tip(repo.origin)).toBe('');
      expect(github.state.pulls).toEqual([]);
    }
  });

  it('a written file that git ignores fails the step before anything is pushed, naming it and the rule', async () => {
    const repo = repository('partly-ignored', CONFIG);
    writeFileSync(join(repo.path, '.gitignore'), '# generated\nlocales/de/\n');
    git(repo.path, 'add', '.gitignore');
    git(repo.path, 'commit', '--quiet', '-m', 'ignore de');
    git(repo.path, 'push', '--quiet', 'origin', 'main');
    const result = await runAction(before, repo.path);
    expect(result.code).toBe(1);
    expect(result.printed).toContain(
      '::error::loc wrote 2 files that git ignores, so the pull request would lack them: locales/de/checkout.json (.gitignore:2: locales/de/), locales/de/common.json (.gitignore:2: locales/de/). Nothing was pushed.',
    );
    expect(tip(repo.origin)).toBe('');
    expect(github.state.pulls).toEqual([]);
  });
  it('two targets: each target’s files and each folder’s record, nothing else', async () => {
    const repo = repository('targets', {
      workspace: 'acme',
      targets: [
        { name: 'web', project: 'web-frontend', out: 'web', locales: ['de'], pathTemplate: '{locale}/{filename}' },
        { name: 'ios', project: 'mobile-ios', out: 'ios', locales: ['de'], pathTemplate: '{locale}/{filename}' },
      ],
    });
    writeFileSync(join(repo.path, '.env'), 'SECRET=1\n');
    const result = await runAction(before, repo.path);
    expect(result.code, result.printed).toBe(0);
    const files = committed(repo.origin);
    expect(files).toContain('web/.loc-export.json');
    expect(files).toContain('ios/.loc-export.json');
    expect(files).toContain('web/de/common.json');
    expect(files.filter((f) => !/^(web|ios)\//.test(f))).toEqual([]);
    expect(files.some((f) => f.startsWith('ios/de/'))).toBe(true);
    expect(result.outputs['files-list']!.split('\n').sort()).toEqual(files);
  });
});

describe('runs with nothing new, and strings back to the base', () => {
  it('pushes nothing and leaves the pull request as it is when the branch holds the same tree; closes it when equal to the base', async () => {
    const repo = repository('no-op', CONFIG);
    const first = await runAction(before, repo.path, { 'delete-branch': 'true' });
    expect(first.outputs['pull-request-operation'], first.printed).toBe('created');
    const pushed = tip(repo.origin);

    // A fresh checkout of main (the runner's next scheduled job), nothing new on the service.
    const clone = join(dir.path, 'no-op-clone');
    // Shallow, as actions/checkout clones by default: the branch's commit is fetched to compare its tree.
    git(dir.path, 'clone', '--quiet', '--depth=1', `file://${repo.origin}`, clone);
    github.state.requests = [];
    const shallow = readFileSync(join(clone, '.git', 'shallow'), 'utf8');
    const again = await runAction(before, clone, { 'delete-branch': 'true' });
    // The shallow checkout lacks the branch's commit: its tree is asked of GitHub, nothing is fetched.
    expect(github.state.requests.some((r) => /^GET \/repos\/acme\/app\/git\/commits\/[0-9a-f]{40}$/.test(r))).toBe(
      true,
    );
    expect(readFileSync(join(clone, '.git', 'shallow'), 'utf8')).toBe(shallow);
    expect(again.code, again.printed).toBe(0);
    expect(again.outputs['pull-request-operation']).toBe('unchanged');
    // changed compares with the base: the pull request still changes these files.
    expect(again.outputs.changed).toBe('true');
    expect(again.outputs['files-list']).toContain('locales/de/common.json');
    expect(tip(repo.origin)).toBe(pushed);
    expect(github.state.requests.filter((r) => !r.startsWith('GET'))).toEqual([]);

    // The base catches up (the pull request's files merged by hand): the next run closes it, with a
    // comment, and deletes its branch.
    git(clone, 'fetch', '--quiet', 'origin', 'loc/translations');
    git(clone, 'reset', '--quiet', '--hard', 'FETCH_HEAD');
    git(clone, 'push', '--quiet', 'origin', 'main');
    const closed = await runAction(before, clone, { 'delete-branch': 'true' });
    expect(closed.code, closed.printed).toBe(0);
    expect(closed.outputs['pull-request-operation']).toBe('closed');
    expect(closed.outputs.changed).toBe('false');
    expect(closed.outputs.files).toBe('0');
    expect(github.state.pulls[0]).toMatchObject({ state: 'closed' });
    expect(github.state.pulls[0]!.comments[0]).toMatch(/back to what `main` holds/);
    expect(tip(repo.origin)).toBe('');

    // And a run after that, with nothing open: none.
    const none = await runAction(before, clone);
    expect(none.outputs['pull-request-operation']).toBe('none');
    expect(github.state.pulls).toHaveLength(1);
  });
});

describe('the base and the inputs of the peers’ actions', () => {
  it('goes into the branch checked out (develop on a workflow of main), with its own message, author, body and reviewers', async () => {
    const repo = repository('develop', CONFIG);
    git(repo.path, 'checkout', '--quiet', '-b', 'develop');
    writeFileSync(join(repo.path, 'README.md'), 'develop only\n');
    git(repo.path, 'add', 'README.md');
    git(repo.path, 'commit', '--quiet', '-m', 'develop');
    git(repo.path, 'push', '--quiet', 'origin', 'develop');
    const result = await runAction(after, repo.path, {
      'commit-message': 'chore(i18n): pull translations',
      author: 'Ada Lovelace <ada@example.com>',
      body: 'Fresh strings.\n\n{summary}\n\n_by loc_',
      draft: 'true',
      reviewers: 'octocat, nobody',
      'team-reviewers': 'i18n',
      assignees: 'octocat',
    });
    expect(result.code, result.printed).toBe(0);
    const pull = github.state.pulls[0]!;
    expect(pull).toMatchObject({ base: 'develop', draft: true, assignees: ['octocat'] });
    expect(pull.body, pull.body).toMatch(
      /^Fresh strings\.\n\n### acme\/web-frontend: [\s\S]*\n\n_by loc_\n\n<details><summary>9 files committed/,
    );
    expect(git(repo.origin, 'log', '-1', '--format=%an <%ae>|%s', 'loc/translations').trim()).toBe(
      'Ada Lovelace <ada@example.com>|chore(i18n): pull translations',
    );
    // Only the translations against develop: its own commits are the base's.
    expect(committed(repo.origin, 'develop')).toEqual(
      [...LOCALE_FILES.map((f) => `locales/${f}`), 'locales/.loc-export.json'].sort(),
    );
    expect(git(repo.origin, 'rev-parse', 'loc/translations~1').trim()).toBe(
      git(repo.origin, 'rev-parse', 'develop').trim(),
    );
    // A reviewer GitHub refuses is a warning: the pull request is there.
    expect(result.printed).toMatch(
      /::warning::The pull request was opened, but GitHub refused its reviewers: GitHub answered POST .*requested_reviewers \(422: Reviews may only be requested from collaborators/,
    );
  });

  it('refuses a detached checkout without base, before anything is pushed; with base it goes there', async () => {
    const repo = repository('detached', CONFIG);
    git(repo.path, 'checkout', '--quiet', '--detach');
    const refused = await runAction(before, repo.path);
    expect(refused.code).toBe(1);
    expect(refused.printed).toContain(
      '::error::The checkout is a detached commit (a tag, a pull request, or a commit checked out by its SHA), so there is no branch for the pull request to go into. Set the input base',
    );
    expect(tip(repo.origin)).toBe('');
    const based = await runAction(before, repo.path, { base: 'main' });
    expect(based.code, based.printed).toBe(0);
    expect(github.state.pulls[0]).toMatchObject({ base: 'main' });
  });

  it('a checkout in a folder of the workspace (checkout’s path:), and branch names git would not take', async () => {
    const workspace = join(dir.path, 'workspace');
    mkdirSync(workspace);
    const origin = join(dir.path, 'in-folder.git');
    const repo = join(workspace, 'app');
    git(dir.path, 'init', '--quiet', '--bare', origin);
    git(workspace, 'clone', '--quiet', origin, 'app');
    writeFileSync(join(repo, 'loc.config.json'), JSON.stringify(CONFIG));
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'init');
    git(repo, 'push', '--quiet', 'origin', 'main');
    github.reset(origin);
    writeFileSync(join(workspace, '.env'), 'SECRET=1\n');
    // Without a checkout of the repository there is nothing to commit to.
    const elsewhere = join(dir.path, 'no-checkout');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'loc.config.json'), JSON.stringify(CONFIG));
    const none = await runAction(before, elsewhere);
    expect(none.code).toBe(1);
    expect(none.printed).toMatch(
      /::error::create-pull-request commits to the repository loc wrote into, and .* is in none \(git rev-parse failed: fatal: not a git repository/,
    );
    const bad = await runAction(before, workspace, { config: 'app/loc.config.json', branch: 'loc..translations' });
    expect(bad.code).toBe(1);
    expect(bad.printed).toContain(
      "::error::The input branch is 'loc..translations', which git does not take as a branch name.",
    );
    const result = await runAction(before, workspace, { config: 'app/loc.config.json', base: 'refs/heads/main' });
    expect(result.code, result.printed).toBe(0);
    expect(github.state.pulls[0]).toMatchObject({ base: 'main' });
    expect(committed(origin)).toEqual([...LOCALE_FILES.map((f) => `locales/${f}`), 'locales/.loc-export.json'].sort());
  });

  it('sign-commits: the commit is made through GitHub’s API, on the checked-out commit, with the same files', async () => {
    const repo = repository('signed', CONFIG);
    const result = await runAction(before, repo.path, { 'sign-commits': 'true' });
    expect(result.code, result.printed).toBe(0);
    expect(github.state.requests).toContain('POST /repos/acme/app/git/commits');
    expect(git(repo.origin, 'log', '-1', '--format=%an|%P', 'loc/translations').trim()).toBe(
      `GitHub|${git(repo.origin, 'rev-parse', 'main').trim()}`,
    );
    expect(committed(repo.origin)).toEqual(
      [...LOCALE_FILES.map((f) => `locales/${f}`), 'locales/.loc-export.json'].sort(),
    );
    // Again with nothing new: nothing made, nothing moved.
    github.state.requests = [];
    const again = await runAction(before, repo.path, { 'sign-commits': 'true' });
    expect(again.outputs['pull-request-operation']).toBe('unchanged');
    expect(github.state.requests.filter((r) => !r.startsWith('GET'))).toEqual([]);
  });
});
