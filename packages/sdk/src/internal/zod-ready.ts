/**
 * Undefined once zod's code is loaded, else a promise of its loading. Everywhere but one build, zod loads
 * with the SDK and this is always undefined; the Node build of the root entry (`@loc/sdk`'s `import` and
 * `require`, not its `browser` build) loads zod with the first answer it validates instead of at import,
 * and replaces this module with its loader (tsup.config.ts, `lazyZod`). The transport awaits it before
 * the first schema is built.
 *
 * @example
 * const loading = zodReady();
 * if (loading) await loading;
 */
export function zodReady(): Promise<unknown> | undefined {
  return undefined;
}
