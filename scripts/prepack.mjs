#!/usr/bin/env node
// Runs as each published package's `prepack` (pnpm pack, pnpm publish, changeset publish, attw --pack):
// copies the repository's LICENSE and docs/ into the package folder, so every link in a README, in
// `--help` and in an error message points at a file that is inside the installed package. The copies
// are not committed (.gitignore); docs/ at the root is the one source.
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const target = process.cwd();
if (resolve(target) === root) throw new Error('prepack.mjs runs in a package folder, not at the repository root.');

/** Pages about this repository itself, useless (and with dead links) in an installed package. */
const REPOSITORY_ONLY = new Set(['development.md']);

rmSync(join(target, 'docs'), { recursive: true, force: true });
cpSync(join(root, 'docs'), join(target, 'docs'), {
  recursive: true,
  filter: (source) => !REPOSITORY_ONLY.has(source.slice(join(root, 'docs').length + 1)),
});
cpSync(join(root, 'LICENSE'), join(target, 'LICENSE'));
