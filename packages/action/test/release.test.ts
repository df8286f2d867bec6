// The release recipe (scripts/release.mjs) on a scratch repository holding this repository's tracked files,
// with a bare remote: the version tag and the moving major tag, and what it refuses.
import { spawnSync } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { git, ROOT, trackedCopy } from './run-action';

const dir = tempDir('loc-action-release-');
const scratch = join(dir.path, 'repo');
const remote = join(dir.path, 'remote.git');
beforeAll(() => {
  trackedCopy(scratch);
  git(scratch, 'init', '--quiet');
  git(scratch, 'add', '--all');
  git(scratch, 'commit', '--quiet', '-m', 'release candidate');
  git(dir.path, 'init', '--quiet', '--bare', remote);
  git(scratch, 'remote', 'add', 'origin', remote);
  git(scratch, 'push', '--quiet', 'origin', 'main');
});
afterAll(() => dir.remove());

const release = (...args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'packages/action/scripts/release.mjs'), ...args], {
    cwd: scratch,
    encoding: 'utf8',
  });
const tagged = (tag: string) => git(remote, 'rev-parse', `refs/tags/${tag}^{commit}`).trim();

it('tags the version, moves the major tag to it, and pushes both; refuses what must not be released', () => {
  const first = release('v1.0.0', '--push');
  expect(first.status, first.stderr).toBe(0);
  const one = git(scratch, 'rev-parse', 'HEAD').trim();
  expect(tagged('v1.0.0')).toBe(one);
  expect(tagged('v1')).toBe(one);

  writeFileSync(join(scratch, 'CHANGES.md'), 'a fix\n');
  git(scratch, 'add', 'CHANGES.md');
  git(scratch, 'commit', '--quiet', '-m', 'a fix');
  const second = release('v1.0.1', '--push');
  expect(second.status, second.stderr).toBe(0);
  const two = git(scratch, 'rev-parse', 'HEAD').trim();
  expect(tagged('v1.0.1')).toBe(two);
  expect(tagged('v1')).toBe(two);
  expect(tagged('v1.0.0')).toBe(one);

  expect(release('v1.0.1').stderr).toContain('release: the tag v1.0.1 exists already');
  expect(release('1.0.2').stderr).toContain(
    "release: give the version as vMAJOR.MINOR.PATCH (for example v1.4.0), not '1.0.2'.",
  );

  appendFileSync(join(scratch, 'CHANGES.md'), 'uncommitted\n');
  expect(release('v1.0.2').stderr).toContain('release: commit or stash your changes first');
  git(scratch, 'checkout', '--quiet', '--', 'CHANGES.md');

  // A bundle that is not what the sources build is never released.
  appendFileSync(join(scratch, 'packages/action/bundle/index.cjs'), '\n// edited by hand\n');
  git(scratch, 'commit', '--quiet', '--all', '-m', 'edit the bundle');
  const stale = release('v1.0.2', '--push');
  expect(stale.status).toBe(1);
  expect(stale.stderr).toContain('release: the committed bundle is not what the sources build (index.cjs differs)');
  expect(git(remote, 'tag', '--list', 'v1.0.2').trim()).toBe('');
  expect(tagged('v1')).toBe(two);
});
