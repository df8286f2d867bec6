// The apps of the typed-keys row (bench/run.mjs): the same calls of `t()`, compiled by tsc without the
// file of `loc export --types` (the baseline: `t()` takes any key), with it through @loc/sdk/ota
// (createOtaClient<LocKeys>(), typedT), and with it through i18next's own types (the augmentation): with
// string keys, as the file is made, with `enableSelector: 'optimize'` declared by the app (its calls then
// name a key by a selector, `$ => $.a.b`), and, as the anchor of the string keys, with the file i18next's
// own generator (i18next-resources-for-ts) makes of the same JSON, the app declaring what loc's file does.
// Each app makes the same calls (each key through both), with the values their texts need.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Keys of a nested JSON file, joined with `.` (the scale seed's files hold texts only). */
function keysOf(value, prefix = '', into = []) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') into.push([path, child]);
    else keysOf(child, path, into);
  }
  return into;
}

/**
 * Writes the apps below `dir` and returns their folders. `sourceFile`: the first source file of the
 * export (its keys are the default namespace's); `otaTypes`, `i18nextTypes`: the files `loc` wrote;
 * `anchorTypes`: i18next-resources-for-ts's file of the same JSON (`export default interface Resources`).
 * @param {{ dir: string, root: string, sourceFile: string, namespace: string, otaTypes: string, i18nextTypes: string, anchorTypes: string, calls: number }} options
 */
export function writeTypedKeysApps({ dir, root, sourceFile, namespace, otaTypes, i18nextTypes, anchorTypes, calls }) {
  const all = keysOf(JSON.parse(readFileSync(sourceFile, 'utf8')));
  // A plural's forms (`items_one`, the scale seed's plural groups) are left out: i18next's selectors name
  // them differently from its string keys, and the row is of keys, the same calls in every app.
  const plural = /_(zero|one|two|few|many|other)$/;
  const keys = all.filter(([key]) => !plural.test(key));
  const step = Math.max(1, Math.floor(keys.length / calls));
  const picked = keys.filter((_, i) => i % step === 0).slice(0, calls);
  const values = (text) => (/\{\{?count\}\}?/.test(text) ? ', { count: 2 }' : '');
  const call = (t, [key, text]) => `  ${t}(${JSON.stringify(key)}${values(text)}),`;
  const selectorCall = (t, [key, text]) => `  ${t}(($) => $${key.split('.').map(member).join('')}${values(text)}),`;
  const paths = {
    i18next: [dirname(existing(join(root, 'examples/node_modules/i18next/package.json')))],
    '@loc/sdk/ota': [join(root, 'packages/sdk/dist/ota.d.ts')],
  };
  const tsconfig = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023', 'DOM'],
      types: [],
      skipLibCheck: true,
      paths,
    },
    include: ['*.ts'],
  };
  const apps = {};
  for (const variant of ['untyped', 'ota', 'i18next', 'i18nextSelector', 'anchor']) {
    const folder = join(dir, variant);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(tsconfig));
    // The same calls in every app: only what types them differs.
    const lines = [
      "import i18next from 'i18next';",
      "import { createOtaClient, typedT } from '@loc/sdk/ota';",
      ...(variant === 'ota' ? ["import type { LocKeys } from './ota-keys';"] : []),
      `const client = createOtaClient${variant === 'ota' ? '<LocKeys>' : ''}({ cdnKey: 'k', environment: 'PRODUCTION', type: 'NATIVE_FORMAT' });`,
      // Untyped, typedT's t() takes any key and values (its Keys: a record of every key).
      `const ota = { t: typedT<${variant === 'ota' ? 'LocKeys' : 'Record<string, Record<string, number>>'}>(client) };`,
      'export const texts: string[] = [',
      ...picked.map((k) => call('ota.t', k)),
      ...picked.map((k) => (variant === 'i18nextSelector' ? selectorCall : call)('i18next.t', k)),
      '];',
    ];
    if (variant === 'ota') writeFileSync(join(folder, 'ota-keys.d.ts'), readFileSync(otaTypes));
    if (variant.startsWith('i18next')) {
      writeFileSync(join(folder, 'loc-keys.d.ts'), readFileSync(i18nextTypes));
      // The app's own options, beside the file's (docs/cli.md#typed-keys).
      const options = [`defaultNS: ${JSON.stringify(namespace)}`];
      if (variant === 'i18nextSelector') options.push("enableSelector: 'optimize'");
      writeFileSync(
        join(folder, 'namespace.d.ts'),
        `import 'i18next';\ndeclare module 'i18next' { interface CustomTypeOptions { ${options.join('; ')} } }\n`,
      );
    }
    if (variant === 'anchor') {
      writeFileSync(join(folder, 'resources.d.ts'), readFileSync(anchorTypes));
      // As i18next's docs have an app declare the generator's file, with the options loc's file declares.
      writeFileSync(
        join(folder, 'i18next.d.ts'),
        `import 'i18next';\nimport type Resources from './resources';\ndeclare module 'i18next' { interface CustomTypeOptions { resources: Resources; strictInterpolationChecks: true; defaultNS: ${JSON.stringify(namespace)} } }\n`,
      );
    }
    writeFileSync(join(folder, 'app.ts'), `${lines.join('\n')}\n`);
    apps[variant] = folder;
  }
  return apps;
}

/** What the row installs from the npm registry: the TypeScript users get today, and the anchor generator. */
const TOOLS = ['typescript@^7.0.2', 'i18next-resources-for-ts@^2.1.1'];
const TOOLS_DIR = process.env.BENCH_TYPED_KEYS_DIR ?? join(tmpdir(), 'loc-bench-typed-keys');

/**
 * TypeScript 7's tsc and i18next-resources-for-ts, installed into a folder of their own (kept between
 * runs, as the peer CLIs are: bench/lib/peers.mjs), never as this repository's typescript. Throws when
 * they do not install.
 */
export function prepareTypedKeysTools(log = () => {}) {
  const tsc7 = join(TOOLS_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
  const generator = join(TOOLS_DIR, 'node_modules', 'i18next-resources-for-ts', 'bin', 'i18next-resources-for-ts.js');
  if (!existsSync(tsc7) || !existsSync(generator)) {
    log(`installing ${TOOLS.join(', ')} into ${TOOLS_DIR} (once per machine)`);
    const result = spawnSync(
      'npm',
      ['install', '--prefix', TOOLS_DIR, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', ...TOOLS],
      { encoding: 'utf8', timeout: 300_000 },
    );
    if (result.status !== 0) throw new Error(`npm install ${TOOLS.join(' ')} failed: ${result.stderr}`);
  }
  const version = (name) =>
    JSON.parse(readFileSync(join(TOOLS_DIR, 'node_modules', name, 'package.json'), 'utf8')).version;
  return { tsc7, generator, typescript: version('typescript'), generatorVersion: version('i18next-resources-for-ts') };
}

/** A key's segment as a selector names it: `.name`, or `["a-b"]` when it is not an identifier. */
const member = (segment) => (/^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`);

/** `path`, checked to be there (readFileSync throws naming it otherwise). */
function existing(path) {
  readFileSync(path);
  return path;
}
