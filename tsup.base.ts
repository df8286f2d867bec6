import { defineConfig, type Options } from 'tsup';

/**
 * The one build configuration of the published packages: ESM + CJS + declarations, one file per entry.
 * Each package names only its entries (and, for ESM-only packages, its formats).
 */
export function locBuild(entry: Record<string, string>, overrides: Partial<Options> = {}) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node22',
    // Shared chunks: the `node` entry must use the same error classes as the main one (instanceof).
    splitting: true,
    treeshake: true,
    // Keep `node:` specifiers: they mark Node-only code and resolve in Deno and Bun too.
    removeNodeProtocol: false,
    ...overrides,
  });
}

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/** The imports {@link sdkFromInternal} takes from `@loc/sdk/internal`. */
export const SDK_FROM_INTERNAL = /^@loc\/sdk$/;

/**
 * `@loc/sdk` taken from `@loc/sdk/internal`, which holds the root entry beside the building blocks the CLI
 * and the mock use: the SDK builds its root entry alone (one file, for the time `import('@loc/sdk')` takes:
 * packages/sdk/tsup.config.ts), so a program that imported it beside `internal` would carry two copies of
 * the client, its errors and zod. `bundled`: resolve into the bundle, and `@loc/sdk/node`'s import of the
 * root entry as well (the CLI); otherwise the import stays an import of the installed package (the mock).
 */
export function sdkFromInternal(bundled: boolean): EsbuildPlugin {
  return {
    name: 'sdk-from-internal',
    setup(build) {
      const internal = (args: { kind: ImportKind; importer: string; resolveDir: string }) =>
        build.resolve('@loc/sdk/internal', { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir });
      build.onResolve({ filter: SDK_FROM_INTERNAL }, (args) =>
        bundled ? internal(args) : { path: '@loc/sdk/internal', external: true },
      );
      // dist/node.js's `export * from './index.js'`.
      if (bundled)
        build.onResolve({ filter: /^\.\/index\.js$/ }, (args) =>
          /[\\/]sdk[\\/]dist[\\/]node\.js$/.test(args.importer) ? internal(args) : undefined,
        );
    },
  };
}

type ImportKind = Parameters<Parameters<Parameters<EsbuildPlugin['setup']>[0]['onResolve']>[1]>[0]['kind'];
