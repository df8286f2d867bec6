import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

/**
 * What ofetch imports for options the SDK never passes, compiled in as one function that throws. ofetch
 * calls ufo's `withBase` and `withQuery` only for its `baseURL` and `query` options (the SDK builds each
 * URL itself: internal/request.ts) and destr only to parse a `json` response (the SDK asks for `text` and
 * parses it itself). The two packages were ~1.7 KB of a browser bundle's ~14 KB gzipped (docs/sdk.md,
 * "Size and start-up"). Should ofetch ever call one, the request fails with this message rather than
 * behave differently.
 */
const OFETCH_UNUSED_IMPORTS = ['ufo', 'destr'];
const OFETCH_UNUSED = `const unused = () => { throw new Error("@loc/sdk's build of ofetch has no baseURL, query or json response"); };
export { unused as default, unused as withBase, unused as withQuery };`;

function ofetchUnusedImports(): EsbuildPlugin {
  return {
    name: 'ofetch-unused-imports',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${OFETCH_UNUSED_IMPORTS.join('|')})$`) }, (args) =>
        /[\\/]ofetch[\\/]/.test(args.importer) ? { path: 'unused', namespace: 'ofetch-unused' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'ofetch-unused' }, () => ({ loader: 'js', contents: OFETCH_UNUSED }));
    },
  };
}

/**
 * ofetch's entry looks for the global object with fallbacks (`self`, `window`, `global`) for runtimes
 * older than `globalThis` (ES2020). The SDK does not run on those (zod reads `globalThis` as it loads,
 * and the SDK's own code reads it too), so the entry reads `globalThis` itself: ~60 bytes of every browser bundle,
 * gzipped. The build fails when ofetch's text is no longer found (ofetch changed: look again).
 * `_globalThis` keeps its name: the CLI's build edits the line that reads `_globalThis.Headers`
 * (packages/cli/tsup.config.ts).
 */
const OFETCH_GLOBAL_LOOKUP = /const _globalThis = \(function\(\) \{[\s\S]*?\}\)\(\);/;

function ofetchGlobalThis(): EsbuildPlugin {
  return {
    name: 'ofetch-global-this',
    setup(build) {
      build.onLoad({ filter: /[\\/]ofetch[\\/]dist[\\/]index\.mjs$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!OFETCH_GLOBAL_LOOKUP.test(source))
          throw new Error(`${args.path}: ofetch's global-object lookup not found`);
        const contents = source.replace(OFETCH_GLOBAL_LOOKUP, 'const _globalThis = globalThis;');
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

// zod/mini and ofetch are compiled into dist (docs/decisions.md, "The SDK's weight"): the parts of zod the
// schemas use load as one chunk instead of ~95 modules (the import fell from ~5× `node -e 0` to ~1.5×;
// zod stays a dependency for the types), and ofetch's web build (the `worker` condition) uses the
// runtime's own fetch: its Node entry loads the node-fetch-native polyfill, which the SDK never uses.
const dependencies: Partial<Options> = {
  noExternal: ['ofetch', /^zod(\/|$)/],
  esbuildPlugins: [ofetchUnusedImports(), ofetchGlobalThis(), zodRecordOfStringKeys()],
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

/** The SDK's sources that may call zod (not the tests, not the OpenAPI builder, a build of its own). */
function zodCallers(dir = resolve('src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return zodCallers(path);
    return /(?<!\.test)\.ts$/.test(entry.name) && path !== resolve('src/openapi.ts') ? [path] : [];
  });
}

/**
 * zod loaded with the first answer the client validates rather than at import: in this build, `zod/mini`
 * is a module of stand-ins that call the real functions once they are loaded, and internal/zod-ready.ts
 * (which the transport awaits before it builds a schema) loads them, from a chunk of their own. Only the
 * root entry's Node build does this: its schemas are built by the transport alone (the stand-ins would
 * throw before the loading), and `import('@loc/sdk')` then parses no zod (~1.4 ms of the ~3.5 the SDK's
 * code costs it here). A browser bundle takes the `browser` build, zod compiled in: an `import()` there
 * would keep every export of the loaded chunk and wrap each of its modules (~0.7 KB more in the one-call app).
 */
function lazyZod(): EsbuildPlugin {
  return {
    name: 'lazy-zod',
    async setup(build) {
      const runtime: Record<string, unknown> = await import('zod/mini');
      const used = new Set<string>();
      // What the code calls (`z.string(`, `z.check<T>(`), and zod's constants (`z.NEVER`): the rest it names
      // is types. A name missed here fails the build (below).
      for (const file of zodCallers())
        for (const [, name] of readFileSync(file, 'utf8').matchAll(
          /\bz\.([A-Za-z_$][\w$]*(?=(?:<[^>()]*>)?\()|[A-Z][A-Z_]+\b)/g,
        ))
          if (name && name in runtime) used.add(name);
      const names = [...used].sort();
      const values = names.filter((name) => typeof runtime[name] !== 'function');
      const stand = [
        'let zod;',
        'let loading;',
        ...values.map((name) => `export let ${name};`),
        // Undefined once loaded, as internal/zod-ready.ts says.
        `export function load() {
  return zod ? undefined : (loading ??= import('lazy-zod:zod').then((module) => {
    ${values.map((name) => `${name} = module.${name};`).join(' ')}
    zod = module;
  }));
}`,
        ...names
          .filter((name) => !values.includes(name))
          // Declared under another name: some of zod's are reserved words (`enum`).
          .map(
            (name) =>
              `function call_${name}(...args) { return zod.${name}(...args); }\nexport { call_${name} as ${name} };`,
          ),
      ].join('\n');
      const ready = resolve('src/internal/zod-ready.ts');
      build.onResolve({ filter: /^zod\/mini$/ }, (args) =>
        args.namespace === 'lazy-zod' ? undefined : { path: 'stand-ins', namespace: 'lazy-zod' },
      );
      build.onResolve({ filter: /^lazy-zod:/ }, (args) => ({ path: args.path.slice(9), namespace: 'lazy-zod' }));
      build.onResolve({ filter: /zod-ready$/ }, (args) =>
        resolve(args.resolveDir, `${args.path}.ts`) === ready ? { path: 'ready', namespace: 'lazy-zod' } : undefined,
      );
      build.onEnd((result) => {
        const missing = result.warnings.filter((warning) => warning.text.includes('lazy-zod:stand-ins'));
        if (missing.length)
          throw new Error(`lazy zod: ${missing.map((warning) => warning.text).join('; ')} (tsup.config.ts)`);
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-zod' }, (args) => ({
        loader: 'js',
        resolveDir: resolve('.'),
        contents: {
          'stand-ins': stand,
          // Its chunk: dist/zod-*.js.
          zod: `export { ${names.join(', ')} } from 'zod/mini';`,
          ready: `export { load as zodReady } from 'lazy-zod:stand-ins';`,
        }[args.path],
      }));
    },
  };
}

/** The public entries, whose declarations are built together (one set of shared declaration files). */
const PUBLIC_ENTRIES = {
  index: 'src/index.ts',
  node: 'src/node.ts',
  duration: 'src/duration.ts',
  // Subpaths (docs/sdk.md, "Entry points"): the schemas, the locale helpers, and what only the CLI and
  // the mock use (`internal`, not covered by semver).
  schemas: 'src/schemas/index.ts',
  locales: 'src/locales.ts',
  internal: 'src/internal.ts',
};
const { index, internal, node, schemas, duration, locales } = PUBLIC_ENTRIES;
const withPlugin = (plugin: EsbuildPlugin): Partial<Options> => ({
  esbuildPlugins: [...(dependencies.esbuildPlugins ?? []), plugin],
});

// Each file the ESM loader reads costs `import('@loc/sdk')` (~0.5 ms on this machine), and esbuild splits
// the code that several entries share into a chunk per set of entries: built together, the six entries
// made the root entry five files, whose chunks also held what only `internal` uses. The root entry is a
// build of its own: one file, with ofetch's chunk and zod's (`lazyZod`) loaded with the first request
// (docs/sdk.md, "Size and start-up"). `@loc/sdk/node` imports it as built, so that both hand out the same
// classes. The subpaths share chunks of their own; `internal` holds the root entry too, and the CLI's and
// the mock's builds take it from there (one copy of the client and of zod in each).
export default [
  locBuild({ index }, { ...dependencies, ...oneClean, ...withPlugin(lazyZod()), dts: false }),
  // `@loc/sdk/node`: the root entry as built, and the downloads (with their own copy of the few helpers
  // they share with the client: the errors they throw are still `instanceof` the root's classes, which
  // compare brands, src/errors.ts).
  locBuild({ node }, { ...dependencies, ...oneClean, ...withPlugin(rootAsBuilt()), dts: false }),
  // The subpaths, and the root entry for bundlers that build for browsers (the `browser` condition:
  // esbuild's, Vite's and webpack's browser platforms, Cloudflare's), with zod compiled in and nothing
  // loaded later; it shares its chunks with `@loc/sdk/schemas`, so that an app that uses both has one zod
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
];
