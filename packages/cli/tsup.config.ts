import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';
import { locBuild } from '../../tsup.base';

// The CLI is an application: its dependencies are bundled into dist. Two files (docs/cli.md#how-loc-starts-fast):
// - dist/program.cjs, the command table, the commands and everything they use, as one CommonJS script.
//   One file, so a command compiles one script instead of a tree of ESM modules (zod alone was ~95), and
//   CommonJS, so bin.cjs can compile it with a V8 code cache (vm.Script cachedData: Node 20 has no
//   module.enableCompileCache). Modules the source imports dynamically stay lazy: esbuild wraps each in
//   an init function that runs on first use, so `--help` runs none of the SDK, zod, ora or conf.
// - dist/bin.cjs, the entry: answers --version itself, else runs program.cjs through the code cache.
export default [
  locBuild(
    { program: 'src/program.ts' },
    {
      format: ['cjs'],
      dts: false,
      splitting: false,
      // esbuild's own tree shaking only: tsup's extra Rollup pass would hoist every require() of a Node
      // module to the top of the script, so each run would load crypto, readline, https… before anything.
      treeshake: false,
      // undici (only for HTTPS_PROXY, loaded then) stays a dependency.
      noExternal: [/^(?!undici$)/],
      clean: ['**/*', '!bin.cjs*'],
      outExtension: () => ({ js: '.cjs' }),
      // Less to read and compile; --verbose turns source maps on for readable stack traces.
      minify: process.env.LOC_NO_MINIFY ? false : true,
      // `import.meta.url` (docs-page.ts, project-config.ts) from __filename.
      shims: true,
      esbuildPlugins: [ofetchWithLocHeaders()],
      esbuildOptions(options) {
        // `import('node:http')` becomes a require() inside a promise: the script runs through vm.Script,
        // which has no loader for a real dynamic import (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
        options.supported = { ...options.supported, 'dynamic-import': false };
      },
    },
  ),
  locBuild(
    { bin: 'src/bin.ts' },
    {
      format: ['cjs'],
      dts: false,
      splitting: false,
      // As above: compile-cache.ts and its Node modules load past --version only.
      treeshake: false,
      clean: ['bin.cjs*'],
      outExtension: () => ({ js: '.cjs' }),
    },
  ),
];

/**
 * ofetch's entry module reads `globalThis.Headers` when it loads, and in Node that one read loads Node's
 * whole internal undici (~20–30 ms on every command), although `loc` sends its requests over node:http
 * (src/net/http-fetch.ts). In this bundle that read gets loc's Headers class instead (the SDK's dist
 * carries ofetch's entry inlined, so both places are looked at); ofetch's own code (createFetch,
 * FetchError) is unchanged. The build fails when no file had the read, rather than ship a bundle that
 * loads undici again unnoticed (test/start-up.test.ts checks the result).
 */
function ofetchWithLocHeaders(): EsbuildPlugin {
  // As ofetch writes it (`const`), or as the SDK's build of it does (`var`).
  const globalHeaders = /\b(const|var|let) Headers = _globalThis\.Headers;/;
  const headersModule = fileURLToPath(new URL('src/net/http-headers.ts', import.meta.url));
  return {
    name: 'ofetch-with-loc-headers',
    setup(build) {
      let patched = 0;
      build.onStart(() => {
        patched = 0;
      });
      build.onLoad({ filter: /[\\/](ofetch[\\/]dist[\\/]index\.mjs|sdk[\\/]dist[\\/][\w-]+\.js)$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!globalHeaders.test(source)) return undefined;
        patched++;
        return {
          contents: `import { HttpHeaders as LocHeaders } from ${JSON.stringify(headersModule)};\n${source.replace(globalHeaders, '$1 Headers = LocHeaders;')}`,
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
      build.onEnd((result) => {
        if (patched === 0 && result.errors.length === 0)
          throw new Error(
            `ofetch's ${globalHeaders} was not found in the bundle: update ofetchWithLocHeaders in tsup.config.ts`,
          );
      });
    },
  };
}

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];
