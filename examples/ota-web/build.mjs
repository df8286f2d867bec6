// Bundles app.js for browsers with esbuild, as a web app's build does: `node ota-web/build.mjs <outdir>`.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Writes index.html and app.js (minified, ES2022 for top-level await) into `outdir`.
 * @param {string} outdir
 */
export async function buildWebApp(outdir) {
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: [join(here, 'app.js')],
    outfile: join(outdir, 'app.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  copyFileSync(join(here, 'index.html'), join(outdir, 'index.html'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWebApp(process.argv[2] ?? join(here, 'dist'));
