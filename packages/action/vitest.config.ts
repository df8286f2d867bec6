import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'action',
    include: ['test/**/*.test.ts'],
    // Each test runs the Action, which runs loc against loc-mock: margins for a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // The workspace's built packages (packages/*/dist, reached through @loc/* imports) are loaded by Node as
    // they are, not transformed again by Vite in each test file (it was most of a file's import time).
    server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
  },
});
