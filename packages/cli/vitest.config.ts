import { defineProject } from 'vitest/config';
import { builtPackagesExternal } from '../../vitest.shared';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Wide margins for a loaded 2-core CI machine: several tests spawn loc and loc-mock a few times each.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    server: builtPackagesExternal,
  },
});
