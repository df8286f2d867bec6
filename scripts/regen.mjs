#!/usr/bin/env node
// Every generated file, rewritten from what generates it, in one command (`npm run regen`: it builds
// first). A test fails while any of them is stale; this is the list, in the order they depend on the build:
//
//   docs/openapi.json                 the SDK's operation table and schemas (scripts/openapi.mjs)
//   packages/cli/loc.config.schema.json   loc.config.json's zod schema (its test, LOC_UPDATE_SCHEMA=1)
//   docs/mock-admin-openapi.json      the mock's control table (`loc-mock admin-openapi`)
//   docs/mock-server.md               its control examples (`loc-mock admin-openapi --markdown`) and its
//                                     access table (scripts/docs-tables.mjs)
//   docs/cli-reference.md, docs/cli.md's exit codes   `loc --help` (scripts/cli-reference.mjs)
//   docs/api/                         the SDK's doc comments (TypeDoc)
//   action.yml's inputs, docs/github-action.md's inputs table   packages/action/src/inputs.ts
//   packages/action/bundle/           the Action and the built `loc` (packages/action/scripts/bundle.mjs)
//
//   node scripts/regen.mjs            after `npm run build`: rewrite them all (`npm run regen` builds first)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { between } from './docs-tables.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const node = (script, ...args) =>
  execFileSync(process.execPath, [join(root, script), ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
// pnpm from node_modules/.bin (scripts/dev.mjs puts it first on PATH), for the packages' own scripts.
const pnpm = (...args) => execFileSync('pnpm', args, { cwd: root, stdio: 'inherit' });

const steps = [
  ['docs/openapi.json', () => node('scripts/openapi.mjs')],
  [
    'packages/cli/loc.config.schema.json',
    () =>
      execFileSync(
        process.execPath,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--project',
          'cli',
          'packages/cli/src/config/project-config.test.ts',
          '-t',
          'is the zod schema',
        ],
        { cwd: root, stdio: 'ignore', env: { ...process.env, LOC_UPDATE_SCHEMA: '1' } },
      ),
  ],
  [
    'docs/mock-admin-openapi.json and the control examples of docs/mock-server.md',
    () => {
      const bin = 'packages/mock-server/dist/bin.js';
      writeFileSync(join(root, 'docs/mock-admin-openapi.json'), node(bin, 'admin-openapi'));
      // Committed as Biome lays it out (the lint checks it; docs/openapi.json is left as written).
      execFileSync('biome', ['format', '--write', 'docs/mock-admin-openapi.json'], { cwd: root, stdio: 'ignore' });
      const page = join(root, 'docs/mock-server.md');
      const text = readFileSync(page, 'utf8');
      const start = /<!-- admin-examples:start[^>]*-->/.exec(text)?.[0] ?? '<!-- admin-examples:start -->';
      writeFileSync(
        page,
        between(text, start, '<!-- admin-examples:end -->', node(bin, 'admin-openapi', '--markdown').trim()),
      );
    },
  ],
  ['the access table of docs/mock-server.md', () => node('scripts/docs-tables.mjs')],
  ['docs/cli-reference.md and the exit codes of docs/cli.md', () => node('scripts/cli-reference.mjs')],
  ['docs/api/', () => pnpm('--filter', '@loc/sdk', 'run', 'docs')],
  [
    "action.yml's inputs and docs/github-action.md's inputs table",
    () => node('packages/action/scripts/inputs-doc.mjs'),
  ],
  ['packages/action/bundle/', () => pnpm('--filter', '@loc/action', 'run', 'bundle')],
];

for (const [what, run] of steps) {
  process.stderr.write(`› ${what}\n`);
  run();
}
process.stderr.write('› regenerated; `git status` shows what changed\n');
