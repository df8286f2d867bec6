// `loc cdn check --download` and the files in its folder: nothing the user changed is overwritten or
// deleted without --force, every removal and every kept file is reported, bad targets cost no check, and
// the locale map renames the bundle's folders.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, runLoc, startMock, tempDir, type RunningMock } from '@loc/test-utils';

let mock: RunningMock;
let home: ReturnType<typeof tempDir>;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  mock = await startMock([], { log: true });
  home = tempDir('loc-home-');
});
afterAll(async () => {
  await mock.stop();
  home.remove();
});
beforeEach(async () => {
  dir = tempDir('loc-cdn-files-');
  await mock.requests();
});
afterEach(() => dir.remove());

const cdn = (args: string[]) =>
  runLoc(['cdn', 'check', ...args], {
    env: { LOC_BASE_URL: mock.url, LOC_CDN_KEY: CDN_KEYS.acme, LOC_CONFIG_DIR: home.path, CI: '1' },
  });
const IOS = ['-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS'];
/** mobile-android's own files (values-de/strings.xml, …): NATIVE_FORMAT. */
const ANDROID = ['-e', 'STAGING', '-t', 'NATIVE_FORMAT'];

function tree(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}
const record = (out: string) => JSON.parse(readFileSync(join(out, '.loc-release.json'), 'utf8'));

describe('files of a release the user changed', () => {
  it('an edited file stops the next release (exit 10, named, nothing written); --force overwrites and reports it', async () => {
    const out = join(dir.path, 'Strings');
    const first = await cdn([...IOS, '--client-version', '1.0.0', '--download', out]);
    expect(first.code, first.stderr).toBe(0);
    expect(record(out).files[0]).toEqual({ path: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const edited = 'de.lproj/Localizable.strings';
    writeFileSync(join(out, edited), '"hello" = "Hallo von Hand";\n');

    const newer = await cdn([...IOS, '--client-version', '2.1.0', '--download', out, '--json']);
    expect(newer.code, newer.stderr).toBe(10);
    expect(newer.json().error.message).toContain(edited);
    expect(newer.json().error.hint).toMatch(/--force/);
    expect(readFileSync(join(out, edited), 'utf8')).toBe('"hello" = "Hallo von Hand";\n');
    expect(record(out).distributionReleaseId).toBe('rel_ios_1_9');

    const forced = await cdn([...IOS, '--client-version', '2.1.0', '--download', out, '--force', '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.json().files).toContainEqual({ path: edited, status: 'overwritten' });
    expect(forced.json().summary).toMatchObject({ overwritten: 1 });
    expect(record(out).distributionReleaseId).toBe('rel_ios_2_1');
  });

  it('removes files of the previous release that the new one lacks, keeps those the user changed, and reports both', async () => {
    const out = join(dir.path, 'Strings');
    const first = await cdn([...IOS, '--client-version', '2.1.0', '--download', out]);
    expect(first.code, first.stderr).toBe(0);
    // Pretend the previous release had two more files: one untouched, one edited since.
    const previous = record(out);
    mkdirSync(join(out, 'Old'), { recursive: true });
    writeFileSync(join(out, 'Old/untouched.strings'), 'old');
    writeFileSync(join(out, 'Old/edited.strings'), 'old, edited');
    const sha = (await import('node:crypto')).createHash('sha256').update('old').digest('hex');
    writeFileSync(
      join(out, '.loc-release.json'),
      JSON.stringify({
        ...previous,
        distributionReleaseId: 'rel_older',
        files: [
          ...previous.files,
          { path: 'Old/untouched.strings', sha256: sha },
          { path: 'Old/edited.strings', sha256: sha },
        ],
      }),
    );

    const result = await cdn([...IOS, '--client-version', '2.1.0', '--download', out, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toMatchObject({ removed: ['Old/untouched.strings'], kept: ['Old/edited.strings'] });
    expect(existsSync(join(out, 'Old/untouched.strings'))).toBe(false);
    expect(readFileSync(join(out, 'Old/edited.strings'), 'utf8')).toBe('old, edited');

    const human = await cdn([...IOS, '--client-version', '2.1.0', '--download', out, '--force']);
    expect(human.code, human.stderr).toBe(20); // up to date now; the kept file is not the release's any more
    expect(existsSync(join(out, 'Old/edited.strings'))).toBe(true);
  });

  it('says in the summary what it removed and what it kept', async () => {
    const out = join(dir.path, 'Strings');
    await cdn([...IOS, '--client-version', '2.1.0', '--download', out]);
    const previous = record(out);
    writeFileSync(join(out, 'gone.strings'), 'x');
    writeFileSync(join(out, 'mine.strings'), 'y');
    const sha = (await import('node:crypto')).createHash('sha256').update('x').digest('hex');
    writeFileSync(
      join(out, '.loc-release.json'),
      JSON.stringify({
        ...previous,
        distributionReleaseId: 'rel_older',
        files: [...previous.files, { path: 'gone.strings', sha256: sha }, { path: 'mine.strings', sha256: sha }],
      }),
    );
    const result = await cdn([...IOS, '--client-version', '2.1.0', '--download', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Removed 1 file of the previous release: gone\.strings/);
    expect(result.stderr).toMatch(/Kept 1 file you changed: mine\.strings/);
  });
});

describe('targets are checked before the CDN is asked', () => {
  it('--download naming a file: exit 2, no check spent', async () => {
    const file = join(dir.path, 'file.txt');
    writeFileSync(file, 'mine');
    const result = await cdn([...IOS, '--download', file]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--download .*file\.txt is a file, not a folder/);
    expect(await mock.requests()).toEqual([]);
  });

  it('a bad locale map: exit 2, no check spent', async () => {
    const result = await cdn([...ANDROID, '--download', join(dir.path, 'res'), '--locale-map', 'pt-BR=values-pt']);
    expect(result.code, result.stderr).toBe(2);
    expect(await mock.requests()).toEqual([]);
  });
});

describe('what a mobile SDK bundle puts in the folder', () => {
  it('MOBILE_SDK_ANDROID: the official SDK’s JSON files, at the top of the folder', async () => {
    const out = join(dir.path, 'android-sdk');
    const result = await cdn(['-e', 'STAGING', '-t', 'MOBILE_SDK_ANDROID', '--download', out, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(tree(out)).toEqual(['strings-de.json', 'strings-en.json', 'strings-fr.json', 'strings-pt-BR.json']);
    expect(JSON.parse(readFileSync(join(out, 'strings-pt-BR.json'), 'utf8'))[0]).toMatchObject({ iso: 'pt' });
    expect(record(out).type).toBe('MOBILE_SDK_ANDROID');
  });

  it('MOBILE_SDK_IOS: <lang>.lproj folders at the top of the folder', async () => {
    const out = join(dir.path, 'ios-sdk');
    const result = await cdn([...IOS, '--client-version', '2.1.0', '--download', out, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(new Set(tree(out).map((f) => f.split('/')[0]))).toEqual(
      new Set(['en.lproj', 'de.lproj', 'fr.lproj', 'ja.lproj', 'zh.lproj']),
    );
    expect(tree(out)).toContain('de.lproj/InfoPlist.strings');
  });
});

describe('locale mapping of a bundle', () => {
  it('renames Android folders of the bundle by the map', async () => {
    const out = join(dir.path, 'res');
    const result = await cdn([...ANDROID, '--download', out, '--locale-map', 'pt-BR=pt', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const folders = tree(out).map((f) => f.split('/').slice(-2, -1)[0]);
    expect(folders).toContain('values-pt');
    expect(folders).toContain('values');
    expect(folders).not.toContain('values-pt-rBR');
    expect(result.json().localeMap).toEqual({ 'pt-BR': 'pt' });
  });
});
