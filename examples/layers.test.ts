// The layers check (scripts/layers.mjs, `pnpm lint`'s `lint:layers`) on a package made for the test: what it
// refuses and how it says so; and docs/development.md kept true to the tree and to the layers it names.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '@loc/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayers, LAYERS } from '../scripts/layers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const page = readFileSync(join(root, 'docs', 'development.md'), 'utf8');

/** A package `packages/demo` of these files (path → text), in a folder of its own. */
function demoPackage(files: Record<string, string>) {
  const dir = tempDir();
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir.path, 'packages/demo/src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return dir;
}

const DEMO_LAYERS = {
  'packages/demo': [
    { name: 'top', holds: ['top.ts'] },
    { name: 'low', holds: ['low/'] },
  ],
};

const demo = demoPackage({
  'top.ts': "import { a } from './low/a';\nexport const top = a;\nexport type Top = string;\n",
  'low/a.ts': "import type { Top } from '../top';\nexport const a: Top = 'a';\n",
  'low/b.ts': "export const later = () => import('../top.js');\n",
  'low/c.ts': "export * from '../top';\n",
  'low/same.ts': "import { a } from './a';\nexport const same = a;\n",
  'low/a.test.ts': "import { top } from '../top';\nexport const t = top;\n",
  'stray/x.ts': 'export const x = 1;\n',
});
afterAll(() => demo.remove());

describe('the layers check', () => {
  it('passes the packages as they are: every import runs down', () => {
    const { problems, packages } = checkLayers(root);
    expect(problems).toEqual([]);
    expect(packages['packages/sdk']!.upward).toEqual([]);
    expect(packages['packages/mock-server']!.upward).toEqual([]);
    expect(packages['packages/cli']!.upward).toEqual([]);
  });

  it('names the file, the import and the two layers of each import that runs up: type-only, import() and re-export', () => {
    const { problems } = checkLayers(demo.path, { layers: DEMO_LAYERS, packageImports: {} });
    const upward = problems.filter((p) => p.includes('runs up'));
    expect(upward).toEqual([
      "packages/demo/src/low/a.ts imports '../top' (top.ts): it runs up, from layer 'low' to 'top' (scripts/layers.mjs lists the layers top to bottom)",
      "packages/demo/src/low/b.ts imports '../top.js' (top.ts): it runs up, from layer 'low' to 'top' (scripts/layers.mjs lists the layers top to bottom)",
      "packages/demo/src/low/c.ts imports '../top' (top.ts): it runs up, from layer 'low' to 'top' (scripts/layers.mjs lists the layers top to bottom)",
    ]);
  });

  it('refuses a file in no layer and a layer that names no file; a test beside the source is in none', () => {
    const layers = { 'packages/demo': [...DEMO_LAYERS['packages/demo'], { name: 'gone', holds: ['gone/'] }] };
    const { problems } = checkLayers(demo.path, { layers, packageImports: {} });
    expect(problems.filter((p) => !p.includes('runs up'))).toEqual([
      'packages/demo/src/gone/: named by a layer of scripts/layers.mjs, but there is no such source',
      "packages/demo/src/stray/x.ts: in no layer; add it to one of packages/demo's layers in scripts/layers.mjs",
    ]);
  });

  it('refuses an import of a workspace package the package may not import', () => {
    const pkg = demoPackage({
      'top.ts': "import { startMock } from '@loc/test-utils';\nexport const s = startMock;\n",
    });
    try {
      const { problems } = checkLayers(pkg.path, {
        layers: { 'packages/demo': [{ name: 'top', holds: ['top.ts'] }] },
        packageImports: { 'packages/demo': ['@loc/sdk'] },
      });
      expect(problems).toEqual([
        "packages/demo/src/top.ts imports '@loc/test-utils': packages/demo's sources import @loc/sdk (PACKAGE_IMPORTS, scripts/layers.mjs)",
      ]);
    } finally {
      pkg.remove();
    }
  });
});

/** Every folder under a package's `src/`, as `packages/<name>/src/<path>/`. */
function foldersOf(pkg: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = `${dir}/${name}`;
      if (!statSync(join(root, path)).isDirectory()) continue;
      found.push(`${path}/`);
      walk(path);
    }
  };
  walk(`${pkg}/src`);
  return found;
}

/** The folders the page's layout tree names, each as its path from the root (indentation is nesting). */
function layoutFolders(): string[] {
  const section = page.slice(page.indexOf('## Layout'), page.indexOf('## Layers'));
  const start = section.indexOf('```\n') + 4;
  const tree = section.slice(start, section.indexOf('\n```', start));
  const stack: string[] = [];
  const folders: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^( *)(\S+\/)(?:\s|$)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 2;
    stack.length = depth;
    stack.push(match[2]!);
    folders.push(stack.join(''));
  }
  return folders;
}

describe('docs/development.md', () => {
  it('names every folder of each package’s src/ in its layout, one line each', () => {
    const named = layoutFolders();
    const packages = readdirSync(join(root, 'packages')).map((name) => `packages/${name}`);
    const missing = packages.flatMap(foldersOf).filter((folder) => !named.includes(folder));
    expect(named).toContain('packages/sdk/src/base/');
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(LAYERS))(
    'lists the layers of %s, top to bottom, as scripts/layers.mjs does',
    (pkg, layers) => {
      const section = page.slice(page.indexOf(`(${pkg}/src)`));
      const start = section.indexOf('|---');
      const table = section.slice(start, section.indexOf('\n\n', start));
      const names = table
        .split('\n')
        .slice(1)
        .map((row) => row.split('|')[1]!.trim());
      expect(names).toEqual(layers.map((layer) => layer.name));
    },
  );
});
