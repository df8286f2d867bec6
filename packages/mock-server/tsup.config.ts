import type { Options } from 'tsup';
import { locBuild, SDK_FROM_INTERNAL, sdkFromInternal } from '../../tsup.base';

// msw is a peer dependency: the handlers a user passes to their own `setupServer` must come from their
// own msw (two copies do not see each other's handlers). The `loc-mock` binary is for people who may have
// no msw at all, so it carries its own copy: a second build that bundles msw in (not graphql, which msw
// loads only for GraphQL handlers, and the mock has none). The export build thread is a script of its own,
// beside them in dist/ (store/export-builder.ts finds it there); `shims` gives the CJS build the
// `import.meta.url` it finds it by. Each takes `@loc/sdk` from `@loc/sdk/internal` (one copy of the SDK and zod).
// (tsup's own resolver, which runs first, leaves the two to it: `noExternal`).
const sdk = { noExternal: [SDK_FROM_INTERNAL], esbuildPlugins: [sdkFromInternal(false)] } satisfies Partial<Options>;
export default [
  locBuild({ index: 'src/index.ts' }, { clean: ['!bin.js', '!export-worker.js'], shims: true, ...sdk }),
  locBuild(
    { bin: 'src/bin.ts' },
    {
      format: ['esm'],
      dts: false,
      clean: false,
      external: ['graphql'],
      sourcemap: false,
      ...sdk,
      noExternal: ['msw', SDK_FROM_INTERNAL],
      // msw 3 brings CommonJS packages (debug) that require Node's modules: an ES module has no `require`
      // of its own, and esbuild's bundle calls the one in scope.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    },
  ),
  locBuild(
    { 'export-worker': 'src/store/export-worker.ts' },
    { format: ['esm'], dts: false, clean: false, sourcemap: false, ...sdk },
  ),
];
