import type { Options } from 'tsup';
import { locBuild } from '../../tsup.base';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * What ofetch imports for options the SDK never passes, replaced by functions that throw. ofetch calls
 * ufo's `withBase` and `withQuery` only for its `baseURL` and `query` options (the SDK builds each URL
 * itself: core/request.ts) and destr only to parse a `json` response (the SDK asks for `text` and parses
 * it itself). Compiled in, the two packages were ~1.7 KB of every browser bundle's ~14 KB gzipped
 * (docs/sdk.md, "Size and start-up"). Should ofetch ever call one, the request fails with this message
 * rather than behave differently; the SDK's transport tests would see it.
 */
const OFETCH_UNUSED_IMPORTS: Record<string, string> = {
  ufo: 'export const withBase = unused("ufo withBase (the baseURL option)"), withQuery = unused("ufo withQuery (the query option)");',
  destr: 'export default unused("destr (a json response)");',
};

function ofetchUnusedImports(): EsbuildPlugin {
  const names = Object.keys(OFETCH_UNUSED_IMPORTS);
  return {
    name: 'ofetch-unused-imports',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) =>
        /[\\/]ofetch[\\/]/.test(args.importer) ? { path: args.path, namespace: 'ofetch-unused' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'ofetch-unused' }, (args) => ({
        loader: 'js',
        contents: `const unused = (what) => () => { throw new Error(\`@loc/sdk's build of ofetch has no \${what}\`); };\n${OFETCH_UNUSED_IMPORTS[args.path]}`,
      }));
    },
  };
}

export default locBuild(
  { index: 'src/index.ts', node: 'src/node.ts', openapi: 'src/openapi.ts', duration: 'src/duration.ts' },
  {
    // zod/mini and ofetch are compiled into dist (docs/decisions.md, "The SDK's weight"): the parts of zod
    // the schemas use load as one chunk instead of ~95 modules (the import fell from ~5× `node -e 0` to
    // ~1.5×; zod stays a dependency for the types), and ofetch's web build (the `worker` condition) uses
    // the runtime's own fetch: its Node entry loads the node-fetch-native polyfill, which the SDK never uses.
    noExternal: ['ofetch', /^zod(\/|$)/],
    esbuildPlugins: [ofetchUnusedImports()],
    esbuildOptions(options) {
      options.conditions = ['worker'];
    },
  },
);
