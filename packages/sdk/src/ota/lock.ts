/**
 * One lock per name for the tabs and processes that share a client's store, so that of the ones that wake
 * together only one checks. The Web Locks API (`navigator.locks`: every current browser, so every tab of an
 * origin, and Node ≥ 24 within one process) where there is one and it may be used; else a queue in this
 * JavaScript realm (Node 22, React Native, a page whose origin may not use locks). Processes that share a
 * `fileStorage` folder have no lock in common: the claim a check writes in the store before it is sent,
 * and the spread of their wake-ups (OTA_WAKE_SPREAD_MS), are what keeps them from checking together
 * (docs/ota.md, "One check a day").
 */

/** The queues of this realm, by name: the promise the next holder waits for. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` when no other holder of lock `name` runs, and resolves with what it gives. `work` must not
 * reject (a rejection is passed on, and the lock released).
 *
 * @example await exclusively('loc-ota:NATIVE_FORMAT:PRODUCTION:', () => checkIfDue());
 */
export function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  let ran = false;
  const run = () => {
    ran = true;
    return work();
  };
  if (locks)
    // A SecurityError (an opaque origin: a sandboxed frame, some `file:` pages) rejects before `run`: the
    // realm's queue then.
    return locks.request(`@loc/sdk-ota:${name}`, run).catch((error: unknown) => {
      if (ran) throw error;
      return queued(name, work);
    });
  return queued(name, work);
}

function queued<T>(name: string, work: () => Promise<T>): Promise<T> {
  const done = (queues.get(name) ?? Promise.resolve()).then(work);
  const tail = done.then(
    () => {},
    () => {},
  );
  queues.set(name, tail);
  // The last holder leaves no entry behind.
  void tail.then(() => queues.get(name) === tail && queues.delete(name));
  return done;
}
