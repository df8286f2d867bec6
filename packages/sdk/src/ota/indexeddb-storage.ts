import type { OtaStorage } from './storage';

/** The one object store of the database: key → string, as every other adapter keeps them. */
const STORE = 'items';

/**
 * A store in the browser's IndexedDB (database `name`, default `loc-ota`): it holds far more than
 * `localStorage`'s ~5 MB and does not block the page while it writes. `multiSet` writes a release and the
 * pointer to it in one transaction: the new release becomes current whole or not at all, in this tab and
 * in any other. A full disk or quota (`QuotaExceededError`), or no IndexedDB at all (some private modes),
 * rejects the call: the client reports it as an event and keeps its last good release.
 *
 * @example createOtaClient({ ...options, storage: indexedDbStorage() })
 */
export function indexedDbStorage(name = 'loc-ota'): OtaStorage & Required<Pick<OtaStorage, 'multiSet'>> {
  let opened: Promise<IDBDatabase> | undefined;

  function open(): Promise<IDBDatabase> {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available here');
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab deletes or upgrades the database: give way, and open it again at the next call.
        db.onversionchange = () => {
          db.close();
          opened = undefined;
        };
        db.onclose = () => {
          opened = undefined;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
    });
    // A failed open (blocked, no disk) is tried again at the next call, not remembered.
    opened.catch(() => {
      opened = undefined;
    });
    return opened;
  }

  /** Runs `work` in one transaction; resolves with its request's result once the transaction commits. */
  async function transact<T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
  ): Promise<T | undefined> {
    const db = await open();
    return new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      // Resolved on commit, not on the request's success: a write that the quota aborts is not a write.
      transaction.oncomplete = () => resolve(request?.result);
      // A failed request (QuotaExceededError included) aborts the transaction with its error.
      transaction.onabort = () => reject(transaction.error);
    });
  }

  return {
    async getItem(key) {
      const value = await transact<unknown>('readonly', (store) => store.get(key));
      return typeof value === 'string' ? value : null;
    },
    async setItem(key, value) {
      await transact('readwrite', (store) => store.put(value, key));
    },
    async removeItem(key) {
      await transact('readwrite', (store) => store.delete(key));
    },
    async multiSet(items) {
      await transact('readwrite', (store) => {
        for (const [key, value] of items) store.put(value, key);
        return undefined;
      });
    },
  };
}
