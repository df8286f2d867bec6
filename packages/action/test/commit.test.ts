// The commit holds the CLI's rule of where an export may write (cli/src/files/writable-path.ts) on its own:
// loc refuses such paths before it writes, but the Action commits what loc's report names, so a report
// that names a workflow, a hook or a package manifest (an older loc, a hand-edited report) must not reach
// the branch. stageExport is called directly on a real repository: the real loc never reports such paths.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { stageExport } from '../src/commit';
import { git, repository } from './run-action';

const dir = tempDir('loc-action-commit-');
afterAll(() => dir.remove());

describe('stageExport holds the one rule of where an export may write', () => {
  const repo = repository(dir.path, 'repo', { workspace: 'acme', project: 'web' });
  const write = (path: string) => {
    mkdirSync(dirname(join(repo.path, path)), { recursive: true });
    writeFileSync(join(repo.path, path), '{"on":"push"}');
    return join(repo.path, path);
  };

  it('takes translations and loc’s record', async () => {
    const staged = await stageExport(repo.path, [write('locales/de.json'), write('locales/.loc-export.json')]);
    expect(staged.changed.sort()).toEqual(['locales/.loc-export.json', 'locales/de.json']);
  });

  it.each([
    ['.github/workflows/loc-de.yml', /\.github\/workflows\/loc-de\.yml \(it lies inside \.github\//],
    ['.GIT/hooks/pre-commit', /\.GIT\/hooks\/pre-commit \(it lies inside \.git\//],
    ['app/package.json', /app\/package\.json \(it is named package\.json/],
    ['.gitlab-ci.yml', /\.gitlab-ci\.yml \(it is named \.gitlab-ci\.yml/],
    // Issue 42: what a pull request's config and the service's keys got pushed, and their folded forms.
    [
      '.devcontainer/devcontainer.json',
      /\.devcontainer\/devcontainer\.json \(it lies inside \.devcontainer\/, a dev container/,
    ],
    ['vercel.json', /vercel\.json \(it is named vercel\.json, a deployment platform's file/],
    ['apps/web/Vercel.JSON.', /apps\/web\/Vercel\.JSON\. \(it is named vercel\.json/],
    ['.vscode/tasks.json', /\.vscode\/tasks\.json \(it lies inside \.vscode\//],
    ['gradle/wrapper/gradle-wrapper.properties', /it is named gradle-wrapper\.properties/],
    ['.env.production', /it is named \.env\.\*, a credentials file|it is named \.env\.production/],
  ])('refuses %s among the translations, and nothing is committed', async (path, message) => {
    const before = git(repo.path, 'rev-parse', 'HEAD').trim();
    const attempt = stageExport(repo.path, [write('locales/de.json'), write(path)]);
    await expect(attempt).rejects.toThrow(message);
    await expect(attempt).rejects.toThrow(/Nothing was pushed/);
    expect(git(repo.path, 'rev-parse', 'HEAD').trim()).toBe(before);
  });
});
