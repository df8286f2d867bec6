import { defineProject } from 'vitest/config';
import { ISOLATED, sdkTest } from './vitest.config.ts';

// The SDK's files that need a module graph of their own (vitest.config.ts, ISOLATED): a worker each.
export default defineProject({
  test: { ...sdkTest, name: 'sdk-isolated', include: ISOLATED },
});
