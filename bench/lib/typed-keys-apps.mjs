// The apps of the typed-keys row (bench/run.mjs): the same calls of `t()`, compiled by tsc without the
// file of `loc export --types` (the baseline: `t()` takes any key), with it through @loc/sdk/ota
// (createOtaClient<LocKeys>(), typedT), and with it through i18next's own types (the augmentation). Each app
// makes the same calls (each key through both), with the values their texts need.
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
  const call = (t, [key, text]) =>
    `  ${t}(${JSON.stringify(key)}${/\{\{?count\}\}?/.test(text) ? ', { count: 2 }' : ''}),`;
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
  for (const variant of ['untyped', 'ota', 'i18next']) {
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
      ...picked.map((k) => call('i18next.t', k)),
      '];',
    ];
    if (variant === 'ota') writeFileSync(join(folder, 'ota-keys.d.ts'), readFileSync(otaTypes));
    if (variant === 'i18next') {
      writeFileSync(join(folder, 'loc-keys.d.ts'), readFileSync(i18nextTypes));
      writeFileSync(
        join(folder, 'namespace.d.ts'),
        `import 'i18next';\ndeclare module 'i18next' { interface CustomTypeOptions { defaultNS: ${JSON.stringify(namespace)} } }\n`,
      );
    }
    writeFileSync(join(folder, 'app.ts'), `${lines.join('\n')}\n`);
    apps[variant] = folder;
  }
  return apps;
}

/** `path`, checked to be there (readFileSync throws naming it otherwise). */
function existing(path) {
  readFileSync(path);
  return path;
}
