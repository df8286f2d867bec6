// Typed keys end to end: the real built `loc export --types` against a real `loc-mock`, and the file it
// writes compiled by TypeScript with the apps of examples/typed-keys/ — an i18next app (i18next's own
// types, augmented by the file) and an app on @loc/sdk/ota (createOtaClient<LocKeys>(), typedT). Correct calls
// compile; an unknown key, a missing placeholder value and a wrong plural call fail with TypeScript's own
// diagnostics; strings changed on the service make `--check` exit 12 and break the calls they break.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_BIN, runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

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
  { key: 'friend_female', source: 'A girlfriend called {name}', translations: de('Eine Freundin namens {name}') },
  { key: 'place_ordinal_one', source: '{count}st place', translations: de('{count}. Platz') },
  { key: 'place_ordinal_two', source: '{count}nd place', translations: de('{count}. Platz') },
  { key: 'place_ordinal_few', source: '{count}rd place', translations: de('{count}. Platz') },
  { key: 'place_ordinal_other', source: '{count}th place', translations: de('{count}. Platz') },
];

/** The demo seed with the shop (an i18next project), as it is and after its strings changed. */
function seed(segments: Segment[]): string {
  const demo = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' }));
  demo.projects.push({
    workspace: 'acme',
    slug: 'shop',
    title: 'Shop',
    owner: 'developer@acme.test',
    resourceType: 'json.i18next',
    sourceLocale: 'en',
    targetLocales: ['de'],
    createdAt: '2026-01-15T09:00:00.000Z',
    files: [{ path: 'locales/%{locale}.json', segments }],
  });
  return JSON.stringify(demo);
}

/** The shop after a release: `greeting` takes `firstName` now, `nav.home` is gone, `nav.account` is new. */
const CHANGED = [
  { key: 'nav.account', source: 'Account', translations: de('Konto') },
  ...SHOP.filter((s) => s.key !== 'nav.home').map((s) =>
    s.key === 'greeting' ? { ...s, source: 'Hello, {firstName}!', translations: de('Hallo, {firstName}!') } : s,
  ),
];

const work = tempDir('loc-typed-keys-');
let mock: RunningMock;
let changedMock: RunningMock;
beforeAll(async () => {
  writeFileSync(join(work.path, 'seed.json'), seed(SHOP));
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
const I18NEXT = [...SHOP_ARGS, '--out', 'locales', '--types', 'src/loc-keys.d.ts'];
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

/** tsc's diagnostics of `files` (strict, as the repository's own code): file, line, code, message. */
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
  return ts.getPreEmitDiagnostics(program).map((d) => ({
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

  beforeAll(async () => {
    for (const args of [I18NEXT, OTA]) {
      const result = await loc(mock, [...args, '--json'], dir.path);
      expect(result.code, result.stderr).toBe(0);
      expect(result.json().types).toMatchObject({ status: 'created', keys: 8 });
    }
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

  it('the apps compile: correct keys and values, with i18next’s own types and with @loc/sdk/ota', () => {
    expect(compile(dir.path, ['src/loc-keys.d.ts', 'src/i18next-app.ts', 'src/ota-app.ts'])).toEqual([]);
  });

  it('i18next: an unknown key, a missing placeholder value and a plural without its count fail to compile', () => {
    const { text, expected } = badCalls(
      [
        ["i18next.t('nav.hom');", 2345, `Did you mean '"nav.home"'?`],
        ["i18next.t('greeting');", 2345, "'pass these arguments as t() options': { name: string | number; }"],
        ["i18next.t('checkout.total', { amount: 1 });", 2345, "Property 'currency' is missing"],
        ["i18next.t('cart.items');", 2345, "'pass these arguments as t() options': { count: number; }"],
        ["i18next.t('cart.items', { count: '3' });", 2345, "Type 'string' is not assignable to type 'number'."],
      ],
      ["import i18next from 'i18next';"],
    );
    writeFileSync(join(dir.path, 'src/bad-i18next.ts'), text);
    expectDiagnostics(compile(dir.path, ['src/loc-keys.d.ts', 'src/bad-i18next.ts']), expected);
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
    const plainKeys = `'"friend" | "friend_male" | "nav.home"'`;
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
        ["t('friend', { context: 'female' });", 2769, "Property 'name' is missing"],
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
    const broken = compile(dir.path, ['src/loc-keys.d.ts', 'src/i18next-app.ts']);
    expect(broken.map((d) => [d.line, d.code])).toEqual([
      [9, 2345],
      [10, 2345],
    ]);
    expect(broken[0]!.message).toContain('"nav.home"');
    expect(broken[1]!.message).toContain("'firstName'");
  });
});
