import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'examples'],
    // CI machines have 2 cores; e2e tests spawn servers and CLIs of their own and wait on them, so a third
    // worker keeps the cores busy: the whole suite on Node 20 took 196 s with 3, 228 s with 2 (1.8 cores
    // used). Every test waits for events, not for time, so the extra load changes no outcome.
    maxWorkers: 3,
  },
});
