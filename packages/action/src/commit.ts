// The commit of a pull request: the checked-out commit plus exactly the files loc reported, each staged by
// its path — never a folder, never what else lies in the working tree (an earlier step's build, a `.env`, a
// key) and never what an earlier step staged: the commit is built in an index of its own, from the
// checked-out commit's tree, and the checkout (its branch, index and files) is left as it was.
import { lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
// The CLI's own check of a path inside another, by real paths, and its one rule of where an export may write
// (leaf modules: nothing else of loc comes with them).
import { isInside, realpathLoose } from '../../cli/src/files/real-path';
import { checkWritablePath } from '../../cli/src/files/writable-path';
import { git } from './git';

/** `Name <email>` of a commit's author or committer. */
export interface Identity {
  name: string;
  email: string;
}

export interface ExportCommit {
  /** The repository's top level, by its real path. */
  root: string;
  /** The checked-out commit, the new commit's parent. */
  head: string;
  headTree: string;
  /** The new commit's tree. */
  tree: string;
  /** The files it changes against the checked-out commit, relative to the top level (`/`-separated). */
  changed: string[];
  /** What is needed to make the commit (sign-commits makes it through GitHub's API instead). */
  commit(message: string, author: Identity, committer: Identity): Promise<string>;
}

export class ExportCommitError extends Error {
  override name = 'ExportCommitError';
}

/**
 * Stages `paths` (absolute, as loc reported them) on top of the checked-out commit and returns the tree,
 * and what it changes. Refuses a path outside the repository, and a path git ignores — naming each with
 * its rule (`git check-ignore -v`) — before anything is committed or pushed.
 *
 * @example await stageExport(workspace, ['/repo/locales/de.json', '/repo/locales/.loc-export.json'])
 */
export async function stageExport(cwd: string, paths: readonly string[]): Promise<ExportCommit> {
  // Real paths on both sides: git names the top level by its real path (macOS: /private/var for /var).
  const root = realpathLoose((await git(['rev-parse', '--show-toplevel'], { cwd })).trim());
  const head = (await git(['rev-parse', '--verify', 'HEAD^{commit}'], { cwd: root })).trim();
  const headTree = (await git(['rev-parse', 'HEAD^{tree}'], { cwd: root })).trim();

  const real = [...new Set(paths.map((path) => realpathLoose(path)))];
  const outside = real.filter((path) => !isInside(root, path) || path === root);
  if (outside.length)
    throw new ExportCommitError(
      `create-pull-request commits only files inside the repository (${root}), and loc wrote ${outside.join(', ')}: set out (or the targets' out in loc.config.json) to a folder inside it.`,
    );
  const relativePaths = real.map((path) => relative(root, path).split(sep).join('/'));
  // loc refuses these before it writes; the commit holds the same rule whatever loc reported, so that no
  // report (an older loc, a record a pull request edited) can put a workflow, a hook or a manifest into it.
  const refused = relativePaths.flatMap((path) => checkWritablePath(root, path) ?? []);
  if (refused.length)
    throw new ExportCommitError(
      `create-pull-request commits no file where tools execute or obey files, and loc reported ${refused
        .map((r) => `${r.path} (it ${r.reason})`)
        .join(', ')}. Nothing was pushed. ${refused[0]!.hint}`,
    );

  const scratch = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'loc-index-'));
  try {
    // An index of its own, holding the checked-out commit's tree: the checkout's index is not read or changed.
    const env = { GIT_INDEX_FILE: join(scratch, 'index') };
    await git(['read-tree', head], { cwd: root, env });

    const ignored = (await ignoredBy(root, relativePaths, env)).sort((a, b) => (a.path < b.path ? -1 : 1));
    if (ignored.length)
      throw new ExportCommitError(
        `loc wrote ${ignored.length === 1 ? 'a file' : `${ignored.length} files`} that git ignores, so the pull request would lack ${ignored.length === 1 ? 'it' : 'them'}: ${ignored
          .map((i) => `${i.path} (${i.rule})`)
          .join(
            ', ',
          )}. Nothing was pushed. Change or remove that rule so that git takes the translations (a \`!\` rule cannot take back a file of a folder git ignores), or set out to a folder git does not ignore.`,
      );

    // A file loc reported and that is gone is a deletion; a path that is a folder is never staged.
    const staged = relativePaths.filter((path) => {
      try {
        return !lstatSync(join(root, path)).isDirectory();
      } catch {
        return true;
      }
    });
    // update-index takes each path as it is (no pathspec magic, no glob), adds it, or removes it when gone.
    await git(['update-index', '--add', '--remove', '-z', '--stdin'], {
      cwd: root,
      env,
      input: staged.map((p) => `${p}\0`).join(''),
    });
    const tree = (await git(['write-tree'], { cwd: root, env })).trim();
    const changed = (await git(['diff-tree', '-r', '--name-only', '-z', headTree, tree], { cwd: root }))
      .split('\0')
      .filter(Boolean);
    return {
      root,
      head,
      headTree,
      tree,
      changed,
      commit: async (message, author, committer) =>
        (
          await git(['commit-tree', tree, '-p', head, '-F', '-'], {
            cwd: root,
            input: message,
            env: {
              GIT_AUTHOR_NAME: author.name,
              GIT_AUTHOR_EMAIL: author.email,
              GIT_COMMITTER_NAME: committer.name,
              GIT_COMMITTER_EMAIL: committer.email,
            },
          })
        ).trim(),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The paths git ignores, each with the rule (`.gitignore:3:locales/*.json`), as `git check-ignore -v` says. */
async function ignoredBy(
  root: string,
  paths: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ path: string; rule: string }[]> {
  if (!paths.length) return [];
  // -z: source, line, pattern, path, each NUL-terminated. Exit 1: none ignored. Tracked files are not
  // reported (git commits them whatever the rules say); a negated rule (`!x`) that matched is no ignore.
  const out = await git(['check-ignore', '-v', '-z', '--stdin'], {
    cwd: root,
    env,
    input: paths.map((p) => `${p}\0`).join(''),
    ok: [1],
  });
  const fields = out.split('\0');
  const ignored: { path: string; rule: string }[] = [];
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [source, line, pattern, path] = fields.slice(i, i + 4) as [string, string, string, string];
    if (pattern.startsWith('!')) continue;
    ignored.push({ path, rule: `${source}:${line}: ${pattern}` });
  }
  return ignored;
}
