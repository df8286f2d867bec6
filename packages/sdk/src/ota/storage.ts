/**
 * Where an over-the-air client keeps its install id, its pause state and its releases: any key-value
 * store with `getItem`/`setItem`/`removeItem`, sync or async. `localStorage`, `sessionStorage` and React
 * Native's AsyncStorage fit as they are; `memoryStorage()` is for tests and servers that need no
 * persistence; `indexedDbStorage()` is for browsers that keep big releases; `fileStorage(dir)` of
 * `@loc/sdk/ota/node` is for Node and Electron.
 */

/**
 * A key-value store of strings. Each method may return a promise. `setItem` may throw (a full
 * `localStorage` throws `QuotaExceededError`): the client then keeps its last good release.
 *
 * @example
 * import AsyncStorage from '@react-native-async-storage/async-storage';
 * createOtaClient({ ...options, storage: AsyncStorage });
 */
export interface OtaStorage {
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
  /**
   * Optional: sets every pair at once, all or none. The client writes a release and the pointer to it
   * with it, so that no reader (another tab, the next start) sees the pointer without its release.
   * React Native's AsyncStorage has it; `indexedDbStorage()` writes the pairs in one transaction.
   */
  multiSet?(items: [key: string, value: string][]): void | Promise<void>;
}

/**
 * A store in memory: nothing survives the process.
 *
 * @example createOtaClient({ ...options, storage: memoryStorage() })
 */
export function memoryStorage(): OtaStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/**
 * The browser's `localStorage` when there is one and it works (it throws in some private modes and
 * sandboxed frames), else a `memoryStorage()`.
 *
 * @example createOtaClient({ ...options, storage: browserStorage() })
 */
export function browserStorage(): OtaStorage {
  try {
    const storage = globalThis.localStorage;
    const probe = '@loc/sdk-ota:probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}
