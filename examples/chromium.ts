// Debian's Chromium, driven by playwright-core, for the examples' tests that run in a real browser: a test
// file skips itself, naming why, where it is not installed (scripts/install-test-tools.sh installs it).
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Whether the tests can run here; a describe block passes it to `skipIf`, with CHROMIUM in its title. */
export const hasChromium = existsSync(CHROMIUM);

/**
 * A headless Chromium, with `args` of its command line besides; the caller closes it. Loaded on demand: a
 * machine without it never imports it.
 */
export async function launchChromium(args: string[] = []): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', ...args] });
}

/**
 * Writes a page into `dir`: `harness`, a module that imports the built packages as an app does (resolved
 * from examples/, with the `browser` conditions a bundler uses), bundled to app.js, and an index.html that
 * loads it.
 */
export async function writeHarnessPage(dir: string, harness: string): Promise<void> {
  await build({
    stdin: { contents: harness, resolveDir: dirname(fileURLToPath(import.meta.url)), loader: 'js' },
    outfile: join(dir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./app.js"></script>');
}
