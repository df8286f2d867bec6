import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Options } from 'tsup';
import { locBuild } from '../../tsup.base';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * What zod's record type does for a key schema with a closed set of values (`z.record(z.enum([…]), …)`):
 * every record of the SDK's schemas has `z.string()` keys, and users build their records with their own
 * zod, never with the copy compiled into dist, so that branch never runs here. It becomes an error that
 * says so: ~0.14 KB of every app that calls createClient(), gzipped (docs/sdk.md, "Size and start-up").
 * The build fails when zod's text is no longer found (zod changed: look again).
 */
const ZOD_ENUM_KEYED_RECORD = /( {8})if \(values && !def\.partial\) \{\n[\s\S]*?\n {8}\}\n {8}else \{/;

function zodRecordOfStringKeys(): EsbuildPlugin {
  return {
    name: 'zod-record-of-string-keys',
    setup(build) {
      build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]core[\\/]schemas\.js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!ZOD_ENUM_KEYED_RECORD.test(source)) throw new Error(`${args.path}: zod's record of enum keys not found`);
        const contents = source.replace(
          ZOD_ENUM_KEYED_RECORD,
          '$1if (values && !def.partial) throw new Error("@loc/sdk\'s build of zod has no record of enum keys");\n$1{',
        );
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

// zod/mini is compiled into dist (docs/decisions.md, "The SDK's weight"): the parts of zod the schemas use
// load as one chunk instead of ~95 modules (the import fell from ~5× `node -e 0` to ~1.5×; zod stays a
// dependency for the types).
const dependencies: Partial<Options> = { noExternal: [/^zod(\/|$)/], esbuildPlugins: [zodRecordOfStringKeys()] };

// Two builds, which tsup runs at the same time into one dist/: neither cleans (one's clean would race the
// other's writes, and a busy machine lost dist/openapi.d.ts that way). The package's `build` script empties
// dist/ once before tsup starts, and scripts/prepack.mjs refuses a dist/ that lacks a file package.json names.
const oneClean: Partial<Options> = { clean: false };

export default [
  locBuild(
    {
      index: 'src/index.ts',
      node: 'src/node.ts',
      duration: 'src/duration.ts',
      // Subpaths (docs/sdk.md, "Entry points"): the schemas, the locale helpers, and what only the CLI and
      // the mock use (`internal`, not covered by semver).
      schemas: 'src/schemas/index.ts',
      locales: 'src/locales.ts',
      internal: 'src/internal.ts',
    },
    { ...dependencies, ...oneClean },
  ),
  // A build of its own: the OpenAPI builder's parts of zod (toJSONSchema and the metadata registry, which
  // registers itself on `globalThis` as it loads) would otherwise share a chunk with the client, and
  // every app's bundle would keep them (docs/sdk.md, "Size and start-up"). It has its own copy of the
  // schemas; its document is the same.
  locBuild({ openapi: 'src/openapi.ts' }, { ...dependencies, ...oneClean }),
  // Over-the-air strings (docs/ota.md): builds of their own, each one file, so that an app's bundle has
  // no zod (its 8 KB budget) and the browser entry never shares a chunk with node:fs.
  locBuild({ ota: 'src/ota/index.ts', 'ota-node': 'src/ota/node.ts' }, { splitting: false, ...oneClean }),
];
