#!/usr/bin/env node
// The `prepack` and `postpack` of each published package (pnpm pack, pnpm publish, changeset publish,
// attw --pack): before packing, refuses a package.json that would go out with `workspace:` ranges, copies
// the repository's LICENSE and the docs pages the package's README links to into the package folder (the
// pages `--help` and the hints name are among them), makes the README's links to them absolute (the
// published package's own files, PACKAGE_FILES_URL: a relative link 404s on the registry's page), and
// writes THIRD_PARTY_LICENSES.md, the notices of the code its dist/ bundles; after packing (`--remove`),
// takes all that away again, so a checkout never runs against a stale copy. The root's LICENSE and docs/
// are the one source; nothing of this is committed.
//
//   node ../../scripts/prepack.mjs            copy
//   node ../../scripts/prepack.mjs --remove   remove the copies
import { cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { thirdPartyLicenses } from './third-party-licenses.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const target = process.cwd();
if (!relative(root, target).startsWith('packages'))
  throw new Error(`prepack.mjs runs in a package folder, not in ${target}.`);

/**
 * Where the registry's page finds the files of a published package (its README's `docs/…` links): the
 * package's own tarball, served by version. The project has no public repository to link to yet
 * (docs/decisions.md, "`repository`, `homepage`, `bugs`"); once it has one, this is the one line to change.
 */
const PACKAGE_FILES_URL = 'https://unpkg.com/';

/** The README's links into docs/: `](docs/sdk.md#anchor)` → `docs/sdk.md`. */
const README_DOCS_LINK = /\]\((docs\/[^)#\s]+)(#[^)\s]*)?\)/g;

/** The docs pages (or, for a page in a subfolder such as docs/api/, that folder) the README links to. */
function linkedDocs(readme) {
  return [...new Set([...readme.matchAll(README_DOCS_LINK)].map(([, path]) => path.split('/').slice(0, 2).join('/')))];
}

/** The README's links into docs/, made absolute to the published package's files, or back (`undo`). */
function absoluteLinks(readme, pkg, undo = false) {
  const base = `${PACKAGE_FILES_URL}${pkg.name}@${pkg.version}/`;
  if (undo) return readme.split(`](${base}docs/`).join('](docs/');
  return readme.replace(README_DOCS_LINK, (_, path, anchor = '') => `](${base}${path}${anchor})`);
}

/**
 * The dependency fields of `pkg` that still hold a `workspace:` range, as `field.name: range`. pnpm
 * replaces them in the manifest it packs (pnpm pack, pnpm publish, changeset publish in this workspace);
 * npm and yarn 1 do not, and such a tarball fails to install with an empty error.
 */
function workspaceRanges(pkg) {
  return ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
    Object.entries(pkg[field] ?? {})
      .filter(([, range]) => String(range).startsWith('workspace:'))
      .map(([name, range]) => `${field}.${name}: ${range}`),
  );
}

/** Whether pnpm runs this script: the one packer here that rewrites `workspace:` ranges. */
const packedByPnpm = /^pnpm\//.test(process.env.npm_config_user_agent ?? '');

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

const pkg = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
if (!process.argv.includes('--remove')) {
  const ranges = packedByPnpm ? [] : workspaceRanges(pkg);
  if (ranges.length > 0) {
    console.error(
      `prepack: ${pkg.name}'s package.json has workspace: ranges (${ranges.join(', ')}), which only pnpm replaces.\n` +
        'Not packed: the tarball would not install. Pack with `pnpm pack`, publish with `npm run release` (docs/development.md, "Releasing").',
    );
    process.exit(1);
  }
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
const readmeFile = join(target, 'README.md');
const readme = existsSync(readmeFile) ? absoluteLinks(readFileSync(readmeFile, 'utf8'), pkg, true) : '';
if (readme) writeFileSync(readmeFile, readme);
if (!process.argv.includes('--remove')) {
  for (const page of linkedDocs(readme)) {
    const source = join(root, page);
    if (!existsSync(source)) {
      console.error(`prepack: ${pkg.name}'s README links ${page}, which the repository lacks. Not packed.`);
      process.exit(1);
    }
    cpSync(source, join(target, page), { recursive: statSync(source).isDirectory() });
  }
  if (readme) writeFileSync(readmeFile, absoluteLinks(readme, pkg));
  cpSync(join(root, 'LICENSE'), join(target, 'LICENSE'));
  const notices = thirdPartyLicenses(join(target, 'dist'), pkg.name);
  if (notices) writeFileSync(join(target, 'THIRD_PARTY_LICENSES.md'), notices);
}
