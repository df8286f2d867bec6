// What the published packages promise before anyone packs them: their metadata, the links of every
// README and docs page (files and #anchors), and the generated CLI reference being up to date.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLISHED = ['sdk', 'cli', 'mock-server'] as const;
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** Every package.json of the workspace, the root's included. */
const PACKAGE_JSONS = [
  'package.json',
  'examples/package.json',
  ...readdirSync(join(root, 'packages')).map((dir) => `packages/${dir}/package.json`),
].filter((path) => existsSync(join(root, path)));

describe('package.json of the published packages', () => {
  it.each(PUBLISHED)('@loc/%s has full metadata', (name) => {
    const pkg = readJson(`packages/${name}/package.json`);
    expect(pkg.name).toBe(`@loc/${name}`);
    expect(pkg.license).toBe('MIT');
    expect(pkg.author).toBeTruthy();
    expect(pkg.keywords.length).toBeGreaterThan(3);
    expect(pkg.publishConfig).toEqual({ access: 'public' });
    expect(pkg.files).toEqual(
      expect.arrayContaining(['dist', 'docs', 'README.md', 'CHANGELOG.md', 'LICENSE', 'THIRD_PARTY_LICENSES.md']),
    );
    expect(pkg.scripts.prepack).toBe('node ../../scripts/prepack.mjs');
    expect(pkg.scripts.postpack).toBe('node ../../scripts/prepack.mjs --remove');
    expect(pkg.engines.node).toBe(readJson('package.json').engines.node);
  });

  // The project has no public repository yet (docs/decisions.md, "Packaging and releases"): an address
  // that is not ours would send users and npm provenance to someone else's host.
  it.each(PACKAGE_JSONS)('%s names no repository, homepage, bug tracker or other address', (path) => {
    const pkg = readJson(path);
    for (const field of ['repository', 'homepage', 'bugs', 'funding']) expect(pkg[field], field).toBeUndefined();
    expect(pkg.publishConfig?.provenance, 'provenance needs a public repository').toBeUndefined();
    // The registry releases go to (the root's `config.registry`, scripts/release.mjs) is an address of npm's.
    const { $schema: _, config, ...rest } = pkg;
    if (config?.registry) expect(config.registry).toBe('https://registry.npmjs.org/');
    expect(JSON.stringify(rest)).not.toMatch(/https?:\/\/|git\+|github\.com|gitlab\.com|loc-dev/);
  });

  it('@loc/mock-server takes msw as an optional peer covering msw 2 (Node 20) and msw 3', () => {
    const pkg = readJson('packages/mock-server/package.json');
    expect(pkg.dependencies.msw).toBeUndefined();
    expect(pkg.peerDependencies.msw).toBe('^2.15.0 || ^3.0.0');
    expect(pkg.peerDependenciesMeta.msw).toEqual({ optional: true });
  });

  it('the libraries lint with publint --strict and attw with its default profile', () => {
    expect(readJson('packages/sdk/package.json').scripts.lint).toBe(
      'publint --strict && node ../../scripts/attw-packed.mjs && typedoc --emit none',
    );
    expect(readJson('packages/mock-server/package.json').scripts.lint).toBe(
      'publint --strict && node ../../scripts/attw-packed.mjs',
    );
    expect(readJson('packages/cli/package.json').scripts.lint).toBe('publint --strict');
  });

  it('the first publish is 0.1.0: packages at 0.0.0 and a pending minor changeset for each', () => {
    const changesets = readdirSync(join(root, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    const bumps = changesets.map((f) => readFileSync(join(root, '.changeset', f), 'utf8')).join('\n');
    for (const name of PUBLISHED) {
      const { version } = readJson(`packages/${name}/package.json`);
      // Once released, versions move on and this no longer applies.
      if (version !== '0.0.0') continue;
      expect(bumps).toMatch(new RegExp(`"@loc/${name}": minor`));
      expect(bumps).not.toMatch(new RegExp(`"@loc/${name}": major`));
    }
  });
});

/**
 * The packages a built dist/ loads at run time (import, import(), require) or names in its declaration
 * files, by package name: what its package.json must declare. Strings of generated code (ajv's
 * `require("ajv/dist/runtime/…")` templates, bundled into the CLI) are not loads.
 */
function packagesLoadedBy(dist: string, own: string): string[] {
  const names = new Set<string>();
  const load =
    /(?:\bfrom\s*|\bimport\s*\(\s*|(?<![`'"\w.])require\s*\(\s*|^import\s*)["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(?:\/[\w./-]*)?["']/gm;
  for (const file of readdirSync(dist, { recursive: true }) as string[]) {
    if (!/\.(c|m)?js$|\.d\.c?ts$/.test(file)) continue;
    // Not the examples of doc comments (` * import AsyncStorage from '…'`).
    const code = readFileSync(join(dist, file), 'utf8').replace(/^\s*\*.*$/gm, '');
    for (const [, name] of code.matchAll(load))
      if (!name!.startsWith('node:') && !builtinModules.includes(name!) && name !== own) names.add(name!);
  }
  return [...names].sort();
}

describe('dependencies of the published packages', () => {
  // Issue 35: @loc/cli declared 16 dependencies it bundles (`npm i -g` installed 70 packages, 37 MB).
  it.each(PUBLISHED)('@loc/%s declares exactly what its dist loads at run time or its types name', (name) => {
    const pkg = readJson(`packages/${name}/package.json`);
    const declared = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).sort();
    expect(packagesLoadedBy(join(root, 'packages', name, 'dist'), pkg.name)).toEqual(declared);
  });

  it('@loc/mock-server depends on @loc/sdk at the exact version (it imports @loc/sdk/internal, not covered by semver)', () => {
    expect(readJson('packages/mock-server/package.json').dependencies['@loc/sdk']).toBe('workspace:*');
  });
});

describe('scripts/release.mjs', () => {
  // prepublishOnly of each package: a publish that npm run release did not start (changeset publish run
  // directly reads no .npmrc and aimed at the public registry) stops before it packs anything.
  it('refuses a publish it did not start, naming the command to use', () => {
    const guard = (env: Record<string, string>) =>
      spawnSync(process.execPath, [join(root, 'scripts', 'release.mjs'), '--guard'], {
        encoding: 'utf8',
        env: { ...process.env, LOC_RELEASE_REGISTRY: '', ...env },
      });
    const refused = guard({});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('npm run release');
    expect(guard({ LOC_RELEASE_REGISTRY: 'http://127.0.0.1:4873/' }).status).toBe(0);
    for (const name of PUBLISHED)
      expect(readJson(`packages/${name}/package.json`).scripts.prepublishOnly).toBe(
        'node ../../scripts/release.mjs --guard',
      );
    expect(readJson('package.json').scripts.release).toBe('node scripts/release.mjs');
  });
});

describe('scripts/prepack.mjs', () => {
  // A build that lost a declaration (two builds racing in one dist/) must not become a tarball whose
  // subpath has no types.
  it('refuses to pack a folder that lacks a file its package.json names, and copies nothing', () => {
    const dir = mkdtempSync(join(root, 'packages', '.prepack-test-'));
    try {
      mkdirSync(join(dir, 'dist'));
      for (const file of ['index.js', 'index.d.ts', 'openapi.js', 'bin.js']) writeFileSync(join(dir, 'dist', file), '');
      const pkg = {
        name: '@loc/prepack-test',
        version: '1.2.3',
        bin: { x: './dist/bin.js' },
        exports: {
          '.': { types: './dist/index.d.ts', default: './dist/index.js' },
          './openapi': { import: { types: './dist/openapi.d.ts', default: './dist/openapi.js' } },
        },
        typesVersions: { '*': { openapi: ['./dist/openapi.d.cts'] } },
      };
      writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
      const prepack = () =>
        spawnSync(process.execPath, [join(root, 'scripts', 'prepack.mjs')], { cwd: dir, encoding: 'utf8' });
      const refused = prepack();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('./dist/openapi.d.ts, ./dist/openapi.d.cts');
      expect(refused.stderr).toContain('npm run build');
      expect(existsSync(join(dir, 'docs'))).toBe(false);

      for (const file of ['openapi.d.ts', 'openapi.d.cts']) writeFileSync(join(dir, 'dist', file), '');
      const readme = 'See [the guide](docs/sdk.md#schemas) and [the API](docs/api/README.md).\n';
      writeFileSync(join(dir, 'README.md'), readme);
      const packed = prepack();
      expect(packed.stderr).toBe('');
      expect(packed.status).toBe(0);
      // Only the pages the README links to, and its links absolute: the registry's page has no docs/ folder.
      expect(readdirSync(join(dir, 'docs')).sort()).toEqual(['api', 'sdk.md']);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(
        'See [the guide](https://unpkg.com/@loc/prepack-test@1.2.3/docs/sdk.md#schemas) and [the API](https://unpkg.com/@loc/prepack-test@1.2.3/docs/api/README.md).\n',
      );
      const removed = spawnSync(process.execPath, [join(root, 'scripts', 'prepack.mjs'), '--remove'], { cwd: dir });
      expect(removed.status).toBe(0);
      expect(existsSync(join(dir, 'docs'))).toBe(false);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(readme);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a package.json with workspace: ranges unless pnpm packs it (pnpm replaces them)', () => {
    const dir = mkdtempSync(join(root, 'packages', '.prepack-test-'));
    try {
      const pkg = { name: '@loc/prepack-test', version: '1.2.3', dependencies: { '@loc/sdk': 'workspace:*' } };
      writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
      mkdirSync(join(dir, 'dist'));
      const prepack = (agent: string) =>
        spawnSync(process.execPath, [join(root, 'scripts', 'prepack.mjs')], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, npm_config_user_agent: agent },
        });
      const byNpm = prepack('npm/10.9.2 node/v22.12.0 linux x64 workspaces/false');
      expect(byNpm.status).toBe(1);
      expect(byNpm.stderr).toContain('dependencies.@loc/sdk: workspace:*');
      expect(byNpm.stderr).toContain('npm run release');
      expect(existsSync(join(dir, 'LICENSE'))).toBe(false);
      expect(prepack('pnpm/10.34.9 npm/? node/v22.12.0 linux x64').status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!.replace(/`/g, ''))));
}

/**
 * Relative links of a Markdown file, with the file they must reach. A package README's `docs/…` is
 * the copy prepack puts in the package, so here the repository's docs/.
 */
function linksOf(file: string, docsDir: string): { link: string; target: string; anchor?: string }[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((link) => !/^[a-z]+:/.test(link))
    .map((link) => {
      const [path = '', anchor] = link.split('#');
      const base = path.startsWith('docs/') ? join(docsDir, path.slice(5)) : join(dirname(file), path);
      return { link, target: path ? base : file, ...(anchor ? { anchor } : {}) };
    });
}

describe('links', () => {
  const docs = join(root, 'docs');
  const files = [
    join(root, 'README.md'),
    ...PUBLISHED.map((name) => join(root, 'packages', name, 'README.md')),
    ...readdirSync(docs)
      // development.md is about this repository (not shipped); it links pages `npm run bench` writes.
      .filter((f) => f.endsWith('.md') && f !== 'development.md')
      .map((f) => join(docs, f)),
  ];

  it.each(files.map((f) => [relative(root, f), f]))(
    'every relative link of %s reaches a file and heading',
    (_, file) => {
      // Everything but the root README ships in the packages, where development.md is not.
      const shipped = file !== join(root, 'README.md');
      for (const { link, target, anchor } of linksOf(file, docs)) {
        expect(existsSync(target), `${link}`).toBe(true);
        if (shipped) expect(target, `${link}: not in the installed packages`).not.toMatch(/development\.md$/);
        if (anchor && target.endsWith('.md')) expect(anchorsOf(target), `${link}`).toContain(anchor);
      }
    },
  );
});

describe('docs/cli-reference.md', () => {
  it('is what `loc --help` prints today (npm run docs:cli rewrites it)', () => {
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'cli-reference.mjs'), '--check'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('docs/api/ (TypeDoc, from the doc comments of @loc/sdk)', () => {
  // TypeDoc's markdown plugin numbers a heading's anchor (`#operationrequestbody-1`) where GitHub does not;
  // `useHTMLAnchors` (packages/sdk/typedoc.json) writes the anchor it links to beside each heading.
  it('every #anchor of its pages reaches a heading or an HTML anchor', () => {
    const api = join(root, 'docs', 'api');
    const pages = readdirSync(api, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    const cache = new Map<string, Set<string>>();
    const anchors = (file: string) => {
      const html = [...readFileSync(file, 'utf8').matchAll(/<a id="([^"]+)"/g)].map((m) => m[1]!);
      if (!cache.has(file)) cache.set(file, new Set([...anchorsOf(file), ...html]));
      return cache.get(file)!;
    };
    for (const page of pages) {
      for (const { link, target, anchor } of linksOf(join(api, page), api)) {
        if (anchor) expect(anchors(target), `docs/api/${page}: ${link}`).toContain(anchor);
      }
    }
  });

  it('is what TypeDoc writes today, and every public export has a doc comment (npm run docs:api rewrites it)', () => {
    const sdk = join(root, 'packages', 'sdk');
    const out = mkdtempSync(join(tmpdir(), 'loc-typedoc-'));
    try {
      // treatValidationWarningsAsErrors in typedoc.json: a public export without a doc comment fails here.
      const result = spawnSync(join(sdk, 'node_modules', '.bin', 'typedoc'), ['--out', out], {
        cwd: sdk,
        encoding: 'utf8',
        timeout: 300_000,
      });
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      const files = (dir: string): string[] =>
        readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => relative(dir, join(e.parentPath, e.name)))
          .sort();
      const committed = join(root, 'docs', 'api');
      expect(files(committed)).toEqual(files(out));
      for (const file of files(out))
        expect(readFileSync(join(committed, file), 'utf8'), `docs/api/${file} is out of date: npm run docs:api`).toBe(
          readFileSync(join(out, file), 'utf8'),
        );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);
});
