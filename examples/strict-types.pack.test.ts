// Strict TypeScript is a supported setting (issue 34): every TypeScript block of docs/*.md and of the
// READMEs, and every example program, type-checks under `"strict": true, "exactOptionalPropertyTypes": true,
// "noUncheckedIndexedAccess": true`, as a user's project meets the packages: the packed tarballs unpacked
// into its node_modules, resolved through their `exports` (NodeNext), each block once as an ES module (.mts)
// and once as CommonJS (.cts). The example web app (examples/ota-web/app.js) is checked as its bundler
// (esbuild) sees it: `moduleResolution: bundler`.
//
// A block may use names its page's prose gives it (`loc`, `done`, `mock`, …): CONTEXT declares them, with the
// types a user's own code would have (an `AbortSignal | undefined`, for example). Nothing is installed from
// the registry: the packages' dependencies are the workspace's own copies, linked in.
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

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MINUTE = 60_000;

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

/** Runs tsc over a project; its diagnostics, one per line, with paths relative to the project. */
function tsc(project: string): string[] {
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
    cwd: work,
    encoding: 'utf8',
    timeout: 4 * MINUTE,
  });
  expect(result.error).toBeUndefined();
  return `${result.stdout}${result.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line));
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

  it('the settings are in force: an optional property that does not take undefined is an error', () => {
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
    const errors = tsc('tsconfig.canary.json');
    expect(errors).toEqual([
      expect.stringContaining("with 'exactOptionalPropertyTypes: true'"),
      expect.stringContaining("Type 'number | undefined' is not assignable to type 'number'"),
    ]);
  });

  it.each([
    ['as ES modules (NodeNext), with every Node example', 'esm'],
    ['as CommonJS (NodeNext, .cts)', 'cjs'],
  ])(
    'every TypeScript block of docs/ and the READMEs type-checks %s',
    (_what, kind) => {
      expect(tsc(`tsconfig.${kind}.json`).map(located)).toEqual([]);
    },
    5 * MINUTE,
  );

  it(
    'the example web app type-checks as its bundler resolves it',
    () => {
      expect(tsc('tsconfig.web.json')).toEqual([]);
    },
    5 * MINUTE,
  );
});
