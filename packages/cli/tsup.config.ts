import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';
import { locBuild, sdkFromInternal } from '../../tsup.base';

/** A change to a bundled dependency's code, for what `loc` pays at start-up and never uses. */
interface DependencyEdit {
  /** Files it applies to. */
  files: RegExp;
  find: RegExp;
  /** As String.replace takes it (`$1`…). */
  replace: string;
  /** Lines put first in the edited file (an import the replacement uses). */
  prefix?: string;
}

const DEPENDENCY_EDITS: Record<string, DependencyEdit> = {
  // ofetch's entry reads `globalThis.Headers` when it loads, and in Node that one read loads Node's whole
  // internal undici (~20–30 ms on every command), although `loc` sends its requests over node:http
  // (src/net/http-fetch.ts). It gets loc's Headers class instead; ofetch's own code (createFetch,
  // FetchError) is unchanged. The SDK's dist carries ofetch's entry inlined (`var`), ofetch itself `const`.
  'ofetch reads loc’s Headers, not the global one': {
    files: /[\\/](ofetch[\\/]dist[\\/]index\.mjs|sdk[\\/]dist[\\/][\w-]+\.js)$/,
    find: /\b(const|var|let) Headers = _globalThis\.Headers;/,
    replace: '$1 Headers = LocHeaders;',
    prefix: `import { HttpHeaders as LocHeaders } from ${JSON.stringify(fileURLToPath(new URL('src/net/http-headers.ts', import.meta.url)))};`,
  },
  // (commander's `require('node:child_process')` was made lazy here, ~3 ms: commander 15 is an ES module
  // that imports it, which no text edit makes lazy; the edit went with commander 14.)
};

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
  'fast-xml-parser': 'fast-xml-parser',
  'gettext-parser': 'gettext-parser',
  'dot-properties': 'dot-properties',
  plist: 'plist',
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
      // Less to read and compile; --verbose turns source maps on for readable stack traces.
      minify: !process.env.LOC_NO_MINIFY,
      // `import.meta.url` (docs-page.ts, project-config.ts) from __filename.
      shims: true,
      esbuildPlugins: [editDependencies(DEPENDENCY_EDITS), vendoredScripts(VENDORED), sdkFromInternal(true)],
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
 * Applies DEPENDENCY_EDITS as esbuild loads the files. The build fails when an edit found nothing to
 * change (the dependency changed: look again), rather than ship a bundle that pays the cost again
 * unnoticed; test/start-up.test.ts checks which Node modules a command loads.
 */
function editDependencies(edits: Record<string, DependencyEdit>): EsbuildPlugin {
  return {
    name: 'edit-dependencies',
    setup(build) {
      const applied = new Set<string>();
      build.onStart(() => applied.clear());
      const files = new RegExp(
        Object.values(edits)
          .map((edit) => edit.files.source)
          .join('|'),
      );
      build.onLoad({ filter: files }, (args) => {
        let source = readFileSync(args.path, 'utf8');
        const prefixes: string[] = [];
        for (const [name, edit] of Object.entries(edits)) {
          if (!edit.files.test(args.path) || !edit.find.test(source)) continue;
          source = source.replace(edit.find, edit.replace);
          if (edit.prefix) prefixes.push(edit.prefix);
          applied.add(name);
        }
        return { contents: [...prefixes, source].join('\n'), loader: 'js', resolveDir: dirname(args.path) };
      });
      build.onEnd((result) => {
        const missed = Object.keys(edits).filter((name) => !applied.has(name));
        if (missed.length && result.errors.length === 0)
          throw new Error(`Dependency edits that found nothing to change (tsup.config.ts): ${missed.join('; ')}`);
      });
    },
  };
}

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
