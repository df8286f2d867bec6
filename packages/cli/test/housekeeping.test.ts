// The config folder and credentials file stay private; login --cdn-key asks for nothing; loc.config.json
// has a JSON Schema an independent validator accepts; shell completion works in a real bash.
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, LOC_BIN, runLoc, runLocInTerminal, tempDir, TOKENS } from '@loc/test-utils';
import { useMock } from './helpers';

const run = promisify(execFile);
const service = useMock();
let home: ReturnType<typeof tempDir>;
beforeEach(() => {
  home = tempDir('loc-house-');
});
afterEach(() => home.remove());

const bare = (args: string[], env: Record<string, string | undefined> = {}, cwd?: string) =>
  runLoc(args, { env: { LOC_CONFIG_DIR: join(home.path, 'config', 'loc'), CI: '1', ...env }, ...(cwd ? { cwd } : {}) });

describe('the credentials', () => {
  it('are kept in a folder created 0700 and a file 0600, even under umask 000', async () => {
    const configDir = join(home.path, 'config', 'loc');
    await run(
      '/bin/sh',
      ['-c', `umask 000 && exec "${process.execPath}" "${LOC_BIN}" login --token "$TOKEN" --base-url "$URL"`],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home.path,
          LOC_CONFIG_DIR: configDir,
          CI: '1',
          TOKEN: TOKENS.developer,
          URL: service.url,
        },
      },
    );
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(configDir, 'credentials.json')).mode & 0o777).toBe(0o600);
  });

  it('are made private again, with a warning, when others could read them', async () => {
    const configDir = join(home.path, 'config', 'loc');
    mkdirSync(configDir, { recursive: true });
    const file = join(configDir, 'credentials.json');
    writeFileSync(
      file,
      JSON.stringify({
        currentProfile: 'default',
        profiles: { default: { baseUrl: service.url, token: TOKENS.developer, savedAt: '2026-01-01T00:00:00Z' } },
      }),
    );
    chmodSync(file, 0o644);
    const result = await bare(['projects', 'list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/was readable by other users \(mode 644\); it is now readable only by you/);
    expect(result.stderr).not.toContain(TOKENS.developer);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('loc login --cdn-key stores the key beside the stored token and asks for nothing', async () => {
    expect((await bare(['login', '--token', TOKENS.developer, '--base-url', service.url])).code).toBe(0);
    const key = await bare(['login', '--cdn-key', CDN_KEYS.acme, '--base-url', service.url, '--json']);
    expect(key.code, key.stderr).toBe(0);
    expect(key.json()).toMatchObject({ cdnKeyStored: true, tokenStored: true });
    const stored = JSON.parse(readFileSync(join(home.path, 'config', 'loc', 'credentials.json'), 'utf8')).profiles
      .default;
    expect(stored).toMatchObject({ token: TOKENS.developer, cdnKey: CDN_KEYS.acme });
    const check = await bare([
      'cdn',
      'check',
      '-e',
      'PRODUCTION',
      '-t',
      'MOBILE_SDK_IOS',
      '--client-version',
      '2.0.0',
      '--json',
    ]);
    expect(check.code, check.stderr).toBe(0);
  });
});

describe('loc.config.json', () => {
  const schema = JSON.parse(readFileSync(new URL('../loc.config.schema.json', import.meta.url), 'utf8'));
  const ajv = new Ajv2020({ allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);

  it('is written by loc init with a $schema an independent validator accepts', async () => {
    const result = await bare(
      ['init', '-w', 'acme', '-p', 'backend', '--out', 'res', '--path-template', '{locale}/{filename}'],
      {},
      home.path,
    );
    expect(result.code, result.stderr).toBe(0);
    const written = JSON.parse(readFileSync(join(home.path, 'loc.config.json'), 'utf8'));
    expect(written.$schema).toMatch(/loc\.config\.schema\.json$/);
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
  });

  it('has a schema that refuses what loc refuses', () => {
    expect(validate({ workspace: 'acme', exprot: {} })).toBe(false);
    expect(validate({ cdn: { environment: 'MOON' } })).toBe(false);
    // A malformed format id, as --format refuses it; any id of the service's form is the project's to list.
    expect(validate({ export: { format: 'json standard' } })).toBe(false);
    expect(validate({ targets: [{ name: 'web', format: 'yaml.' }] })).toBe(false);
    expect(validate({ targets: [{ name: 'web', format: 'yaml.rails' }] })).toBe(true);
    expect(validate({ export: { format: 'json.flat-v2' } })).toBe(true);
    expect(validate({ cdn: { baseUrl: 'https://cdn-proxy.example.com', checkPath: '/v1/distributions/check' } })).toBe(
      true,
    );
    expect(validate({ cdn: { baseUrl: 'not a url' } })).toBe(false);
  });
});

describe('loc completion', () => {
  /** Completes `words` (the last one being typed) with the bash script, in bash. */
  async function complete(words: string[]): Promise<string[]> {
    const script = (await runLoc(['completion', 'bash'])).stdout;
    const file = join(home.path, 'loc.bash');
    writeFileSync(file, script);
    const line = ['loc', ...words];
    const { stdout } = await run('bash', [
      '-c',
      `source "${file}"; COMP_WORDS=(${line.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${line.length - 1}; _loc_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ]);
    return stdout.split('\n').filter(Boolean);
  }

  it('completes commands, subcommands, flags and flag values in bash', async () => {
    expect(await complete(['ex'])).toEqual(['export']);
    expect(await complete(['export', ''])).toEqual(
      expect.arrayContaining(['status', 'download', 'formats', '--out', '--timeout', '--json']),
    );
    expect(await complete(['cdn', 'check', '--environment', 'PR'])).toEqual(['PRODUCTION']);
    expect(await complete(['status', '--min-'])).toEqual(['--min-approved', '--min-translated']);
    expect(await complete(['completion', ''])).toEqual(expect.arrayContaining(['--help']));
  });

  it('completes the peers’ names: loc pull is loc export, loc upload is loc push', async () => {
    expect(await complete(['pu'])).toEqual(['pull', 'push']);
    expect(await complete(['pull', ''])).toEqual(expect.arrayContaining(['status', 'download', '--status', '--out']));
    expect(await complete(['pull', 'download', '--sum'])).toEqual(['--summary', '--summary-keys']);
    expect(await complete(['upload', '--tr'])).toEqual(['--translations']);
    expect(await complete(['export', '--status', 'ap'])).toEqual(['approved']);
  });

  it.each(['zsh', 'fish'])('prints a %s script', async (shell) => {
    const result = await runLoc(['completion', shell]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(shell === 'fish' ? /complete -c loc .*-a export/ : /bashcompinit/);
  });

  // Where the shells are installed (Debian: apt-get install zsh fish), they read the scripts themselves.
  const has = (shell: string) =>
    run('sh', ['-c', `command -v ${shell}`]).then(
      () => true,
      () => false,
    );

  it('gives zsh a script it parses', async ({ skip }) => {
    if (!(await has('zsh'))) skip('zsh is not installed');
    const file = join(home.path, '_loc');
    writeFileSync(file, (await runLoc(['completion', 'zsh'])).stdout);
    await run('zsh', ['-n', file]);
  });

  it('completes in fish, values of --environment from their list', async ({ skip }) => {
    if (!(await has('fish'))) skip('fish is not installed');
    const file = join(home.path, 'loc.fish');
    writeFileSync(file, (await runLoc(['completion', 'fish'])).stdout);
    const complete = async (line: string) =>
      (await run('fish', ['--no-config', '-c', `source '${file}'; complete -C '${line}'`], { cwd: home.path })).stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]);
    expect(await complete('loc ex')).toEqual(['export']);
    expect((await complete('loc pu')).sort()).toEqual(['pull', 'push']);
    expect(await complete('loc pull ')).toEqual(expect.arrayContaining(['status', 'download', 'formats']));
    expect(await complete('loc export ')).toEqual(expect.arrayContaining(['status', 'download', 'formats']));
    // fish sorts what it offers.
    expect((await complete('loc cdn check --environment ')).sort()).toEqual([
      'DEVELOPMENT',
      'PRODUCTION',
      'STAGING',
      'TEST',
    ]);
  });

  it('refuses another shell (exit 2)', async () => {
    const result = await runLoc(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bash, zsh, fish/);
  });
});

describe('loc projects create at a terminal', () => {
  it('asks again only for the answer with a bad language code, keeping the others', async () => {
    const { code, screen } = await runLocInTerminal(
      [
        'projects',
        'create',
        '--workspace',
        'acme',
        '--title',
        'Kiosk Two',
        '--resource-type',
        'strings.ios',
        '--source-locale',
        'en',
        '--target-locale',
        'de,xx_YY',
      ],
      // The prompt starts with "de, xx_YY": seven backspaces leave "de", then ", fr".
      [[/Target locales/, '\x7f\x7f\x7f\x7f\x7f\x7f\x7f, fr\r']],
      { LOC_CONFIG_DIR: home.path, LOC_BASE_URL: service.url, LOC_API_TOKEN: TOKENS.admin },
    );
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Created Kiosk Two \(acme\/kiosk-two\) with locales en, de, fr/);
    expect(screen).toContain('xx_YY');
    expect(screen).not.toMatch(/Title|Source locale|Resource type/);
  });
});
