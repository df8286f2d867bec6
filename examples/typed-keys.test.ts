// Typed keys end to end: the real built `loc export --types` against a real `loc-mock`, and the file it
// writes compiled by TypeScript with the apps of examples/typed-keys/ — an i18next app (i18next's own
// types, augmented by the file) and an app on @loc/sdk/ota (createOtaClient<LocKeys>(), typedT). Correct calls
// compile; each wrong call (an unknown key, a value left out, a plural or an ordinal called wrong, a
// context the key does not have, a key of another namespace) fails with TypeScript's own diagnostic, which
// names the key; strings changed on the service make `--check` exit 12 and break the calls they break.
// TypeScript 6's API here, on the workspace's packages; examples/strict-types.pack.test.ts compiles the same
// apps and calls with TypeScript 6 and 7 against the packed tarballs.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_BIN, runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';
import {
  I18NEXT_WRONG_CALLS,
  WEB_SHOP_EXPORT,
  WEB_SHOP_FILES,
  webShopProject,
  wrongCallsModule,
} from './typed-keys/fixture';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

interface Segment {
  key: string;
  source: string;
  translations: Record<string, { text: string; status: string }>;
}

const de = (text: string) => ({ de: { text, status: 'APPROVED' } });

/**
 * The shop's strings: a plain key, placeholders, a plural (`cart.items.one`/`.other` on the service), a key
 * with contexts and an ordinal plural (i18next's `_male`, `_ordinal_two`).
 */
const SHOP: Segment[] = [
  { key: 'nav.home', source: 'Home', translations: de('Start') },
  { key: 'greeting', source: 'Hello, {name}!', translations: de('Hallo, {name}!') },
  { key: 'cart.items.one', source: '{count} item', translations: de('{count} Artikel') },
  { key: 'cart.items.other', source: '{count} items', translations: de('{count} Artikel') },
  { key: 'checkout.total', source: 'Total: {amount} ({currency})', translations: de('Summe: {amount} ({currency})') },
  // i18next's contexts (`friend` with `{ context: 'male' }`) and ordinal plurals (`{ count, ordinal: true }`).
  { key: 'friend', source: 'A friend', translations: de('Ein Freund') },
  { key: 'friend_male', source: 'A boyfriend', translations: de('Ein fester Freund') },
  { key: 'friend_female', source: 'A girlfriend', translations: de('Eine Freundin') },
  { key: 'place_ordinal_one', source: '{count}st place', translations: de('{count}. Platz') },
  { key: 'place_ordinal_two', source: '{count}nd place', translations: de('{count}. Platz') },
  { key: 'place_ordinal_few', source: '{count}rd place', translations: de('{count}. Platz') },
  { key: 'place_ordinal_other', source: '{count}th place', translations: de('{count}. Platz') },
];

/**
 * The demo seed with the shop (the over-the-air app's strings), the web shop (the i18next app's: two
 * namespaces, examples/typed-keys/fixture.ts) and a landing page (one namespace, `landing`).
 */
function seed(webShop: typeof WEB_SHOP_FILES): string {
  const demo = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' }));
  const project = (slug: string, files: { path: string; segments: Segment[] }[]) => ({
    ...webShopProject(files),
    slug,
    title: slug,
  });
  demo.projects.push(
    project('shop', [{ path: 'locales/%{locale}.json', segments: SHOP }]),
    webShopProject(webShop),
    project('landing', [
      {
        path: 'locales/%{locale}/landing.json',
        segments: [
          { key: 'hero.title', source: 'Welcome', translations: de('Willkommen') },
          { key: 'hero.signup', source: 'Sign up, {name}', translations: de('Registrieren, {name}') },
        ],
      },
    ]),
  );
  return JSON.stringify(demo);
}

/** The web shop after a release: `greeting` takes `firstName` now, `nav.home` is gone, `nav.account` is new. */
const CHANGED = WEB_SHOP_FILES.map((file) => ({
  ...file,
  segments: [
    ...(file.path.includes('common') ? [{ key: 'nav.account', source: 'Account', translations: de('Konto') }] : []),
    ...file.segments
      .filter((s) => s.key !== 'nav.home')
      .map((s) =>
        s.key === 'greeting' ? { ...s, source: 'Hello, {firstName}!', translations: de('Hallo, {firstName}!') } : s,
      ),
  ],
}));

const work = tempDir('loc-typed-keys-');
let mock: RunningMock;
let changedMock: RunningMock;
beforeAll(async () => {
  writeFileSync(join(work.path, 'seed.json'), seed(WEB_SHOP_FILES));
  writeFileSync(join(work.path, 'changed.json'), seed(CHANGED));
  [mock, changedMock] = await Promise.all([
    startMock(['--seed', join(work.path, 'seed.json'), '--export-delay', '20ms']),
    startMock(['--seed', join(work.path, 'changed.json'), '--export-delay', '20ms']),
  ]);
});
afterAll(async () => {
  await Promise.all([mock?.stop(), changedMock?.stop()]);
  work.remove();
});

const loc = (server: RunningMock, args: string[], cwd: string) =>
  runLoc(args, {
    cwd,
    env: {
      LOC_BASE_URL: server.url,
      LOC_API_TOKEN: TOKENS.developer,
      LOC_CONFIG_DIR: join(work.path, 'home'),
      CI: '1',
    },
  });

const SHOP_ARGS = ['export', '--workspace', 'acme', '--project', 'shop'];
const I18NEXT = WEB_SHOP_EXPORT;
const OTA = [...SHOP_ARGS, '--format', 'json.nested', '--out', 'ota', '--types', 'src/ota-keys.d.ts'];

/** A copy of the example apps, in a folder of its own. */
function app(): { path: string; remove(): void } {
  const dir = tempDir('loc-typed-app-');
  cpSync(join(here, 'typed-keys'), dir.path, { recursive: true });
  return dir;
}

/** The packages the apps import, wherever the app's folder is: this repository's i18next and @loc/sdk. */
const PATHS = {
  i18next: [dirname(require.resolve('i18next/package.json'))],
  '@loc/sdk/ota': [join(dirname(require.resolve('@loc/sdk/package.json')), 'dist', 'ota.d.ts')],
};

interface Diagnostic {
  file: string;
  line: number;
  code: number;
  message: string;
}

/**
 * tsc's diagnostics of `files` (strict, as the repository's own code): file, line, code, message. Only
 * those files are checked (the generated .d.ts among them): not the libraries' declarations, which each
 * program would check again (examples/strict-types.pack.test.ts checks the packages' own).
 */
let lastProgram: ts.Program | undefined;
function compile(root: string, files: string[]): Diagnostic[] {
  // The program before is handed over: TypeScript reuses its unchanged files (the libraries, i18next's
  // types), most of what a compile reads.
  const program = (lastProgram = ts.createProgram(
    files.map((f) => join(root, f)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: false,
      paths: PATHS,
    },
    undefined,
    lastProgram,
  ));
  const checked = files.map((f) => program.getSourceFile(join(root, f))!);
  const found = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  return found.map((d) => ({
    file: d.file ? d.file.fileName.slice(root.length + 1) : '',
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    code: d.code,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

/** A file of bad calls, one a line, and what tsc says of each: [line of the call, code, part of the message]. */
function badCalls(lines: [call: string, code: number, message: string][], header: string[]) {
  const text = [...header, ...lines.map(([call]) => call), ''].join('\n');
  const expected = lines.map(([, code, message], i) => ({ line: header.length + i + 1, code, message }));
  return { text, expected };
}

/** Each expected diagnostic, on its line with its code, and no other diagnostic. */
function expectDiagnostics(found: Diagnostic[], expected: { line: number; code: number; message: string }[]) {
  expect(found.map((d) => ({ line: d.line, code: d.code }))).toEqual(
    expected.map(({ line, code }) => ({ line, code })),
  );
  for (const [i, { message }] of expected.entries()) expect(found[i]!.message).toContain(message);
}

describe('loc export --types, compiled with tsc', () => {
  const dir = app();
  afterAll(() => dir.remove());
  const file = (path: string) => readFileSync(join(dir.path, path), 'utf8');

  /** What the i18next run printed for the app to declare (TypesOutcome.appDeclaration). */
  let declared: string;
  beforeAll(async () => {
    for (const [args, keys] of [
      [I18NEXT, 10],
      [OTA, 8],
    ] as const) {
      const result = await loc(mock, [...args, '--json'], dir.path);
      expect(result.code, result.stderr).toBe(0);
      expect(result.json().types).toMatchObject({ status: 'created', keys });
      if (args === I18NEXT) {
        declared = result.json().types.appDeclaration;
        // Said to a person too, as the file is written.
        expect(result.stderr).toContain(declared.split('\n').at(-1));
      }
    }
    writeFileSync(
      join(dir.path, 'src/bad-i18next.ts'),
      wrongCallsModule(I18NEXT_WRONG_CALLS, ["import i18next from 'i18next';"]).text,
    );
  });

  it('writes the same bytes for the same strings: a second run leaves the file unchanged', async () => {
    const before = file('src/loc-keys.d.ts');
    const again = await loc(mock, [...I18NEXT, '--json'], dir.path);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().types).toMatchObject({ status: 'unchanged' });
    expect(file('src/loc-keys.d.ts')).toBe(before);
    // The source text is each key's doc comment, for an editor's hover.
    expect(file('src/ota-keys.d.ts')).toContain('  /** Total: {amount} ({currency}) */\n  "checkout.total": {');
  });

  it('prints, as it writes the file, the declaration the app adds: the one i18next-options.d.ts holds', () => {
    // Two namespaces, common and checkout, neither i18next's default: only the app knows its default.
    // The same code, as the repository's formatter writes it: spaces and quotes aside.
    const code = (text: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('//'))
        .join(' ')
        .replaceAll('"', "'")
        .replace(/;\s*}/g, ' }')
        .replace(/\s+/g, ' ')
        .trim();
    expect(code(file('src/i18next-options.d.ts'))).toBe(code(declared));
  });

  /** One program: the two apps (every call right) and the i18next app's wrong calls. */
  const i18nextProgram = memo(() =>
    compile(dir.path, [
      'src/loc-keys.d.ts',
      'src/i18next-options.d.ts',
      'src/i18next-app.ts',
      'src/ota-app.ts',
      'src/bad-i18next.ts',
    ]),
  );

  it('the apps compile: correct keys and values, with i18next’s own types and with @loc/sdk/ota', () => {
    expect(i18nextProgram().filter((d) => d.file !== 'src/bad-i18next.ts')).toEqual([]);
  });

  it('i18next: each wrong call fails to compile, and the message names its key', () => {
    const { lines } = wrongCallsModule(I18NEXT_WRONG_CALLS, ["import i18next from 'i18next';"]);
    const found = i18nextProgram().filter((d) => d.file === 'src/bad-i18next.ts');
    expect(found.map((d) => d.line)).toEqual(lines);
    for (const [i, call] of I18NEXT_WRONG_CALLS.entries()) {
      const { code, message } = found[i]!;
      expect({ what: call.what, code }).toEqual({ what: call.what, code: 2345 });
      expect(message, call.what).toContain(`"${call.key}"`);
      if (call.says) expect(message, call.what).toContain(call.says);
    }
  });

  it('strings in one namespace that is not `translation`: the file declares it i18next’s default, and a typo fails without any declaration of the app', async () => {
    const landing = tempDir('loc-typed-landing-');
    try {
      const args = ['export', '--workspace', 'acme', '--project', 'landing', '--out', 'l', '--types', 'keys.d.ts'];
      const result = await loc(mock, [...args, '--json'], landing.path);
      expect(result.code, result.stderr).toBe(0);
      expect(result.json().types).not.toHaveProperty('appDeclaration');
      writeFileSync(
        join(landing.path, 'app.ts'),
        [
          "import i18next from 'i18next';",
          "export const ok = [i18next.t('hero.title'), i18next.t('hero.signup', { name: 'Ada' })];",
          "i18next.t('hero.titel');",
          "i18next.t('hero.signup');",
          '',
        ].join('\n'),
      );
      const found = compile(landing.path, ['keys.d.ts', 'app.ts']);
      expect(found.map((d) => [d.file, d.line, d.code])).toEqual([
        ['app.ts', 3, 2345],
        ['app.ts', 4, 2345],
      ]);
      expect(found[0]!.message).toContain('"hero.titel"');
      expect(found[1]!.message).toContain('{ name: string | number; }');
    } finally {
      landing.remove();
    }
  });

  it('@loc/sdk/ota: the same calls fail with createOtaClient<LocKeys>() and typedT, each error naming its key; untyped, they compile as before', () => {
    const header = [
      "import { createOtaClient, typedT } from '@loc/sdk/ota';",
      "import type { LocKeys } from './ota-keys';",
      "const options = { cdnKey: 'lh-cdn_x', environment: 'DEVELOPMENT', type: 'NATIVE_FORMAT' } as const;",
      'const ota = createOtaClient<LocKeys>(options);',
      // The keys come from the client: no type argument.
      'const t = typedT(ota);',
    ];
    // The keys, written out in the message (not a type's name): those that need no value (ota.t), all (t).
    const plainKeys = `'"friend" | "friend_female" | "friend_male" | "nav.home"'`;
    const allKeys = `'"cart.items" | "checkout.total" | "friend" | "friend_female" | "friend_male" | "greeting" | "nav.home" | "place_ordinal"'`;
    const { text, expected } = badCalls(
      [
        ["ota.t('nav.hom');", 2345, `Argument of type '"nav.hom"' is not assignable to parameter of type ${plainKeys}`],
        [
          "ota.t('greeting');",
          2345,
          `Argument of type '"greeting"' is not assignable to parameter of type ${plainKeys}`,
        ],
        ["t('nav.hom');", 2769, `Argument of type '"nav.hom"' is not assignable to parameter of type ${allKeys}`],
        ["t('greeting');", 2345, `'"greeting" & { "greeting needs": { name: string | number; }; }'`],
        ["t('greeting', { nam: 'Ada' });", 2769, "'nam' does not exist in type '{ name: string | number; }'"],
        ["t('checkout.total', { amount: 1 });", 2769, "Property 'currency' is missing"],
        ["t('cart.items');", 2345, `'"cart.items" & { "cart.items needs": { count: number; }; }'`],
        ["t('cart.items', { count: '3' });", 2769, "Type 'string' is not assignable to type 'number'."],
        [
          "t('cart.items', 'de');",
          2769,
          "Argument of type 'string' is not assignable to parameter of type '{ count: number; }'",
        ],
        // Contexts and ordinals, as i18next calls them: a context the key does not have, a context's values,
        // an ordinal without `ordinal: true`, `ordinal` where there are no ordinal forms, a context where
        // there are no contexts.
        [
          "t('friend', { context: 'mal' });",
          2769,
          `Type '"mal"' is not assignable to type '"friend has no context mal (no key friend_mal)"'`,
        ],
        ["t('friend', { context: 'female', name: 'Eve' });", 2769, "'name' does not exist in type"],
        ["t('place', { count: 2 });", 2769, "Property 'ordinal' is missing"],
        [
          "t('cart.items', { count: 2, ordinal: true });",
          2769,
          '"cart.items has no ordinal forms (cart.items_ordinal_one, cart.items_ordinal_other, …)"',
        ],
        ["t('nav.home', { context: 'male' });", 2769, '"nav.home has no context male (no key nav.home_male)"'],
      ],
      header,
    );
    writeFileSync(join(dir.path, 'src/bad-ota.ts'), text);
    const found = compile(dir.path, ['src/bad-ota.ts']);
    expectDiagnostics(found, expected);
    // Every error names the call's key (in the overload that takes the other kind of key, if not first).
    for (const [i, diagnostic] of found.entries()) {
      const key = /\('([^']+)'/.exec(text.split('\n')[expected[i]!.line - 1]!)![1]!;
      expect(diagnostic.message, diagnostic.message).toContain(`"${key}"`);
    }
    writeFileSync(
      join(dir.path, 'src/untyped-ota.ts'),
      [
        header[0],
        header[2],
        'const ota = createOtaClient(options);',
        "ota.t('anything'); ota.t('x', 'de');",
        // From a client without typed keys, typedT's t() takes any key and any values.
        "typedT(ota)('anything', { count: 2, ordinal: true, context: 'male', name: 'Ada' }, 'de');",
        '',
      ].join('\n'),
    );
    expect(compile(dir.path, ['src/untyped-ota.ts'])).toEqual([]);
  });

  it('strings changed on the service: --check exits 12 naming the types file, the summary names the placeholder change, and the calls they break stop compiling', async () => {
    const check = await loc(changedMock, [...I18NEXT, '--check', '--summary', 'summary.md', '--json'], dir.path);
    expect(check.code, check.stderr).toBe(12);
    expect(check.json().changes).toContainEqual(
      expect.objectContaining({ change: 'changed', target: join(dir.path, 'src/loc-keys.d.ts') }),
    );
    expect(file('summary.md')).toContain(
      '- placeholders changed (1), calls of these keys must pass other values: `greeting`',
    );
    const pull = await loc(changedMock, [...I18NEXT, '--json'], dir.path);
    expect(pull.code, pull.stderr).toBe(0);
    expect(pull.json().types).toMatchObject({ status: 'updated' });
    const upToDate = await loc(changedMock, [...I18NEXT, '--check'], dir.path);
    expect(upToDate.code, upToDate.stderr).toBe(0);
    // The app calls `greeting` with `name` and `nav.home`, both gone: exactly those two calls break.
    const broken = compile(dir.path, ['src/loc-keys.d.ts', 'src/i18next-options.d.ts', 'src/i18next-app.ts']);
    const lineOf = (call: string) =>
      file('src/i18next-app.ts')
        .split('\n')
        .findIndex((l) => l.includes(call)) + 1;
    expect(broken.map((d) => [d.line, d.code])).toEqual([
      [lineOf("i18next.t('nav.home')"), 2345],
      [lineOf("i18next.t('greeting'"), 2345],
    ]);
    expect(broken[0]!.message).toContain('"nav.home"');
    expect(broken[1]!.message).toContain("'firstName'");
  });
});

/** `make()`'s value, made on the first call. */
function memo<T>(make: () => T): () => T {
  let value: { of: T } | undefined;
  return () => (value ??= { of: make() }).of;
}
