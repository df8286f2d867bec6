#!/usr/bin/env node
// `attw` on the tarball pnpm packs, as it is published: `attw --pack` packs with npm, which keeps the
// `workspace:` ranges that pnpm replaces, and prepack refuses those (scripts/prepack.mjs). Runs in a
// package folder (its `lint` script); extra arguments go to attw.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = (name) => join(resolve(fileURLToPath(import.meta.url), '../..'), 'node_modules', '.bin', name);
const out = mkdtempSync(join(tmpdir(), 'loc-attw-'));
try {
  const packed = spawnSync(bin('pnpm'), ['pack', '--pack-destination', out], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (packed.status !== 0) process.exit(packed.status ?? 1);
  const [tarball] = readdirSync(out);
  const checked = spawnSync(bin('attw'), [join(out, tarball), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = checked.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
