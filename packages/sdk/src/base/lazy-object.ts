/**
 * An object built on first use: a schema, or the operation table. Until something reads it, it costs
 * nothing at import, and a bundler drops it (with the code only it needs) from an app that never refers
 * to it. What it returns behaves as the object itself: parse with a schema, read its `shape`, list its
 * keys, convert it to JSON Schema.
 *
 * @example
 * export const V1ErrorSchema = lazyObject(() => z.looseObject({ error: z.string() }));
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyObject<T extends object>(build: () => T): T {
  let built: T | undefined;
  const target = () => (built ??= build());
  // Node's console.log shows a proxy's target, not what its traps give: let the target show the object.
  const stand = {
    [Symbol.for('nodejs.util.inspect.custom')]: (_: number, options: object, inspect: Inspect) =>
      inspect(target(), options),
  };
  // Every operation a reader can do, forwarded to the object once built (as zod's own
  // `util.createTransparentProxy` does; importing zod's util would keep all of it in a bundle).
  return new Proxy(stand as unknown as T, {
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    // A proxy may not call a property non-configurable that its own (empty) target lacks: zod defines
    // `_zod` so, and `Object.keys(schema)` would throw.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}

type Inspect = (value: unknown, options: object) => string;

/**
 * A value built on first use and then kept: what a schema module builds a schema with. Its
 * {@link lazyObject} stand-in (the exported `…Schema`) and the client's calls share the one schema it
 * builds; the calls read it directly, so that an app's bundle does not carry the stand-in's proxy (~0.15 KB
 * gzipped: docs/sdk.md, "Size and start-up").
 *
 * @example
 * export const link = once(() => z.looseObject({ rel: z.string(), href: z.string() }));
 * export const LinkSchema = lazyObject(link);
 */
/* @__NO_SIDE_EFFECTS__ */
export function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
