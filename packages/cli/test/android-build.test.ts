// What `loc export` writes for an Android app, built by Android's own resource compiler: `aapt2 compile`
// then `aapt2 link` against the platform's framework-res.apk (Debian packages aapt, android-framework-res),
// and every string present in the default configuration and in each locale's.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { useMock } from './helpers';

const FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';
const aapt2 = spawnSync('aapt2', ['version'], { encoding: 'utf8' });
const missing = aapt2.error
  ? 'aapt2 (Debian package aapt)'
  : !existsSync(FRAMEWORK)
    ? `${FRAMEWORK} (Debian package android-framework-res)`
    : undefined;
if (missing) {
  // Loud on purpose: a skipped build check must not read as a passed one.
  console.warn(
    `\n!!! SKIPPED: the Android build checks of loc export need ${missing}: apt-get install -y aapt android-framework-res\n`,
  );
}

const service = useMock();
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir('loc-android-');
});
afterEach(() => dir.remove());

/** `res/` compiled and linked into an APK; the link's warnings and the APK's string table. */
function build(res: string): { warnings: string; strings: Map<string, Map<string, string>> } {
  const work = dir.path;
  writeFileSync(
    join(work, 'AndroidManifest.xml'),
    '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="dev.loc.check"/>\n',
  );
  const compile = spawnSync('aapt2', ['compile', '--dir', res, '-o', join(work, 'compiled.zip')], { encoding: 'utf8' });
  expect(compile.status, compile.stderr).toBe(0);
  const link = spawnSync(
    'aapt2',
    [
      'link',
      '-o',
      join(work, 'app.apk'),
      '-I',
      FRAMEWORK,
      '--manifest',
      join(work, 'AndroidManifest.xml'),
      join(work, 'compiled.zip'),
    ],
    { encoding: 'utf8' },
  );
  expect(link.status, link.stderr).toBe(0);
  const dump = spawnSync('aapt2', ['dump', 'resources', join(work, 'app.apk')], { encoding: 'utf8' });
  expect(dump.status, dump.stderr).toBe(0);
  // resource 0x7f010000 string/buy
  //   () "Buy"
  //   (pt-rBR) "Comprar"
  const strings = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of dump.stdout.split('\n')) {
    const resource = /^\s+resource \S+ string\/(\S+)/.exec(line);
    if (resource) strings.set(resource[1]!, (current = new Map()));
    const value = /^\s+\(([^)]*)\) (.*)$/.exec(line);
    if (value && current) current.set(value[1]!, value[2]!);
  }
  return { warnings: link.stderr, strings };
}

/** `<string name>`s of every strings.xml below `res`, by folder. */
function names(res: string): Map<string, string[]> {
  const byFolder = new Map<string, string[]>();
  for (const folder of readdirSync(res)) {
    const file = join(res, folder, 'strings.xml');
    if (existsSync(file))
      byFolder.set(
        folder,
        [...readFileSync(file, 'utf8').matchAll(/<string name="([^"]+)"/g)].map((m) => m[1]!),
      );
  }
  return byFolder;
}

describe.skipIf(missing !== undefined)('loc export for Android, built with aapt2', () => {
  it('the default layout builds: valid qualifiers, the source locale in values/, every string kept', async () => {
    const out = join(dir.path, 'app');
    const result = await service.loc(['export', '-w', 'acme', '-p', 'mobile-android', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const res = join(out, 'app/src/main/res');
    const folders = names(res);
    expect([...folders.keys()].sort()).toEqual(['values', 'values-de', 'values-fr', 'values-pt-rBR']);
    const { warnings, strings } = build(res);
    expect(warnings).not.toMatch(/without required default value|invalid configuration/);
    const defaults = folders.get('values') ?? [];
    expect(defaults.length).toBeGreaterThan(0);
    for (const name of defaults) expect(strings.get(name)?.has(''), `string/${name} has a default value`).toBe(true);
    for (const [folder, keys] of folders) {
      const config = folder === 'values' ? '' : folder.slice('values-'.length);
      for (const key of keys) expect(strings.get(key)?.has(config), `string/${key} in (${config})`).toBe(true);
    }
  });

  it('a locale map and {android_values} build too (pt-BR as values-pt, de as de-AT, fr as fr-CA)', async () => {
    const out = join(dir.path, 'res');
    const result = await service.loc([
      'export',
      '-w',
      'acme',
      '-p',
      'mobile-android',
      '--out',
      out,
      '--path-template',
      '{android_values}/strings.xml',
      '--locale-map',
      'pt-BR=pt,de=de-AT',
      '--locale-map',
      'fr=fr-CA',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect([...names(out).keys()].sort()).toEqual(['values', 'values-de-rAT', 'values-fr-rCA', 'values-pt']);
    const { warnings, strings } = build(out);
    expect(warnings).not.toMatch(/without required default value|invalid configuration/);
    const configs = new Set([...strings.values()].flatMap((byConfig) => [...byConfig.keys()]));
    // the demo has no Portuguese translation yet: values-pt/ is there, empty
    expect([...configs].filter((c) => c !== 'pt').sort()).toEqual(['', 'de-rAT', 'fr-rCA']);
    for (const [name, byConfig] of strings) expect(byConfig.has(''), `string/${name} has a default value`).toBe(true);
  });
});
