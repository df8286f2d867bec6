import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'examples'],
    // CI machines have 2 cores; e2e tests spawn servers and CLIs of their own.
    maxWorkers: 2,
  },
});
