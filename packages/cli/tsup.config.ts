import { locBuild } from '../../tsup.base';

// The CLI is an application: its dependencies are bundled into dist, so a command loads one chunk per
// module it needs instead of a tree of packages (Node compiles each ESM file of a package on its own:
// zod alone was ~95 files). Two builds:
// - the command table and the commands, as ESM chunks (ora, conf and @clack/prompts are ESM-only), each
//   command imported only when it runs;
// - the entry, dist/bin.cjs, as CommonJS: Node starts a CommonJS file without its ESM loader, which
//   alone cost a third of `node -e 0`, so `loc --version` answers at Node's floor. It imports
//   ./program.js for everything else.
export default [
  locBuild(
    { program: 'src/program.ts' },
    {
      format: ['esm'],
      dts: false,
      // undici (only for HTTPS_PROXY, loaded then) stays a dependency: a CommonJS package imported
      // dynamically loses its named exports in a split chunk.
      noExternal: [/^(?!undici$)/],
      clean: ['**/*', '!bin.cjs*'],
      // Less to parse at start-up; --verbose turns source maps on for readable stack traces.
      minify: true,
      // Bundled CommonJS dependencies (commander, yauzl) call require() for Node's modules.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    },
  ),
  locBuild(
    { bin: 'src/bin.ts' },
    {
      format: ['cjs'],
      dts: false,
      splitting: false,
      clean: ['bin.cjs*'],
      external: ['./program.js'],
      outExtension: () => ({ js: '.cjs' }),
    },
  ),
];
