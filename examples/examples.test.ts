// Runs each example script as a user would, against a real loc-mock server on a loopback port.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOC_BIN, MOCK_BIN, startMock, type RunningMock } from '@loc/test-utils';

const here = dirname(fileURLToPath(import.meta.url));
// The real binary in its own process: spawnSync below blocks this one.
let mock: RunningMock;
let out: string;

beforeAll(async () => {
  mock = await startMock(['--export-delay', '50ms']);
  out = mkdtempSync(join(tmpdir(), 'loc-examples-'));
});
afterAll(async () => {
  await mock?.stop();
  rmSync(out, { recursive: true, force: true });
});

function runExample(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [join(here, script), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LOC_BASE_URL: mock.url, ...env },
    timeout: 100_000,
  });
}

describe('examples', () => {
  it('export-and-download.mjs exports, waits and downloads a ZIP', () => {
    const target = join(out, 'export.zip');
    const result = runExample('export-and-download.mjs', ['acme', 'mobile-ios', target], {
      LOC_API_TOKEN: 'loc_test_developer',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Downloaded \d+ files/);
    expect(statSync(target).size).toBeGreaterThan(22);
  });

  it('export-and-download.mjs explains a refused token and exits 1', () => {
    const result = runExample('export-and-download.mjs', ['acme', 'mobile-ios', join(out, 'x.zip')], {
      LOC_API_TOKEN: 'wrong',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/401/);
  });

  it('cdn-check.mjs downloads the release for an app version, then finds nothing newer', () => {
    const target = join(out, 'release.zip');
    const first = runExample('cdn-check.mjs', ['2.1.0', target], { LOC_CDN_KEY: 'lh-cdn_demo_acme' });
    expect(first.status).toBe(0);
    const id = /\((\S+)\) downloaded/.exec(first.stdout)?.[1];
    expect(id).toBeTruthy();
    expect(statSync(target).size).toBeGreaterThan(22);
    const again = runExample('cdn-check.mjs', ['2.1.0', target, id!], { LOC_CDN_KEY: 'lh-cdn_demo_acme' });
    expect(again.stdout).toContain('No newer release');
    expect(again.status).toBe(20);
  });

  /** A shell recipe of docs/cli.md, with the built `loc` as $LOC. */
  function runScript(script: string, args: string[], env: Record<string, string>) {
    return spawnSync('sh', [join(here, script), ...args], {
      encoding: 'utf8',
      cwd: out,
      env: {
        PATH: process.env.PATH ?? '',
        LOC_BASE_URL: mock.url,
        LOC: `${process.execPath} ${LOC_BIN}`,
        NO_COLOR: '1',
        CI: '1',
        LOC_CONFIG_DIR: out,
        ...env,
      },
      timeout: 100_000,
    });
  }

  it('ci-pull-translations.sh gates on German, then pulls the files and a JSON report', () => {
    const result = runScript('ci-pull-translations.sh', ['web'], { LOC_API_TOKEN: 'loc_test_developer' });
    expect(result.stderr).not.toMatch(/✖/);
    expect(result.status).toBe(0);
    expect(statSync(join(out, 'web', 'de', 'common.json')).isFile()).toBe(true);
    const report = JSON.parse(readFileSync(join(out, 'web.report.json'), 'utf8'));
    expect(report.summary.created).toBeGreaterThan(0);
  });

  // examples/mobile-recipes.pack.test.ts runs it as the recipes do, through npx and the packed @loc/cli.
  it('mobile-build-step.sh downloads the project’s files once, then builds with them; a refused key fails', () => {
    const env = { LOC_CDN_KEY: 'lh-cdn_demo_acme' };
    const args = ['PRODUCTION', '2.1.0', 'Strings'];
    const first = runScript('mobile-build-step.sh', args, env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/note: new strings downloaded into Strings/);
    expect(statSync(join(out, 'Strings', 'Resources', 'de.lproj', 'Localizable.strings')).isFile()).toBe(true);
    const second = runScript('mobile-build-step.sh', args, env);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/note: no newer release/);
    const refused = runScript('mobile-build-step.sh', args, { LOC_CDN_KEY: 'lh-cdn_demo_revoked' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/error: the CDN key is missing or was refused/);
  });

  it('locale-mapping.sh renames locales per platform: Base.lproj and zh-TW, values-pt, de-DE from loc.config.json', () => {
    const result = runScript('locale-mapping.sh', ['apps'], { LOC_API_TOKEN: 'loc_test_developer' });
    expect(result.stderr).not.toMatch(/✖/);
    expect(result.status).toBe(0);
    const apps = join(out, 'apps');
    for (const file of [
      'ios/Base.lproj/Localizable.strings',
      'ios/zh-TW.lproj/Localizable.strings',
      'android/app/src/main/res/values/strings.xml',
      'android/app/src/main/res/values-pt/strings.xml',
      'android/app/src/main/res/values-fr-rCA/strings.xml',
      'web/public/locales/de-DE/common.json',
      'web/public/locales/ja-JP/checkout.json',
    ]) {
      expect(statSync(join(apps, file)).isFile(), file).toBe(true);
    }
  });
});

// The control API from outside JavaScript: Python unittests that start loc-mock themselves, and a shell
// script (curl and python3) against a mock of its own (it resets the mock and sets faults).
describe('examples in other languages', () => {
  let own: RunningMock;
  beforeAll(async () => {
    own = await startMock();
  });
  afterAll(async () => {
    await own?.stop();
  });

  it('download_faults_test.py (Python unittest, urllib only) passes: truncated, wrong-checksum and escaping bundles, verify', () => {
    const result = spawnSync('python3', [join(here, 'download_faults_test.py'), '-v'], {
      encoding: 'utf8',
      cwd: out,
      env: { PATH: process.env.PATH ?? '', LOC_MOCK: `"${process.execPath}" "${MOCK_BIN}"` },
      timeout: 100_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Ran 5 tests/);
    expect(result.stderr).toMatch(/\nOK\n/);
  });

  it('mock_control_test.py (Python unittest, no JavaScript) passes: every fault kind, the clock, seed and reset, a redacted journal', () => {
    const result = spawnSync('python3', [join(here, 'mock_control_test.py'), '-v'], {
      encoding: 'utf8',
      cwd: out,
      // No __pycache__ beside the examples: it imports download_faults_test.py.
      env: {
        PATH: process.env.PATH ?? '',
        LOC_MOCK: `"${process.execPath}" "${MOCK_BIN}"`,
        PYTHONDONTWRITEBYTECODE: '1',
      },
      timeout: 100_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Ran 6 tests/);
    expect(result.stderr).toMatch(/\nOK\n/);
  });

  it('release-gate-faults.sh (curl and python3) checks the gate against faults set through the control API', () => {
    const result = spawnSync('bash', [join(here, 'release-gate-faults.sh')], {
      encoding: 'utf8',
      cwd: out,
      env: { PATH: process.env.PATH ?? '', LOC_MOCK_URL: own.url },
      timeout: 100_000,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/exit 3, error: the CDN budget is spent/);
    expect(result.stdout).toMatch(/all gate checks passed/);
  });
});
