import { defineProject } from 'vitest/config';

export default defineProject({
  // *.pack.test.ts install from the npm registry: vitest.pack.config.ts runs them, as a step of their own.
  test: {
    name: 'examples',
    include: ['*.test.ts'],
    exclude: ['*.pack.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // The workspace's built packages (packages/*/dist, reached through @loc/* imports) are loaded by Node as
    // they are, not transformed again by Vite in each test file (it was most of a file's import time).
    server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
    // A worker runs file after file in one module graph (as packages/cli/vitest.config.ts says why): a file
    // must stop what it started and restore what it faked.
    isolate: false,
  },
});
