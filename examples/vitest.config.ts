import { defineProject } from 'vitest/config';
import { builtPackagesExternal } from '../vitest.shared';

export default defineProject({
  // *.pack.test.ts install from the npm registry: vitest.pack.config.ts runs them, as a step of their own.
  test: {
    name: 'examples',
    include: ['*.test.ts'],
    exclude: ['*.pack.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    server: builtPackagesExternal,
  },
});
