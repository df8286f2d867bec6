import { locBuild } from '../../tsup.base';

// msw is a peer dependency: the handlers a user passes to their own `setupServer` must come from their
// own msw (two copies do not see each other's handlers). The `loc-mock` binary is for people who may have
// no msw at all, so it carries its own copy: a second build that bundles msw in (not graphql, which msw
// loads only for GraphQL handlers, and the mock has none). The export build thread is a script of its own,
// beside them in dist/ (store/export-builder.ts finds it there); `shims` gives the CJS build the
// `import.meta.url` it finds it by. The source imports the SDK's code from `@loc/sdk/internal` alone (it
// holds the root entry too): one copy of the client and zod at run time, and no module swapped here.
export default [
  locBuild({ index: 'src/index.ts' }, { clean: ['!bin.js', '!export-thread-worker.js'], shims: true }),
  locBuild(
    { bin: 'src/bin.ts' },
    {
      format: ['esm'],
      dts: false,
      clean: false,
      external: ['graphql'],
      noExternal: ['msw'],
      // msw 3 brings CommonJS packages (debug) that require Node's modules: an ES module has no `require`
      // of its own, and esbuild's bundle calls the one in scope.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    },
  ),
  locBuild(
    { 'export-thread-worker': 'src/store/export-thread-worker.ts' },
    { format: ['esm'], dts: false, clean: false },
  ),
];
