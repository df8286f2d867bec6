// The GitHub Action of loc (action.yml): the gate, then `loc export` (or `loc export --check`) with the
// key-by-key summary, the outputs and the step summary, and with `create-pull-request` one pull request per
// branch, created once and updated after. It runs the `loc` bundled beside it (bundle/loc/program.cjs)
// inside its own process, so `uses: owner/repo@v1` needs no install step and pays no second Node start-up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import * as core from '@actions/core';
import { identityOf, type InputValues, locFlags, readInputs, unknownInputs } from './inputs';
import { errorOf, type Run } from './loc-errors';
import { fitted, LIMITS } from './github-limits';
import { changedPaths, exportedPaths, exportIds } from './export-report';
import { pushReport } from './push-report';
import { pullRequestBody } from './pull-request-body';
// Bundled into index.cjs from the CLI's source: the Action loads loc's scripts as bin.cjs does.
import { enableLocCompileCache } from '../../cli/src/startup/compile-cache';

/** The programmatic entry of the bundled `loc` (packages/cli/src/program.ts, `runInProcess`). */
interface LocProgram {
  runInProcess(args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }): Promise<Run>;
}

/** `loc` beside this script in the bundle, loaded once, when first run (not for a missing token). */
let program: LocProgram | undefined;

/** Runs `loc` with the token in its environment (never in argv), in the workspace, inside this process. */
function loc(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Run> {
  program ??= loadLoc();
  return program.runInProcess(args, { env, cwd });
}

/**
 * bundle/loc/program.cjs (and the vendor-*.cjs it needs) through Node's compile cache in loc's folder, as
 * bin.cjs loads it: compiling the 300 KB script was a third of a run's time where nothing changed. The
 * cache lives in the runner user's cache folder, so later steps of a job and self-hosted runners reuse it;
 * a fresh hosted runner compiles once and Node saves it at exit (docs/decisions.md).
 */
function loadLoc(): LocProgram {
  enableLocCompileCache();
  return require(join(__dirname, 'loc', 'program.cjs')) as LocProgram;
}

async function main(): Promise<void> {
  // The tokens are masked before anything can print, even a message about an input they were pasted into.
  for (const secret of ['api-token', 'github-token'] as const) {
    const value = core.getInput(secret);
    if (value) core.setSecret(value);
  }
  // The GitHub token as git's Authorization header carries it (remote.ts), should git ever print a header.
  const githubSecret = core.getInput('github-token');
  if (githubSecret) core.setSecret(Buffer.from(`x-access-token:${githubSecret}`).toString('base64'));
  // A `with:` key that action.yml does not declare (a typo: crete-pull-request) is named, not ignored.
  for (const { name, nearest } of unknownInputs(process.env))
    core.warning(
      `The input ${name} is not one of this action's inputs, so it is ignored.${nearest ? ` Did you mean ${nearest}?` : ''} The inputs are listed in docs/github-action.md.`,
    );
  // Every input checked next: a value the Action can tell is wrong fails before loc runs.
  const inputs: InputValues = readInputs((name) => core.getInput(name));
  const token = inputs['api-token'];
  if (!token) {
    throw new Error(
      'The input api-token is empty. Store a loc API token as a repository secret (Settings → Secrets and variables → Actions, for example LOC_API_TOKEN) and pass it: `api-token: ${{ secrets.LOC_API_TOKEN }}`.',
    );
  }
  if (inputs.check && inputs['create-pull-request'])
    throw new Error(
      'The inputs check and create-pull-request cannot both be true: check only says whether the files are out of date and writes none, so there is nothing to commit. Use check: true in one step (for example on pull requests) and create-pull-request: true in another (for example on a schedule).',
    );
  if (inputs.push) {
    await pushMode(inputs, token);
    return;
  }
  const author = identityOf('author', inputs.author);
  const committer = identityOf('committer', inputs.committer);
  const githubToken = inputs['github-token'];

  const workspaceDir = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const env: NodeJS.ProcessEnv = { ...process.env, LOC_API_TOKEN: token, CI: '1', NO_COLOR: '1' };
  delete env.LOC_TOKEN;

  // The gate first: nothing is exported when it fails.
  if (inputs['min-translated'] !== undefined || inputs['min-approved'] !== undefined) {
    const gate = await loc(['status', ...locFlags('status', inputs), '--json'], env, workspaceDir);
    if (gate.code !== 0) throw new Error(`The gate failed (loc exit ${gate.code}): ${errorOf(gate)}`);
    core.info('The gate passed.');
  }

  const check = inputs.check;
  const scratch = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'loc-action-'));
  try {
    const summaryFile = join(scratch, 'summary.md');
    const run = await loc(
      ['export', ...locFlags('export', inputs), '--summary', summaryFile, '--json'],
      env,
      workspaceDir,
    );
    const outOfDate = check && run.code === 12;
    if (run.code !== 0 && !outOfDate) throw new Error(`loc export failed (exit ${run.code}): ${errorOf(run)}`);
    const document = JSON.parse(run.stdout) as Record<string, unknown>;
    let summary = '';
    try {
      summary = readFileSync(summaryFile, 'utf8');
    } catch {
      summary = '';
    }
    const workspaceFiles = changedPaths(document, check).map((path) =>
      relative(workspaceDir, path).split(sep).join('/'),
    );
    let changed = check ? outOfDate : workspaceFiles.length > 0;
    let files = workspaceFiles;
    core.setOutput('export-ids', exportIds(document).join(','));
    // No step summary outside a runner that offers one (an old GitHub Enterprise Server, a local run):
    // @actions/core would throw after the export, failing a step whose work is done.
    if (summary && process.env.GITHUB_STEP_SUMMARY)
      await core.summary
        .addRaw(fitted(summary, LIMITS.summary, 'Run `loc export --check --summary -` to see all of it.'))
        .write();
    let operation = 'none';
    if (!check && inputs['create-pull-request']) {
      // Loaded only here: it brings git and the GitHub client, which a check or an export alone never needs.
      const [{ openPullRequest }, { createGitHub }] = await Promise.all([import('./pull-request'), import('./github')]);
      const repository = process.env.GITHUB_REPOSITORY;
      if (!repository)
        throw new Error('GITHUB_REPOSITORY is not set: create-pull-request runs on GitHub Actions only.');
      if (!githubToken)
        throw new Error('create-pull-request needs the input github-token (default: the workflow’s GITHUB_TOKEN).');
      const pr = await openPullRequest({
        cwd: workspaceDir,
        github: createGitHub({ token: githubToken, api: process.env.GITHUB_API_URL || 'https://api.github.com' }),
        token: githubToken,
        repository,
        branch: inputs.branch,
        base: inputs.base,
        title: inputs.title,
        commitMessage: inputs['commit-message'] || inputs.title,
        author,
        committer,
        signCommits: inputs['sign-commits'],
        body: (committed) => pullRequestBody(inputs.body, summary, committed),
        labels: inputs.labels,
        draft: inputs.draft,
        reviewers: inputs.reviewers,
        teamReviewers: inputs['team-reviewers'],
        assignees: inputs.assignees,
        deleteBranch: inputs['delete-branch'],
        paths: exportedPaths(document),
        warn: (message) => core.warning(message),
      });
      // With a pull request, what changed is what its branch changes against the base.
      changed = pr.changed.length > 0;
      files = pr.changed;
      operation = pr.operation;
      if (pr.number !== undefined) core.setOutput('pull-request-number', String(pr.number));
      if (pr.url) core.setOutput('pull-request-url', pr.url);
      core.info(
        {
          created: `Opened pull request #${pr.number}: ${pr.url}`,
          updated: `Updated pull request #${pr.number}: ${pr.url}`,
          unchanged: `Pull request #${pr.number} already holds these files: nothing pushed. ${pr.url}`,
          closed: `The strings are back to the base's: closed pull request #${pr.number}. ${pr.url}`,
          none: 'Nothing differs from the base: no pull request.',
        }[pr.operation],
      );
    }
    core.setOutput('changed', String(changed));
    core.setOutput('files', String(files.length));
    core.setOutput('files-list', files.join('\n'));
    core.setOutput('summary', fitted(summary, LIMITS.output, 'The step summary holds more.'));
    core.setOutput('pull-request-operation', operation);
    core.info(
      check
        ? changed
          ? `Out of date: ${files.length} file(s) would change.`
          : 'Up to date.'
        : `${files.length} file(s) changed.`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * `push: true`: `loc push` of the repository's source files (and with `translations`, the target locales'),
 * read by loc through its read rule (what a file may be, where it may be); outputs and the step summary say
 * what it imported. Only on the default branch, never for a pull request: a pull request's strings are not
 * the project's until merged. `check` (loc push --check) sends nothing, and may run anywhere.
 */
async function pushMode(inputs: InputValues, token: string): Promise<void> {
  for (const [name, set] of [
    ['create-pull-request', inputs['create-pull-request']],
    ['min-translated', inputs['min-translated'] !== undefined],
    ['min-approved', inputs['min-approved'] !== undefined],
  ] as const)
    if (set)
      throw new Error(
        `The inputs push and ${name} cannot go together: push uploads the source files, and ${name} belongs to a pull of the translations. Use push: true in one job (on a push to the default branch) and ${name} in another (on a schedule): docs/github-action.md shows the two jobs.`,
      );
  if (!inputs.check) refuseUntrustedPush();
  const workspaceDir = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const env: NodeJS.ProcessEnv = { ...process.env, LOC_API_TOKEN: token, CI: '1', NO_COLOR: '1' };
  delete env.LOC_TOKEN;
  const run = await loc(['push', ...locFlags('push', inputs), '--json'], env, workspaceDir);
  const outOfDate = inputs.check && run.code === 12;
  if (run.code !== 0 && !outOfDate) throw new Error(`loc push failed (exit ${run.code}): ${errorOf(run)}`);
  const report = pushReport(JSON.parse(run.stdout) as Record<string, unknown>, inputs.check);
  const files = report.paths.map((path) => relative(workspaceDir, path).split(sep).join('/'));
  if (report.summary && process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(report.summary).write();
  core.setOutput('changed', String(report.changed));
  core.setOutput('files', String(files.length));
  core.setOutput('files-list', files.join('\n'));
  core.setOutput('summary', fitted(report.summary, LIMITS.output, 'The step summary holds more.'));
  core.setOutput('export-ids', '');
  core.setOutput('pull-request-operation', 'none');
  core.info(
    inputs.check
      ? report.changed
        ? `A push would change the project: ${files.length} file(s).`
        : 'Up to date: the project has what the files hold.'
      : `${files.length} file(s) pushed.`,
  );
}

/**
 * A push of the files on the default branch only: a pull request's event (whose branch anyone who opens one
 * writes) or another branch is refused before loc runs, naming what to do.
 */
function refuseUntrustedPush(): void {
  const event = process.env.GITHUB_EVENT_NAME ?? '';
  const ref = process.env.GITHUB_REF_NAME ?? '';
  let defaultBranch: string | undefined;
  try {
    const payload = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8')) as {
      repository?: { default_branch?: unknown };
    };
    if (typeof payload.repository?.default_branch === 'string') defaultBranch = payload.repository.default_branch;
  } catch {
    // No event payload (a run outside GitHub's runner): the event's name is all there is to go by.
  }
  const fromPullRequest = event.startsWith('pull_request');
  const elsewhere = defaultBranch !== undefined && (process.env.GITHUB_REF_TYPE !== 'branch' || ref !== defaultBranch);
  if (fromPullRequest || elsewhere)
    throw new Error(
      `push uploads the repository's strings to the project: it runs on the default branch${defaultBranch ? ` (${defaultBranch})` : ''} only, and this run is ${fromPullRequest ? `for a ${event} event` : `on '${ref}'`}. Run it on \`push: branches: [${defaultBranch ?? 'main'}]\`; on pull requests, \`check: true\` says whether a push would change the project and sends nothing.`,
    );
}

main().catch((error: unknown) => core.setFailed(error instanceof Error ? error.message : String(error)));
