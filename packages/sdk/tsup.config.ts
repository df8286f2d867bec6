import { locBuild } from '../../tsup.base';

export default locBuild(
  { index: 'src/index.ts', node: 'src/node.ts', openapi: 'src/openapi.ts', duration: 'src/duration.ts' },
  {
    // zod/mini and ofetch are compiled into dist (docs/decisions.md, "The SDK's weight"): the parts of zod
    // the schemas use load as one chunk instead of ~95 modules (the import fell from ~5× `node -e 0` to
    // ~1.5×; zod stays a dependency for the types), and ofetch's web build (the `worker` condition) uses
    // the runtime's own fetch: its Node entry loads the node-fetch-native polyfill, which the SDK never uses.
    noExternal: ['ofetch', 'destr', 'ufo', /^zod(\/|$)/],
    esbuildOptions(options) {
      options.conditions = ['worker'];
    },
  },
);
