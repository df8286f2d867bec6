// One pull request per branch. The commit holds the checked-out commit plus exactly the files loc reported
// (commit.ts); the branch is pushed with the Action's token (remote.ts) only when its tree changes, so a run
// with nothing new pushes nothing and leaves the pull request as it is; the open pull request from the
// branch is updated, else one is opened; and when the strings come back to what the base holds, the open
// one is closed with a comment.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Identity, stageExport } from './commit';
import { ExportCommitError } from './commit';
import { git } from './git';
import { type GitHub, GitHubError } from './github';
import { deleteBranch, localTree, pushBranch, type Remote, remoteTip } from './remote';
import { signedCommit } from './signed-commit';

export interface PullRequestOptions {
  /** The workspace (GITHUB_WORKSPACE): inside the repository. */
  cwd: string;
  github: GitHub;
  /** The GitHub token (`github-token`), for git's push. */
  token: string;
  /** owner/name (GITHUB_REPOSITORY). */
  repository: string;
  branch: string;
  /** The base input: empty for the branch checked out. */
  base: string;
  title: string;
  commitMessage: string;
  author: Identity;
  committer: Identity;
  signCommits: boolean;
  /** The body, given the paths the commit changes (relative to the repository). */
  body: (committed: readonly string[]) => string;
  labels: string[];
  draft: boolean;
  reviewers: string[];
  teamReviewers: string[];
  assignees: string[];
  deleteBranch: boolean;
  /** Every path loc reported (absolute): the only files committed. */
  paths: string[];
  /** A problem that does not fail the step (a reviewer GitHub would not add). */
  warn: (message: string) => void;
}

export type PullRequestOperation = 'created' | 'updated' | 'unchanged' | 'closed' | 'none';

export interface PullRequestResult {
  operation: PullRequestOperation;
  /** The files the branch changes against the base (relative to the repository): none when equal. */
  changed: string[];
  number?: number;
  url?: string;
}

interface PullRequest {
  number: number;
  html_url: string;
}

/** The branch checked out, or undefined on a detached commit. */
async function checkedOutBranch(cwd: string): Promise<string | undefined> {
  const name = (await git(['symbolic-ref', '--quiet', '--short', 'HEAD'], { cwd, ok: [1] })).trim();
  return name || undefined;
}

/** A branch input as a branch name (`refs/heads/` dropped), refused when git would not take it as one. */
async function branchName(value: string, input: 'branch' | 'base', cwd: string): Promise<string> {
  const name = value.replace(/^refs\/heads\//, '');
  const valid = await git(['check-ref-format', '--branch', name], { cwd }).then(
    () => !name.startsWith('-'),
    () => false,
  );
  if (!valid)
    throw new Error(
      `The input ${input} is '${value}', which git does not take as a branch name. Set it to a branch name, for example \`${input}: ${input === 'branch' ? 'loc/translations' : 'main'}\`.`,
    );
  return name;
}

/**
 * Commits what loc wrote to `branch`, pushes it when it changed, and creates, updates, closes or leaves the
 * pull request.
 *
 * @example await openPullRequest({ cwd, github, token, repository: 'acme/app', branch: 'loc/translations', … })
 */
export async function openPullRequest(options: PullRequestOptions): Promise<PullRequestResult> {
  const { github, repository } = options;
  const [owner] = repository.split('/');
  // The repository is the one loc wrote into: the workspace itself, or (actions/checkout with `path:`) a
  // folder below it.
  const first = options.paths[0];
  const cwd = first && existsSync(dirname(first)) ? dirname(first) : options.cwd;
  await git(['rev-parse', '--show-toplevel'], { cwd }).catch((error: Error) => {
    throw new Error(
      `create-pull-request commits to the repository loc wrote into, and ${cwd} is in none (${error.message}). Check the repository out first (uses: actions/checkout@v4), and with checkout's path: pass config: <path>/loc.config.json.`,
    );
  });
  const branch = await branchName(options.branch, 'branch', cwd);
  const base = options.base ? await branchName(options.base, 'base', cwd) : await checkedOutBranch(cwd);
  if (!base)
    throw new Error(
      'The checkout is a detached commit (a tag, a pull request, or a commit checked out by its SHA), so there is no branch for the pull request to go into. Set the input base to the branch it should go into (for example `base: main`), or check out a branch.',
    );
  // The branch is force-pushed: it must never be the one the pull request goes into.
  if (branch === base)
    throw new Error(
      `The input branch is '${branch}', the branch the pull request would go into: the Action force-pushes its branch, so it must be another one (the default is loc/translations).`,
    );

  // Everything that can fail without the network, first: what to commit (and whether git ignores any of it).
  const staged = await stageExport(cwd, options.paths).catch((error: unknown) => {
    throw error instanceof ExportCommitError
      ? error
      : new Error(`Staging what loc wrote failed: ${(error as Error).message}`);
  });

  // The token, before anything is pushed: a 401 says it is invalid or expired, a 404 that it cannot see the
  // repository, and a token without push access is named as such.
  const repo = await github.request<{ permissions?: { push?: boolean } }>('GET', `/repos/${repository}`);
  if (repo.data?.permissions?.push === false)
    throw new Error(
      `The github-token cannot push to ${repository} (GET /repos/${repository} says permissions.push is false). Give the workflow \`permissions: contents: write\`, or pass a token with write access to the repository.`,
    );

  const pullsOfBranch = `/repos/${repository}/pulls?state=open&head=${encodeURIComponent(`${owner}:${branch}`)}&per_page=1`;
  const pulls = await github.request<PullRequest[]>('GET', pullsOfBranch);
  let open = pulls.data[0];
  const remote: Remote = { cwd: staged.root, token: options.token, name: 'origin' };

  if (!staged.changed.length) {
    // Back to what the base holds: nothing to merge. The open pull request is closed, saying why.
    if (!open) return { operation: 'none', changed: [] };
    await github.request('POST', `/repos/${repository}/issues/${open.number}/comments`, {
      body: `The translations are back to what \`${base}\` holds: nothing is left to merge, so loc closed this pull request.`,
    });
    await github.request('PATCH', `/repos/${repository}/pulls/${open.number}`, { state: 'closed' });
    if (options.deleteBranch) await deleteBranch(remote, branch);
    return { operation: 'closed', changed: [], number: open.number, url: open.html_url };
  }

  // The branch's tree: from the checkout when it holds the commit, else from GitHub (fetching it would
  // change the checkout: a shallow clone would get another shallow root).
  const tip = await remoteTip(remote, branch);
  const current =
    tip &&
    ((await localTree(staged.root, tip)) ??
      (await github.request<{ tree: { sha: string } }>('GET', `/repos/${repository}/git/commits/${tip}`)).data.tree
        .sha);
  const pushed = current !== staged.tree;
  if (pushed) {
    const commit = options.signCommits
      ? await signedCommit(github, repository, staged, options.commitMessage)
      : await staged.commit(options.commitMessage, options.author, options.committer);
    if (options.signCommits)
      await github
        .request('PATCH', `/repos/${repository}/git/refs/heads/${branch}`, { sha: commit, force: true })
        .catch(async (error: unknown) => {
          if (!(error instanceof GitHubError) || (error.status !== 422 && error.status !== 404)) throw error;
          await github.request('POST', `/repos/${repository}/git/refs`, { ref: `refs/heads/${branch}`, sha: commit });
        });
    else
      await pushBranch(remote, commit, branch).catch((error: Error) => {
        if (/\b403\b|denied|not allowed|permission/i.test(error.message))
          throw new Error(
            `Pushing branch ${branch} was refused: ${error.message} Give the workflow \`permissions: contents: write\` (a token that changes .github/workflows also needs the workflow scope).`,
          );
        throw error;
      });
  }
  if (open && !pushed)
    return { operation: 'unchanged', changed: staged.changed, number: open.number, url: open.html_url };

  const body = options.body(staged.changed);
  let operation: PullRequestOperation;
  if (open) {
    open = (
      await github.request<PullRequest>('PATCH', `/repos/${repository}/pulls/${open.number}`, {
        title: options.title,
        body,
      })
    ).data;
    operation = 'updated';
  } else {
    const payload = { title: options.title, head: branch, base, body, draft: options.draft };
    try {
      open = (await github.request<PullRequest>('POST', `/repos/${repository}/pulls`, payload)).data;
    } catch (error) {
      // A retried POST whose first try GitHub did carry out (a 502 after the fact): the pull request is there.
      if (!(error instanceof GitHubError) || error.status !== 422 || !/already exists/i.test(error.message))
        throw error;
      const found = (await github.request<PullRequest[]>('GET', pullsOfBranch)).data[0];
      if (!found) throw error;
      open = found;
    }
    operation = 'created';
  }
  const number = open.number;
  if (options.labels.length)
    await github.request('POST', `/repos/${repository}/issues/${number}/labels`, { labels: options.labels });
  // Who is asked to review, or assigned, is the workflow's wish, not its work: a name GitHub refuses
  // (the token's own user, someone without access) is a warning.
  const extras: [string, string, object][] = [];
  if (options.reviewers.length || options.teamReviewers.length)
    extras.push([
      'reviewers',
      `/repos/${repository}/pulls/${number}/requested_reviewers`,
      { reviewers: options.reviewers, team_reviewers: options.teamReviewers },
    ]);
  if (options.assignees.length)
    extras.push(['assignees', `/repos/${repository}/issues/${number}/assignees`, { assignees: options.assignees }]);
  for (const [what, path, payload] of extras)
    await github.request('POST', path, payload).catch((error: unknown) => {
      if (!(error instanceof GitHubError) || error.status !== 422) throw error;
      options.warn(`The pull request was opened, but GitHub refused its ${what}: ${error.message}`);
    });
  return { operation, changed: staged.changed, number, url: open.html_url };
}
