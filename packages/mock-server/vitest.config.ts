import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mock-server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
