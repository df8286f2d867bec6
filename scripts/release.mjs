#!/usr/bin/env node
// `npm run release` (or `pnpm release`): the one command that cuts a release. It versions the packages
// from the pending changesets (`changeset version`: versions, CHANGELOG.md), builds and lints every
// package, rebundles the Action (its bundle carries the built `loc`, whose version is baked in: a version
// bump without it fails CI), and publishes with `changeset publish` (which runs `pnpm publish`: it
// replaces the `workspace:` ranges) to the registry named in the root package.json's `config.registry`,
// the one place it is named. Every other way to publish refuses (`prepublishOnly`: scripts/release.mjs
// --guard), so none can reach a registry by accident: `changeset publish` run directly reads no `.npmrc`.
//
//   node scripts/release.mjs                  version, build, lint, rebundle the Action, commit, publish, tag
//   node scripts/release.mjs publish [--no-git-tag]   only the last step (a release whose publish failed)
//   node scripts/release.mjs --guard          (prepublishOnly of each package) refuse unless run by this
//
// LOC_REGISTRY overrides the registry (a registry on loopback in examples/registry-release.pack.test.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** The registry a release publishes to. */
function registry() {
  const named = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).config?.registry;
  const chosen = process.env.LOC_REGISTRY || named;
  if (!chosen) throw new Error('No registry: the root package.json names none in `config.registry`.');
  return new URL(chosen).href;
}

/** Set by this script for the publishes it runs; `--guard` looks for it. */
const RELEASE_MARK = 'LOC_RELEASE_REGISTRY';

/** The pinned pnpm first: changeset publish runs `pnpm publish` from PATH. */
const PATH = [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter);

function run(what, command, args, env = {}) {
  process.stderr.write(`› ${what}: ${[command, ...args].join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PATH, ...env } });
  if (result.status !== 0) {
    process.stderr.write(`✖ release: ${what} failed (exit code ${result.status ?? result.signal}).\n`);
    process.exit(1);
  }
}

function publish(gitTag) {
  const to = registry();
  // changeset publish takes the registry from these (it reads no .npmrc) and hands them to pnpm publish:
  // npm's names for changeset and npm, pnpm's own for pnpm ≥ 11, which no longer reads npm_config_registry
  // (with npm's names alone, pnpm 12 published to the public registry).
  run('publish', bin('changeset'), ['publish', ...(gitTag ? [] : ['--no-git-tag'])], {
    npm_config_registry: to,
    'npm_config_@loc:registry': to,
    pnpm_config_registry: to,
    'pnpm_config_@loc:registry': to,
    [RELEASE_MARK]: to,
  });
}

const [step, ...flags] = process.argv.slice(2);
if (step === '--guard') {
  // A publish not started by this script: the registry would be whatever the tool happened to read.
  if (!process.env[RELEASE_MARK]) {
    process.stderr.write(
      'Not published: publish with `npm run release` at the repository root (docs/development.md, "Releases"),\n' +
        'which versions, builds, rebundles the Action and publishes to the registry in package.json `config.registry`.\n',
    );
    process.exit(1);
  }
} else if (step === 'publish') {
  publish(!flags.includes('--no-git-tag'));
} else if (step === undefined) {
  // The tags changeset publish makes go on the release commit, so it starts from a committed tree.
  const status = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
  if (status.status !== 0 || status.stdout.trim()) {
    process.stderr.write('✖ release: commit or stash your changes first (git status is not clean).\n');
    process.exit(1);
  }
  run('version', bin('changeset'), ['version']);
  run('build and lint', process.execPath, [join(root, 'scripts', 'dev.mjs'), 'run', 'turbo', 'run', 'build', 'lint']);
  run('rebundle the Action', bin('pnpm'), ['--filter', '@loc/action', 'run', 'bundle']);
  run('commit', 'git', ['add', '--all', 'packages', '.changeset']);
  run('commit', 'git', ['commit', '--quiet', '--message', 'Release: versions, changelogs and the Action bundle']);
  publish(true);
  process.stderr.write('✔ Released. Push the commit and its tags: git push --follow-tags\n');
} else {
  process.stderr.write(`Unknown step ${JSON.stringify(step)}: expected nothing, publish [--no-git-tag] or --guard.\n`);
  process.exit(2);
}
