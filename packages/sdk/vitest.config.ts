import { configDefaults, defineProject } from 'vitest/config';

/**
 * The files that need a module graph of their own (project `sdk-isolated`, vitest.isolated.config.ts): they
 * replace a module with `vi.mock`, which a module another file already loaded in the same worker ignores.
 */
export const ISOLATED = ['test/ota-browser-inflate.test.ts'];

/** What both of the SDK's projects share. */
export const sdkTest = {
  // Wide margins for a loaded 2-core CI machine; no test relies on a timeout to pass (docs/development.md).
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // The workspace's built packages (packages/*/dist, reached through @loc/* imports) are loaded by Node as
  // they are, not transformed again by Vite in each test file (it was most of a file's import time).
  server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
};

export default defineProject({
  test: {
    ...sdkTest,
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ISOLATED],
    // A worker runs file after file in one module graph: a new worker and graph per file was over half of
    // the SDK's CPU (26 s → 12 s a run, three runs). A file that needs its own is in ISOLATED.
    isolate: false,
  },
});
