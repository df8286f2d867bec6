// Issue 20, the CLI's trust boundaries: where a stored credential may go, option values checked before
// anything is spent, what reaches the terminal, and messages that blame the right party. Table-driven:
// each row is a hostile input and what loc must do with it.
import { createServer, type Server } from 'node:http';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, LOC_BIN, runLoc, startMock, tempDir, TOKENS } from '@loc/test-utils';
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

  // Issue 42, point 5: the pull request does the pointing. A name reserved for tests (RFC 6761's .test) is
  // off loopback to the rule and resolves nowhere: no traffic leaves loopback whatever loc does, and a check
  // sent anyway would fail to resolve rather than be refused, which the message tells apart.
  it.each([
    ['plain http off loopback', (port: string) => `http://cdn.off-loopback.test:${port}`, 2, /plain http off loopback/],
    [
      'an https host the file chose',
      (port: string) => `https://cdn.off-loopback.test:${port}`,
      3,
      /The CDN key \(LOC_CDN_KEY\) was not sent/,
    ],
  ])('cdn.baseUrl of loc.config.json at %s never receives LOC_CDN_KEY (exit %s)', async (_what, at, code, message) => {
    const port = new URL(capture.url).port;
    writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify({ cdn: { baseUrl: at(port) } }));
    const result = await bare(check, { LOC_CDN_KEY: CDN_KEYS.acme });
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/--cdn-base-url|LOC_CDN_BASE_URL/);
    expect(result.stdout + result.stderr).not.toContain(CDN_KEYS.acme);
    expect(capture.seen).toEqual([]);
    // Named on the command line, the same host is the user's choice.
    const named = await bare([...check, '--cdn-base-url', `http://127.0.0.1:${port}`], { LOC_CDN_KEY: CDN_KEYS.acme });
    expect(named.code, named.stderr).toBe(20);
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

  it('a redirect carries no credential to another origin, token or CDN key', async () => {
    const redirector = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${capture.url}${req.url}` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const from = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const api = await bare(['projects', 'list', '--base-url', from], { LOC_API_TOKEN: TOKENS.developer });
      const cdn = await bare([...check, '--cdn-base-url', from], { LOC_CDN_KEY: CDN_KEYS.acme });
      expect([api.code, cdn.code]).not.toContain(0);
      expect(capture.seen).toEqual([]);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
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

describe('option values are checked before anything is requested, spent or created', () => {
  const capture = useCaptureServer();
  beforeEach(() => {
    capture.seen.length = 0;
  });
  const check = ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS'];
  const exportTo = ['export', '-w', 'acme', '-p', 'backend', '--dry-run'];
  type Row = [what: string, args: string[], env: Record<string, string>, message: RegExp];
  const rows: Row[] = [
    ['--client-version ""', [...check, '--client-version', ''], {}, /--client-version is empty/],
    ['--client-version of blanks', [...check, '--client-version', '  '], {}, /--client-version is empty/],
    [
      '--client-version 2.1',
      [...check, '--client-version', '2.1'],
      {},
      /--client-version '2\.1' is not a semantic version/,
    ],
    ['--client-version v2.1.0', [...check, '--client-version', 'v2.1.0'], {}, /'v2\.1\.0' is not a semantic version/],
    ['--client-version " 2.1.0 "', [...check, '--client-version', ' 2.1.0 '], {}, /is not a semantic version/],
    ['--client-user ""', [...check, '--client-user', ''], {}, /--client-user is empty/],
    ['--download ""', [...check, '--download', ''], {}, /--download is empty/],
    ['LOC_CDN_KEY=""', check, { LOC_CDN_KEY: '' }, /--cdn-key \(from LOC_CDN_KEY\) is empty/],
    [
      'LOC_CDN_CHECK_PATH=" "',
      check,
      { LOC_CDN_CHECK_PATH: ' ' },
      /--cdn-check-path \(from LOC_CDN_CHECK_PATH\) is empty/,
    ],
    ['LOC_API_TOKEN=""', ['projects', 'list'], { LOC_API_TOKEN: '' }, /--token \(from LOC_API_TOKEN\) is empty/],
    ['LOC_PROFILE=""', ['projects', 'list'], { LOC_PROFILE: '' }, /--profile \(from LOC_PROFILE\) is empty/],
    ['--workspace ""', ['projects', 'list', '--workspace', ''], {}, /--workspace is empty/],
    ['a blank <project>', ['projects', 'show', ' ', '-w', 'acme'], {}, /<project> is empty/],
    // Malformed, not merely unknown: a project may list ids loc has never heard of (`loc export` asks it).
    [
      '--format "json standard"',
      [...exportTo, '--format', 'json standard'],
      {},
      /--format 'json standard' is not an export format id/,
    ],
    ['--format json.', [...exportTo, '--format', 'json.'], {}, /--format 'json\.' is not an export format id/],
    ['--format ""', [...exportTo, '--format', ''], {}, /--format is empty/],
    ['--path-template {locale}/', [...exportTo, '--path-template', '{locale}/'], {}, /ends in a file name, not in \//],
  ];
  it.each(rows)('%s: exit 2 naming it, nothing sent', async (_what, args, env, message) => {
    const result = await runLoc(args, {
      env: {
        CI: '1',
        LOC_BASE_URL: capture.url,
        LOC_CDN_BASE_URL: capture.url,
        LOC_API_TOKEN: TOKENS.developer,
        LOC_CDN_KEY: CDN_KEYS.acme,
        LOC_CONFIG_DIR: service.home,
        ...env,
      },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    // One message, said once (not the service's INVALID_SEMANTIC_VERSION twice).
    expect(result.stderr.match(/✖/g)).toHaveLength(1);
    expect(capture.seen).toEqual([]);
  });

  it.each([
    ['export.locales', { export: { locales: [] } }],
    ['export.files', { export: { files: [] } }],
    // A target takes export's settings, checked the same way (one declaration of them).
    ['targets[0].locales', { targets: [{ name: 'web', locales: [] }] }],
    ['targets[0].files', { targets: [{ name: 'web', files: [] }] }],
  ])('an empty %s in loc.config.json does not mean "all": refused before any request', async (what, config) => {
    const repo = tempDir('loc-trust-empty-');
    try {
      writeFileSync(
        join(repo.path, 'loc.config.json'),
        JSON.stringify({ workspace: 'acme', project: 'backend', ...config }),
      );
      const result = await runLoc(['export', '--dry-run'], {
        cwd: repo.path,
        env: { CI: '1', LOC_BASE_URL: capture.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: service.home },
      });
      expect(result.code, result.stderr).toBe(10);
      expect(result.stderr).toContain(`is not a valid loc config: $.${what}: Too small`);
      expect(capture.seen).toEqual([]);
    } finally {
      repo.remove();
    }
  });

  it('loc export --locale xx-YY is refused before the export is created, naming the project’s locales', async () => {
    const mock = await startMock(['--export-delay', '100ms'], { log: true });
    const out = tempDir('loc-trust-out-');
    try {
      const result = await runLoc(['export', '-w', 'acme', '-p', 'backend', '--locale', 'xx-YY', '--out', out.path], {
        env: { CI: '1', LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: service.home },
      });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/--locale xx-YY names no locale of project backend/);
      expect(result.stderr).toMatch(/Its locales: .*de/);
      expect((await mock.requests()).filter((r) => r.startsWith('POST'))).toEqual([]);
    } finally {
      out.remove();
      await mock.stop();
    }
  });
});

describe('what reaches the terminal', () => {
  // A service whose texts carry escape sequences: OSC 52 (writes the clipboard), erase line + carriage
  // return (rewrites what the user sees), a bidi override.
  const HOSTILE = 'Evil\u001b]52;c;ZXZpbA==\u0007\u001b[2K\rFAKE\u202e\u009b31m';
  let hostile: Server;
  let url = '';
  beforeAll(async () => {
    hostile = createServer((req, res) => {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: HOSTILE }));
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => hostile.close(resolve)));
  const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  it('a project title with escape sequences is shown escaped by projects list, create and show; --json keeps the exact value', async () => {
    const admin = { LOC_API_TOKEN: TOKENS.admin, FORCE_COLOR: '1', NO_COLOR: undefined };
    const create = await service.loc(
      [
        'projects',
        'create',
        '-w',
        'acme',
        '--title',
        HOSTILE,
        '--resource-type',
        'strings.ios',
        '--source-locale',
        'en',
        '--json',
      ],
      { env: admin },
    );
    expect(create.code, create.stderr).toBe(0);
    const slug = create.json().project as string;
    for (const args of [
      ['projects', 'list'],
      ['projects', 'show', slug, '-w', 'acme'],
    ]) {
      const result = await service.loc(args, { env: admin });
      expect(result.code, result.stderr).toBe(0);
      // loc's own colours stay (the header is dim); the title's sequences are text.
      const withoutOwnColours = result.stdout.replace(/\u001b\[\d+m/g, '');
      expect(withoutOwnColours).not.toMatch(RAW);
      expect(result.stdout).toContain('Evil\\x1b]52;c;ZXZpbA==\\x07\\x1b[2K\\x0dFAKE\\u202e\\x9b31m');
      expect(result.stdout).toMatch(/\u001b\[2m/);
    }
    const json = await service.loc(['projects', 'list', '--json'], { env: admin });
    expect(json.stdout).not.toMatch(RAW);
    expect(json.json().projects.map((p: { title: string }) => p.title)).toContain(HOSTILE);
  });

  it('a hostile error body is shown escaped on stderr', async () => {
    const human = await runLoc(['projects', 'show', 'x', '-w', 'acme'], {
      env: { CI: '1', LOC_BASE_URL: url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: service.home },
    });
    expect(human.code, human.stderr).toBe(5);
    expect(human.stderr).not.toMatch(RAW);
    expect(human.stderr).toContain('\\x1b]52;c;');
  });
});

describe('a result that cannot be written', () => {
  const full = existsSync('/dev/full');
  /** loc with stdout on /dev/full: every write fails with ENOSPC. */
  const toFullDisk = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const fd = openSync('/dev/full', 'w');
      const child = spawn(process.execPath, [LOC_BIN, ...args], {
        stdio: ['ignore', fd, 'pipe'],
        env: {
          ...process.env,
          CI: '1',
          LOC_BASE_URL: service.url,
          LOC_API_TOKEN: TOKENS.developer,
          LOC_CONFIG_DIR: service.home,
        },
      });
      closeSync(fd);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });

  it.skipIf(!full).each([
    ['a failing gate keeps its code', ['status', '-w', 'acme', '-p', 'backend', '--min-approved', '100', '--json'], 11],
    [
      'a passing gate whose verdict is lost exits 10',
      ['status', '-w', 'acme', '-p', 'backend', '--min-approved', '0', '--json'],
      10,
    ],
    ['a listing exits 10', ['projects', 'list'], 10],
  ])('> /dev/full: %s, without a stack trace', async (_what, args, code) => {
    const result = await toFullDisk(args as string[]);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    if (code === 10) expect(result.stderr).toMatch(/Could not write the result to stdout \(ENOSPC/);
  });

  // `loc … 2>&1 | head -1`: stderr's reader is gone after the first line (EPIPE). The run goes on to the
  // end and exits with its own code: a gate still fails, an export still writes its files.
  const stderrGone = (args: string[], cwd?: string) =>
    runLoc(args, {
      ...(cwd ? { cwd } : {}),
      env: { CI: '1', LOC_BASE_URL: service.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: service.home },
      onSpawn: (child) => child.stderr?.destroy(),
    });

  it('with stderr closed, a failing gate still exits 11', async () => {
    const result = await stderrGone(['status', '-w', 'acme', '-p', 'backend', '--min-approved', '100']);
    expect(result.code).toBe(11);
  });

  it('with stderr closed, an export still writes its files and exits 0', async () => {
    const dir = tempDir('loc-trust-stderr-');
    try {
      const result = await stderrGone(['export', '-w', 'acme', '-p', 'mobile-ios', '--out', 'Strings'], dir.path);
      expect(result.code).toBe(0);
      expect(readdirSync(join(dir.path, 'Strings')).sort()).toEqual(['.loc-export.json', 'Resources']);
    } finally {
      dir.remove();
    }
  });
});

describe('stored credentials and loc.config.json are written whole, under a lock, never through a link', () => {
  let home: ReturnType<typeof tempDir>;
  beforeEach(() => {
    home = tempDir('loc-trust-creds-');
  });
  afterEach(() => home.remove());
  const login = (profile: string, dir = home.path) =>
    runLoc(['login', '--profile', profile, '--cdn-key', `lh-cdn_${profile}`, '--base-url', service.url], {
      env: { CI: '1', LOC_CONFIG_DIR: dir, LOC_API_TOKEN: undefined },
    });

  it('ten parallel logins keep all ten profiles', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const results = await Promise.all(names.map((name) => login(name)));
    expect(results.map((r) => r.code)).toEqual(names.map(() => 0));
    const stored = JSON.parse(readFileSync(join(home.path, 'credentials.json'), 'utf8'));
    expect(Object.keys(stored.profiles).sort()).toEqual(names);
    expect(readdirSync(home.path)).toEqual(['credentials.json']);
  });

  it('refuses a symlinked credentials.json, and leaves its target alone', async () => {
    const outside = join(home.path, 'outside.json');
    const precious = '{"profiles":{}}\n';
    writeFileSync(outside, precious);
    const dir = join(home.path, 'config');
    mkdirSync(dir, { mode: 0o700 });
    symlinkSync(outside, join(dir, 'credentials.json'));
    const result = await login('p', dir);
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/credentials\.json is a symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe(precious);
  });

  it.skipIf(process.platform === 'win32')('refuses a config folder other users may write', async () => {
    const dir = join(home.path, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const result = await login('p', dir);
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/other users may write to it \(mode 777\)/);
    expect(result.stderr).toMatch(/LOC_CONFIG_DIR/);
    expect(existsSync(join(dir, 'credentials.json'))).toBe(false);
  });

  it('loc init --force refuses a symlinked loc.config.json, dangling or not', async () => {
    const outside = join(home.path, 'outside.json');
    writeFileSync(outside, 'precious\n');
    const repo = join(home.path, 'repo');
    mkdirSync(repo);
    for (const target of [outside, join(home.path, 'missing.json')]) {
      rmSync(join(repo, 'loc.config.json'), { force: true });
      symlinkSync(target, join(repo, 'loc.config.json'));
      const result = await service.loc(['init', '-w', 'acme', '-p', 'backend', '--force'], { cwd: repo });
      expect(result.code, result.stderr).toBe(10);
      expect(result.stderr).toMatch(/loc\.config\.json is a symbolic link/);
    }
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    expect(existsSync(join(home.path, 'missing.json'))).toBe(false);
  });
});

describe('messages that blame the right party', () => {
  // Web servers that are not the service: a site's HTML 404 page, a proxy's HTML 200, a silent CDN host.
  let other: Server;
  let url = '';
  const PAGE = '<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><hr>nginx</body></html>';
  beforeAll(async () => {
    other = createServer((req, res) => {
      req.resume();
      if (req.url?.startsWith('/ok')) res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>');
      else if (req.url?.startsWith('/slow'))
        return; // never answers
      else if (req.url?.startsWith('/redirect'))
        res.writeHead(302, { location: 'http://user:secret@127.0.0.1:1/elsewhere?signature=x' }).end();
      else if (req.url?.startsWith('/endless')) {
        // 65 MiB of JSON-looking bytes, one MiB a write: more than loc gathers of an answer.
        res.writeHead(200, { 'content-type': 'application/json' });
        const mib = Buffer.alloc(2 ** 20, 0x20);
        let left = 65;
        const more = () => {
          while (left-- > 0) if (!res.write(mib)) return void res.once('drain', more);
          res.end();
        };
        more();
      } else if (req.url?.startsWith('/edge/'))
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 401, errors: [{ field: 'key', infos: ['CDN_KEY_NOT_FOUND'] }] }));
      else if (req.url?.startsWith('/gateway'))
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>');
      else res.writeHead(404, { 'content-type': 'text/html' }).end(PAGE);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    other.closeAllConnections();
    return new Promise((resolve) => other.close(resolve));
  });
  const env = (extra: Record<string, string | undefined> = {}) => ({
    CI: '1',
    LOC_API_TOKEN: TOKENS.developer,
    LOC_CONFIG_DIR: service.home,
    LOC_BASE_URL: undefined,
    ...extra,
  });

  it.each([
    ['--base-url', ['projects', 'list', '--base-url', '<url>'], {}, 'given with --base-url', 404],
    ['LOC_BASE_URL', ['projects', 'list'], { LOC_BASE_URL: '<url>' }, 'from LOC_BASE_URL', 404],
    ['a proxy’s 200 page', ['projects', 'list', '--base-url', '<url>/ok'], {}, 'given with --base-url', 200],
    ['loc login', ['login', '--token', 'loc_x', '--base-url', '<url>'], {}, 'given with --base-url', 404],
  ])(
    'another web server at %s: says the address is not the service, and where it came from',
    async (_what, args, extra, source, status) => {
      const fill = (v: string) => v.replace('<url>', url);
      const result = await runLoc(args.map(fill), {
        env: env(Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, fill(v as string)]))),
      });
      expect(result.code, result.stderr).toBe(9);
      expect(result.stderr).toMatch(/does not look like the loc service/);
      expect(result.stderr).toContain(url);
      expect(result.stderr).toContain(source);
      if (status === 404) expect(result.stderr).toMatch(/answered 404 with an HTML page/);
      expect(result.stderr).not.toMatch(/<html|nginx/);
      expect(result.stderr).not.toMatch(/`loc projects list`/);
    },
  );

  it.each([
    ['a redirect', '/redirect', 'answered with a redirect to http://127.0.0.1:1/elsewhere.'],
    ['an endless answer', '/endless', 'answered with more than 64 MiB.'],
  ])('%s from the base URL blames the server there, not the network', async (_what, path, said) => {
    const result = await runLoc(['projects', 'list', '--base-url', `${url}${path}`], { env: env() });
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toContain(
      `${url}${path} does not look like the loc service: GET ${path}/v1/projects ${said}`,
    );
    expect(result.stderr).toContain('given with --base-url');
    expect(result.stderr).not.toMatch(/network|secret|signature/);
  });

  it('a 502 page from a gateway is not printed as the service’s message', async () => {
    const result = await runLoc(['projects', 'list', '--base-url', `${url}/gateway`], { env: env() });
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).not.toMatch(/<html|Bad Gateway/);
    expect(result.stderr).toMatch(/a proxy or gateway in front of it/);
  });

  it.each([
    ['a GET (the SDK retries a 502)', ['projects', 'list', '--base-url', '<url>/gateway'], /loc retried it already/],
    [
      'the CDN check (the SDK retries its 5xx once, although it is a POST)',
      ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS', '--cdn-base-url', '<url>/gateway'],
      /loc retried it already/,
    ],
    [
      'a create (never repeated)',
      [
        'projects',
        'create',
        '-w',
        'acme',
        '--title',
        'X',
        '--resource-type',
        'strings.ios',
        '--source-locale',
        'en',
        '--base-url',
        '<url>/gateway',
      ],
      /^(?![\s\S]*retried)[\s\S]*Try again later/,
    ],
  ])('a 502 on %s says it was retried exactly when the SDK retried it', async (_what, args, hint) => {
    const result = await runLoc(
      args.map((a) => a.replace('<url>', url)),
      { env: env({ LOC_CDN_KEY: CDN_KEYS.acme }) },
    );
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toMatch(hint);
  });

  it('a CDN check at a path of its own (--cdn-check-path) that is refused blames the CDN key', async () => {
    const result = await runLoc(
      [
        'cdn',
        'check',
        '-e',
        'PRODUCTION',
        '-t',
        'MOBILE_SDK_IOS',
        '--cdn-base-url',
        url,
        '--cdn-check-path',
        '/edge/probe',
      ],
      { env: env({ LOC_CDN_KEY: CDN_KEYS.acme }) },
    );
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/The CDN key was refused \(401, CDN_KEY_NOT_FOUND\)/);
    // The key came from LOC_CDN_KEY: that is the one to check (issue 44: the hint names the source used).
    expect(result.stderr).toMatch(/Check LOC_CDN_KEY: the key may be unknown, revoked or expired/);
  });

  it('the CDN check’s timeout names --timeout, not an SDK option', async () => {
    const result = await runLoc(
      ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS', '--cdn-base-url', `${url}/slow`, '--timeout', '1s'],
      { env: env({ LOC_CDN_KEY: CDN_KEYS.acme }) },
    );
    expect(result.code, result.stderr).toBe(8);
    expect(result.stderr).toMatch(/--timeout/);
    expect(result.stderr).not.toMatch(/timeoutMs/);
  });

  it('a 403 says "ask a workspace admin" once', async () => {
    const result = await service.loc(
      ['projects', 'create', '-w', 'acme', '--title', 'X', '--resource-type', 'strings.ios', '--source-locale', 'en'],
      { env: { LOC_API_TOKEN: TOKENS.viewer } },
    );
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr.match(/ask a workspace admin/gi)).toHaveLength(1);
  });

  it.each([
    ['HTTP_PROXY', 'http://user:s3cret@bad host:99'],
    ['HTTPS_PROXY', '::not a url::s3cret'],
    // Issue 42: values only undici refuses (a bare word, host:port, a path) were exit 1, "Invalid URL".
    ['HTTP_PROXY', 'garbage'],
    ['HTTPS_PROXY', 'proxy.corp:3128'],
    ['http_proxy', 'http://user:s3cret@proxy.corp:3128/path'],
  ])('a garbage %s is exit 2 naming the variable, never its value', async (name, value) => {
    const result = await service.loc(['projects', 'list'], { env: { [name]: value } });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`${name} is not a proxy URL`);
    expect(result.stderr).not.toMatch(/s3cret|proxy\.corp|garbage/);
  });

  it('a proxy URL undici takes is used, and NO_PROXY honoured (no usage error)', async () => {
    const result = await service.loc(['projects', 'list', '--json'], {
      env: { HTTP_PROXY: 'http:127.0.0.1:1', NO_PROXY: '127.0.0.1' },
    });
    expect(result.code, result.stderr).toBe(0);
  });

  it.each([
    ['a CR/LF', `${TOKENS.developer}\r\nX-Injected: 1`, /line break/],
    ['a non-ASCII character', 'loc_tést', /outside ASCII/],
  ])('a token with %s is exit 2 saying it is malformed, and is not sent', async (_what, token, why) => {
    const result = await runLoc(['projects', 'list', '--base-url', url], { env: env({ LOC_API_TOKEN: token }) });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/The API token \(LOC_API_TOKEN\) is malformed/);
    expect(result.stderr).toMatch(why);
    expect(result.stderr).not.toMatch(/network/);
  });

  it.each([
    ['a query', 'http://127.0.0.1:1/?api_key=s3cret'],
    ['a user name and password', 'http://user:s3cret@127.0.0.1:1/'],
    ['no URL at all', 'ht tp://x?api_key=s3cret'],
  ])('a base URL with %s is refused without echoing it', async (_what, value) => {
    const result = await runLoc(['projects', 'list'], { env: env({ LOC_BASE_URL: value }) });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/The base URL \(from LOC_BASE_URL\)/);
    expect(result.stderr).not.toContain('s3cret');
  });

  it('a loc.config.json that starts with a UTF-8 BOM is read', async () => {
    const repo = tempDir('loc-trust-bom-');
    try {
      writeFileSync(
        join(repo.path, 'loc.config.json'),
        `\uFEFF${JSON.stringify({ workspace: 'acme', project: 'backend' })}`,
      );
      const result = await service.loc(['status', '--json'], { cwd: repo.path });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('\uFEFF');
    } finally {
      repo.remove();
    }
  });
});
