// Releases the Action: `node packages/action/scripts/release.mjs v1.4.0 [--push] [--remote origin]`, run in
// the repository on the commit to release. It refuses a version that is not vMAJOR.MINOR.PATCH, a tag that
// exists already, uncommitted changes, and a committed bundle that differs from a fresh bundle of the
// sources (users run the bundle, not the sources). Then it tags the commit with the version and moves the
// major tag (v1) to it — what `uses: loc-dev/loc@v1` follows — and with --push pushes both (the major one
// forced: it moves by design). docs/development.md#releasing-the-action.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleDifferences } from './bundle-diff.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const version = args.find((a) => !a.startsWith('--'));
const push = args.includes('--push');
const remote = args.includes('--remote') ? args[args.indexOf('--remote') + 1] : 'origin';

const git = (...a) => execFileSync('git', a, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

const match = /^v(\d+)\.\d+\.\d+$/.exec(version ?? '');
if (!match) fail(`give the version as vMAJOR.MINOR.PATCH (for example v1.4.0), not '${version ?? ''}'.`);
const major = `v${match[1]}`;
const root = git('rev-parse', '--show-toplevel');
if (git('status', '--porcelain', '--untracked-files=no'))
  fail('commit or stash your changes first: a tag names a commit.');
if (git('tag', '--list', version))
  fail(`the tag ${version} exists already: releases are not moved, pick the next version.`);

const fresh = mkdtempSync(join(tmpdir(), 'loc-action-release-'));
try {
  execFileSync(process.execPath, [join(here, 'bundle.mjs'), fresh], { stdio: 'inherit' });
  const differences = bundleDifferences(fresh, join(root, 'packages', 'action', 'bundle'));
  if (differences.length)
    fail(
      `the committed bundle is not what the sources build (${differences.join('; ')}). Run \`pnpm --filter @loc/cli build && pnpm --filter @loc/action bundle\`, commit packages/action/bundle, and release that commit.`,
    );
} finally {
  rmSync(fresh, { recursive: true, force: true });
}

const commit = git('rev-parse', 'HEAD^{commit}');
git('tag', '--annotate', '--message', version, version, commit);
git('tag', '--force', '--annotate', '--message', `${major} (${version})`, major, commit);
console.log(`Tagged ${commit.slice(0, 12)} as ${version} and moved ${major} to it.`);
if (push) {
  git('push', remote, `refs/tags/${version}`);
  git('push', '--force', remote, `refs/tags/${major}`);
  console.log(`Pushed ${version} and ${major} to ${remote}.`);
} else console.log(`Push them with: git push ${remote} ${version} && git push --force ${remote} ${major}`);
