// The packages as a user meets them: packed with `pnpm pack`, installed with plain npm into empty folders
// outside the repository, and used from there — the binaries, an ESM, a CJS and a TypeScript consumer of
// @loc/sdk, and a vitest test of the user's own code with @loc/mock-server's msw handlers (msw 2 on
// Node 22, the older major the peer range still covers, and msw 3 on later lines).
//
// Not part of `npm test` (it installs from the npm registry): run it with
//   node_modules/.bin/vitest run --config examples/vitest.pack.config.ts
// after a build. npm's cache keeps the installs short; the time limits are generous on purpose.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['sdk', 'mock-server', 'cli'] as const;
const MINUTE = 60_000;

/** Both majors of @loc/mock-server's msw peer range: the older one on the oldest supported line. */
const MSW =
  Number(process.versions.node.split('.')[0]) <= 22 ? { range: '^2.15.0', major: 2 } : { range: '^3.0.0', major: 3 };

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (no shell), with a clean environment plus `env`, and a time limit. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<Ran> {
  const env = {
    // This Node first: the binaries' `#!/usr/bin/env node` must run on the Node under test.
    PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
    HOME: process.env.HOME ?? tmpdir(),
    NO_COLOR: '1',
    CI: '1',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}),
    ...options.env,
  };
  const child = spawn(command, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    const limit = options.timeoutMs ?? MINUTE;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not finish within ${limit} ms\n${stdout}\n${stderr}`));
    }, limit);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/** Asserts a successful exit, showing the output when it was not. */
function ok(result: Ran): Ran {
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

let work: string;
let tarballs: string[];
/** Everything installed: the three packages, msw, vitest, TypeScript. */
let app: string;
/** Only the CLI and the mock server, as someone who runs `loc-mock serve` has them: no msw. */
let serverOnly: string;

const bin = (folder: string, name: string) => join(folder, 'node_modules', '.bin', name);

async function npmInstall(folder: string, specs: string[]) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ name: 'loc-user-app', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  ok(
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], {
      cwd: folder,
      timeoutMs: 10 * MINUTE,
    }),
  );
}

beforeAll(async () => {
  for (const name of PACKAGES) {
    if (!existsSync(join(root, 'packages', name, 'dist')))
      throw new Error(`packages/${name}/dist is missing: build first (npm run build).`);
  }
  work = mkdtempSync(join(tmpdir(), 'loc-pack-'));
  // Packed by scripts/pack-all.mjs, here or (LOC_PACKED) once by the CI for its runs of this file.
  let out = process.env.LOC_PACKED;
  if (!out) {
    out = join(work, 'tarballs');
    ok(await run(process.execPath, [join(root, 'scripts', 'pack-all.mjs'), out], { cwd: root, timeoutMs: 5 * MINUTE }));
  }
  tarballs = readdirSync(out).map((file) => join(out, file));
  expect(tarballs).toHaveLength(3);
  app = join(work, 'app');
  serverOnly = join(work, 'server-only');
  // The two installs at once (npm's cache takes concurrent installs): this file is the longest of the
  // packed runs, and one npm install keeps one core busy at most.
  await Promise.all([
    npmInstall(app, [...tarballs, `msw@${MSW.range}`, 'vitest@^4.1.0', 'typescript@~5.9.3', '@types/node@^20.19.0']),
    npmInstall(serverOnly, tarballs),
  ]);
}, 25 * MINUTE);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed packages, installed with npm', () => {
  it('ship LICENSE, the docs their READMEs link to, and the metadata', () => {
    for (const name of PACKAGES) {
      const folder = join(app, 'node_modules', '@loc', name);
      const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      expect(readFileSync(join(folder, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
      // The notices of what dist/ bundles (the CLI its dependencies, loc-mock msw, the SDK ofetch).
      const bundled = { cli: 'commander', 'mock-server': 'msw', sdk: 'ofetch' }[name];
      expect(readFileSync(join(folder, 'THIRD_PARTY_LICENSES.md'), 'utf8')).toMatch(
        new RegExp(`^## ${bundled} \\d`, 'm'),
      );
      expect(pkg.files).toContain('CHANGELOG.md');
      // No address until the project has a public repository (docs/decisions.md), so no provenance either.
      expect(pkg.publishConfig).toEqual({ access: 'public' });
      for (const key of ['keywords', 'author', 'license']) expect(pkg[key], `${name} ${key}`).toBeTruthy();
      for (const key of ['repository', 'homepage', 'bugs']) expect(pkg[key], `${name} ${key}`).toBeUndefined();
      // The registry's page shows the README without the package's files: every link is absolute, and a
      // link to the package's own files (scripts/prepack.mjs) names a file the tarball holds.
      const readme = readFileSync(join(folder, 'README.md'), 'utf8');
      const links = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
      expect(
        links.filter((l) => !/^https:\/\//.test(l)),
        `${name}: relative README links`,
      ).toEqual([]);
      const own = `https://unpkg.com/${pkg.name}@${pkg.version}/`;
      for (const link of links.filter((l) => l.startsWith(own)))
        expect(existsSync(join(folder, link.slice(own.length))), `${name}: README links ${link}`).toBe(true);
      // Only the docs its README links to; no source maps.
      expect(existsSync(join(folder, 'docs', 'decisions.md')), `${name}: docs/decisions.md`).toBe(false);
      const files = readdirSync(folder, { recursive: true }) as string[];
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    }
  });

  it('loc --version prints the package version, and --help ends with a docs page that exists', async () => {
    const version = JSON.parse(readFileSync(join(app, 'node_modules', '@loc', 'cli', 'package.json'), 'utf8')).version;
    expect(ok(await run(bin(app, 'loc'), ['--version'], { cwd: app })).stdout.trim()).toBe(version);
    const docs = /Docs: (\S+)\s*$/.exec(ok(await run(bin(app, 'loc'), ['--help'], { cwd: app })).stdout)?.[1];
    expect(docs).toBe(join(app, 'node_modules', '@loc', 'cli', 'docs', 'cli.md'));
    const mockDocs = /: (\S+)\s*$/.exec(ok(await run(bin(app, 'loc-mock'), ['--help'], { cwd: app })).stdout)?.[1];
    expect(mockDocs).toBe(join(app, 'node_modules', '@loc', 'mock-server', 'docs', 'mock-server.md'));
  });

  it('installs msw as the user chose it: one copy, none nested under @loc/mock-server', () => {
    const msw = JSON.parse(readFileSync(join(app, 'node_modules', 'msw', 'package.json'), 'utf8'));
    expect(Number(msw.version.split('.')[0])).toBe(MSW.major);
    expect(existsSync(join(app, 'node_modules', '@loc', 'mock-server', 'node_modules', 'msw'))).toBe(false);
    expect(existsSync(join(serverOnly, 'node_modules', 'msw'))).toBe(false);
  });

  it('without msw, importing or requiring @loc/mock-server says to install msw (issue 35)', async () => {
    for (const args of [
      ['--input-type=module', '-e', "await import('@loc/mock-server')"],
      ['-e', "require('@loc/mock-server')"],
    ]) {
      const result = await run(process.execPath, args, { cwd: serverOnly });
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toContain('npm install --save-dev msw');
    }
  });

  describe('against `loc-mock serve` (installed without msw)', () => {
    let url: string;
    let stop: () => Promise<void>;

    beforeAll(async () => {
      const child = spawn(
        process.execPath,
        [bin(serverOnly, 'loc-mock'), 'serve', '--port', '0', '--quiet', '--export-delay', '50ms'],
        {
          cwd: serverOnly,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      stop = async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
      };
      url = await new Promise<string>((found, fail) => {
        void exited.then(() => fail(new Error(`loc-mock exited: ${stderr}`)));
        createInterface({ input: child.stdout }).once('line', (line) => found(line.split(' ').at(-1)!));
      });
    }, 2 * MINUTE);
    afterAll(() => stop?.());

    it(
      'loc cdn check finds the release for an app version',
      async () => {
        const result = ok(
          await run(
            bin(serverOnly, 'loc'),
            ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS', '--client-version', '2.1.0', '--json'],
            {
              cwd: serverOnly,
              env: { LOC_BASE_URL: url, LOC_CDN_KEY: 'lh-cdn_demo_acme' },
            },
          ),
        );
        expect(JSON.parse(result.stdout)).toMatchObject({ release: { distributionReleaseId: 'rel_ios_2_1' } });
      },
      2 * MINUTE,
    );

    it(
      'loc export writes the project files into a folder',
      async () => {
        const out = join(serverOnly, 'Resources');
        ok(
          await run(
            bin(serverOnly, 'loc'),
            [
              'export',
              '--workspace',
              'acme',
              '--project',
              'mobile-ios',
              '--out',
              out,
              '--path-template',
              '{locale}.lproj/{filename}',
            ],
            {
              cwd: serverOnly,
              env: { LOC_BASE_URL: url, LOC_API_TOKEN: 'loc_test_developer', LOC_CONFIG_DIR: join(work, 'config') },
              timeoutMs: 2 * MINUTE,
            },
          ),
        );
        expect(readFileSync(join(out, 'de.lproj', 'Localizable.strings'), 'utf8')).toMatch(/^"[^"]+" = ".*";$/m);
      },
      3 * MINUTE,
    );

    it(
      'an ESM consumer (examples/export-and-download.mjs, copied) exports and downloads',
      async () => {
        cpSync(join(root, 'examples', 'export-and-download.mjs'), join(app, 'export-and-download.mjs'));
        const result = ok(
          await run(process.execPath, ['export-and-download.mjs', 'acme', 'mobile-ios', 'out/strings.zip'], {
            cwd: app,
            env: { LOC_BASE_URL: url, LOC_API_TOKEN: 'loc_test_developer' },
          }),
        );
        expect(result.stdout).toMatch(/Downloaded \d+ files/);
        expect(
          readFileSync(join(app, 'out', 'strings.zip'))
            .subarray(0, 2)
            .toString(),
        ).toBe('PK');
      },
      2 * MINUTE,
    );

    it(
      "docs/sdk.md's first example runs as written, as an ES module, against the mock",
      async () => {
        const doc = readFileSync(join(app, 'node_modules', '@loc', 'sdk', 'docs', 'sdk.md'), 'utf8');
        const example = /```ts\n([\s\S]*?)```/.exec(doc)?.[1];
        expect(example).toContain("import { createClient } from '@loc/sdk';");
        // The page's address of loc-mock is its default port; this test's mock has a free one.
        writeFileSync(join(app, 'sdk-example.mjs'), example!.replace('http://127.0.0.1:4010', url));
        ok(
          await run(process.execPath, ['sdk-example.mjs'], { cwd: app, env: { LOC_API_TOKEN: 'loc_test_developer' } }),
        );
        expect(
          readFileSync(join(app, 'build', 'strings.zip'))
            .subarray(0, 2)
            .toString(),
        ).toBe('PK');
      },
      2 * MINUTE,
    );

    it(
      'every self-contained TypeScript and JavaScript block of docs/sdk.md runs as written, against the mock (issue 44)',
      async () => {
        const doc = readFileSync(join(app, 'node_modules', '@loc', 'sdk', 'docs', 'sdk.md'), 'utf8');
        // A block that uses a name its page's prose gives it (`loc`, `done`, …) is only type-checked
        // (examples/strict-types.pack.test.ts); one that imports and makes all it uses must run.
        const GIVEN = [
          'loc',
          'done',
          'mock',
          'url',
          'signal',
          'expectedSha256',
          'idleTimeoutMs',
          'maxBytes',
          'onProgress',
        ];
        const usesGiven = (code: string) =>
          GIVEN.some(
            (name) =>
              new RegExp(`(?<![\\w.'"\`$])${name}\\b(?!:)`).test(code) &&
              !new RegExp(`\\b(const|let|function)\\s+${name}\\b`).test(code),
          );
        const blocks = [...doc.matchAll(/```(ts|js)\n([\s\S]*?)```/g)]
          .map(([, lang, code]) => ({ lang: lang!, code: code! }))
          .filter(({ code }) => !usesGiven(code));
        expect(blocks.length).toBeGreaterThanOrEqual(5);
        // The file the upload block pushes ("the source file a developer changed"): the app's own, as in a
        // checkout, with a key the service lacks.
        mkdirSync(join(app, 'locales', 'en'), { recursive: true });
        writeFileSync(
          join(app, 'locales', 'en', 'common.json'),
          `${JSON.stringify({ 'app.title': 'Acme Notes', 'docs.block.added': 'Added by the docs block' }, null, 2)}\n`,
        );
        try {
          for (const [i, block] of blocks.entries()) {
            const file = join(app, `sdk-block-${i}.${block.lang === 'ts' ? 'mts' : 'cjs'}`);
            writeFileSync(file, block.code.replaceAll('http://127.0.0.1:4010', url));
            // The blocks' token is the reader's: the mock's that may do what every block does (create a project).
            const env = { LOC_BASE_URL: url, LOC_API_TOKEN: 'loc_test_admin', LOC_CDN_KEY: 'lh-cdn_demo_acme' };
            const result = await run(process.execPath, [file], { cwd: app, env });
            expect(result.code, `${block.code}\n--- ${result.stdout}\n${result.stderr}`).toBe(0);
          }
        } finally {
          // A block created a project and pushed a file: the tests after this one read the demo seed as it
          // was, whether or not every block ran.
          const reset = await fetch(`${url}/__admin/reset`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          expect(reset.status).toBe(200);
        }
      },
      2 * MINUTE,
    );

    it(
      'a CommonJS consumer (an `npm init -y` project) requires every entry of @loc/sdk',
      async () => {
        writeFileSync(
          join(app, 'consumer.cjs'),
          `const { createClient, NotFoundError } = require('@loc/sdk');
const { downloadToFile } = require('@loc/sdk/node');
const { buildOpenApiDocument } = require('@loc/sdk/openapi');
const { ProjectListSchema } = require('@loc/sdk/schemas');
const { androidQualifier } = require('@loc/sdk/locales');
(async () => {
  const loc = createClient();
  const { members } = await loc.projects.list();
  const { response } = await loc.projects.list().withResponse();
  const error = await loc.projects.get('acme', 'no-such-project').catch((e) => e);
  console.log(JSON.stringify({ members: members.length, first: [members[0].workspace, members[0].project], status: response.status, notFound: error instanceof NotFoundError, download: typeof downloadToFile, openapi: buildOpenApiDocument().openapi, schema: typeof ProjectListSchema.parse, locale: androidQualifier('pt-BR') }));
})();
`,
        );
        const result = ok(
          await run(process.execPath, ['consumer.cjs'], {
            cwd: app,
            env: { LOC_BASE_URL: url, LOC_API_TOKEN: 'loc_test_developer' },
          }),
        );
        expect(JSON.parse(result.stdout)).toEqual({
          members: 4,
          first: [expect.any(String), expect.any(String)],
          status: 200,
          notFound: true,
          download: 'function',
          openapi: expect.stringMatching(/^3\.1/),
          schema: 'function',
          locale: 'pt-rBR',
        });
      },
      2 * MINUTE,
    );

    it(
      'a TypeScript consumer compiles under node16 (.mts and .cts) and runs',
      async () => {
        const source = (
          kind: 'esm' | 'cjs',
        ) => `import { createClient, type ExportRequest, type ProjectDetails } from '@loc/sdk';
import { downloadToFile } from '@loc/sdk/node';
import { buildOpenApiDocument } from '@loc/sdk/openapi';
import { createMockService, DEMO, startMockServer } from '@loc/mock-server';
${kind === 'esm' || MSW.major === 2 ? "import { setupServer } from 'msw/node';\nexport const intercept = () => setupServer(...createMockService().handlers);" : '// msw 3 is ESM only: a CommonJS file cannot import msw/node.\nexport const handlers = () => createMockService().handlers;'}

async function main(): Promise<void> {
  const loc = createClient({ token: DEMO.tokens.developer });
  const project: ProjectDetails = await loc.projects.get('acme', 'mobile-ios');
  // Strict tsc, no helper and no \`!\`: each listed project carries the ids later calls take.
  const ids: string[] = [];
  for (const p of (await loc.projects.list()).members) ids.push(\`\${p.workspace}/\${p.project}\`);
  // @ts-expect-error a typo in a known export format does not compile
  const typo: ExportRequest = { exportFormat: 'strings-ios' };
  console.log(JSON.stringify({ kind: '${kind}', title: project.title, ids: ids.length, typo: typeof typo, download: typeof downloadToFile, openapi: buildOpenApiDocument().openapi, server: typeof startMockServer }));
}
void main();
`;
        mkdirSync(join(app, 'ts'), { recursive: true });
        writeFileSync(join(app, 'ts', 'consumer.mts'), source('esm'));
        writeFileSync(join(app, 'ts', 'consumer.cts'), source('cjs'));
        // No DOM lib: a Node project's usual setup.
        const compilerOptions = {
          module: 'node16',
          moduleResolution: 'node16',
          target: 'es2022',
          lib: ['es2022'],
          types: ['node'],
          strict: true,
          skipLibCheck: true,
          outDir: 'build',
        };
        writeFileSync(
          join(app, 'ts', 'tsconfig.json'),
          JSON.stringify({ compilerOptions, include: ['*.mts', '*.cts'] }),
        );
        ok(await run(bin(app, 'tsc'), ['-p', 'ts'], { cwd: app, timeoutMs: 3 * MINUTE }));
        for (const [file, kind] of [
          ['consumer.mjs', 'esm'],
          ['consumer.cjs', 'cjs'],
        ] as const) {
          const result = ok(
            await run(process.execPath, [join('ts', 'build', file)], { cwd: app, env: { LOC_BASE_URL: url } }),
          );
          expect(JSON.parse(result.stdout)).toMatchObject({
            kind,
            title: expect.any(String),
            ids: 4,
            download: 'function',
            server: 'function',
          });
        }
      },
      4 * MINUTE,
    );
  });

  it.each([
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
    ['node10', { module: 'commonjs', moduleResolution: 'node10' }],
  ])(
    'a TypeScript consumer type-checks under moduleResolution %s',
    async (name, resolution) => {
      const dir = join(app, `ts-${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'consumer.ts'),
        `import { createClient, NotFoundError, type CdnRelease } from '@loc/sdk';
import { downloadRelease } from '@loc/sdk/node';
import { buildOpenApiDocument } from '@loc/sdk/openapi';
import { createMockService } from '@loc/mock-server';
${name === 'bundler' || MSW.major === 2 ? "import { setupServer } from 'msw/node';" : "declare function setupServer(...handlers: unknown[]): unknown; // msw 3's own types need node16 or bundler resolution"}

export async function latest(): Promise<CdnRelease | null> {
  const loc = createClient({ cdnKey: 'lh-cdn_demo_acme' });
  return loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });
}
export const server = setupServer(...createMockService().handlers);
export const used = [NotFoundError, downloadRelease, buildOpenApiDocument().info.title.length];
`,
      );
      const compilerOptions = {
        ...resolution,
        target: 'es2022',
        lib: ['es2022'],
        types: ['node'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        ignoreDeprecations: '5.0',
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['consumer.ts'] }));
      ok(await run(bin(app, 'tsc'), ['-p', dir], { cwd: app, timeoutMs: 3 * MINUTE }));
    },
    4 * MINUTE,
  );

  it(
    "@loc's own declaration files need neither the DOM lib nor skipLibCheck",
    async () => {
      const dir = join(app, 'ts-strict');
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'consumer.cts'),
        `import { createMockService, DEMO } from '@loc/mock-server';
import { createClient } from '@loc/sdk';
export const used = [DEMO, createClient];
// @ts-expect-error -- the handlers are msw's RequestHandler[] (not any), so they are no number
export const notANumber: number = createMockService().handlers;
`,
      );
      const compilerOptions = {
        module: 'node16',
        moduleResolution: 'node16',
        target: 'es2022',
        lib: ['es2022'],
        types: ['node'],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['consumer.cts'] }));
      const result = await run(bin(app, 'tsc'), ['-p', dir], { cwd: app, timeoutMs: 3 * MINUTE });
      // msw's own declarations need the DOM lib (msw says so); none of the errors may be in @loc's files.
      const ours = result.stdout.split('\n').filter((line) => /node_modules\/@loc\/|consumer\.cts/.test(line));
      expect(ours).toEqual([]);
    },
    4 * MINUTE,
  );

  it(
    `a vitest test of the user's code with the mock's msw handlers (docs/mock-server.md, word for word) passes on msw ${MSW.major}`,
    async () => {
      const doc = readFileSync(join(app, 'node_modules', '@loc', 'mock-server', 'docs', 'mock-server.md'), 'utf8');
      const snippet = /## In your tests, with msw[\s\S]*?```ts\n([\s\S]*?)```/.exec(doc)?.[1];
      expect(snippet).toMatch(/^\/\/ loc\.test\.ts/);
      writeFileSync(join(app, 'loc.test.ts'), snippet!);
      const result = ok(await run(bin(app, 'vitest'), ['run', 'loc.test.ts'], { cwd: app, timeoutMs: 5 * MINUTE }));
      expect(result.stdout).toMatch(/1 passed/);
    },
    6 * MINUTE,
  );
});
