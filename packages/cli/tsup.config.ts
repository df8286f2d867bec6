import type { Options } from 'tsup';
import { locBuild } from '../../tsup.base';
import { DEPENDENCY_EDITS, editDependencies } from './build/dependency-edits';

// The CLI is an application: its dependencies are bundled into dist (docs/cli.md#how-loc-starts-fast):
// - dist/program.cjs, the command table, the commands and everything they use, as one CommonJS script.
//   One file, so a command compiles (and Node's compile cache reads) one script instead of a tree of ESM
//   modules (zod alone was ~95). Modules the source imports dynamically stay lazy: esbuild wraps each in
//   an init function that runs on first use, so `--help` runs none of the SDK, zod, ora or conf.
// - dist/vendor-*.cjs, the packages only some commands use (VENDORED), each a script of its own that
//   program.cjs requires when it needs it (through the same compile cache): half the code, which every other
//   command would read and deserialize for nothing.
// - dist/bin.cjs, the entry: answers --version itself, else turns Node's compile cache on and runs program.cjs.

/** Package → the script of its own it is bundled into (src/vendor/<name>.ts re-exports it). */
const VENDORED: Record<string, string> = {
  conf: 'conf',
  ora: 'ora',
  '@clack/prompts': 'clack',
  yauzl: 'yauzl',
  // The parsers of the change summary (src/export/summary/read.ts), each loaded for its format only.
  yaml: 'yaml',
  'gettext-parser': 'gettext-parser',
  'dot-properties': 'dot-properties',
};

export default [
  locBuild(
    // dist/summary-worker.cjs: the change summary's worker thread (src/export/summary/compare.ts).
    { program: 'src/program.ts', 'summary-worker': 'src/export/summary/worker.ts' },
    {
      format: ['cjs'],
      dts: false,
      splitting: false,
      // esbuild's own tree shaking only: tsup's extra Rollup pass would hoist every require() of a Node
      // module to the top of the script, so each run would load crypto, readline, https… before anything.
      treeshake: false,
      // undici (only for HTTPS_PROXY, loaded then) stays a dependency.
      noExternal: [/^(?!undici$)/],
      clean: ['**/*', '!bin.cjs*', '!vendor-*'],
      outExtension: () => ({ js: '.cjs' }),
      // Less to read and compile; --verbose turns source maps on for readable stack traces. The maps stay
      // out of the tarball (package.json `files`: they doubled it), so that works in a checkout; they also
      // name the bundled packages for THIRD_PARTY_LICENSES.md (scripts/third-party-licenses.mjs).
      minify: !process.env.LOC_NO_MINIFY,
      sourcemap: true,
      // `import.meta.url` (docs-page.ts, project-config.ts) from __filename.
      shims: true,
      esbuildPlugins: [editDependencies(DEPENDENCY_EDITS), vendoredScripts(VENDORED)],
      esbuildOptions(options) {
        // `import('node:http')` becomes a require() inside a promise: the script runs through vm.Script,
        // which has no loader for a real dynamic import (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
        options.supported = { ...options.supported, 'dynamic-import': false };
      },
    },
  ),
  // dist/vendor-*.cjs: each VENDORED package with what it uses, built as program.cjs is.
  locBuild(Object.fromEntries(Object.values(VENDORED).map((name) => [`vendor-${name}`, `src/vendor/${name}.ts`])), {
    format: ['cjs'],
    dts: false,
    splitting: false,
    treeshake: false,
    clean: ['vendor-*'],
    outExtension: () => ({ js: '.cjs' }),
    minify: !process.env.LOC_NO_MINIFY,
    sourcemap: true,
    noExternal: [/.*/],
    esbuildOptions(options) {
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
  }),
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
 * Imports of a VENDORED package become a require() of its own script, beside program.cjs. The script
 * re-exports the package's default export (conf, ora, yauzl) or all its named ones (clack); a default
 * export is handed over as the module itself, which is what program.cjs's CommonJS interop expects.
 */
function vendoredScripts(vendored: Record<string, string>): EsbuildPlugin {
  const names = Object.keys(vendored).map((name) => name.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&'));
  return {
    name: 'vendored-scripts',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({
        path: args.path,
        namespace: 'vendored',
      }));
      build.onLoad({ filter: /.*/, namespace: 'vendored' }, (args) => ({
        contents: `const script = require(${JSON.stringify(`./vendor-${vendored[args.path]}.cjs`)});\nmodule.exports = 'default' in script ? script.default : script;\n`,
        loader: 'js',
      }));
      build.onResolve({ filter: /^\.\/vendor-[\w-]+\.cjs$/, namespace: 'vendored' }, (args) => ({
        path: args.path,
        external: true,
      }));
    },
  };
}

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];
