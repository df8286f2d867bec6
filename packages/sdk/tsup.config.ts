import { locBuild } from '../../tsup.base';

export default locBuild(
  { index: 'src/index.ts', node: 'src/node.ts', openapi: 'src/openapi.ts', duration: 'src/duration.ts' },
  {
    // zod and ofetch are compiled into dist: one file to load instead of ~100 modules (import time was
    // 6× `node -e 0`), and ofetch's web build (the `worker` condition), which uses the runtime's own
    // fetch: its Node entry loads the node-fetch-native polyfill at import, which the SDK never uses.
    noExternal: ['ofetch', 'destr', 'ufo'],
    esbuildOptions(options) {
      options.conditions = ['worker'];
    },
  },
);
