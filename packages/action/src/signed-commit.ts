// sign-commits: the same commit made through GitHub's API (blobs, a tree on the checked-out commit's, the
// commit), so that GitHub signs it and shows it as Verified — as peter-evans/create-pull-request does. Its
// tree is the one git computed (same contents, same SHA), so "nothing new" is told apart the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportCommit } from './commit';
import { git } from './git';
import type { GitHub } from './github';

/**
 * Makes the commit of `staged` through the API and returns its SHA; the branch's ref is moved by the caller.
 *
 * @example const sha = await signedCommit(github, 'acme/app', staged, 'Update translations')
 */
export async function signedCommit(
  github: GitHub,
  repository: string,
  staged: ExportCommit,
  message: string,
): Promise<string> {
  // Each changed path's mode and blob in the new tree (none: the file is gone).
  const listed = await git(['ls-tree', '-z', staged.tree, '--', ...staged.changed], { cwd: staged.root });
  const modes = new Map<string, string>();
  for (const entry of listed.split('\0').filter(Boolean)) {
    const [meta, path] = entry.split('\t') as [string, string];
    modes.set(path, meta.split(' ')[0]!);
  }
  const tree: { path: string; mode: string; type: 'blob'; sha: string | null }[] = [];
  for (const path of staged.changed) {
    const mode = modes.get(path);
    if (!mode) {
      tree.push({ path, mode: '100644', type: 'blob', sha: null });
      continue;
    }
    const content = readFileSync(join(staged.root, path)).toString('base64');
    const blob = await github.request<{ sha: string }>('POST', `/repos/${repository}/git/blobs`, {
      content,
      encoding: 'base64',
    });
    tree.push({ path, mode, type: 'blob', sha: blob.data.sha });
  }
  const made = await github.request<{ sha: string }>('POST', `/repos/${repository}/git/trees`, {
    base_tree: staged.headTree,
    tree,
  });
  if (made.data.sha !== staged.tree)
    throw new Error(
      `GitHub built tree ${made.data.sha} for the signed commit, where git built ${staged.tree} from the same files: nothing was pushed. Leave sign-commits off to push the commit with git.`,
    );
  const commit = await github.request<{ sha: string }>('POST', `/repos/${repository}/git/commits`, {
    message,
    tree: made.data.sha,
    parents: [staged.head],
  });
  return commit.data.sha;
}
