import { chmodSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { defaultCacheDir, requireWithCodeCache } from './compile-cache';

// A script with enough code for V8 to cache, and a function that runs later (as a command would).
const SCRIPT = `
exports.loadedWith = typeof require;
exports.later = function later(n) { let total = 0; for (let i = 0; i < n; i++) total += i; return total; };
`;

const folders: { remove(): void }[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

function setUp() {
  const folder = tempDir('loc-compile-cache-');
  folders.push(folder);
  const file = join(folder.path, 'program.cjs');
  writeFileSync(file, SCRIPT);
  const dir = join(folder.path, 'cache');
  const load = (tag = '1.0.0') => requireWithCodeCache(file, { dir, tag });
  const cacheFiles = () => {
    try {
      return readdirSync(dir).map((name) => join(dir, name));
    } catch {
      return [];
    }
  };
  return { folder, file, dir, load, cacheFiles };
}

describe('requireWithCodeCache', () => {
  it('runs the script as CommonJS, saves what V8 compiled, and V8 takes it on the next run', () => {
    const { load, cacheFiles, dir } = setUp();
    const first = load();
    expect(first.exports.loadedWith).toBe('function');
    expect((first.exports.later as (n: number) => number)(4)).toBe(6);
    expect(first.accepted).toBe(false);
    expect(cacheFiles()).toEqual([]);
    first.ran('loc cdn check');
    first.save();

    const [cache] = cacheFiles();
    expect(cache).toBeDefined();
    // Only the user can read it, in a folder only the user can enter.
    expect(statSync(cache!).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const second = load();
    expect(second.accepted).toBe(true);
    expect((second.exports.later as (n: number) => number)(5)).toBe(10);
  });

  it('saves again once for a command the cache does not cover yet, and not for one it does', () => {
    const { load, cacheFiles } = setUp();
    const first = load();
    first.ran('loc cdn check');
    first.save();
    const commands = () => JSON.parse(readFileSync(cacheFiles()[0]!, 'utf8').split('\n')[0]!).commands as string[];
    expect(commands()).toEqual(['loc cdn check']);

    const second = load();
    second.ran('loc projects list');
    second.save();
    expect(commands()).toEqual(['loc cdn check', 'loc projects list']);

    // Covered already: the file is left as it is (a save replaces it: another inode).
    const inode = statSync(cacheFiles()[0]!).ino;
    const third = load();
    expect(third.accepted).toBe(true);
    third.ran('loc cdn check');
    third.save();
    expect(statSync(cacheFiles()[0]!).ino).toBe(inode);
  });

  it.each([
    ['garbage', () => Buffer.from('not a cache at all')],
    ['a header without data', (bytes: Buffer) => bytes.subarray(0, bytes.indexOf(0x0a) + 1)],
    ['cut short', (bytes: Buffer) => bytes.subarray(0, bytes.length - 100)],
    [
      'one byte changed',
      (bytes: Buffer) => {
        const copy = Buffer.from(bytes);
        copy[copy.length - 50] = copy[copy.length - 50]! ^ 0xff;
        return copy;
      },
    ],
  ])('ignores a cache file that is %s, runs the script as usual and writes a good one', (_, spoil) => {
    const { load, cacheFiles } = setUp();
    const first = load();
    first.ran('loc status');
    first.save();
    const [cache] = cacheFiles();
    writeFileSync(cache!, spoil(readFileSync(cache!)));

    const second = load();
    expect(second.accepted).toBe(false);
    expect((second.exports.later as (n: number) => number)(3)).toBe(3);
    second.ran('loc status');
    second.save();
    expect(load().accepted).toBe(true);
  });

  it('does not take a cache made for another version of loc, or for a script that changed', () => {
    const { load, file } = setUp();
    const first = load('1.0.0');
    first.save();
    expect(load('1.0.0').accepted).toBe(true);
    expect(load('1.0.1').accepted).toBe(false);
    writeFileSync(file, `${SCRIPT}\nexports.more = 1;\n`);
    const changed = load('1.0.0');
    expect(changed.accepted).toBe(false);
    expect(changed.exports.more).toBe(1);
  });

  it('runs without a cache when the folder cannot be written, or when there is none', () => {
    const { folder, file } = setUp();
    // A file where the folder should be: nothing can be created below it (whoever runs the test).
    const blocked = join(folder.path, 'blocked');
    writeFileSync(blocked, '');
    const unwritable = requireWithCodeCache(file, { dir: join(blocked, 'loc'), tag: '1' });
    expect(unwritable.exports.loadedWith).toBe('function');
    expect(() => unwritable.save()).not.toThrow();
    expect(readdirSync(folder.path).sort()).toEqual(['blocked', 'program.cjs']);

    const off = requireWithCodeCache(file, { dir: undefined, tag: '1' });
    expect([off.accepted, off.exports.loadedWith]).toEqual([false, 'function']);
    expect(() => off.save()).not.toThrow();
    expect(readdirSync(folder.path).sort()).toEqual(['blocked', 'program.cjs']);
  });
});

describe('requireWithCodeCache, a folder others can write into', () => {
  it('neither reads nor writes a cache there', () => {
    const { load, dir, cacheFiles } = setUp();
    load().save();
    expect(load().accepted).toBe(true);
    chmodSync(dir, 0o777);
    expect(load().accepted).toBe(false);
    const [cache] = cacheFiles();
    const before = statSync(cache!).ino;
    const run = load();
    run.ran('loc status');
    run.save();
    expect(statSync(cache!).ino).toBe(before);
    chmodSync(dir, 0o700);
    expect(load().accepted).toBe(true);
  });
});

describe('requireWithCodeCache, old cache files', () => {
  it('removes caches of the same script unused for a month when it writes one, and nothing else', () => {
    const { load, dir, cacheFiles } = setUp();
    load('1.0.0').save();
    const [kept] = cacheFiles();
    const old = Date.now() / 1000 - 40 * 24 * 3600;
    const stale = join(dir, 'program-v18.0.0-x64-0123abcd.v8');
    const recent = join(dir, 'program-v22.1.0-arm64-89abcdef.v8');
    const other = join(dir, 'vendor-conf-v18.0.0-x64-0123abcd.v8');
    const unknown = join(dir, 'notes.txt');
    for (const file of [stale, recent, other, unknown, kept!]) {
      if (file !== kept) writeFileSync(file, 'x');
      if (file !== recent) utimesSync(file, old, old);
    }
    load('1.0.1').save();
    const names = cacheFiles().map((file) => basename(file));
    expect(names).not.toContain(basename(stale));
    expect(names).not.toContain(basename(kept!));
    expect(names).toEqual(expect.arrayContaining([basename(recent), basename(other), 'notes.txt']));
    expect(names).toHaveLength(4);
  });
});

describe('requireWithCodeCache, a script that requires a sibling script', () => {
  it('loads the sibling through a cache of its own, only when required, once', () => {
    const { folder, load, cacheFiles } = setUp();
    writeFileSync(
      join(folder.path, 'program.cjs'),
      `exports.helper = () => require('./vendor-helper.cjs'); exports.path = require('node:path').sep;`,
    );
    writeFileSync(
      join(folder.path, 'vendor-helper.cjs'),
      `globalThis.helperLoads = (globalThis.helperLoads ?? 0) + 1; exports.twice = (n) => n * 2;`,
    );
    const g = globalThis as { helperLoads?: number };
    g.helperLoads = 0;
    const first = load();
    expect(first.exports.path).toBe(sep);
    first.ran('loc status');
    first.save();
    // Not required: no cache of its own.
    expect(cacheFiles().map((f) => basename(f).split('-')[0])).toEqual(['program']);

    const second = load();
    const helper = (second.exports.helper as () => { twice(n: number): number })();
    expect(helper.twice(21)).toBe(42);
    expect((second.exports.helper as () => unknown)()).toBe(helper);
    expect(g.helperLoads).toBe(1);
    second.ran('loc login');
    second.save();
    expect(
      cacheFiles()
        .map((f) => basename(f).split('-')[0])
        .sort(),
    ).toEqual(['program', 'vendor']);

    // Both are taken from the cache now; the sibling still answers the same.
    const third = load();
    expect(third.accepted).toBe(true);
    expect((third.exports.helper as () => { twice(n: number): number })().twice(2)).toBe(4);
    delete g.helperLoads;
  });
});

describe('defaultCacheDir', () => {
  it('is the per-user cache folder of each platform, and none when NODE_DISABLE_COMPILE_CACHE is set', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/tmp/c' }, 'linux')).toBe('/tmp/c/loc');
    expect(defaultCacheDir({}, 'linux')).toMatch(/[\\/]\.cache[\\/]loc$/);
    expect(defaultCacheDir({}, 'darwin')).toMatch(/[\\/]Library[\\/]Caches[\\/]loc$/);
    expect(defaultCacheDir({ LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' }, 'win32')).toMatch(/loc[\\/]Cache$/);
    expect(defaultCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1', XDG_CACHE_HOME: '/tmp/c' }, 'linux')).toBeUndefined();
  });
});
