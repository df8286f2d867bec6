// The GitHub Action of loc (action.yml): the gate, then `loc export` (or `loc export --check`) with the
// key-by-key summary, the outputs and the step summary, and with `create-pull-request` one pull request per
// branch, created once and updated after. It runs the `loc` bundled beside it (bundle/loc/program.cjs)
// inside its own process, so `uses: owner/repo@v1` needs no install step and pays no second Node start-up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { type InputValues, locFlags, readInputs } from './inputs';
import { errorOf, type Run } from './loc-errors';
import { fitted, LIMITS } from './github-limits';
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

/** Counts of what changed, from `loc export --json` (one project, or targets). */
function changedFiles(document: Record<string, unknown>, check: boolean): number {
  const one = (doc: Record<string, unknown> | undefined): number => {
    if (!doc) return 0;
    if (check) {
      const c = (doc.check ?? {}) as Record<string, number>;
      return (c.added ?? 0) + (c.changed ?? 0) + (c.removed ?? 0);
    }
    const s = (doc.summary ?? {}) as Record<string, number>;
    return (s.created ?? 0) + (s.updated ?? 0) + (s.overwritten ?? 0);
  };
  const targets = document.targets as { result?: Record<string, unknown> }[] | undefined;
  return targets ? targets.reduce((sum, t) => sum + one(t.result), 0) : one(document);
}

/** The folders loc wrote into (`outDir` of the export, or of each target): all that a pull request commits. */
function outFolders(document: Record<string, unknown>): string[] {
  const targets = document.targets as { outDir?: string }[] | undefined;
  const dirs = targets ? targets.map((t) => t.outDir) : [document.outDir as string | undefined];
  return [...new Set(dirs.filter((d): d is string => typeof d === 'string'))];
}

function exportIds(document: Record<string, unknown>): string[] {
  const idOf = (doc: Record<string, unknown> | undefined) => (doc?.export as { id?: string } | undefined)?.id;
  const targets = document.targets as { result?: Record<string, unknown> }[] | undefined;
  const ids = targets ? targets.map((t) => idOf(t.result)) : [idOf(document)];
  return ids.filter((id): id is string => typeof id === 'string');
}

async function main(): Promise<void> {
  // The tokens are masked before anything can print, even a message about an input they were pasted into.
  for (const secret of ['api-token', 'github-token'] as const) {
    const value = core.getInput(secret);
    if (value) core.setSecret(value);
  }
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
    const files = changedFiles(document, check);
    const changed = check ? outOfDate : files > 0;
    core.setOutput('changed', String(changed));
    core.setOutput('files', String(files));
    core.setOutput('summary', fitted(summary, LIMITS.output, 'The step summary holds more.'));
    core.setOutput('export-ids', exportIds(document).join(','));
    // No step summary outside a runner that offers one (an old GitHub Enterprise Server, a local run):
    // @actions/core would throw after the export, failing a step whose work is done.
    if (summary && process.env.GITHUB_STEP_SUMMARY)
      await core.summary
        .addRaw(fitted(summary, LIMITS.summary, 'Run `loc export --check --summary -` to see all of it.'))
        .write();
    core.info(
      check ? (changed ? `Out of date: ${files} file(s) would change.` : 'Up to date.') : `${files} file(s) changed.`,
    );

    if (!check && changed && inputs['create-pull-request']) {
      // Loaded only here: it brings node:child_process (git), which a check or an unchanged export never needs.
      const { openPullRequest } = await import('./pull-request');
      const pr = await openPullRequest({
        cwd: workspaceDir,
        token: githubToken,
        branch: inputs.branch,
        title: inputs.title,
        labels: inputs.labels,
        folders: outFolders(document),
        body:
          fitted(summary, LIMITS.body, "The workflow run's step summary holds more.") || 'Translations updated by loc.',
      });
      core.setOutput('pull-request-number', String(pr.number));
      core.setOutput('pull-request-url', pr.url);
      core.info(`${pr.created ? 'Opened' : 'Updated'} pull request #${pr.number}: ${pr.url}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => core.setFailed(error instanceof Error ? error.message : String(error)));
