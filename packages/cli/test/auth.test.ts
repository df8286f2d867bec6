// Credentials: login storage and permissions, profiles, precedence, and that no credential leaks.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runLoc, runLocInTerminal, startProxy, tempDir, type TestProxy, TOKENS } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();
let home: ReturnType<typeof tempDir>;
beforeEach(() => {
  home = tempDir('loc-auth-');
});
afterEach(() => home.remove());

/** loc with no credential in the environment: only what `loc login` stored in `home`. */
const bare = (args: string[], env: Record<string, string | undefined> = {}, input?: string) =>
  runLoc(args, { env: { LOC_CONFIG_DIR: home.path, CI: '1', ...env }, ...(input === undefined ? {} : { input }) });

const credentialsFile = () => join(home.path, 'credentials.json');

/** A loopback port nothing listens on (a server's, closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Rewrites the stored profile, as time does (a revoked token, a server that moved). */
function editProfile(profile: string, change: Record<string, string>) {
  const stored = JSON.parse(readFileSync(credentialsFile(), 'utf8'));
  Object.assign(stored.profiles[profile], change);
  writeFileSync(credentialsFile(), JSON.stringify(stored));
}

describe('a refused or unreachable setting is named as it was given, once', () => {
  it('a stored token: the profile and the login that replaces it, never LOC_API_TOKEN', async () => {
    await bare(['login', '--profile', 'work', '--token', TOKENS.developer, '--base-url', service.url]);
    editProfile('work', { token: 'loc_revoked_since' });
    const list = await bare(['projects', 'list']);
    expect(list.code, list.stderr).toBe(3);
    expect(list.stderr).toContain(
      "The token stored in profile 'work' was refused: log in again with `loc login --profile work`.",
    );
    expect(list.stderr).not.toMatch(/LOC_API_TOKEN|--token/);
    const whoami = await bare(['whoami']);
    expect(whoami.stdout).toContain("Token      from profile 'work'");
    expect(whoami.stderr).toContain('log in again with `loc login --profile work`');
  });

  it('a base URL nothing answers at: where it came from, and the hint once', async () => {
    await bare(['login', '--token', TOKENS.developer, '--base-url', service.url]);
    const dead = `http://127.0.0.1:${await closedPort()}`;
    editProfile('default', { baseUrl: dead });
    // `loc login` without --base-url logs in to the profile's base URL: from the profile, not "from the option".
    for (const args of [
      ['projects', 'list'],
      ['login', '--token', TOKENS.developer],
    ]) {
      const result = await bare(args);
      expect(result.code, result.stderr).toBe(9);
      expect(result.stderr).toContain(
        `✖ Could not reach ${dead} (from profile 'default') for GET /v1/projects: ECONNREFUSED`,
      );
      expect(result.stderr).not.toMatch(/from the option|Check baseUrl|LOC_BASE_URL/);
      // One hint, once: what to check, and how the profile's base URL is changed.
      expect(result.stderr.match(/Check your network/g)).toHaveLength(1);
      expect(result.stderr).toContain(
        "profile 'default' stores this base URL (`loc login --base-url <url>` stores another)",
      );
    }
    const flagged = await bare(['projects', 'list', '--base-url', dead, '--token', 'loc_x']);
    expect(flagged.stderr).toContain(`Could not reach ${dead} (given with --base-url)`);
    expect(flagged.stderr).toContain('Check your network, --base-url, and HTTPS_PROXY / NO_PROXY.');
    expect(flagged.stderr.match(/--base-url|LOC_BASE_URL/g)).toHaveLength(2); // the source, then the hint
  });
});

describe('loc login', () => {
  it('verifies the token, stores it readable only by the user, and later commands use it', async () => {
    const login = await bare(['login', '--with-token', '--base-url', service.url], {}, `${TOKENS.developer}\n`);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/Logged in to http:\/\/127\.0\.0\.1:\d+ \(profile default\): 4 projects reachable/);
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(credentialsFile(), 'utf8')).profiles.default).toMatchObject({
      baseUrl: service.url,
      token: TOKENS.developer,
    });

    const list = await bare(['projects', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.json().projects).toHaveLength(4);
  });

  it('refuses a token the service refuses, and stores nothing', async () => {
    const login = await bare(['login', '--token', 'loc_wrong', '--base-url', service.url]);
    expect(login.code, login.stderr).toBe(3);
    expect(login.stderr).toMatch(/refused the token \(401\)\. Nothing was stored/);
    expect(login.stderr).not.toContain('loc_wrong');
    expect(existsSync(credentialsFile()) ? JSON.parse(readFileSync(credentialsFile(), 'utf8')).profiles : {}).toEqual(
      {},
    );
  });

  it('asks for nothing in CI: no token is a usage error that says what to do', async () => {
    const login = await bare(['login', '--base-url', service.url]);
    expect(login.code, login.stderr).toBe(2);
    expect(login.stderr).toMatch(/--with-token/);
  });

  it('keeps profiles apart; LOC_API_TOKEN overrides the stored one', async () => {
    await bare(['login', '--token', TOKENS.developer, '--base-url', service.url]);
    await bare(['login', '--profile', 'collab', '--token', TOKENS.collaborator, '--base-url', service.url]);
    const collab = await bare(['projects', 'list', '--json', '--profile', 'collab']);
    expect(collab.json().projects.map((p: { project: string }) => p.project)).toEqual(['web-frontend']);
    // The last login made `collab` the current profile; --profile default picks the first.
    const dev = await bare(['projects', 'list', '--json', '--profile', 'default']);
    expect(dev.json().projects).toHaveLength(4);
    const overridden = await bare(['projects', 'list', '--json', '--profile', 'default'], {
      LOC_API_TOKEN: TOKENS.collaborator,
    });
    expect(overridden.json().projects).toHaveLength(1);
    const unknown = await bare(['projects', 'list', '--profile', 'nope']);
    expect(unknown.code, unknown.stderr).toBe(2);
    expect(unknown.stderr).toMatch(/No profile named 'nope'.*\n.*collab/);
  });

  it('logout forgets the profile', async () => {
    await bare(['login', '--token', TOKENS.developer, '--base-url', service.url]);
    const logout = await bare(['logout']);
    expect(logout.code, logout.stderr).toBe(0);
    expect(JSON.parse(readFileSync(credentialsFile(), 'utf8')).profiles).toEqual({});
    const list = await bare(['projects', 'list']);
    expect(list.code, list.stderr).toBe(3);
  });
});

describe('credentials never leak', () => {
  let other: Server;
  let otherUrl: string;
  const seen: (string | undefined)[] = [];
  const agents: (string | undefined)[] = [];
  beforeAll(async () => {
    other = createServer((req, res) => {
      seen.push(req.headers.authorization);
      agents.push(req.headers['user-agent']);
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"who are you"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => other.close(resolve)));

  it('never sends a stored token to another base URL', async () => {
    await bare(['login', '--token', TOKENS.developer, '--base-url', service.url]);
    const result = await bare(['projects', 'list', '--base-url', otherUrl]);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/No API token for http:\/\/127\.0\.0\.1/);
    expect(seen).toEqual([]);
  });

  it('sends a token given for another base URL there, with the CLI version in the User-Agent', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    seen.length = 0;
    const result = await bare(['projects', 'list', '--base-url', otherUrl, '--token', 'loc_for_other']);
    expect(result.code, result.stderr).toBe(3);
    expect(seen).toEqual(['Bearer loc_for_other']);
    expect(agents.at(-1)).toMatch(new RegExp(`\\bloc-cli/${version.replaceAll('.', '\\.')} node/`));
  });

  it('--verbose shows requests and timings, never a token or CDN key', async () => {
    const result = await service.loc(['projects', 'list', '--verbose'], { env: { LOC_CDN_KEY: 'lh-cdn_demo_acme' } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/→ GET http:\/\/127\.0\.0\.1:\d+\/v1\/projects/);
    expect(result.stderr).toMatch(/← 200 GET .+ \d+ ms/);
    expect(result.stderr + result.stdout).not.toContain(TOKENS.developer);
    expect(result.stderr + result.stdout).not.toContain('lh-cdn_demo_acme');

    const export_ = await service.loc([
      'export',
      '-w',
      'acme',
      '-p',
      'backend',
      '--zip',
      join(home.path, 'b.zip'),
      '--verbose',
      '--json',
    ]);
    expect(export_.code, export_.stderr).toBe(0);
    expect(export_.stderr).not.toContain(TOKENS.developer);
    expect(export_.stderr).not.toMatch(/signature=|expires=/);
  });

  it('an error under --verbose has a stack trace but no credential', async () => {
    const result = await service.loc(['projects', 'show', 'nope', '-w', 'acme', '--verbose']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/NotFoundError|at /);
    expect(result.stderr).not.toContain(TOKENS.developer);
  });
});

describe('HTTPS_PROXY / HTTP_PROXY / NO_PROXY', () => {
  let proxy: TestProxy;
  beforeAll(async () => {
    proxy = await startProxy();
  });
  afterAll(() => proxy.close());

  it('goes through the proxy, and around it for NO_PROXY hosts', async () => {
    const through = await service.loc(['projects', 'list', '--json'], { env: { HTTP_PROXY: proxy.url } });
    expect(through.code, through.stderr).toBe(0);
    // An http:// service's requests go to the proxy in absolute form (undici 8, as curl and Node's own
    // proxy agent do); https:// ones would be tunnelled with CONNECT.
    expect(proxy.carried).toContainEqual(expect.stringMatching(`^GET ${service.url}/v1/`));

    proxy.carried.length = 0;
    const around = await service.loc(['projects', 'list', '--json'], {
      env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' },
    });
    expect(around.code, around.stderr).toBe(0);
    expect(proxy.carried).toEqual([]);
  });
});

describe('prompts at a terminal (a real pseudo-terminal)', () => {
  it('loc login asks for the token without echoing it', async () => {
    const { code, screen } = await runLocInTerminal(
      ['login', '--base-url', service.url],
      [[/API token for/, `${TOKENS.developer}\r`]],
      { LOC_CONFIG_DIR: home.path },
    );
    expect(screen).toMatch(/API token for http:\/\/127\.0\.0\.1/);
    expect(code).toBe(0);
    expect(screen).not.toContain(TOKENS.developer);
    expect(JSON.parse(readFileSync(credentialsFile(), 'utf8')).profiles.default.token).toBe(TOKENS.developer);
  });

  it('loc projects create asks for each missing field', async () => {
    const { code, screen } = await runLocInTerminal(
      ['projects', 'create', '--workspace', 'acme'],
      [
        [/Title/, 'Kiosk App\r'],
        [/Resource type/, '\r'],
        [/Source locale/, '\r'],
        [/Target locales/, 'de, fr\r'],
      ],
      { LOC_CONFIG_DIR: home.path, LOC_BASE_URL: service.url, LOC_API_TOKEN: TOKENS.admin },
    );
    expect(code).toBe(0);
    expect(screen).toMatch(/Created Kiosk App \(acme\/kiosk-app\) with locales en, de, fr/);
  });
});
