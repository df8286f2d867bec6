#!/usr/bin/env node
// The `prepack` and `postpack` of each published package (pnpm pack, pnpm publish, changeset publish,
// attw --pack): before packing, copies the repository's LICENSE and docs/ into the package folder, so
// every link in a README, in `--help` and in an error message points at a file inside the installed
// package, and writes THIRD_PARTY_LICENSES.md, the notices of the code its dist/ bundles; after packing
// (`--remove`), takes them away again, so a checkout never runs against a stale copy. The root's LICENSE
// and docs/ are the one source; nothing of this is committed.
//
//   node ../../scripts/prepack.mjs            copy
//   node ../../scripts/prepack.mjs --remove   remove the copies
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { thirdPartyLicenses } from './third-party-licenses.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const target = process.cwd();
if (!relative(root, target).startsWith('packages'))
  throw new Error(`prepack.mjs runs in a package folder, not in ${target}.`);

/** Pages about this repository itself, useless (and with dead links) in an installed package. */
const REPOSITORY_ONLY = new Set(['development.md']);

/**
 * Every file the package.json names for users: `exports` (each condition), `typesVersions`, `main`,
 * `module`, `types` and `bin`. Wildcard patterns are not used by our packages and are skipped.
 */
function namedFiles(pkg) {
  const files = [];
  const walk = (value) => {
    if (typeof value === 'string') files.push(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
  };
  walk(pkg.exports);
  walk(pkg.typesVersions);
  walk([pkg.main, pkg.module, pkg.types]);
  walk(pkg.bin);
  return [...new Set(files)].filter((file) => !file.includes('*'));
}

/** The files of `namedFiles` missing from the package folder `dir`. */
function missingFiles(dir, pkg) {
  return namedFiles(pkg).filter((file) => !existsSync(join(dir, file)));
}

if (!process.argv.includes('--remove')) {
  const pkg = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
  const missing = missingFiles(target, pkg);
  if (missing.length > 0) {
    console.error(
      `prepack: ${pkg.name} names files its folder lacks: ${missing.join(', ')}.\n` +
        'Not packed: the tarball would install without them. Build again (`npm run build` at the repository root) and pack again.',
    );
    process.exit(1);
  }
}

rmSync(join(target, 'docs'), { recursive: true, force: true });
rmSync(join(target, 'LICENSE'), { force: true });
rmSync(join(target, 'THIRD_PARTY_LICENSES.md'), { force: true });
if (!process.argv.includes('--remove')) {
  const docs = join(root, 'docs');
  cpSync(docs, join(target, 'docs'), {
    recursive: true,
    filter: (source) => !REPOSITORY_ONLY.has(relative(docs, source)),
  });
  cpSync(join(root, 'LICENSE'), join(target, 'LICENSE'));
  const { name } = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
  const notices = thirdPartyLicenses(join(target, 'dist'), name);
  if (notices) writeFileSync(join(target, 'THIRD_PARTY_LICENSES.md'), notices);
}
