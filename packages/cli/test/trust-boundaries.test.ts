// Issue 20, the CLI's trust boundaries: where a stored credential may go, option values checked before
// anything is spent, what reaches the terminal, and messages that blame the right party. Table-driven:
// each row is a hostile input and what loc must do with it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, runLoc, tempDir, TOKENS } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();

/** A loopback server that records every request's Authorization header and answers 204. */
function useCaptureServer() {
  const state = { server: undefined as unknown as Server, url: '', seen: [] as { path?: string; auth?: string }[] };
  beforeAll(async () => {
    state.server = createServer((req, res) => {
      state.seen.push({
        ...(req.url ? { path: req.url } : {}),
        ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
      });
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => state.server.close(resolve)));
  return state;
}

describe('a stored credential goes only to the origin it was stored for', () => {
  const capture = useCaptureServer();
  let home: ReturnType<typeof tempDir>;
  let repo: ReturnType<typeof tempDir>;
  beforeEach(() => {
    home = tempDir('loc-trust-home-');
    repo = tempDir('loc-trust-repo-');
    capture.seen.length = 0;
  });
  afterEach(() => {
    home.remove();
    repo.remove();
  });
  /** loc with only what `loc login` stored: no credential in the environment. */
  const bare = (args: string[], env: Record<string, string | undefined> = {}) =>
    runLoc(args, {
      cwd: repo.path,
      env: { LOC_CONFIG_DIR: home.path, CI: '1', LOC_API_TOKEN: undefined, LOC_CDN_KEY: undefined, ...env },
    });
  const check = ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS'];
  const loginKey = async (extra: string[] = []) => {
    const login = await bare(['login', '--cdn-key', CDN_KEYS.acme, '--base-url', service.url, ...extra]);
    expect(login.code, login.stderr).toBe(0);
  };

  it.each([
    ['cdn.baseUrl of a cloned loc.config.json', 'config'],
    ['--cdn-base-url', 'flag'],
    ['LOC_CDN_BASE_URL', 'environment'],
  ])('a stored CDN key is not sent to another host named by %s (exit 3, names both origins)', async (_name, how) => {
    await loginKey();
    if (how === 'config')
      writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify({ cdn: { baseUrl: capture.url } }));
    const result = await bare(how === 'flag' ? [...check, '--cdn-base-url', capture.url] : check, {
      ...(how === 'environment' ? { LOC_CDN_BASE_URL: capture.url } : {}),
    });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toContain(`belongs to ${service.url}`);
    expect(result.stderr).toContain(capture.url);
    expect(result.stderr).toMatch(/--cdn-key or LOC_CDN_KEY/);
    expect(result.stderr).toContain(`loc login --cdn-key <key> --cdn-base-url ${capture.url}`);
    expect(result.stdout + result.stderr).not.toContain(CDN_KEYS.acme);
    expect(capture.seen).toEqual([]);
  });

  it('an explicit LOC_CDN_KEY or --cdn-key goes where the user points it', async () => {
    writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify({ cdn: { baseUrl: capture.url } }));
    const byVariable = await bare(check, { LOC_CDN_KEY: 'lh-cdn_explicit' });
    expect(byVariable.code, byVariable.stderr).toBe(20);
    const byFlag = await bare([...check, '--cdn-key', 'lh-cdn_flag']);
    expect(byFlag.code, byFlag.stderr).toBe(20);
    expect(capture.seen.map((s) => s.auth)).toEqual(['Bearer lh-cdn_explicit', 'Bearer lh-cdn_flag']);
  });

  it('a key stored for the CDN host with `loc login --cdn-key … --cdn-base-url …` goes there, and only there', async () => {
    await loginKey(['--cdn-base-url', capture.url]);
    const there = await bare([...check, '--cdn-base-url', capture.url]);
    expect(there.code, there.stderr).toBe(20);
    expect(capture.seen.map((s) => s.auth)).toEqual([`Bearer ${CDN_KEYS.acme}`]);
    // Now the API host itself is another origin than the one the key was stored for.
    const home = await bare(check);
    expect(home.code, home.stderr).toBe(3);
    expect(capture.seen).toHaveLength(1);
  });

  it('a stored API token is not sent to a --base-url or LOC_BASE_URL of another host', async () => {
    const login = await bare(['login', '--token', TOKENS.developer, '--base-url', service.url]);
    expect(login.code, login.stderr).toBe(0);
    const byFlag = await bare(['projects', 'list', '--base-url', capture.url]);
    const byVariable = await bare(['projects', 'list'], { LOC_BASE_URL: capture.url });
    expect([byFlag.code, byVariable.code]).toEqual([3, 3]);
    expect(capture.seen).toEqual([]);
  });
});
