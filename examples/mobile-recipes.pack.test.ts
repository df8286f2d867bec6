// The mobile build recipes of docs/recipes.md, run as a mobile team's build runs them: from an empty folder
// (no package.json, no node_modules), the Xcode run-script phase and the Gradle task's command line word
// for word, `loc` reached the way the recipe reaches it (`npx -p @loc/cli loc`) and the real npm fetching
// the packed @loc/cli. npm asks a registry on loopback that serves the packed tarball (and the CLI's one
// dependency, packed from this checkout's copy): nothing goes to the public registry, where @loc/cli is
// not published. One npx install serves every case. Each recipe must:
//   - download a newer release (exit 0 of loc), and build with the strings already there, with a note or
//     a warning, when there is nothing newer (exit 20) or the CDN cannot be reached;
//   - fail the build, saying so, when loc cannot run: npx cannot fetch it, no Node.js on PATH, a Node that
//     cannot run it; and when the CDN key is refused.
//
// Not part of `npm test`'s main run (it packs and installs with npm): it runs with the packed-tarball tests,
//   node_modules/.bin/vitest run --config examples/vitest.pack.config.ts mobile-recipes
// after a build.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CDN_KEYS, startMock, type RunningMock } from '@loc/test-utils';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MINUTE = 60_000;
const recipes = readFileSync(join(root, 'docs', 'recipes.md'), 'utf8');
const script = readFileSync(join(root, 'examples', 'mobile-build-step.sh'), 'utf8');

/** The shell and Kotlin blocks of docs/recipes.md. */
const blocks = [...recipes.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
const xcodePhase = blocks.find((b) => b.lang === 'sh' && b.code.includes('$SRCROOT/scripts/pull-strings.sh'))!.code;
const gradleTask = blocks.find((b) => b.lang === 'kotlin' && b.code.includes('pull-strings.sh'))!.code;

/**
 * The Gradle task's `commandLine(…)`: its string literals, and the app's version for the one expression
 * (`android.defaultConfig.versionName ?: "0.0.0"`).
 */
function gradleCommand(version: string): string[] {
  const args = /commandLine\(([\s\S]*?)\)\n/.exec(gradleTask)![1]!;
  return args
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => (/^"[^"]*"$/.test(a) ? a.slice(1, -1) : version));
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<Ran> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${command} ${args.join(' ')} did not finish within 3 minutes\n${stdout}\n${stderr}`));
    }, 3 * MINUTE);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** A package a registry serves: its manifest (from the tarball's package.json) and the tarball. */
interface Served {
  manifest: Record<string, unknown>;
  tarball: Buffer;
}

function servedFrom(tarball: string): Served {
  const manifest = JSON.parse(
    spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout,
  ) as Record<string, unknown>;
  return { manifest, tarball: readFileSync(tarball) };
}

/**
 * A registry on loopback with the given packages, one version each, as npm's registry answers: the
 * packument at `/<name>` (`@scope%2fname`), the tarball below it. Anything else is a 404, which npm
 * reports as a package that does not exist. Answers the packages npm asked for.
 */
async function startRegistry(packages: Served[]): Promise<{ url: string; asked: Set<string>; server: Server }> {
  const byName = new Map(packages.map((p) => [p.manifest.name as string, p]));
  const asked = new Set<string>();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://registry').pathname.slice(1));
    const tarball = /^(.+)\/-\/[^/]+\.tgz$/.exec(path);
    const served = byName.get(tarball ? tarball[1]! : path);
    if (!tarball) asked.add(path);
    if (!served) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    if (tarball) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(served.tarball);
      return;
    }
    const { name, version } = served.manifest as { name: string; version: string };
    const base = `http://${request.headers.host}`;
    const dist = {
      tarball: `${base}/${name}/-/${name.split('/').pop()}-${version}.tgz`,
      integrity: `sha512-${createHash('sha512').update(served.tarball).digest('base64')}`,
      shasum: createHash('sha1').update(served.tarball).digest('hex'),
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        name,
        'dist-tags': { latest: version },
        versions: { [version]: { ...served.manifest, _id: `${name}@${version}`, dist } },
      }),
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked, server };
}

/** A loopback port nothing listens on (a server's, closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}

let work: string;
let mock: RunningMock;
let registry: Awaited<ReturnType<typeof startRegistry>>;
let unreachable: string;
/** This Node first on PATH (the binaries' `#!/usr/bin/env node`), then the machine's (npm, npx, sh). */
const PATH = [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter);

/** The environment of a build: npm's own folders in this run's, the loopback registry, the CDN key. */
function buildEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH,
    HOME: join(work, 'home'),
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_registry: registry.url,
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    // A registry that cannot be reached fails at once, not after npm's retries (a minute and more).
    npm_config_fetch_retries: '0',
    CI: '1',
    NO_COLOR: '1',
    LOC_BASE_URL: mock.url,
    LOC_CDN_KEY: CDN_KEYS.acme,
    ...extra,
  };
}

/** An empty project folder with the recipe's script committed as scripts/pull-strings.sh. */
function emptyProject(name: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  writeFileSync(join(dir, 'scripts', 'pull-strings.sh'), script);
  return dir;
}

/** Every file below `dir`, with its bytes: what the build would compile. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name), 'utf8')]),
  );
}

beforeAll(async () => {
  for (const name of ['cli', 'mock-server'])
    if (!existsSync(join(root, 'packages', name, 'dist')))
      throw new Error(`packages/${name}/dist is missing: build first (npm run build).`);
  work = mkdtempSync(join(tmpdir(), 'loc-mobile-recipes-'));
  // Packed by scripts/pack-all.mjs, here or (LOC_PACKED) once by the CI for its runs of the pack tests.
  let packed = process.env.LOC_PACKED;
  if (!packed) {
    packed = join(work, 'tarballs');
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'pack-all.mjs'), packed], {
      cwd: root,
      encoding: 'utf8',
      timeout: 5 * MINUTE,
    });
    expect(result.status, result.stderr).toBe(0);
  }
  const cliTarball = readdirSync(packed).find((f) => /^loc-cli-.*\.tgz$/.test(f))!;
  // The CLI's one dependency, packed from this checkout's installed copy.
  const undici = dirname(createRequire(join(root, 'packages', 'cli', 'package.json')).resolve('undici/package.json'));
  const deps = join(work, 'deps');
  mkdirSync(deps);
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', deps, undici], {
    encoding: 'utf8',
    env: { ...process.env, PATH, npm_config_update_notifier: 'false' },
    timeout: 2 * MINUTE,
  });
  expect(pack.status, pack.stderr).toBe(0);
  // An unrelated package named `loc`, with no binary: what a bare `npx loc` finds on the public registry.
  const unrelated = join(work, 'unrelated');
  mkdirSync(join(unrelated, 'package'), { recursive: true });
  writeFileSync(join(unrelated, 'package', 'package.json'), JSON.stringify({ name: 'loc', version: '0.3.1' }));
  spawnSync('tar', ['-czf', join(deps, 'loc-0.3.1.tgz'), '-C', unrelated, 'package']);
  registry = await startRegistry([
    servedFrom(join(packed, cliTarball)),
    ...readdirSync(deps).map((f) => servedFrom(join(deps, f))),
  ]);
  mock = await startMock();
  unreachable = `http://127.0.0.1:${await closedPort()}`;
}, 10 * MINUTE);

afterAll(async () => {
  await mock?.stop();
  await new Promise((closed) => (registry ? registry.server.close(closed) : closed(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the recipes as docs/recipes.md shows them', () => {
  it('show examples/mobile-build-step.sh as scripts/pull-strings.sh, word for word', () => {
    const shown = blocks.find((b) => b.lang === 'sh' && b.code.startsWith('#!/bin/sh'))?.code;
    expect(shown).toBe(script);
    expect(script).toContain('LOC=${LOC:-npx -p @loc/cli loc}');
  });

  it('the old form, `npx loc` in a folder without a package.json, runs the npm package named loc and fails', async () => {
    const dir = emptyProject('bare-npx');
    const result = await run('npx', ['loc', 'cdn', 'check'], dir, buildEnv());
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/could not determine executable to run/);
    expect(registry.asked).toContain('loc');
  });
});

/** One recipe: how its build runs the script, and where the strings land. */
interface Recipe {
  name: string;
  /** Runs the build's step in `dir`, as the build system does. */
  build: (dir: string, env: Record<string, string>) => Promise<Ran>;
  /** The folder the strings are downloaded into, below the project, and a file the release must hold. */
  folder: string;
  file: string;
  setup?: () => Promise<void>;
}

const RECIPES: Recipe[] = [
  {
    name: 'the Xcode run-script phase',
    // Xcode runs a phase's script with /bin/sh, SRCROOT and the target's build settings in its environment.
    build: (dir, env) => run('/bin/sh', ['-c', xcodePhase], dir, { SRCROOT: dir, MARKETING_VERSION: '2.1.0', ...env }),
    folder: 'Strings',
    file: 'Resources/de.lproj/Localizable.strings',
  },
  {
    name: 'the Gradle task',
    // Gradle's Exec runs the command line in workingDir (the root project); a non-zero exit fails the task.
    build: (dir, env) => {
      const [command, ...args] = gradleCommand('2.1.0');
      return run(command!, args, dir, env);
    },
    folder: 'strings',
    file: 'app/src/main/res/values-de/strings.xml',
    // The recipe asks for PRODUCTION; in the demo seed that distribution holds mobile-ios's files.
    setup: async () => {
      const published = await fetch(`${mock.url}/__admin/releases`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          workspace: 'acme',
          environment: 'PRODUCTION',
          type: 'NATIVE_FORMAT',
          project: 'mobile-android',
          release: { id: 'rel_android_files_1', name: 'Android files', createdAt: '2026-11-15T08:00:00.000Z' },
        }),
      });
      expect(published.status).toBe(200);
    },
  },
];

describe.each(RECIPES)('$name, from an empty folder', (recipe) => {
  let dir: string;
  beforeAll(async () => {
    await recipe.setup?.();
    dir = emptyProject(recipe.name.replace(/\W+/g, '-'));
  });
  const strings = () => snapshot(join(dir, recipe.folder));

  it('downloads the release with the packed @loc/cli, through npx -p @loc/cli loc', async () => {
    const result = await recipe.build(dir, buildEnv());
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/note: new strings downloaded into \S*/);
    expect(Object.keys(strings())).toContain(recipe.file);
    expect(existsSync(join(dir, 'package.json')) || existsSync(join(dir, 'node_modules'))).toBe(false);
    expect(registry.asked).toContain('@loc/cli');
  });

  it('builds with the strings it has, with a note, when there is no newer release (exit 20)', async () => {
    const before = strings();
    const result = await recipe.build(dir, buildEnv());
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/note: no newer release of the strings; building with those in/);
    expect(strings()).toEqual(before);
  });

  it('builds with the strings it has, with a warning, when the CDN cannot be reached', async () => {
    const before = strings();
    const result = await recipe.build(dir, buildEnv({ LOC_BASE_URL: unreachable }));
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stderr).toMatch(/warning: the CDN could not be reached \(exit 9\); building with the strings in/);
    expect(strings()).toEqual(before);
  });

  it('fails the build, saying so, when npx cannot fetch @loc/cli', async () => {
    const result = await recipe.build(
      dir,
      buildEnv({ npm_config_registry: unreachable, npm_config_cache: join(work, `empty-cache-${recipe.folder}`) }),
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/error: loc could not run \(exit 1\): it needs Node\.js 22\.19 or later/);
  });

  it('fails the build, saying so, when the Node.js on PATH cannot run npm and loc', async () => {
    // A stand-in for an old Node: first on PATH, it answers every script (npx's `#!/usr/bin/env node`).
    const old = join(work, `old-node-${recipe.folder}`);
    mkdirSync(old);
    writeFileSync(join(old, 'node'), '#!/bin/sh\necho "SyntaxError: Unexpected token (Node.js 14)" >&2\nexit 1\n');
    chmodSync(join(old, 'node'), 0o755);
    const result = await recipe.build(dir, buildEnv({ PATH: [old, PATH].join(delimiter) }));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/error: loc could not run \(exit 1\)/);
  });

  it('fails the build, saying so, when there is no Node.js at all', async () => {
    // Only a shell on PATH (the phase adds Homebrew's folders, which a Linux runner may have Node in).
    const bare = join(work, `no-node-${recipe.folder}`);
    mkdirSync(bare);
    symlinkSync('/bin/sh', join(bare, 'sh'));
    const env = buildEnv({ PATH: bare });
    const result =
      recipe.folder === 'Strings'
        ? await run('/bin/sh', ['-c', xcodePhase.replace(/^export PATH=.*$/m, '')], dir, {
            SRCROOT: dir,
            MARKETING_VERSION: '2.1.0',
            ...env,
          })
        : await recipe.build(dir, env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/error: loc could not be started \(exit 127, no such command\): install Node\.js/);
  });

  it('fails the build when the CDN key is refused', async () => {
    const result = await recipe.build(dir, buildEnv({ LOC_CDN_KEY: CDN_KEYS.revoked }));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/error: the CDN key is missing or was refused/);
  });
});

// Last: what the cases above asked of npm.
it('installed the packed CLI once for every case, and asked the registry for nothing but it and its dependency', () => {
  expect(readdirSync(join(work, 'npm-cache', '_npx'))).toHaveLength(1);
  expect([...registry.asked].sort()).toEqual(['@loc/cli', 'loc', 'undici']);
});
