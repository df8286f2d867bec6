// A release cut to a real registry: Verdaccio on loopback. The publish step of `npm run release`
// (scripts/release.mjs: changeset publish → pnpm publish) sends the three packages to it, from a copy of
// the checkout (two runs packing one package folder at the same time race on its docs/); then npm and
// pnpm install them from there into empty folders, and the installed `loc --version`, `loc-mock serve`
// and an SDK script run. Verdaccio itself is installed with npm on first use into $TMPDIR (issue 35:
// 6.8.0 installs with node-fetch overridden to 2.7.0), never as a dependency.
//
// Not part of `npm test` (it installs from the npm registry): it runs with the packed-tarball tests,
//   node_modules/.bin/vitest run --config examples/vitest.pack.config.ts registry-release
// after a build.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLISHED = ['sdk', 'cli', 'mock-server'] as const;
const VERDACCIO = '6.8.0';
const MINUTE = 60_000;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of every command here: this Node first on PATH, no color, npm quiet. */
function envWith(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
    NO_COLOR: '1',
    CI: '1',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...extra,
  };
  // Not the release this test stands in for, nor a registry a parent run chose.
  for (const name of ['LOC_RELEASE_REGISTRY', 'LOC_REGISTRY', 'npm_config_registry', 'npm_config_@loc:registry'])
    if (!(name in extra)) delete env[name];
  return env;
}

function run(command: string, args: string[], cwd: string, extra: Record<string, string> = {}): Ran {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, env: envWith(extra), encoding: 'utf8', timeout: 5 * MINUTE });
  // Where this test's time goes, in CI's log.
  process.stderr.write(`registry-release: ${args.slice(0, 2).join(' ')}: ${Date.now() - started} ms\n`);
  return { code: result.status, stdout: result.stdout ?? '', stderr: `${result.stderr ?? ''}${result.error ?? ''}` };
}

function ok(result: Ran): Ran {
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** Starts a server process and resolves with the first line of its stdout that `match` finds. */
function startAndWait(command: string, args: string[], cwd: string, match: RegExp): Promise<[ChildProcess, string]> {
  const child = spawn(command, args, { cwd, env: envWith(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((found, fail) => {
    child.once('exit', (code) => fail(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const hit = match.exec(line);
      if (hit) found([child, hit[1] ?? line]);
    });
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** A free loopback port (Verdaccio prints the port it was given, not the one it got for 0). */
function freePort(): Promise<number> {
  return new Promise((found) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => found(port));
    });
  });
}

/**
 * Verdaccio, installed once per machine into $TMPDIR (npm's cache keeps a second install short): into a
 * folder of this run's, then renamed into place, so that two runs at once (the CI's pack runs) never
 * install into one folder.
 */
function verdaccioBin(): string {
  const dir = join(tmpdir(), `loc-verdaccio-${VERDACCIO}`);
  const bin = join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  if (existsSync(bin)) return bin;
  const staging = mkdtempSync(join(tmpdir(), `loc-verdaccio-${VERDACCIO}-`));
  writeFileSync(
    join(staging, 'package.json'),
    JSON.stringify({
      name: 'loc-verdaccio',
      private: true,
      dependencies: { verdaccio: VERDACCIO },
      // verdaccio-audit asks for node-fetch's `cjs` dist-tag, which the registry here does not have
      // (npm: ETARGET); 2.7.0 is the CommonJS line's release that tag stood for.
      overrides: { 'node-fetch': '2.7.0' },
    }),
  );
  ok(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], staging));
  try {
    renameSync(staging, dir);
  } catch {
    // Another run put its install there first: use that one.
    rmSync(staging, { recursive: true, force: true });
  }
  return bin;
}

/**
 * The files `scripts/release.mjs publish` needs: the root's scripts, docs, LICENSE and manifests, the
 * published packages with their built dist/, the manifests of the other workspace packages, and the
 * node_modules folders (changeset, pnpm, the workspace links) by links.
 */
function copyOfCheckout(to: string): void {
  for (const file of ['package.json', 'pnpm-workspace.yaml', 'LICENSE', '.changeset', 'scripts', 'docs'])
    cpSync(join(root, file), join(to, file), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(to, 'node_modules'), 'dir');
  for (const name of PUBLISHED) {
    cpSync(join(root, 'packages', name), join(to, 'packages', name), {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|src|test)$/.test(source),
    });
    // pnpm publish takes a workspace: range's version from the installed link.
    symlinkSync(join(root, 'packages', name, 'node_modules'), join(to, 'packages', name, 'node_modules'), 'dir');
  }
  for (const manifest of ['packages/test-utils', 'packages/action', 'examples'].map((dir) => `${dir}/package.json`))
    cpSync(join(root, manifest), join(to, manifest));
}

let work: string;
let registry: string;
let verdaccio: ChildProcess | undefined;
let mock: ChildProcess | undefined;
const installed: Record<'npm' | 'pnpm', string> = { npm: '', pnpm: '' };
const version = JSON.parse(readFileSync(join(root, 'packages', 'cli', 'package.json'), 'utf8')).version as string;

beforeAll(async () => {
  for (const name of PUBLISHED)
    if (!existsSync(join(root, 'packages', name, 'dist')))
      throw new Error(`packages/${name}/dist is missing: build first (npm run build).`);
  const bin = verdaccioBin();
  work = mkdtempSync(join(tmpdir(), 'loc-registry-'));
  const port = await freePort();
  // No uplink: @loc/* comes from what the release published, nothing else is asked of this registry.
  writeFileSync(
    join(work, 'verdaccio.yaml'),
    [
      `storage: ${JSON.stringify(join(work, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(join(work, 'htpasswd'))}`,
      'packages:',
      "  '@loc/*':",
      '    access: $all',
      '    publish: $authenticated',
      'log: { type: stdout, format: pretty, level: warn }',
    ].join('\n'),
  );
  [verdaccio, registry] = await startAndWait(
    process.execPath,
    [bin, '--config', join(work, 'verdaccio.yaml'), '--listen', `127.0.0.1:${port}`],
    work,
    /http address - (http:\/\/\S+?)\/? /,
  );
  registry = `${registry.replace(/\/$/, '')}/`;
  // A user, and its token in a userconfig of its own (npm's and pnpm's, through changeset publish).
  const response = await fetch(`${registry}-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password: 'release-test-password' }),
  });
  const { token } = (await response.json()) as { token: string };
  expect(token).toBeTruthy();
  const userconfig = join(work, 'npmrc');
  writeFileSync(userconfig, `//${new URL(registry).host}/:_authToken=${token}\n`);

  const checkout = join(work, 'checkout');
  copyOfCheckout(checkout);
  ok(
    run(process.execPath, [join(checkout, 'scripts', 'release.mjs'), 'publish', '--no-git-tag'], checkout, {
      LOC_REGISTRY: registry,
      npm_config_userconfig: userconfig,
    }),
  );

  // Empty folders that take @loc/* from the registry (their own .npmrc), the rest from npm's.
  for (const manager of ['npm', 'pnpm'] as const) {
    const dir = join(work, `with-${manager}`);
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: `app-${manager}`, version: '1.0.0', private: true }),
    );
    writeFileSync(join(dir, '.npmrc'), `@loc:registry=${registry}\n`);
    installed[manager] = dir;
  }
  const specs = PUBLISHED.map((name) => `@loc/${name}@${version}`);
  ok(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], installed.npm));
  ok(run(join(root, 'node_modules', '.bin', 'pnpm'), ['add', '--prefer-offline', ...specs], installed.pnpm));
}, 15 * MINUTE);

afterAll(async () => {
  await stop(mock);
  await stop(verdaccio);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a release published to a registry on loopback', () => {
  it('publishes the three packages at their version, with versions for their workspace: ranges', async () => {
    for (const name of PUBLISHED) {
      const manifest = (await (await fetch(`${registry}@loc%2f${name}`)).json()) as {
        versions: Record<string, { dependencies?: Record<string, string> }>;
      };
      expect(Object.keys(manifest.versions), name).toEqual([version]);
      expect(JSON.stringify(manifest.versions[version]), name).not.toContain('workspace:');
    }
    const mockDeps = JSON.parse(
      readFileSync(join(installed.npm, 'node_modules', '@loc', 'mock-server', 'package.json'), 'utf8'),
    ).dependencies;
    expect(mockDeps['@loc/sdk']).toBe(version);
  });

  it.each(['npm', 'pnpm'] as const)('installed with %s: loc --version prints the version', (manager) => {
    const loc = join(installed[manager], 'node_modules', '.bin', 'loc');
    expect(ok(run(loc, ['--version'], installed[manager])).stdout.trim()).toBe(version);
  });

  it('installed with pnpm: loc-mock serve answers, and an SDK script installed with npm lists its projects', async () => {
    let url: string;
    [mock, url] = await startAndWait(
      join(installed.pnpm, 'node_modules', '.bin', 'loc-mock'),
      ['serve', '--port', '0', '--quiet'],
      installed.pnpm,
      /(http:\/\/127\.0\.0\.1:\d+)/,
    );
    writeFileSync(
      join(installed.npm, 'list.mjs'),
      `import { createClient } from '@loc/sdk';
const loc = createClient({ baseUrl: process.env.LOC_BASE_URL, token: 'loc_test_developer' });
const { members } = await loc.projects.list();
console.log(JSON.stringify(members.map((p) => p.project)));
`,
    );
    const listed = ok(run(process.execPath, ['list.mjs'], installed.npm, { LOC_BASE_URL: url }));
    expect(JSON.parse(listed.stdout)).toContain('mobile-ios');
  });
});
