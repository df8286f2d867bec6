#!/usr/bin/env node
// `npm run pack:all`: the three published packages as the tarballs npm would publish, in ./packs/
// (gitignored), from a fresh build. Each is packed by `pnpm pack` (which turns `workspace:` ranges into
// versions); its prepack refuses a dist/ that lacks a file its package.json names.
//
//   node scripts/pack-all.mjs [folder]   default: packs/
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const out = resolve(process.argv[2] ?? join(root, 'packs'));
const PUBLISHED = ['sdk', 'cli', 'mock-server'];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const name of PUBLISHED) {
  const result = spawnSync(join(root, 'node_modules', '.bin', 'pnpm'), ['pack', '--pack-destination', out], {
    cwd: join(root, 'packages', name),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    process.stderr.write(`✖ pnpm pack of @loc/${name} failed (exit code ${result.status ?? result.signal}).\n`);
    process.exit(1);
  }
}
for (const file of readdirSync(out).sort()) process.stdout.write(`${relative(process.cwd(), join(out, file))}\n`);
