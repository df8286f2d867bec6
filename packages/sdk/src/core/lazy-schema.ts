/**
 * A schema built on first use. Until something reads it, it costs nothing at import, and a bundler drops
 * it (with the zod code only it needs) from an app that never refers to it. What it returns behaves as
 * the schema itself: parse it, read its `shape`, convert it to JSON Schema.
 *
 * @example
 * export const V1ErrorSchema = lazySchema(() => z.looseObject({ error: z.string() }));
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const target = () => (schema ??= build());
  // Every operation a schema's reader can do, forwarded to the schema once built (zod's own
  // `util.createTransparentProxy` does the same, but importing zod's util keeps all of it in a bundle).
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}
