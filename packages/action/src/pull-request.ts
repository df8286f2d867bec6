import { execFile } from 'node:child_process';
import { relative } from 'node:path';
// The CLI's own check of a folder inside another, by real paths (a leaf module: nothing else of loc comes with it).
import { isInside, realpathLoose } from '../../cli/src/files/real-path';

/**
 * One pull request per branch: the files of the folders loc wrote are committed to `branch` with git —
 * nothing else of the working tree (an earlier step's build output or `.env` is not the translations') —
 * and pushed (the token in an HTTP header for this push only, never in a URL or the git config), then
 * the pull request from that branch is updated if one is open, else opened — so a second run never opens
 * a second one.
 */

export interface PullRequestOptions {
  cwd: string;
  /** The GitHub token (`github-token`, by default the workflow's GITHUB_TOKEN). */
  token: string;
  branch: string;
  title: string;
  labels: string[];
  /** The folders loc wrote into: only their files are committed. */
  folders: string[];
  body: string;
}

const PERMISSIONS =
  'Give the workflow `permissions: contents: write` and `pull-requests: write` (and allow GitHub Actions to create pull requests in the repository settings).';

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env }, (error, stdout, stderr) => {
      // The command line is not shown: an extraheader holds the token.
      if (error)
        reject(
          new Error(`git ${args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? ''} failed: ${stderr.trim()}`),
        );
      else resolve(stdout);
    });
  });
}

interface PullRequest {
  number: number;
  html_url: string;
}

async function github<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const api = process.env.GITHUB_API_URL || 'https://api.github.com';
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${token}`,
      'x-github-api-version': '2022-11-28',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 403 || response.status === 401) {
    throw new Error(`GitHub refused ${method} ${path} (${response.status}). ${PERMISSIONS}`);
  }
  if (!response.ok) {
    const text = (await response.text()).slice(0, 300);
    throw new Error(`GitHub answered ${response.status} to ${method} ${path}: ${text}`);
  }
  return (await response.json()) as T;
}

export async function openPullRequest(
  options: PullRequestOptions,
): Promise<{ number: number; url: string; created: boolean }> {
  const repository = process.env.GITHUB_REPOSITORY;
  if (!repository) throw new Error('GITHUB_REPOSITORY is not set: create-pull-request runs on GitHub Actions only.');
  if (!options.token)
    throw new Error('create-pull-request needs the github-token input (default: the workflow’s GITHUB_TOKEN).');
  const [owner] = repository.split('/');
  const { cwd, branch } = options;
  // The branch the workflow runs on: a pull request's base, else the branch pushed or scheduled, else git's.
  const base =
    process.env.GITHUB_BASE_REF ||
    (process.env.GITHUB_REF_TYPE === 'branch' && process.env.GITHUB_REF_NAME) ||
    (await git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd)).trim();
  if (base === 'HEAD')
    throw new Error(
      'The workflow runs on no branch (a tag, or a detached commit): create-pull-request needs one to open the pull request against. Run the step on a branch (on: schedule, workflow_dispatch or push to a branch).',
    );
  // The branch is force-pushed: it must never be the one the pull request goes into.
  if (branch === base)
    throw new Error(
      `The input branch is '${branch}', the branch the pull request would go into: the Action force-pushes its branch, so it must be another one (the default is loc/translations).`,
    );

  // Real paths on both sides: git names the top level by its real path (macOS: /private/var for /var).
  const root = realpathLoose((await git(['rev-parse', '--show-toplevel'], cwd)).trim());
  const outside = options.folders.filter((folder) => !isInside(root, realpathLoose(folder)));
  if (outside.length)
    throw new Error(
      `create-pull-request commits only files inside the repository (${root}), and loc wrote into ${outside.join(', ')}: set out (or the targets' out in loc.config.json) to a folder inside it.`,
    );
  const shown = options.folders.map((folder) => relative(root, realpathLoose(folder)) || '.').join(', ');
  const ignored = new Error(
    `loc changed files in ${shown}, but git has nothing to commit there: is the folder ignored (.gitignore)? Commit the output folder, or leave create-pull-request off.`,
  );
  await git(['checkout', '-B', branch], cwd);
  try {
    await git(['add', '--all', '--', ...options.folders.map((folder) => relative(cwd, folder) || '.')], cwd);
  } catch (error) {
    throw /ignored/.test((error as Error).message) ? ignored : error;
  }
  if (!(await git(['diff', '--cached', '--name-only'], cwd)).trim()) throw ignored;
  await git(
    ['-c', 'user.name=loc', '-c', 'user.email=loc@users.noreply.github.com', 'commit', '--quiet', '-m', options.title],
    cwd,
  );
  const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${options.token}`).toString('base64')}`;
  try {
    await git(
      ['-c', `http.extraheader=${header}`, 'push', '--force', '--quiet', 'origin', `HEAD:refs/heads/${branch}`],
      cwd,
    );
  } catch (error) {
    if (/403|denied|not allowed/i.test((error as Error).message))
      throw new Error(`Pushing branch ${branch} was refused. ${PERMISSIONS}`);
    throw error;
  }

  const open = await github<PullRequest[]>(
    'GET',
    `/repos/${repository}/pulls?state=open&head=${encodeURIComponent(`${owner}:${branch}`)}`,
    options.token,
  );
  let pr: PullRequest;
  let created = false;
  if (open.length) {
    pr = await github<PullRequest>('PATCH', `/repos/${repository}/pulls/${open[0]!.number}`, options.token, {
      title: options.title,
      body: options.body,
    });
  } else {
    pr = await github<PullRequest>('POST', `/repos/${repository}/pulls`, options.token, {
      title: options.title,
      head: branch,
      base,
      body: options.body,
    });
    created = true;
  }
  if (options.labels.length)
    await github('POST', `/repos/${repository}/issues/${pr.number}/labels`, options.token, { labels: options.labels });
  return { number: pr.number, url: pr.html_url, created };
}
