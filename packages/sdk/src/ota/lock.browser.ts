/**
 * The lock of ./lock.ts in a browser build (the package's `browser` condition; tsup.config.ts): the Web
 * Locks API, across every tab of an origin. Every browser the build runs in has it (Chrome 69+, Firefox 96+,
 * Safari 15.4+); where it is missing or refused (an opaque origin), the work runs without a lock, and the
 * claim in the store and the wake-up spread are what keep tabs from checking together. The queue of
 * ./lock.ts, for clients of one realm without Web Locks (Node 22, React Native), is left out.
 */

/**
 * Runs `work` when no other holder of lock `name` runs, and resolves with what it gives. `work` must not
 * reject.
 *
 * @example await exclusively('loc-ota:NATIVE_FORMAT:PRODUCTION:', () => checkIfDue());
 */
export function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  // `work` takes no argument: the refusal's error, passed to it, is ignored.
  return locks ? locks.request(name, work).catch(work) : work();
}
