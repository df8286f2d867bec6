import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Wide margins for a loaded 2-core CI machine: several tests spawn loc and loc-mock a few times each.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // The workspace's built packages (packages/*/dist, reached through @loc/* imports) are loaded by Node as
    // they are, not transformed again by Vite in each test file (it was most of a file's import time).
    server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
    // A worker runs file after file in one module graph, not a new worker and graph per file (its start-up
    // and imports were a quarter to a third of this project's CPU). A file must leave nothing behind: servers
    // stopped in afterAll, fakes restored (vi.useRealTimers, mockRestore); one that mocks a module with
    // vi.mock needs a project of its own (packages/sdk/vitest.isolated.config.ts).
    isolate: false,
  },
});
