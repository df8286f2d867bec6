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
    // No source maps: they were ~70 % of the tarballs (issue 35), and a library's readable dist needs none.
    sourcemap: false,
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
