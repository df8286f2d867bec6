// `loc push` end to end, the real built `loc` against the real `loc-mock`: a developer exports, adds,
// edits and deletes keys in each format, pushes (a dry run first, key by key), watches the status and
// pulls; translations and the reviewed ones; deactivating, and its confirmation at a terminal; hostile
// files refused before anything is sent; targets; and the upload's wire form beside the service's curl
// example.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runLoc, runLocInTerminal, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

const run = promisify(execFile);

let mock: RunningMock;
let home: ReturnType<typeof tempDir>;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  mock = await startMock(['--export-delay', '0ms'], { log: true });
  home = tempDir('loc-home-');
});
afterAll(async () => {
  await mock.stop();
  home.remove();
});
beforeEach(async () => {
  dir = tempDir('loc-push-');
  const reset = await fetch(`${mock.url}/__admin/reset`, { method: 'POST' });
  expect(reset.status).toBe(200);
  await mock.requests(); // each test starts with an empty log
});
afterEach(() => dir.remove());

function loc(args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}) {
  return runLoc(args, {
    cwd: options.cwd ?? dir.path,
    env: {
      LOC_BASE_URL: mock.url,
      LOC_API_TOKEN: TOKENS.developer,
      LOC_CONFIG_DIR: home.path,
      CI: '1',
      ...options.env,
    },
  });
}

/** What the mock was sent since the last call, without the reads. */
async function writes(): Promise<string[]> {
  return (await mock.requests()).filter((r) => !r.startsWith('GET '));
}

interface FileEntry {
  path: string;
  status: string;
  keys?: { added: string[]; changed: string[]; deactivated: string[]; kept: string[] };
  imported?: { created: number; updated: number; deactivated: number; unchanged: number; skipped: number } | null;
}

/** A developer's change to one source file, in its format: a key added, one changed, one deleted. */
interface Edit {
  format: string;
  layout: string[];
  file: string;
  edit: (text: string) => string;
  added: string;
  changed: string;
  deleted: string;
  /** What the pulled file holds once the push is in. */
  pulled: RegExp[];
}

const web = (format?: string) => [
  '-w',
  'acme',
  '-p',
  'web-frontend',
  '--out',
  'web',
  ...(format ? ['--format', format] : []),
];
const checkout = (ext: string) => `web/locales/en/checkout.${ext}`;

const EDITS: Edit[] = [
  {
    format: 'json.standard',
    layout: [...web(), '--path-template', '{locale}/{filename}'],
    file: 'web/en/checkout.json',
    edit: (text) => {
      const data = JSON.parse(text) as Record<string, string>;
      data['checkout.pay'] = 'Pay today';
      delete data['checkout.total'];
      data['checkout.coupon'] = 'Coupon code';
      return JSON.stringify(data, null, 2);
    },
    added: 'checkout.coupon',
    changed: 'checkout.pay',
    deleted: 'checkout.total',
    pulled: [/"checkout.coupon": "Coupon code"/, /"checkout.pay": "Pay today"/, /"checkout.total"/],
  },
  {
    format: 'yaml.standard',
    layout: web('yaml.standard'),
    file: checkout('yml'),
    edit: (text) =>
      `${text
        .replace('pay: Pay now', 'pay: Pay today')
        .replace(/ {2}total: .*\n/, '')
        .trimEnd()}\n  coupon: Coupon code\n`,
    added: 'checkout.coupon',
    changed: 'checkout.pay',
    deleted: 'checkout.total',
    pulled: [/coupon: Coupon code/, /pay: Pay today/],
  },
  {
    format: 'properties',
    layout: web('properties'),
    file: checkout('properties'),
    edit: (text) =>
      `${text.replace('checkout.pay=Pay now', 'checkout.pay=Pay today').replace(/checkout\.total=.*\n/, '')}checkout.coupon=Coupon code\n`,
    added: 'checkout.coupon',
    changed: 'checkout.pay',
    deleted: 'checkout.total',
    pulled: [/checkout\.coupon=Coupon code/, /checkout\.pay=Pay today/],
  },
  {
    format: 'po.gettext',
    layout: web('po.gettext'),
    file: checkout('po'),
    edit: (text) =>
      `${text.replaceAll('"Pay now"', '"Pay today"').replace(/msgctxt "checkout\.total"\n.*\n.*\n\n?/, '')}\nmsgctxt "checkout.coupon"\nmsgid "Coupon code"\nmsgstr "Coupon code"\n`,
    added: 'checkout.coupon',
    changed: 'checkout.pay',
    deleted: 'checkout.total',
    pulled: [/msgctxt "checkout\.coupon"/, /msgstr "Pay today"/],
  },
  {
    format: 'xliff.standard',
    layout: web('xliff.standard'),
    file: checkout('xlf'),
    edit: (text) =>
      text
        .replaceAll('Pay now', 'Pay today')
        .replace(/ *<trans-unit id="checkout\.total"[\s\S]*?<\/trans-unit>\n/, '')
        .replace(
          '    </body>',
          '      <trans-unit id="checkout.coupon"><source>Coupon code</source><target>Coupon code</target></trans-unit>\n    </body>',
        ),
    added: 'checkout.coupon',
    changed: 'checkout.pay',
    deleted: 'checkout.total',
    pulled: [/id="checkout\.coupon"/, /<source>Pay today<\/source>/],
  },
  {
    format: 'strings.ios',
    layout: [
      '-w',
      'acme',
      '-p',
      'mobile-ios',
      '--out',
      'ios',
      '--path-template',
      '{lproj}/{filename}',
      '--locale-map',
      'en=Base',
    ],
    file: 'ios/Base.lproj/InfoPlist.strings',
    edit: (text) =>
      `${text.replace('= "Acme";', '= "Acme App";').replace(/"NSCameraUsageDescription" = .*\n/, '')}\n"NSPhotoLibraryUsageDescription" = "Pick \\"photos\\"";\n`,
    added: 'NSPhotoLibraryUsageDescription',
    changed: 'CFBundleDisplayName',
    deleted: 'NSCameraUsageDescription',
    pulled: [/"NSPhotoLibraryUsageDescription" = "Pick \\"photos\\"";/, /"CFBundleDisplayName" = "Acme App";/],
  },
  {
    format: 'xml.android.resources',
    layout: ['-w', 'acme', '-p', 'mobile-android', '--out', 'android'],
    file: 'android/app/src/main/res/values/strings.xml',
    edit: (text) =>
      text
        .replace('>Acme Notes<', '>Acme Notes 2<')
        .replace(/ *<string name="greeting">.*\n/, '')
        .replace('</resources>', '    <string name="sync.done">Synced</string>\n</resources>'),
    added: 'sync.done',
    changed: 'app.title',
    deleted: 'greeting',
    pulled: [/<string name="sync\.done">Synced<\/string>/, />Acme Notes 2</, /name="greeting"/],
  },
];

describe('a developer adds, edits and deletes keys, pushes, and pulls them back', () => {
  it.each(EDITS)('in $format', async ({ layout, file, edit, added, changed, deleted, pulled }) => {
    const exported = await loc(['export', ...layout, '--quiet']);
    expect(exported.code, exported.stderr).toBe(0);
    const path = join(dir.path, file);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
    await mock.requests();

    const dry = await loc(['push', ...layout, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = dry
      .json<{ files: FileEntry[] }>()
      .files.find((f) => join(dir.path, layoutOut(layout), f.path) === path);
    expect(planned?.status, dry.stdout).toBe('would change');
    expect(planned?.keys).toMatchObject({ added: [added], changed: [changed], deactivated: [], kept: [deleted] });
    expect(await writes()).toEqual([]);

    const pushed = await loc(['push', ...layout, '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const done = pushed
      .json<{ files: FileEntry[] }>()
      .files.find((f) => join(dir.path, layoutOut(layout), f.path) === path);
    expect(done?.imported).toMatchObject({ created: 1, updated: 1, deactivated: 0 });
    expect((await writes()).every((w) => /^POST \/v1\/acme\/projects\/[\w-]+\/resources$/.test(w))).toBe(true);

    // Pulled back: the file the service writes now holds the push (the deleted key too: nothing deactivated).
    const pulledBack = await loc(['pull', ...layout, '--force', '--quiet']);
    expect(pulledBack.code, pulledBack.stderr).toBe(0);
    const text = readFileSync(path, 'utf8');
    for (const pattern of pulled) expect(text).toMatch(pattern);
    const again = await loc(['push', ...layout, '--check']);
    expect(again.code, again.stderr).toBe(0);
  });
});

describe('a file beside a file of the project, in another format of its platform', () => {
  it('pushes the plurals of a .stringsdict beside a .strings into that file, and pulls them back', async () => {
    const layout = ['-w', 'acme', '-p', 'mobile-ios', '--out', 'ios', '--path-template', '{lproj}/{filename}'];
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    writeFileSync(
      join(dir.path, 'ios/en.lproj/Localizable.stringsdict'),
      `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>items</key>
  <dict>
    <key>NSStringLocalizedFormatKey</key><string>%#@value@</string>
    <key>value</key>
    <dict>
      <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key><string>d</string>
      <key>one</key><string>%d item</string>
      <key>other</key><string>%d items</string>
    </dict>
  </dict>
</dict>
</plist>
`,
    );
    const dry = await loc(['push', ...layout, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = dry.json<{ files: FileEntry[] }>().files.find((f) => f.path === 'en.lproj/Localizable.stringsdict');
    expect(planned).toMatchObject({ status: 'would change', keys: { added: ['items'] } });
    const pushed = await loc(['push', ...layout, '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const done = pushed.json<{ files: FileEntry[] }>().files.find((f) => f.path === 'en.lproj/Localizable.stringsdict');
    expect(done?.status).toBe('pushed');
    expect(done?.imported?.created).toBeGreaterThan(0);
    const pulled = await loc([
      'export',
      '-w',
      'acme',
      '-p',
      'mobile-ios',
      '--format',
      'stringsdict.ios',
      '--out',
      'sd',
      '--locale',
      'en',
      '--quiet',
    ]);
    expect(pulled.code, pulled.stderr).toBe(0);
    const text = readFileSync(join(dir.path, 'sd/Resources/en.lproj/Localizable.stringsdict'), 'utf8');
    expect(text).toMatch(/<key>items<\/key>/);
    expect(text).toMatch(/%d items/);
  });
});

/** The --out of a layout's flags. */
function layoutOut(layout: readonly string[]): string {
  return layout[layout.indexOf('--out') + 1]!;
}

describe('an Android text aapt2 refuses', () => {
  it('is refused before anything is sent, naming its line, as the service refuses it', async () => {
    const layout = EDITS.find((e) => e.format === 'xml.android.resources')!.layout;
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    const path = join(dir.path, 'android/app/src/main/res/values/strings.xml');
    const text = readFileSync(path, 'utf8').replace('>Acme Notes<', '>It&apos;s Acme Notes<');
    writeFileSync(path, text);
    const line = text.split('\n').findIndex((l) => l.includes('It&apos;s')) + 1;
    await mock.requests();
    const pushed = await loc(['push', ...layout]);
    expect(pushed.code, pushed.stderr).toBe(10);
    expect(pushed.stderr).toContain(
      `strings.xml does not read as its format: line ${line}: an unescaped apostrophe in "app.title"`,
    );
    expect(pushed.stderr).toMatch(/nothing was sent/);
    expect(await writes()).toEqual([]);
    // Escaped, as aapt2 takes it, it is pushed.
    writeFileSync(path, text.replace('It&apos;s', "It\\'s"));
    const fixed = await loc(['push', ...layout]);
    expect(fixed.code, fixed.stderr).toBe(0);
  });
});

describe('an XLIFF text with a character the service writes as an entity', () => {
  it('compares as the same text once pushed: --check settles', async () => {
    const layout = web('xliff.standard');
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    const path = join(dir.path, checkout('xlf'));
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('Pay now', `She said "hi" it's`));
    const pushed = await loc(['push', ...layout]);
    expect(pushed.code, pushed.stderr).toBe(0);
    // The service writes &quot;: compared undecoded, the check said "changed" after every push (exit 12).
    const check = await loc(['push', ...layout, '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });
});

describe('a list in a YAML file', () => {
  it('is pushed as the service stores it, one key per item, so --check settles and --deactivate-missing predicts nothing', async () => {
    const layout = web('yaml.standard');
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    const path = join(dir.path, checkout('yml'));
    writeFileSync(path, `${readFileSync(path, 'utf8').trimEnd()}\n  steps: [Cart, Pay]\n`);
    const dry = await loc(['push', ...layout, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = dry.json<{ files: FileEntry[] }>().files.find((f) => f.path.endsWith('checkout.yml'));
    expect(planned?.keys).toMatchObject({ added: ['checkout.steps.0', 'checkout.steps.1'], deactivated: [] });
    const pushed = await loc(['push', ...layout, '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const done = pushed.json<{ files: FileEntry[] }>().files.find((f) => f.path.endsWith('checkout.yml'));
    expect(done?.imported).toMatchObject({ created: 2, deactivated: 0 });
    // It said "+ checkout.steps" and "kept checkout.steps.0/.1", exit 12, after every push.
    const check = await loc(['push', ...layout, '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const deactivating = await loc(['push', ...layout, '--deactivate-missing', '--dry-run', '--json']);
    expect(deactivating.code, deactivating.stderr).toBe(0);
    const predicted = deactivating.json<{ files: FileEntry[] }>().files.find((f) => f.path.endsWith('checkout.yml'));
    expect(predicted?.keys).toMatchObject({ added: [], changed: [], deactivated: [] });
  });
});

describe('numbers and merge keys in a YAML file', () => {
  it('are read as the service reads them (the text as written, the merged keys), so --check settles', async () => {
    const layout = web('yaml.standard');
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    const path = join(dir.path, checkout('yml'));
    const added = '  version: 1.10\n  defaults: &defaults\n    a: A\n  more:\n    <<: *defaults\n    b: B\n';
    writeFileSync(path, `${readFileSync(path, 'utf8').trimEnd()}\n${added}`);
    const dry = await loc(['push', ...layout, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = dry.json<{ files: FileEntry[] }>().files.find((f) => f.path.endsWith('checkout.yml'));
    expect(planned?.keys).toMatchObject({
      added: ['checkout.defaults.a', 'checkout.more.a', 'checkout.more.b', 'checkout.version'],
      deactivated: [],
    });
    const pushed = await loc(['push', ...layout]);
    expect(pushed.code, pushed.stderr).toBe(0);
    // It said "~ checkout.version" (1.1 against the service's 1.10) and "+ checkout.more.<<.a", exit 12,
    // after every push, and the merged checkout.more.a was "not in your file".
    const check = await loc(['push', ...layout, '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const deactivating = await loc(['push', ...layout, '--deactivate-missing', '--dry-run', '--json']);
    const predicted = deactivating.json<{ files: FileEntry[] }>().files.find((f) => f.path.endsWith('checkout.yml'));
    expect(predicted?.keys).toMatchObject({ added: [], changed: [], deactivated: [] });
  });
});

describe('what a push keeps, and what it deactivates', () => {
  const layout = EDITS[0]!.layout;
  const file = () => join(dir.path, 'web/en/checkout.json');

  it('deactivates the deleted key only with --deactivate-missing; the status and the pull show it gone', async () => {
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    writeFileSync(file(), JSON.stringify({ 'checkout.pay': 'Pay now' }));
    const check = await loc(['push', ...layout, '--check']);
    expect(check.code, check.stderr).toBe(0); // nothing to add or change, and nothing is deactivated by default
    const checkDeactivating = await loc(['push', ...layout, '--check', '--deactivate-missing']);
    expect(checkDeactivating.code, checkDeactivating.stderr).toBe(12);
    expect(checkDeactivating.stderr).toMatch(/1 deactivated/);
    const pushed = await loc(['push', ...layout, '--deactivate-missing', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(
      pushed.json<{ files: FileEntry[] }>().files.find((f) => f.path === 'en/checkout.json')?.imported,
    ).toMatchObject({
      deactivated: 1,
    });
    const status = await loc(['status', '-w', 'acme', '-p', 'web-frontend', '--by-file', '--json']);
    expect(status.stdout).not.toMatch(/"segments":\s*2\b.*checkout/);
    const pulled = await loc(['pull', ...layout, '--force', '--quiet']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(readFileSync(join(dir.path, 'web/de/checkout.json'), 'utf8')).not.toMatch(/checkout\.total/);
  });

  it('asks at a terminal before it deactivates, naming the count; no sends nothing (exit 130)', async () => {
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    writeFileSync(file(), JSON.stringify({ 'checkout.pay': 'Pay now' }));
    await mock.requests();
    const { code, screen } = await runLocInTerminal(
      ['push', ...layout, '--deactivate-missing'],
      [[/Deactivate 1 key of web-frontend/, 'n\r']],
      { LOC_CONFIG_DIR: home.path, LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer },
      dir.path,
    );
    expect(screen).toMatch(
      /Deactivate 1 key of web-frontend that your source files no longer have \(checkout\.total\)/,
    );
    expect(code).toBe(130);
    expect(screen).toMatch(/Nothing was pushed/);
    expect(await writes()).toEqual([]);
  });

  it('pushes translations, keeping a reviewer’s approved ones unless --overwrite-reviewed', async () => {
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    const de = join(dir.path, 'web/de/checkout.json');
    const data = JSON.parse(readFileSync(de, 'utf8')) as Record<string, string>;
    data['checkout.pay'] = 'Jetzt sofort zahlen';
    writeFileSync(de, JSON.stringify(data));
    const kept = await loc(['push', ...layout, '--translations', '--locale', 'de', '--json']);
    expect(kept.code, kept.stderr).toBe(0);
    const entry = kept
      .json<{ files: (FileEntry & { switches: { updateExisting: boolean } })[] }>()
      .files.find((f) => f.path === 'de/checkout.json');
    expect(entry?.switches.updateExisting).toBe(false);
    const approved = await fetch(
      `${mock.url}/v1/acme/projects/web-frontend/resources/checkout.json?path=locales/de&target:filterByStatus=APPROVED`,
      { headers: { authorization: `Bearer ${TOKENS.developer}` } },
    );
    expect(await approved.text()).not.toMatch(/Jetzt sofort zahlen/);
    const replaced = await loc(['push', ...layout, '--translations', '--locale', 'de', '--overwrite-reviewed']);
    expect(replaced.code, replaced.stderr).toBe(0);
    const all = await fetch(`${mock.url}/v1/acme/projects/web-frontend/resources/checkout.json?path=locales/de`, {
      headers: { authorization: `Bearer ${TOKENS.developer}` },
    });
    expect(await all.text()).toMatch(/Jetzt sofort zahlen/);
  });

  it('tells a translation of a key the project lacks (the import skips it) from one it adds, so --check settles', async () => {
    expect((await loc(['export', ...layout, '--locale', 'en,de', '--quiet'])).code).toBe(0);
    const en = join(dir.path, 'web/en/checkout.json');
    const source = JSON.parse(readFileSync(en, 'utf8')) as Record<string, string>;
    writeFileSync(en, JSON.stringify({ ...source, 'checkout.coupon': 'Coupon code' }));
    const de = join(dir.path, 'web/de/checkout.json');
    const data = JSON.parse(readFileSync(de, 'utf8')) as Record<string, string>;
    // One key the push's source file brings, one no source file has.
    writeFileSync(de, JSON.stringify({ ...data, 'checkout.coupon': 'Gutschein', 'checkout.nowhere': 'Nirgends' }));
    const dry = await loc(['push', ...layout, '--translations', '--locale', 'de', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = dry.json<{ files: FileEntry[] }>().files.find((f) => f.path === 'de/checkout.json');
    expect(planned?.keys).toMatchObject({ added: ['checkout.coupon'], kept: ['checkout.nowhere'] });
    const pushed = await loc(['push', ...layout, '--translations', '--locale', 'de', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const done = pushed.json<{ files: FileEntry[] }>().files.find((f) => f.path === 'de/checkout.json');
    expect(done?.imported).toMatchObject({ created: 1, skipped: 1 });
    // Pushed, nothing is left to change: the check passes (it said "1 added" for the skipped key forever).
    const check = await loc(['push', ...layout, '--translations', '--locale', 'de', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/de\/checkout\.json +de +1 kept/);
  });
});

describe('hostile files are refused before anything is sent', () => {
  const layout = EDITS[0]!.layout;
  beforeEach(async () => {
    expect((await loc(['export', ...layout, '--quiet'])).code).toBe(0);
    await mock.requests();
  });

  it.each([
    [
      'a link out of the repository',
      () => {
        const outside = join(dir.path, '..', `outside-${process.pid}.json`);
        writeFileSync(outside, '{"secret":"s3cr3t"}');
        symlinkSync(outside, join(dir.path, 'web/en/leak.json'));
      },
      /leak\.json (passes through|leads outside the repository through) a symbolic link/,
    ],
    [
      'a known file replaced by a link',
      () => {
        const path = join(dir.path, 'web/en/common.json');
        writeFileSync(join(dir.path, 'elsewhere.json'), '{}');
        execFileSync('rm', [path]);
        symlinkSync(join(dir.path, 'elsewhere.json'), path);
      },
      /common\.json passes through a symbolic link/,
    ],
    [
      'a huge file',
      () => truncateSync(join(dir.path, 'web/en/common.json'), 17 * 1024 * 1024),
      /holds 17825792 bytes, more than the 16777216 loc sends/,
    ],
    [
      'a bad encoding',
      () => writeFileSync(join(dir.path, 'web/en/common.json'), Buffer.from('{\n"a": "caf\xe9"\n}', 'latin1')),
      /common\.json: line 2 is not UTF-8/,
    ],
    [
      'a file that does not parse',
      () => writeFileSync(join(dir.path, 'web/en/checkout.json'), '{"checkout.pay": "Pay now",'),
      /checkout\.json does not read as its format/,
    ],
    [
      // Refused as a name, with a hint about the file (not the export's output folder and template).
      'a file named for a Windows device',
      () => writeFileSync(join(dir.path, 'web/en/CON.json'), '{"a": "b"}'),
      /CON\.json[^\n]*device[\s\S]*Rename the file, or move it out of the folder loc push reads/,
    ],
    [
      // JSON.parse kept the last "checkout.pay": the files before this one were imported, then the service
      // refused it (422), the push half done.
      'a key written twice in a JSON file, which the service refuses',
      () => writeFileSync(join(dir.path, 'web/en/checkout.json'), '{"checkout.pay":"Pay",\n"checkout.pay":"Pay now"}'),
      /checkout\.json does not read as its format: line 2, column 1: the key "checkout\.pay" is also on line 1/,
    ],
    [
      'a JSON file that does not parse, named with its line',
      () => writeFileSync(join(dir.path, 'web/en/checkout.json'), '{"a": "x",\n "b": }'),
      /checkout\.json does not read as its format: line 2, column 7: expected a value/,
    ],
  ])('%s', async (_what, make, message) => {
    make();
    const result = await loc(['push', ...layout]);
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/nothing was sent/);
    expect(result.stderr).not.toMatch(/s3cr3t/);
    expect(await writes()).toEqual([]);
  });

  it('a folder in loc.config.json that leads out of the repository is refused, without a question', async () => {
    const outside = tempDir('loc-push-outside-');
    try {
      mkdirSync(join(outside.path, 'en'), { recursive: true });
      writeFileSync(join(outside.path, 'en', 'common.json'), '{"x":"y"}');
      symlinkSync(outside.path, join(dir.path, 'linked'));
      writeFileSync(
        join(dir.path, 'loc.config.json'),
        JSON.stringify({
          workspace: 'acme',
          project: 'web-frontend',
          export: { out: 'linked', pathTemplate: '{locale}/{filename}' },
        }),
      );
      const result = await loc(['push']);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/export\.out in loc\.config\.json is 'linked', which leads outside/);
      expect(await writes()).toEqual([]);
    } finally {
      outside.remove();
    }
  });
});

describe('targets, output and refusals', () => {
  it('pushes every target of loc.config.json, each with its own folder and layout', async () => {
    writeFileSync(
      join(dir.path, 'loc.config.json'),
      JSON.stringify({
        workspace: 'acme',
        targets: [
          { name: 'web', project: 'web-frontend', out: 'web', pathTemplate: '{locale}/{filename}' },
          { name: 'api', project: 'backend', out: 'api' },
        ],
      }),
    );
    expect((await loc(['export', '--quiet'])).code).toBe(0);
    const messages = join(dir.path, 'api/src/main/resources/messages_en.properties');
    writeFileSync(messages, readFileSync(messages, 'utf8').replace(/^mail\.subject=.*$/m, 'mail.subject=Shipped!'));
    const pushed = await loc(['upload', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const doc = pushed.json<{ targets: { name: string; exitCode: number; result: { files: FileEntry[] } }[] }>();
    expect(doc.targets.map((t) => [t.name, t.exitCode, t.result.files.length])).toEqual([
      ['web', 0, 2],
      ['api', 0, 1],
    ]);
    expect(doc.targets[1]!.result.files[0]!.imported).toMatchObject({ updated: 1 });
    expect(pushed.stdout + pushed.stderr).not.toContain(TOKENS.developer);
    const flagged = await loc(['push', '--out', 'x']);
    expect(flagged.code).toBe(2);
    expect(flagged.stderr).toMatch(/--out cannot be used with the targets/);
  });

  it('refuses flags that do not go together, and a format the service would read as another', async () => {
    const layout = EDITS[0]!.layout;
    const both = await loc(['push', ...layout, '--check', '--dry-run']);
    expect(both.code).toBe(2);
    const locale = await loc(['push', ...layout, '--locale', 'de']);
    expect(locale.code).toBe(2);
    expect(locale.stderr).toMatch(/only --translations pushes them/);
    for (const format of ['json.i18next', 'json.nested', 'yaml.rails']) {
      const refused = await loc(['push', ...web(format)]);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`as (json|yaml)\\.standard, not ${format.replace('.', '\\.')}`));
    }
    const none = await loc(['push', '-w', 'acme', '-p', 'web-frontend', '--out', 'nowhere']);
    expect(none.code).toBe(10);
    expect(none.stderr).toMatch(/No file of project web-frontend to push was found in nowhere/);
    expect(await writes()).toEqual([]);
  });

  it('in the layout loc init writes at the repository’s root, names no tool’s file as left out', async () => {
    // `loc init -w acme -p backend`: the output folder is the root, the template {path}, so the top folder
    // is looked at for new files; loc.config.json and package.json there are no resource files.
    writeFileSync(
      join(dir.path, 'loc.config.json'),
      JSON.stringify({ workspace: 'acme', project: 'backend', allowRootOutput: true }),
    );
    writeFileSync(join(dir.path, 'package.json'), '{"name":"app"}');
    expect((await loc(['export', '--quiet'])).code).toBe(0);
    writeFileSync(join(dir.path, 'notes.properties'), 'a=b\n');
    const dry = await loc(['push', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json<{ unmatched: string[] }>().unmatched).toEqual(['notes.properties']);
    const shown = await loc(['push', '--dry-run']);
    expect(shown.stderr).not.toMatch(/loc\.config\.json|package\.json/);
    expect(shown.stderr).toMatch(/Not pushed: notes\.properties/);
  });
});

describe('the upload on the wire', () => {
  it('is the service’s documented curl example (-F iso2_slug, -F path, -F file=@…), with the switches', async () => {
    const seen: { loc?: Captured; curl?: Captured } = {};
    const server = createServer(async (req, res) => {
      if (req.method === 'GET') {
        res.setHeader('content-type', 'application/json');
        const source = req.url?.includes('NONE');
        const self = `http://${req.headers.host}/v1/acme/projects/web-frontend/resources/common.json?path=locales/en&iso2_slug=en`;
        res.end(
          JSON.stringify({
            members: source
              ? [{ name: 'common.json', project_locale: 'en', links: [{ rel: 'self', href: self }] }]
              : [],
          }),
        );
        return;
      }
      const captured = await capture(req);
      if (/curl/.test(req.headers['user-agent'] ?? '')) seen.curl = captured;
      else seen.loc = captured;
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      mkdirSync(join(dir.path, 'locales/en'), { recursive: true });
      const file = join(dir.path, 'locales/en/common.json');
      writeFileSync(file, '{\n  "nav.home": "Home"\n}\n');
      const pushed = await loc(['push', '-w', 'acme', '-p', 'web-frontend', '--out', '.'], {
        env: { LOC_BASE_URL: url },
      });
      expect(pushed.code, pushed.stderr).toBe(0);
      // Not execFileSync: the server that answers curl runs in this process.
      await run('curl', [
        '-sf',
        '--max-time',
        '60',
        '-X',
        'POST',
        `${url}/v1/acme/projects/web-frontend/resources`,
        '-H',
        `Authorization: Bearer ${TOKENS.developer}`,
        '-F',
        'iso2_slug=en',
        '-F',
        'path=locales/en',
        '-F',
        `file=@${file}`,
      ]);
      const { loc: sent, curl } = seen as Required<typeof seen>;
      expect(sent.method).toBe('POST');
      expect(sent.path).toBe('/v1/acme/projects/web-frontend/resources');
      expect(sent.authorization).toBe(`Bearer ${TOKENS.developer}`);
      expect(sent.type).toMatch(/^multipart\/form-data; boundary=/);
      // curl's parts, in curl's order, each the same; the import's switches between them, as the service names them.
      expect(sent.parts.filter((p) => !p.name.includes(':'))).toEqual(curl.parts);
      expect(sent.parts.filter((p) => p.name.includes(':'))).toEqual([
        { name: 'source:createNew', headers: {}, body: 'true' },
        { name: 'source:updateExisting', headers: {}, body: 'true' },
        { name: 'source:deactivateMissing', headers: {}, body: 'false' },
      ]);
      expect(curl.parts.map((p) => p.name)).toEqual(['iso2_slug', 'path', 'file']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

interface Part {
  name: string;
  headers: Record<string, string>;
  body: string;
}
interface Captured {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  type: string | undefined;
  parts: Part[];
}

/** A multipart request as its parts: each one's name, its headers but the disposition's name, and its body. */
async function capture(req: IncomingMessage): Promise<Captured> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const boundary = /boundary=("?)([^";]+)\1/.exec(req.headers['content-type'] ?? '')?.[2] ?? '';
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((raw) => {
      const [head = '', ...rest] = raw.replace(/^\r\n/, '').split('\r\n\r\n');
      const headers: Record<string, string> = {};
      let name = '';
      for (const line of head.split('\r\n')) {
        const [key = '', ...value] = line.split(':');
        const text = value.join(':').trim();
        if (key.toLowerCase() === 'content-disposition') {
          name = /name="([^"]*)"/.exec(text)?.[1] ?? '';
          const filename = /filename="([^"]*)"/.exec(text)?.[1];
          if (filename !== undefined) headers.filename = filename;
        } else if (key) headers[key.toLowerCase()] = text;
      }
      return { name, headers, body: rest.join('\r\n\r\n').replace(/\r\n$/, '') };
    });
  return {
    method: req.method,
    path: req.url,
    authorization: req.headers.authorization,
    type: req.headers['content-type'],
    parts,
  };
}
