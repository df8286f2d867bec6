import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { defaultCacheDir, enableLocCompileCache } from './compile-cache';

// Node's compile cache can be turned on once per process, so these tests hand enableLocCompileCache a
// stand-in for module.enableCompileCache; test/start-up.test.ts runs the real `loc` with Node's own.
const folders: { remove(): void }[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

function setUp() {
  const folder = tempDir('loc-compile-cache-');
  folders.push(folder);
  const enabled: string[] = [];
  const enable = (dir: string) => {
    enabled.push(dir);
    return { directory: join(dir, 'v-node') };
  };
  return { folder, enabled, enable, env: { XDG_CACHE_HOME: folder.path } };
}

describe('enableLocCompileCache', () => {
  it('makes loc’s folder only the user can enter, and turns Node’s cache on there', () => {
    const { folder, enabled, enable, env } = setUp();
    const dir = join(folder.path, 'loc');
    expect(enableLocCompileCache(env, enable)).toBe(join(dir, 'v-node'));
    expect(enabled).toEqual([dir]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('turns nothing on in a folder others can write into (cached code runs as loc)', () => {
    const { folder, enabled, enable, env } = setUp();
    const dir = join(folder.path, 'loc');
    mkdirSync(dir);
    for (const mode of [0o777, 0o720, 0o702]) {
      chmodSync(dir, mode);
      expect(enableLocCompileCache(env, enable), mode.toString(8)).toBeUndefined();
    }
    expect(enabled).toEqual([]);
    chmodSync(dir, 0o755);
    expect(enableLocCompileCache(env, enable)).toBe(join(dir, 'v-node'));
  });

  it('runs without a cache when the folder cannot be made, or when NODE_DISABLE_COMPILE_CACHE is set', () => {
    const { folder, enabled, enable } = setUp();
    // A file where the folder should be: nothing can be created below it (whoever runs the test).
    const blocked = join(folder.path, 'blocked');
    writeFileSync(blocked, '');
    expect(enableLocCompileCache({ XDG_CACHE_HOME: blocked }, enable)).toBeUndefined();
    expect(enableLocCompileCache({ XDG_CACHE_HOME: folder.path, NODE_DISABLE_COMPILE_CACHE: '1' }, enable)).toBe(
      undefined,
    );
    expect(enabled).toEqual([]);
    expect(readdirSync(folder.path)).toEqual(['blocked']);
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
