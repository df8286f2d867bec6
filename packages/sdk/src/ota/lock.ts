/**
 * One lock per name for the tabs and processes that share a client's store, so that of the ones that wake
 * together only one checks. The Web Locks API (`navigator.locks`: every current browser, so every tab of an
 * origin, and Node ≥ 24 within one process) where there is one; else a queue in this JavaScript realm
 * (Node 22, React Native). Processes that share a `fileStorage` folder have no lock in common: the claim a
 * check writes in the store before it is sent, and the spread of their wake-ups (OTA_WAKE_SPREAD_MS), are
 * what keeps them from checking together (docs/ota.md, "One check a day").
 */

/** The queues of this realm, by name: what the next holder waits for. One per client's store: a handful. */
const queues = new Map<string, Promise<void>>();

/**
 * Runs `work` when no other holder of lock `name` runs, and resolves with what it gives. `work` must not
 * reject: where the Web Locks API refuses the lock (a SecurityError: a sandboxed frame, an opaque origin),
 * it runs without one.
 *
 * @example await exclusively('loc-ota:NATIVE_FORMAT:PRODUCTION:', () => checkIfDue());
 */
export function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request(name, work).catch(() => work());
  const done = (queues.get(name) ?? Promise.resolve()).then(work);
  queues.set(
    name,
    done.then(
      () => {},
      () => {},
    ),
  );
  return done;
}
