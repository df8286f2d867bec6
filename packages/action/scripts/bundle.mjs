// Bundles the Action into bundle/ (committed: `uses: owner/repo@v1` runs it with no install step):
// bundle/index.cjs, the Action with @actions/core, and bundle/loc/, the built `loc` (packages/cli/dist,
// without source maps). `node scripts/bundle.mjs <folder>` writes elsewhere (the freshness test compares).
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = resolve(process.argv[2] ?? join(root, 'bundle'));
const cliDist = join(root, '..', 'cli', 'dist');

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'loc'), { recursive: true });
await build({
  entryPoints: [join(root, 'src', 'index.ts')],
  outfile: join(out, 'index.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of readdirSync(cliDist).filter((f) => f.endsWith('.cjs')))
  copyFileSync(join(cliDist, file), join(out, 'loc', file));
