// Output conventions on every command: --json is one document on stdout, --quiet keeps only results,
// colours follow --no-color, NO_COLOR and FORCE_COLOR.
import { describe, expect, it } from 'vitest';
import { TOKENS, tempDir } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();
const ANSI = /\u001b\[\d+(;\d+)*m/;

describe('--json on every command', () => {
  it.each([
    [['projects', 'list']],
    [['projects', 'show', 'backend', '-w', 'acme']],
    [['status', '-w', 'acme']],
    [['status', '-w', 'acme', '-p', 'backend', '--by-file']],
    [['export', 'formats']],
    [['export', '-w', 'acme', '-p', 'backend', '--no-wait']],
    [['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS', '--client-version', '2.0.0']],
  ])('loc %j prints exactly one JSON document and nothing on stderr', async (args) => {
    const result = await service.loc([...args, '--json'], { env: { LOC_CDN_KEY: 'lh-cdn_demo_acme' } });
    expect(result.code, result.stderr).toBe(0);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
    expect(result.stdout.trim().startsWith('{')).toBe(true);
    expect(result.stderr).toBe('');
  });

  it('covers login, logout and init too', async () => {
    const home = tempDir('loc-json-');
    try {
      const env = { LOC_CONFIG_DIR: home.path, LOC_API_TOKEN: undefined };
      const login = await service.loc(['login', '--token', TOKENS.viewer, '--base-url', service.url, '--json'], {
        env,
      });
      expect(login.json()).toMatchObject({ profile: 'default', reachableProjects: 4 });
      expect(login.stdout).not.toContain(TOKENS.viewer);
      const init = await service.loc(['init', '-w', 'acme', '-p', 'backend', '--json'], { env, cwd: home.path });
      // No --out: the files go to the folder of loc.config.json, and init says so (issue 42).
      expect(init.json().config).toEqual({
        $schema: expect.stringMatching(/loc\.config\.schema\.json$/),
        allowRootOutput: true,
        workspace: 'acme',
        project: 'backend',
      });
      const logout = await service.loc(['logout', '--json'], { env });
      expect(logout.json()).toEqual({ removed: ['default'] });
    } finally {
      home.remove();
    }
  });

  it('prints errors as the one document, with the exit code', async () => {
    const result = await service.loc(['status', '-w', 'nope', '--json']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.json()).toEqual({
      error: expect.objectContaining({
        exitCode: 5,
        status: 404,
        message: expect.any(String),
        hint: expect.any(String),
      }),
    });
  });
});

describe('--quiet and colours', () => {
  it('--quiet keeps the result and drops progress', async () => {
    const dir = tempDir('loc-quiet-');
    try {
      const result = await service.loc(['export', '-w', 'acme', '-p', 'backend', '--out', dir.path, '--quiet']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/create/);
    } finally {
      dir.remove();
    }
  });

  it('--quiet still shows errors', async () => {
    const result = await service.loc(['status', '-w', 'nope', '--quiet']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/Not found/);
  });

  it('colours with FORCE_COLOR, none with --no-color or NO_COLOR', async () => {
    const forced = await service.loc(['status', '-w', 'acme'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(forced.stdout).toMatch(ANSI);
    const flag = await service.loc(['status', '-w', 'acme', '--no-color'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(flag.stdout).not.toMatch(ANSI);
    const env = await service.loc(['status', '-w', 'acme'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(env.stdout).not.toMatch(ANSI);
  });
});
