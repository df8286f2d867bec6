// One direction per package (docs/development.md, "Layers"): each package's src/ is a stack of layers, top to
// bottom, and a module imports only from its own layer or from one below it. `pnpm lint` runs this beside
// dpdm's cycle check (root `lint:layers`): it reads the TypeScript sources (no build needed), counts every
// import a module makes of another in its package — `import type`, `export … from` and `import()` included,
// as dpdm does — and fails on each one that runs back up, naming the file, the import and the two layers.
// The layers are declared here and only here; the page names them and says what each holds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Each package's layers, top to bottom: a name and what it holds, as paths inside the package's `src/` (a
 * folder ends with `/`; the longest path that holds a file places it). Unit tests beside the source
 * (`*.test.ts`) belong to no layer: a test may import anything.
 */
export const LAYERS = {
  'packages/sdk': [
    { name: 'entries', holds: ['index.ts', 'node.ts', 'internal.ts', 'openapi.ts', 'client.ts'] },
    { name: 'features', holds: ['resources/', 'download/', 'upload/', 'ota/'] },
    { name: 'request', holds: ['request/'] },
    { name: 'wire contract', holds: ['schemas/'] },
    { name: 'base', holds: ['base/'] },
  ],
  'packages/mock-server': [
    { name: 'entries', holds: ['index.ts', 'bin.ts'] },
    { name: 'transport', holds: ['server/'] },
    { name: 'service', holds: ['service/'] },
    { name: 'controls', holds: ['admin/'] },
    { name: 'faults', holds: ['faults/'] },
    { name: 'handlers', holds: ['handlers/'] },
    { name: 'journal', holds: ['journal/'] },
    { name: 'request', holds: ['request/'] },
    { name: 'state', holds: ['store/'] },
    { name: 'seed', holds: ['seed/'] },
    { name: 'formats', holds: ['formats/'] },
    { name: 'rules', holds: ['rules/'] },
  ],
  'packages/cli': [
    { name: 'entries', holds: ['bin.ts', 'program.ts'] },
    { name: 'commands', holds: ['commands/'] },
    { name: 'run context', holds: ['context/'] },
    { name: 'features', holds: ['export/', 'push/', 'project/', 'config/', 'files/', 'net/', 'help/'] },
    { name: 'ui', holds: ['ui/'] },
    { name: 'options', holds: ['options/'] },
    { name: 'errors', holds: ['run/'] },
    { name: 'base', holds: ['startup/', 'vendor/'] },
  ],
};

/**
 * The workspace packages each package's sources may import (by name, `@loc/sdk/internal` being `@loc/sdk`):
 * between packages too, imports run one way. Tests and fixtures may import any.
 */
export const PACKAGE_IMPORTS = {
  'packages/sdk': [],
  'packages/mock-server': ['@loc/sdk'],
  'packages/cli': ['@loc/sdk'],
  'packages/action': [],
  'packages/test-utils': ['@loc/mock-server'],
};

const SOURCE = /\.(ts|mts|cts|tsx)$/;

/** The package's source files, as paths relative to its `src/` with `/` separators; tests left out. */
function sourceFiles(src) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !/\.test\.tsx?$/.test(name)) files.push(relative(src, path).split(sep).join('/'));
    }
  };
  walk(src);
  return files;
}

/** The source file a relative specifier names, as TypeScript's bundler resolution finds it; undefined if none. */
function resolveImport(src, from, specifier) {
  const base = resolve(src, dirname(from), specifier.replace(/\.[cm]?js$/, ''));
  const candidates = SOURCE.test(specifier)
    ? [resolve(src, dirname(from), specifier)]
    : ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '/index.ts'].map((ext) => base + ext);
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  if (!found) return undefined;
  const inside = relative(src, found).split(sep).join('/');
  return inside.startsWith('../') ? undefined : inside;
}

/** The layer that holds `file` (its index in `layers`), by the longest path of a layer that holds it. */
function layerOf(layers, file) {
  let best = -1;
  let length = -1;
  layers.forEach((layer, index) => {
    for (const path of layer.holds) {
      const holds = path.endsWith('/') ? file.startsWith(path) : file === path;
      if (holds && path.length > length) [best, length] = [index, path.length];
    }
  });
  return best;
}

/** A workspace package's name, from an import of it or of one of its subpaths (`@loc/sdk/internal`). */
const packageOf = (specifier) => specifier.split('/').slice(0, 2).join('/');

/**
 * Every import of each package's sources that runs back up, and what else is wrong with the tables.
 *
 * @example
 * const { problems } = checkLayers(process.cwd());
 * if (problems.length) console.error(problems.join('\n'));
 */
export function checkLayers(root, { layers: layersOf = LAYERS, packageImports = PACKAGE_IMPORTS } = {}) {
  const problems = [];
  for (const [pkg, allowed] of Object.entries(packageImports)) {
    const src = join(root, pkg, 'src');
    for (const file of sourceFiles(src)) {
      const { importedFiles } = ts.preProcessFile(readFileSync(join(src, file), 'utf8'), true, true);
      for (const { fileName: specifier } of importedFiles)
        if (specifier.startsWith('@loc/') && !allowed.includes(packageOf(specifier)))
          problems.push(
            `${pkg}/src/${file} imports '${specifier}': ${pkg}'s sources import ` +
              `${allowed.length ? allowed.join(', ') : 'no other package'} (PACKAGE_IMPORTS, scripts/layers.mjs)`,
          );
    }
  }
  /** Per package: how many imports it has, and which run up (`from -> to`). */
  const packages = {};
  for (const [pkg, layers] of Object.entries(layersOf)) {
    const src = join(root, pkg, 'src');
    const files = sourceFiles(src);
    const upward = [];
    let imports = 0;
    for (const path of layers.flatMap((layer) => layer.holds))
      if (!(path.endsWith('/') ? files.some((f) => f.startsWith(path)) : files.includes(path)))
        problems.push(`${pkg}/src/${path}: named by a layer of scripts/layers.mjs, but there is no such source`);
    for (const file of files) {
      const from = layerOf(layers, file);
      if (from < 0) {
        problems.push(`${pkg}/src/${file}: in no layer; add it to one of ${pkg}'s layers in scripts/layers.mjs`);
        continue;
      }
      const { importedFiles } = ts.preProcessFile(readFileSync(join(src, file), 'utf8'), true, true);
      for (const { fileName: specifier } of importedFiles) {
        if (!specifier.startsWith('.')) continue;
        const target = resolveImport(src, file, specifier);
        if (!target || target === file) continue;
        imports++;
        const to = layerOf(layers, target);
        if (to < 0 || to >= from) continue;
        const pair = `${file} -> ${target}`;
        if (upward.includes(pair)) continue;
        upward.push(pair);
        problems.push(
          `${pkg}/src/${file} imports '${specifier}' (${target}): it runs up, from layer ` +
            `'${layers[from].name}' to '${layers[to].name}' (scripts/layers.mjs lists the layers top to bottom)`,
        );
      }
    }
    packages[pkg] = { imports, upward };
  }
  return { problems, packages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { problems, packages } = checkLayers(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  } else {
    const counts = Object.entries(packages).map(([pkg, p]) => `${pkg} ${p.imports}`);
    console.log(`layers: every import runs down; imports checked: ${counts.join(', ')}`);
  }
}
