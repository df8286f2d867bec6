// The pull request's branch on the remote, reached with the Action's token: whatever actions/checkout
// persisted. checkout stores its own token as `http.<url>.extraheader` in the repository's config, and git
// prefers a header scoped to a URL to a plain `http.extraheader`, so `-c http.extraheader=…` alone would
// send checkout's token (a PAT passed as github-token, meant to trigger CI, would never be used). Here the
// header is set for the remote's own URL — the most specific key git matches — after an empty value, which
// drops the headers of every less specific key. Only on the command line: the config is left as found.
import { git } from './git';

export interface Remote {
  cwd: string;
  /** The Action's token (github-token). */
  token: string;
  /** The remote's name (origin). */
  name: string;
}

/** The `-c` arguments that make git send the token, and only it, to the remote's URL. */
async function authArgs(remote: Remote): Promise<string[]> {
  const url = (await git(['remote', 'get-url', '--push', remote.name], { cwd: remote.cwd })).trim();
  if (!/^https?:\/\//i.test(url)) return [];
  const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${remote.token}`).toString('base64')}`;
  const key = `http.${url}.extraheader`;
  return ['-c', `${key}=`, '-c', `${key}=${header}`];
}

/**
 * The commit at the tip of `branch` on the remote, or undefined when there is no such branch (`git
 * ls-remote`, with the Action's token).
 */
export async function remoteTip(remote: Remote, branch: string): Promise<string | undefined> {
  const auth = await authArgs(remote);
  const ref = `refs/heads/${branch}`;
  const listed = await git([...auth, 'ls-remote', remote.name, ref], { cwd: remote.cwd });
  return listed
    .split('\n')
    .map((line) => line.split('\t'))
    .find(([, name]) => name === ref)?.[0];
}

/** The tree of `commit` when the checkout holds it (nothing is fetched: a shallow clone stays as it is). */
export async function localTree(cwd: string, commit: string): Promise<string | undefined> {
  const out = await git(['rev-parse', '--verify', '--quiet', `${commit}^{tree}`], { cwd, ok: [1, 128] });
  return out.trim() || undefined;
}

/** Force-pushes `commit` to `branch` with the Action's token; a refusal says which permission is missing. */
export async function pushBranch(remote: Remote, commit: string, branch: string): Promise<void> {
  const auth = await authArgs(remote);
  await git([...auth, 'push', '--force', '--quiet', remote.name, `${commit}:refs/heads/${branch}`], {
    cwd: remote.cwd,
  });
}

/** Deletes `branch` on the remote (delete-branch, when the pull request is closed). */
export async function deleteBranch(remote: Remote, branch: string): Promise<void> {
  const auth = await authArgs(remote);
  await git([...auth, 'push', '--quiet', remote.name, `:refs/heads/${branch}`], { cwd: remote.cwd });
}
