import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The pack-and-install test alone (it installs from the npm registry, so it is not part of `npm test`):
//   node_modules/.bin/vitest run --config examples/vitest.pack.config.ts
export default defineConfig({
  test: {
    name: 'packaging',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.pack.test.ts'],
    testTimeout: 5 * 60_000,
    hookTimeout: 25 * 60_000,
    // Two files at a time: each waits on npm, tsc and its servers for most of its time, and none shares a
    // folder, a port or an install with another (Verdaccio's own install is renamed into place).
    maxWorkers: 2,
  },
});
