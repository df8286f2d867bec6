import { defineProject } from 'vitest/config';
import { builtPackagesExternal } from '../../vitest.shared';

export default defineProject({
  test: {
    name: 'mock-server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Wide margins for a loaded 2-core CI machine; no test relies on a timeout to pass (docs/development.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    server: builtPackagesExternal,
  },
});
