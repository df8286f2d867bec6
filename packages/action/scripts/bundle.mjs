// Bundles the Action into bundle/ (committed: `uses: owner/repo@v1` runs it with no install step):
// bundle/index.cjs, the Action with @actions/core, and bundle/loc/, the built `loc` (packages/cli/dist,
// without source maps) with what the CLI's package installs beside it and the Action does not ship: undici
// (loc's proxy support), bundled into bundle/loc/vendor-undici.cjs. The bundle is self-contained: a
// `require` of anything but Node's own modules or a file of the bundle fails the bundling, naming it.
// `node scripts/bundle.mjs <folder>` writes elsewhere (the freshness test compares).
import { builtinModules, createRequire } from 'node:module';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = resolve(process.argv[2] ?? join(root, 'bundle'));
const cliDist = join(root, '..', 'cli', 'dist');

/**
 * What @actions/core imports for features the Action does not use — OIDC tokens (@actions/http-client,
 * with undici) and platform details (@actions/exec) — replaced by stand-ins that throw if ever called:
 * the bundle shrinks from 430 KB to a tenth, and every run starts that much faster.
 */
const STAND_INS = {
  '@actions/http-client': 'export class HttpClient { constructor() { throw new Error("not bundled"); } }',
  '@actions/http-client/lib/auth':
    'export class BearerCredentialHandler { constructor() { throw new Error("not bundled"); } }',
  '@actions/exec': 'export const exec = () => { throw new Error("not bundled"); }; export const getExecOutput = exec;',
};
const unused = {
  name: 'unused-features',
  setup(build) {
    build.onResolve({ filter: /^@actions\/(http-client|exec)/ }, (args) => ({
      path: args.path,
      namespace: 'stand-in',
    }));
    build.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => {
      const contents = STAND_INS[args.path];
      if (contents === undefined) throw new Error(`no stand-in for ${args.path}`);
      return { contents, loader: 'js' };
    });
  },
};

/** undici, from the CLI's dependencies (the version loc is built and tested with). */
const UNDICI = createRequire(join(cliDist, '..', 'package.json')).resolve('undici');
/** Where loc's `require("undici")` and the Action's own `import('undici')` go in the bundle. */
const VENDOR_UNDICI = 'vendor-undici.cjs';
const undiciInBundle = {
  name: 'undici-in-bundle',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: `./loc/${VENDOR_UNDICI}`, external: true }));
  },
};

/** A require() call (not one inside a string of generated code, as ajv's `'require("ajv/…")'`). */
const REQUIRE = /(?<!['"`\\])\brequire\("([^"]+)"\)/g;
/** Node's own modules; any `node:` name is one (node:sqlite is, on the Node 24 the Action runs on, not on 20). */
const builtin = (name) => name.startsWith('node:') || builtinModules.includes(name);

/** Fails when a bundled file requires a module the bundle does not hold (nothing is installed beside it). */
function checkSelfContained(folder) {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.cjs')) continue;
    const file = join(entry.parentPath, entry.name);
    for (const [, name] of readFileSync(file, 'utf8').matchAll(REQUIRE))
      if (!builtin(name) && !name.startsWith('./'))
        throw new Error(`${file} requires ${name}, which the bundle does not hold: bundle it (see ${VENDOR_UNDICI}).`);
  }
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'loc'), { recursive: true });
await build({
  entryPoints: [join(root, 'src', 'index.ts')],
  outfile: join(out, 'index.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [unused, undiciInBundle],
});
await build({
  entryPoints: [UNDICI],
  outfile: join(out, 'loc', VENDOR_UNDICI),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of readdirSync(cliDist).filter((f) => f.endsWith('.cjs'))) {
  if (file === 'program.cjs') {
    const program = readFileSync(join(cliDist, file), 'utf8');
    writeFileSync(join(out, 'loc', file), program.replaceAll('require("undici")', `require("./${VENDOR_UNDICI}")`));
  } else copyFileSync(join(cliDist, file), join(out, 'loc', file));
}
checkSelfContained(out);
