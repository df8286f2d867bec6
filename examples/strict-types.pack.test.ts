// Strict TypeScript is a supported setting (issue 34): every TypeScript block of docs/*.md and of the
// READMEs, and every example program, type-checks under `"strict": true, "exactOptionalPropertyTypes": true,
// "noUncheckedIndexedAccess": true`, as a user's project meets the packages: the packed tarballs unpacked
// into its node_modules, resolved through their `exports` (NodeNext), each block once as an ES module (.mts)
// and once as CommonJS (.cts). The example web app (examples/ota-web/app.js) is checked as its bundler
// (esbuild) sees it: `moduleResolution: bundler`. So are the typed-keys apps (examples/typed-keys/), against
// the files the real `loc export --types` writes from a real `loc-mock`: their calls compile, and each wrong
// call of examples/typed-keys/fixture.ts fails, naming its key.
//
// With TypeScript 6 (the workspace's, which the repository's own build needs: docs/decisions.md) and 7,
// what `npm i typescript` installs today, from the npm registry into a folder of this run. TypeScript 7
// runs on the Active LTS line only (the msw 3 run of the packed tests): the blocks, the tarballs and the
// dependencies linked in are the same on every line, and TypeScript 7 is a native program that does not
// run on Node, so a second line would check the same thing again.
//
// A block may use names its page's prose gives it (`loc`, `done`, `mock`, …): CONTEXT declares them, with the
// types a user's own code would have (an `AbortSignal | undefined`, for example). Nothing else is installed
// from the registry: the packages' dependencies are the workspace's own copies, linked in.
//
// Packed by scripts/pack-all.mjs (or LOC_PACKED, packed once by `npm test`); run it with
//   node_modules/.bin/vitest run --config examples/vitest.pack.config.ts strict-types
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_BIN, runLoc, startMock, TOKENS } from '@loc/test-utils';
import {
  I18NEXT_WRONG_CALLS,
  OTA_WRONG_CALLS,
  WEB_SHOP_EXPORT,
  webShopProject,
  wrongCallsModule,
} from './typed-keys/fixture';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MINUTE = 60_000;

/** TypeScript 7 as `npm i typescript` installs it today; checked on the Active LTS line (see above). */
const TYPESCRIPT_7 = 'typescript@^7.0.2';
type Version = 6 | 7;
const VERSIONS: readonly Version[] = Number(process.versions.node.split('.')[0]) >= 26 ? [6, 7] : [6];

/** The settings of issue 34: the strictest a TypeScript user turns on. */
const STRICTEST = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true };

/** The dependencies the unpacked packages and the blocks import, from the workspace's node_modules. */
const LINKED: Record<string, string> = {
  zod: 'packages/sdk',
  fflate: 'packages/sdk',
  semver: 'packages/mock-server',
  msw: 'examples',
  i18next: 'examples',
  esbuild: 'examples',
  vitest: '.',
  '@types/node': '.',
};

/**
 * What the prose around a block gives it. A global script (no import or export), so each block's own
 * declarations (a block is a module) take precedence over these.
 */
const context = (
  mode: 'import' | 'require',
) => `// Names a block uses that its page defines in prose or in an earlier block.
declare const loc: import('@loc/sdk', { with: { 'resolution-mode': '${mode}' } }).LocClient;
declare const done: import('@loc/sdk', { with: { 'resolution-mode': '${mode}' } }).CompletedExport;
declare const mock: import('@loc/mock-server', { with: { 'resolution-mode': '${mode}' } }).MockService;
declare const url: string;
// As a user's own code often has them: possibly undefined (exactOptionalPropertyTypes must take that).
declare const signal: AbortSignal | undefined;
declare const expectedSha256: string | undefined;
declare const idleTimeoutMs: number | undefined;
declare const maxBytes: number | undefined;
declare const timeoutMs: number | undefined;
declare const onProgress: ((progress: import('@loc/sdk/node', { with: { 'resolution-mode': '${mode}' } }).DownloadProgress) => void) | undefined;
declare function rerender(): void;
declare const options: Omit<import('@loc/sdk/ota', { with: { 'resolution-mode': '${mode}' } }).OtaOptions, 'storage'>;
declare const bundledGerman: Record<string, string>;
declare module '@react-native-async-storage/async-storage' {
  const AsyncStorage: {
    getItem(key: string): Promise<string | null>;
    setItem(key: string, value: string): Promise<void>;
    removeItem(key: string): Promise<void>;
  };
  export default AsyncStorage;
}
`;

interface Block {
  /** `docs/sdk.md:11`: where a failure points. */
  where: string;
  /** TypeScript, or JavaScript (checked with checkJs as the module kind it is written as). */
  lang: 'ts' | 'js';
  code: string;
}

const FENCE = /^```(ts|typescript|js|javascript)\s*$/;

/**
 * A block that shows compile errors on purpose (the typed keys of docs/ota.md: which calls fail) says so in
 * a `<!-- strict-types: skip (reason) -->` line just above it; a test that compiles the real thing is named
 * in the reason.
 */
const SKIP = /^<!-- strict-types: skip \(.+\) -->$/;

/** The TypeScript and JavaScript blocks of a Markdown file. */
function codeBlocks(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i]!);
    if (!fence) continue;
    const end = lines.indexOf('```', i + 1);
    const lang = fence[1]!.startsWith('t') ? 'ts' : 'js';
    if (SKIP.test(lines[i - 1] ?? '')) {
      i = end;
      continue;
    }
    blocks.push({ where: `${file}:${i + 1}`, lang, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const markdown = [
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'README.md',
  ...readdirSync(join(root, 'packages'))
    .map((p) => `packages/${p}/README.md`)
    .filter((f) => existsSync(join(root, f))),
];
const blocks = markdown.flatMap(codeBlocks);

/** The block as an ES module: its own scope, top-level await as written. */
const asEsm = (code: string) => `${code}\nexport {};\n`;

/**
 * The block as CommonJS: its imports stay at the top (compiled to `require`), the rest goes into an async
 * function, since top-level await is an ES module feature (docs/sdk.md, "ES modules and CommonJS"). A JSON
 * import loses its `with { type: 'json' }`: an ES module needs it, `require` takes none.
 */
function asCommonJs(code: string): string {
  const lines = code.split('\n').map((line) => line.replace(/ with \{ type: 'json' \}/, ''));
  const imports = lines.filter((line) => /^import\s/.test(line));
  const body = lines.filter((line) => !/^import\s/.test(line));
  return `${imports.join('\n')}\nexport async function main(): Promise<void> {\n${body.join('\n')}\n}\n`;
}

/** A file name for a block: `docs-sdk.md-11`. */
const fileOf = (block: Block) => block.where.replace(/[/:]/g, '-');

let work: string;

/** Each version's tsc: 6 the workspace's, 7 installed by beforeAll. */
const compilers = (): Record<Version, string> => ({
  6: join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
  7: join(work, 'typescript-7', 'node_modules', 'typescript', 'bin', 'tsc'),
});

/** Runs tsc over a project; its diagnostics, one per line, with paths relative to the project. */
function tsc(project: string, version: Version = 6): string[] {
  return diagnostics(project, version).map((d) => d.split('\n')[0]!);
}

/** Each diagnostic of tsc over a project, with its elaboration (the indented lines after it). */
function diagnostics(project: string, version: Version): string[] {
  const result = spawnSync(process.execPath, [compilers()[version], '-p', project, '--pretty', 'false'], {
    cwd: work,
    encoding: 'utf8',
    timeout: 4 * MINUTE,
  });
  expect(result.error).toBeUndefined();
  const found: string[] = [];
  for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
    if (/error TS\d+/.test(line)) found.push(line);
    else if (/^\s/.test(line) && found.length) found[found.length - 1] += `\n${line}`;
  }
  return found;
}

/** A diagnostic about a block file, pointed back at its Markdown page and line. */
function located(diagnostic: string): string {
  const match = /^blocks\/(esm|cjs)\/(.+)-(\d+)\.[mc][tj]s\((\d+),\d+\): (.*)$/.exec(diagnostic);
  if (!match) return diagnostic;
  const [, kind, file, line, at, message] = match;
  const page = file!.replace(/-(?=[^-]*\.md$)/, '/').replace(/^docs-/, 'docs/');
  return `${page}:${Number(line) + Number(at) - (kind === 'cjs' ? 1 : 0)} (${kind}): ${message}`;
}

beforeAll(() => {
  for (const name of ['sdk', 'mock-server']) {
    if (!existsSync(join(root, 'packages', name, 'dist')))
      throw new Error(`packages/${name}/dist is missing: build first (npm run build).`);
  }
  work = mkdtempSync(join(tmpdir(), 'loc-strict-types-'));
  let packed = process.env.LOC_PACKED;
  if (!packed) {
    packed = join(work, 'tarballs');
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'pack-all.mjs'), packed], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      timeout: 5 * MINUTE,
    });
    if (result.status !== 0) throw new Error(`pack-all failed: ${result.stderr}`);
  }
  if (VERSIONS.includes(7)) {
    // In a folder of its own, as `npm i typescript` installs it: its `tsc` is not the workspace's 6.
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        join(work, 'typescript-7'),
        '--no-save',
        '--no-package-lock',
        '--prefer-offline',
        TYPESCRIPT_7,
      ],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          npm_config_update_notifier: 'false',
          npm_config_fund: 'false',
          npm_config_audit: 'false',
        },
        timeout: 5 * MINUTE,
      },
    );
    if (npm.status !== 0) throw new Error(`npm install ${TYPESCRIPT_7} failed: ${npm.stderr}`);
    const version = spawnSync(process.execPath, [compilers()[7], '--version'], { encoding: 'utf8' }).stdout;
    if (!/^Version 7\./.test(version)) throw new Error(`${TYPESCRIPT_7} installed a tsc that says ${version}`);
  }
  // The user's project: the tarballs unpacked where npm puts them, the dependencies beside them.
  const modules = join(work, 'node_modules');
  for (const name of ['sdk', 'mock-server']) {
    const tarball = readdirSync(packed).find((f) => f.startsWith(`loc-${name}-`) && f.endsWith('.tgz'));
    if (!tarball) throw new Error(`no tarball of @loc/${name} in ${packed}`);
    const target = join(modules, '@loc', name);
    mkdirSync(target, { recursive: true });
    const untar = spawnSync('tar', ['-xzf', join(packed, tarball), '--strip-components=1', '-C', target]);
    if (untar.status !== 0) throw new Error(`tar failed on ${tarball}: ${untar.stderr}`);
  }
  for (const [name, from] of Object.entries(LINKED)) {
    const target = join(modules, name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(realpathSync(join(root, from, 'node_modules', name)), target);
  }
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'strict-user', private: true }));
  for (const block of blocks) {
    // A JavaScript block is the module kind it is written as (`require` makes it CommonJS), checked once.
    const kinds =
      block.lang === 'js'
        ? [
            /\brequire\(/.test(block.code)
              ? (['cjs', block.code, 'cjs'] as const)
              : (['esm', block.code, 'mjs'] as const),
          ]
        : ([
            ['esm', asEsm(block.code), 'mts'],
            ['cjs', asCommonJs(block.code), 'cts'],
          ] as const);
    for (const [kind, text, extension] of kinds) {
      const dir = join(work, 'blocks', kind);
      mkdirSync(join(dir, 'locales'), { recursive: true });
      writeFileSync(join(dir, `${fileOf(block)}.${extension}`), text);
      // What the ota.md block imports beside itself: the app's bundled strings.
      writeFileSync(join(dir, 'locales', 'de.json'), '{ "checkout.pay": "Jetzt bezahlen" }\n');
    }
  }
  writeFileSync(join(work, 'blocks', 'esm', 'context.d.ts'), context('import'));
  writeFileSync(join(work, 'blocks', 'cjs', 'context.d.ts'), context('require'));
  cpSync(join(root, 'examples'), join(work, 'examples'), {
    recursive: true,
    filter: (source) =>
      !/node_modules|\.test\.ts$|\.d\.ts$|tsconfig\.json$|package\.json$/.test(relative(root, source)),
  });
  const common = {
    target: 'es2022',
    lib: ['es2023', 'dom', 'dom.iterable'],
    types: ['node'],
    ...STRICTEST,
    skipLibCheck: true,
    noEmit: true,
    allowJs: true,
    checkJs: true,
    resolveJsonModule: true,
    esModuleInterop: true,
  };
  const tsconfig = (name: string, compilerOptions: Record<string, unknown>, include: string[]) =>
    writeFileSync(
      join(work, `tsconfig.${name}.json`),
      JSON.stringify({ compilerOptions: { ...common, ...compilerOptions }, include }),
    );
  const nodeNext = { module: 'nodenext', moduleResolution: 'nodenext' };
  // The examples that run in Node (ota-web's build.mjs and server.mjs are the web example's tooling, not
  // code of the SDK's users).
  tsconfig('esm', nodeNext, ['blocks/esm/*', 'examples/*.mjs']);
  tsconfig('cjs', nodeNext, ['blocks/cjs/*']);
  tsconfig('web', { module: 'preserve', moduleResolution: 'bundler', types: [] }, ['examples/ota-web/*.js']);
}, 10 * MINUTE);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('strict TypeScript against the packed packages', () => {
  it('finds the blocks of docs/ and the READMEs', () => {
    expect(blocks.length).toBeGreaterThan(15);
    expect(blocks.map((b) => b.where)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^docs\/sdk\.md:/),
        expect.stringMatching(/^packages\/sdk\/README\.md:/),
      ]),
    );
  });

  it.each(VERSIONS)(
    'the settings are in force under TypeScript %s: an optional property that does not take undefined is an error',
    (version) => {
      writeFileSync(
        join(work, 'canary.mts'),
        'const options: { a?: number } = { a: undefined as number | undefined };\nexport const first: number = [1][0];\nexport { options };\n',
      );
      writeFileSync(
        join(work, 'tsconfig.canary.json'),
        JSON.stringify({
          compilerOptions: { module: 'nodenext', ...STRICTEST, noEmit: true, types: [] },
          files: ['canary.mts'],
        }),
      );
      const errors = tsc('tsconfig.canary.json', version);
      expect(errors).toEqual([
        expect.stringContaining("with 'exactOptionalPropertyTypes: true'"),
        expect.stringContaining("Type 'number | undefined' is not assignable to type 'number'"),
      ]);
    },
  );

  it.each(
    VERSIONS.flatMap((version) => [
      ['as ES modules (NodeNext), with every Node example', version, 'esm'] as const,
      ['as CommonJS (NodeNext, .cts)', version, 'cjs'] as const,
    ]),
  )(
    'every TypeScript block of docs/ and the READMEs type-checks %s, under TypeScript %s',
    (_what, version, kind) => {
      expect(tsc(`tsconfig.${kind}.json`, version).map(located)).toEqual([]);
    },
    5 * MINUTE,
  );

  it.each(VERSIONS)(
    'the example web app type-checks as its bundler resolves it, under TypeScript %s',
    (version) => {
      expect(tsc('tsconfig.web.json', version)).toEqual([]);
    },
    5 * MINUTE,
  );
});

describe('the typed-keys apps against the files loc writes', () => {
  /** The app's folder below the user's project (whose node_modules hold the packed packages). */
  const app = () => join(work, 'typed-keys');
  const i18nextHeader = ["import i18next from 'i18next';"];
  const otaHeader = [
    "import { createOtaClient, typedT } from '@loc/sdk/ota';",
    "import type { LocKeys } from './ota-keys';",
    "const ota = createOtaClient<LocKeys>({ cdnKey: 'lh-cdn_x', environment: 'DEVELOPMENT', type: 'NATIVE_FORMAT' });",
    'const t = typedT<LocKeys>(ota);',
  ];

  beforeAll(async () => {
    // The web shop of examples/typed-keys/fixture.ts on the demo seed: its i18next file, and the over-the-air
    // client's (json.nested), made by the built loc from a real loc-mock.
    const seed = JSON.parse(spawnSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' }).stdout);
    seed.projects.push(webShopProject());
    writeFileSync(join(work, 'typed-keys-seed.json'), JSON.stringify(seed));
    const mock = await startMock(['--seed', join(work, 'typed-keys-seed.json'), '--export-delay', '20ms']);
    try {
      const env = {
        LOC_BASE_URL: mock.url,
        LOC_API_TOKEN: TOKENS.developer,
        LOC_CONFIG_DIR: join(work, 'home'),
        CI: '1',
      };
      mkdirSync(app());
      for (const args of [
        WEB_SHOP_EXPORT,
        [...WEB_SHOP_EXPORT.slice(0, 5), '--format', 'json.nested', '--out', 'ota', '--types', 'src/ota-keys.d.ts'],
      ]) {
        const result = await runLoc(args, { cwd: app(), env });
        expect(result.code, result.stderr).toBe(0);
      }
    } finally {
      await mock.stop();
    }
    cpSync(join(root, 'examples', 'typed-keys', 'src'), join(app(), 'src'), { recursive: true });
    writeFileSync(join(app(), 'src', 'bad-i18next.ts'), wrongCallsModule(I18NEXT_WRONG_CALLS, i18nextHeader).text);
    writeFileSync(join(app(), 'src', 'bad-ota.ts'), wrongCallsModule(OTA_WRONG_CALLS, otaHeader).text);
    // As a web app's bundler resolves it. Without skipLibCheck: the generated files are the app's own
    // sources, and the packed @loc/sdk's declarations and i18next's are checked under these settings too.
    writeFileSync(
      join(work, 'tsconfig.typed-keys.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          lib: ['es2023', 'dom'],
          module: 'preserve',
          moduleResolution: 'bundler',
          types: [],
          ...STRICTEST,
          skipLibCheck: false,
          noEmit: true,
        },
        include: ['typed-keys/src/*.ts'],
      }),
    );
  }, 5 * MINUTE);

  it.each(VERSIONS)(
    'under TypeScript %s: the apps compile, and each wrong call fails naming its key',
    (version) => {
      const found = diagnostics('tsconfig.typed-keys.json', version).map((d) => {
        const [, file, line, code, message] =
          /^typed-keys\/src\/([^(]+)\((\d+),\d+\): error TS(\d+): (.*)$/s.exec(d) ?? [];
        return { file: file ?? d, line: Number(line), code: Number(code), message: message ?? d };
      });
      // Only the wrong calls fail: every line of the apps, and the generated files, compile.
      expect(found.filter((d) => !d.file.startsWith('bad-'))).toEqual([]);
      const i18next = found.filter((d) => d.file === 'bad-i18next.ts');
      expect(i18next.map((d) => d.line)).toEqual(wrongCallsModule(I18NEXT_WRONG_CALLS, i18nextHeader).lines);
      for (const [i, call] of I18NEXT_WRONG_CALLS.entries()) {
        expect({ what: call.what, code: i18next[i]!.code }).toEqual({ what: call.what, code: 2345 });
        expect(i18next[i]!.message, call.what).toContain(`"${call.key}"`);
        if (call.says) expect(i18next[i]!.message, call.what).toContain(call.says);
      }
      // The over-the-air client's calls (their messages: examples/typed-keys.test.ts).
      expect([...new Set(found.filter((d) => d.file === 'bad-ota.ts').map((d) => d.line))]).toEqual(
        wrongCallsModule(OTA_WRONG_CALLS, otaHeader).lines,
      );
    },
    5 * MINUTE,
  );
});
