// The apps of the typed-keys row (bench/run.mjs): the same calls of `t()`, compiled by tsc without the
// file of `loc export --types` (the baseline: `t()` takes any key), with it through @loc/sdk/ota
// (createOtaClient<LocKeys>(), typedT), and with it through i18next's own types (the augmentation): with
// string keys, as the file is made, and with `enableSelector: 'optimize'` declared by the app (its calls
// then name a key by a selector, `$ => $.a.b`). Each app makes the same calls (each key through both),
// with the values their texts need.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
 * Writes the three apps below `dir` and returns their folders. `sourceFile`: the first source file of the
 * export (its keys are the default namespace's); `otaTypes`, `i18nextTypes`: the files `loc` wrote.
 * @param {{ dir: string, root: string, sourceFile: string, namespace: string, otaTypes: string, i18nextTypes: string, calls: number }} options
 */
export function writeTypedKeysApps({ dir, root, sourceFile, namespace, otaTypes, i18nextTypes, calls }) {
  const all = keysOf(JSON.parse(readFileSync(sourceFile, 'utf8')));
  const step = Math.max(1, Math.floor(all.length / calls));
  const picked = all.filter((_, i) => i % step === 0).slice(0, calls);
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
  for (const variant of ['untyped', 'ota', 'i18next', 'i18nextSelector']) {
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
    writeFileSync(join(folder, 'app.ts'), `${lines.join('\n')}\n`);
    apps[variant] = folder;
  }
  return apps;
}

/** A key's segment as a selector names it: `.name`, or `["a-b"]` when it is not an identifier. */
const member = (segment) => (/^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`);

/** `path`, checked to be there (readFileSync throws naming it otherwise). */
function existing(path) {
  readFileSync(path);
  return path;
}
