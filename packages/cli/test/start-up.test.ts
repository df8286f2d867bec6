// How `loc` starts (docs/cli.md#how-loc-starts-fast): what each command loads, the compile cache, and an exit
// that waits for nothing once the output is written. Times are measured by `pnpm bench`, not here.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CDN_KEYS, startProxy, tempDir, type TestProxy } from '@loc/test-utils';
import { useMock } from './helpers';

// Every run is a `loc` process of its own: what it loads, its compile cache and its exit are the subject.
const service = useMock(undefined, { spawn: true });
const scratch = tempDir('loc-start-up-');
afterAll(() => scratch.remove());

/** A file of the undici package (not Node's own copy), as modulesLoadedBy lists it. */
const UNDICI_PACKAGE = /^file:.*[\\/]node_modules[\\/]undici[\\/]/;
const CHECK = ['cdn', 'check', '--environment', 'PRODUCTION', '--type', 'MOBILE_SDK_IOS', '--client-version', '2.1.0'];

/**
 * The Node modules a run of `loc` loaded, from process.moduleLoadList at its exit, and the files it
 * required (`file:` and the path, from require.cache).
 */
async function modulesLoadedBy(args: string[], env: Record<string, string> = {}) {
  const probe = join(scratch.path, 'probe.cjs');
  const list = join(scratch.path, `modules-${args.join('-').replace(/\W+/g, '_')}.json`);
  writeFileSync(
    probe,
    `process.once('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify([...process.moduleLoadList, ...Object.keys(require.cache).map((f) => 'file:' + f)])));`,
  );
  const result = await service.loc(args, {
    env: { NODE_OPTIONS: `--require ${probe}`, LOC_CDN_KEY: CDN_KEYS.acme, ...env },
  });
  expect(result.code, result.stderr).toBeLessThan(2);
  const loaded = JSON.parse(readFileSync(list, 'utf8')) as string[];
  return loaded.map((entry) => entry.replace(/^(NativeModule|Internal Binding) /, ''));
}

describe('what a command loads', () => {
  it('sends API calls without Node’s fetch: neither its undici nor HTTP/2 loads', async () => {
    for (const args of [
      [...CHECK, '--json'],
      ['projects', 'list', '--json'],
      ['projects', 'list'],
    ]) {
      const loaded = await modulesLoadedBy(args);
      expect(loaded, args.join(' ')).toContain('http');
      expect(loaded, args.join(' ')).not.toContain('internal/deps/undici/undici');
      expect(loaded, args.join(' ')).not.toContainEqual(expect.stringMatching(UNDICI_PACKAGE));
      expect(loaded, args.join(' ')).not.toContain('http2');
    }
  });

  it('answers --version without the program, and --help without the network', async () => {
    const version = await modulesLoadedBy(['--version']);
    for (const module of ['vm', 'zlib', 'os', 'child_process']) expect(version).not.toContain(module);
    const help = await modulesLoadedBy(['cdn', 'check', '--help']);
    // (commander, as published, loads child_process for executable subcommands: ~2 ms, not edited out.)
    for (const module of ['http', 'https', 'crypto', 'internal/deps/undici/undici']) expect(help).not.toContain(module);
  });
});

describe('the compile cache (Node’s own, in loc’s cache folder)', () => {
  const cacheHome = join(scratch.path, 'cache-home');
  const loc = (args: string[], env: Record<string, string> = {}) =>
    service.loc(args, { env: { XDG_CACHE_HOME: cacheHome, ...env } });
  /** The files of Node's cache: one folder per Node version, a file per script. */
  const cacheFiles = () =>
    readdirSync(join(cacheHome, 'loc'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  /** What Node says of program.cjs's cache when asked (NODE_DEBUG_NATIVE; worded a little apart by line). */
  const verdict = (stderr: string) =>
    stderr.match(/cache for (?:CommonJS )?\S*program\.cjs was (\w+)/)?.[1] ?? 'no word on program.cjs';

  it('is written by the first run into the user’s cache folder, taken by the next, and never changes the output', async () => {
    const without = await loc(['projects', 'list', '--json'], { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(without.code, without.stderr).toBe(0);
    expect(() => cacheFiles()).toThrow(/ENOENT/);

    const first = await loc(['projects', 'list', '--json']);
    expect(cacheFiles()).toHaveLength(1);
    const second = await loc(['projects', 'list', '--json']);
    for (const run of [first, second]) {
      expect(run.code, run.stderr).toBe(0);
      expect([run.stdout, run.stderr]).toEqual([without.stdout, without.stderr]);
    }
    const asked = await loc(['projects', 'list', '--json'], { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(verdict(asked.stderr)).toBe('accepted');
    expect(statSync(join(cacheHome, 'loc')).mode & 0o777).toBe(0o700);
  });

  it('is ignored when it is damaged, and rewritten', async () => {
    await loc(['projects', 'list', '--json']);
    const [file] = cacheFiles();
    const good = readFileSync(file!);
    writeFileSync(file!, Buffer.concat([good.subarray(0, 64), Buffer.from('damaged')]));
    const run = await loc(['projects', 'list', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.json().projects.length).toBeGreaterThan(0);
    expect(readFileSync(file!).length).toBeGreaterThan(64 + 'damaged'.length);
    const asked = await loc(['projects', 'list', '--json'], { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(verdict(asked.stderr)).toBe('accepted');
  });

  it('is not used in a folder others can write into', async () => {
    const shared = join(scratch.path, 'shared-cache-home');
    mkdirSync(join(shared, 'loc'), { recursive: true });
    chmodSync(join(shared, 'loc'), 0o777);
    const run = await service.loc(['projects', 'list', '--json'], {
      env: { XDG_CACHE_HOME: shared, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(verdict(run.stderr)).toBe('no word on program.cjs');
    expect(readdirSync(join(shared, 'loc'))).toEqual([]);
  });

  it('is skipped when the cache folder cannot be made', async () => {
    const blocked = join(scratch.path, 'a-file');
    writeFileSync(blocked, '');
    const run = await service.loc(['projects', 'list', '--json'], { env: { XDG_CACHE_HOME: blocked } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
  });
});

describe('the connection', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // Keeps idle connections open for ten minutes: only the client can let the process end sooner.
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    server.keepAliveTimeout = 10 * 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('does not keep the process alive once the answer is in (an idle keep-alive socket holds nothing)', async () => {
    const run = await service.loc([...CHECK, '--json'], {
      env: { LOC_BASE_URL: url, LOC_CDN_KEY: CDN_KEYS.acme },
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(20);
    expect(run.json()).toMatchObject({ upToDate: true, downloaded: false });
  });
});

describe('through a proxy (HTTP_PROXY: undici, loaded only then)', () => {
  let proxy: TestProxy;
  beforeAll(async () => {
    proxy = await startProxy();
  });
  afterAll(() => proxy.close());

  it('sends a check with its JSON body through the proxy, and loads undici for it', async () => {
    const loaded = await modulesLoadedBy([...CHECK, '--json'], { HTTP_PROXY: proxy.url });
    // Forwarded in absolute form: the service here is http:// (undici 8 tunnels only https by default).
    expect(proxy.carried).toContainEqual(expect.stringMatching(`^POST ${service.url}/`));
    expect(loaded).toContainEqual(expect.stringMatching(UNDICI_PACKAGE));
    const run = await service.loc([...CHECK, '--json'], { env: { HTTP_PROXY: proxy.url, LOC_CDN_KEY: CDN_KEYS.acme } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.json().release.distributionReleaseId).toBe('rel_ios_2_1');
  });
});
