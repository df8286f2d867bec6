import { resolve } from 'node:path';
import type { Options } from 'tsup';
import { locBuild } from '../../tsup.base';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

// zod/mini and ofetch are compiled into dist as published (docs/decisions.md, "The SDK's weight"; no edit
// of their code, no module swapped: issue 35): the parts of zod the schemas use load as one chunk instead
// of ~95 modules (the import fell from ~5× `node -e 0` to ~1.5×; zod stays a dependency for the types),
// and ofetch's web build (the `worker` condition) uses the runtime's own fetch: its Node entry loads the
// node-fetch-native polyfill, which the SDK never uses.
const dependencies: Partial<Options> = {
  noExternal: ['ofetch', /^zod(\/|$)/],
  esbuildOptions(options) {
    options.conditions = ['worker'];
  },
};

// Several builds, which tsup runs at the same time into one dist/: none cleans (one's clean would race the
// others' writes, and a busy machine lost dist/openapi.d.ts that way). The package's `build` script empties
// dist/ once before tsup starts, and scripts/prepack.mjs refuses a dist/ that lacks a file package.json names.
const oneClean: Partial<Options> = { clean: false };

/** The extension of a build's script files: tsup builds CommonJS as ESM when it splits, then converts it. */
function scriptExtension(options: { outExtension?: Record<string, string> }): string {
  return options.outExtension?.['.js'] ?? '.js';
}

/**
 * `@loc/sdk/node` re-exports the root entry (`export * from './index'`) as built, `./index.js` or
 * `require('./index.cjs')`, rather than compiled in again: the same objects as `@loc/sdk`.
 */
function rootAsBuilt(): EsbuildPlugin {
  const root = resolve('src/index');
  return {
    name: 'root-as-built',
    setup(build) {
      const built = `./index${scriptExtension(build.initialOptions)}`;
      build.onResolve({ filter: /^\./ }, (args) =>
        resolve(args.resolveDir, args.path) === root ? { path: built, external: true } : undefined,
      );
    },
  };
}

/**
 * `@loc/sdk/ota` for browsers (the `browser` condition): the client inflates with the browser's own
 * `DecompressionStream` (src/ota/inflate.browser.ts) instead of Node's zlib or fflate (src/ota/inflate.ts),
 * takes its lock from the Web Locks API alone (src/ota/lock.browser.ts), and follows no redirect
 * (src/ota/hops.browser.ts).
 */
function browserInflate(): EsbuildPlugin {
  return {
    name: 'browser-inflate',
    setup(build) {
      build.onResolve({ filter: /^\.\/(inflate|lock|hops)$/ }, (args) => ({
        path: resolve(args.resolveDir, `${args.path.slice(2)}.browser.ts`),
      }));
    },
  };
}

/** The public entries, whose declarations are built together (one set of shared declaration files). */
const PUBLIC_ENTRIES = {
  index: 'src/index.ts',
  node: 'src/node.ts',
  duration: 'src/base/duration.ts',
  // Subpaths (docs/sdk.md, "Entry points"): the schemas, the locale helpers, and what only the CLI and
  // the mock use (`internal`, not covered by semver).
  schemas: 'src/schemas/index.ts',
  locales: 'src/base/locales.ts',
  internal: 'src/internal.ts',
};
const { index, internal, node, schemas, duration, locales } = PUBLIC_ENTRIES;

// Each file the ESM loader reads costs `import('@loc/sdk')` (~0.5 ms on this machine), and esbuild splits
// the code that several entries share into a chunk per set of entries: built together, the six entries
// made the root entry five files, whose chunks also held what only `internal` uses. The root entry is a
// build of its own: one file, with ofetch's chunk loaded with the first request (docs/sdk.md, "Size and start-up"). `@loc/sdk/node` imports it as built, so that both hand out the same
// classes. The subpaths share chunks of their own; `internal` holds the root entry too, and the CLI's and
// the mock's builds take it from there (one copy of the client and of zod in each).
export default [
  locBuild({ index }, { ...dependencies, ...oneClean, dts: false }),
  // `@loc/sdk/node`: the root entry as built, and the downloads (with their own copy of the few helpers
  // they share with the client: the errors they throw are still `instanceof` the root's classes, which
  // compare brands, src/base/errors.ts).
  locBuild({ node }, { ...dependencies, ...oneClean, esbuildPlugins: [rootAsBuilt()], dts: false }),
  // The subpaths, and the root entry for bundlers that build for browsers (the `browser` condition:
  // esbuild's, Vite's and webpack's browser platforms, Cloudflare's), with nothing loaded later (a
  // bundler would keep every export of a chunk loaded with `import()`); it shares its chunks with `@loc/sdk/schemas`, so that an app that uses both has one zod
  // (its CommonJS twin, index.browser.cjs, is not used). The declarations of every public entry are
  // built here, together as before (one set of shared declaration files).
  locBuild(
    { internal, schemas, duration, locales, 'index.browser': index },
    { ...dependencies, ...oneClean, dts: { entry: PUBLIC_ENTRIES } },
  ),
  // A build of its own: the OpenAPI builder's parts of zod (toJSONSchema and the metadata registry, which
  // registers itself on `globalThis` as it loads) would otherwise share a chunk with the client, and
  // every app's bundle would keep them (docs/sdk.md, "Size and start-up"). It has its own copy of the
  // schemas; its document is the same.
  locBuild({ openapi: 'src/openapi.ts' }, { ...dependencies, ...oneClean }),
  // Over-the-air strings (docs/ota.md): builds of their own, each one file, so that an app's bundle has
  // neither zod nor ofetch (its 8 KB budget) and the browser entry never shares a chunk with node:fs.
  locBuild({ ota: 'src/ota/index.ts', 'ota-node': 'src/ota/node.ts' }, { splitting: false, ...oneClean }),
  // Its browser build: ESM only (bundlers), its declarations those of the build above.
  locBuild(
    { 'ota.browser': 'src/ota/index.ts' },
    { format: ['esm'], splitting: false, ...oneClean, dts: false, esbuildPlugins: [browserInflate()] },
  ),
];
