/**
 * Settings every project's tests share. The workspace's built packages (packages/<name>/dist, reached through
 * `@loc/*` imports, as test-utils reaches loc-mock's seed) are plain JavaScript already: Node loads them as
 * they are, where Vite would transform them again in each test file (most of a CLI test file's import time).
 */
export const builtPackagesExternal = { deps: { external: [/\/packages\/[^/]+\/dist\//] } };
