import { defineProject } from 'vitest/config';
import { builtPackagesExternal } from '../../vitest.shared';

export default defineProject({
  test: {
    name: 'action',
    include: ['test/**/*.test.ts'],
    // Each test runs the Action, which runs loc against loc-mock: margins for a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    server: builtPackagesExternal,
  },
});
