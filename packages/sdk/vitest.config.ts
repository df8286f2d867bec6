import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Wide margins for a loaded 2-core CI machine; no test relies on a timeout to pass (docs/development.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The workspace's built packages (packages/*/dist, reached through @loc/* imports) are loaded by Node as
    // they are, not transformed again by Vite in each test file (it was most of a file's import time).
    server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
  },
});
