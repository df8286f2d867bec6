// The storage adapters of @loc/sdk/ota: files for Node and Electron (atomic, inside their folder), the
// browser's localStorage (or memory where it does not work), and any AsyncStorage-like store.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { browserStorage, fileStorage, memoryStorage, type OtaStorage } from '../src/ota/node';
import { useMsw } from './fixtures';
import { bundle, otaClient, useCdn } from './ota-fixtures';

const server = useMsw();
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'loc-ota-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('fileStorage', () => {
  it('keeps values across instances, one file per key, none outside its folder, no temporary file left', async () => {
    const dir = tempDir();
    const storage = fileStorage(join(dir, 'store'));
    await storage.setItem('a', '1');
    await storage.setItem('../../escape', '2');
    await storage.setItem('a', '3');
    expect(await fileStorage(join(dir, 'store')).getItem('a')).toBe('3');
    expect(await storage.getItem('../../escape')).toBe('2');
    expect(await storage.getItem('missing')).toBeNull();
    expect(readdirSync(dir)).toEqual(['store']);
    expect(readdirSync(join(dir, 'store')).sort()).toEqual(['%2E%2E%2F%2E%2E%2Fescape.json', 'a.json']);
    await storage.removeItem('a');
    expect(await storage.getItem('a')).toBeNull();
  });

  it('many concurrent writes of one key: the file always holds one whole value', async () => {
    const storage = fileStorage(tempDir());
    const values = Array.from({ length: 20 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(10_000) }));
    await Promise.all(values.map((v) => storage.setItem('k', v)));
    expect(values).toContain(await storage.getItem('k'));
  });

  it('two clients (two processes of a server) on one folder: both update, a third loads the release', async () => {
    const dir = tempDir();
    useCdn(server, [{ id: 'r1', zip: bundle({ de: { greeting: 'Hallo' } }) }]);
    const results = await Promise.all([
      otaClient({ storage: fileStorage(dir) }).checkNow(),
      otaClient({ storage: fileStorage(dir) }).checkNow(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['updated', 'updated']);
    const third = otaClient({ storage: fileStorage(dir) });
    await third.ready;
    expect(third.t('greeting')).toBe('Hallo');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('browserStorage', () => {
  it('is localStorage when it works', () => {
    const local = memoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = local;
    expect(browserStorage()).toBe(local);
  });

  it('falls back to memory when localStorage throws (private mode, sandboxed frame) or is absent', () => {
    expect(browserStorage()).toBeDefined();
    (globalThis as { localStorage?: unknown }).localStorage = {
      setItem() {
        throw new Error('SecurityError');
      },
    };
    const storage = browserStorage();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
  });
});

it('an AsyncStorage-like store (every method async, as React Native’s) fits OtaStorage', async () => {
  const map = new Map<string, string>();
  const AsyncStorage: OtaStorage = {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => void map.set(key, value),
    removeItem: async (key) => void map.delete(key),
  };
  useCdn(server, [{ id: 'r1', zip: bundle({ de: { greeting: 'Hallo' } }) }]);
  expect((await otaClient({ storage: AsyncStorage }).checkNow()).status).toBe('updated');
  const restarted = otaClient({ storage: AsyncStorage });
  await restarted.ready;
  expect(restarted.t('greeting')).toBe('Hallo');
});
