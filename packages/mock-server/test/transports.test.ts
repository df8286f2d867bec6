// One implementation, two transports: the same scenario through msw interception and over a real socket;
// then the built `loc-mock` binary as users start it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@loc/sdk';
import { strFromU8, unzipSync } from 'fflate';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';
import { version as packageVersion } from '../package.json';
import { createMockService, DEMO, demoSeed, startMockServer } from '../src';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** List projects, export web-frontend in German, wait, download and open the ZIP. */
async function scenario(baseUrl: string) {
  const loc = createClient({ baseUrl, token: DEMO.tokens.developer });
  const { members } = await loc.projects.list();
  const created = await loc.exports.create('acme', 'web-frontend', { iso2Slugs: ['de'] });
  expect(created).toMatchObject({ status: 'PROCESSING', triggerType: 'API_V1' });
  const done = await loc.exports.waitFor('acme', 'web-frontend', created.id, { intervalMs: 10 });
  expect(new URL(done.downloadUrl).origin).toBe(new URL(baseUrl).origin);
  const zip = unzipSync(new Uint8Array(await (await fetch(done.downloadUrl)).arrayBuffer()));
  return {
    projects: members.map((m) => m.title),
    files: Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, strFromU8(bytes)])),
  };
}

describe('the same scenario', () => {
  let fromMsw: Awaited<ReturnType<typeof scenario>>;

  it('runs through msw interception', async () => {
    const service = createMockService({ baseUrl: 'https://api.loc.test', exportDelayMs: 20 });
    const server = setupServer(...service.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      fromMsw = await scenario('https://api.loc.test');
    } finally {
      server.close();
    }
    expect(fromMsw.projects).toEqual(['Mobile iOS', 'Mobile Android', 'Web frontend', 'Backend']);
    expect(Object.keys(fromMsw.files).sort()).toEqual(['locales/de/checkout.json', 'locales/de/common.json']);
    expect(JSON.parse(fromMsw.files['locales/de/checkout.json']!)).toEqual({
      'checkout.pay': 'Jetzt bezahlen',
      'checkout.total': 'Summe: {amount}',
    });
  });

  it('runs over a real socket, with the same result', async () => {
    const server = await startMockServer({ port: 0, exportDelayMs: 20 });
    try {
      expect(await scenario(server.url)).toEqual(fromMsw);
    } finally {
      await server.close();
    }
  });
});

/**
 * Requests of every kind (a success, an SDK error, no route, a malformed body, a download, the control
 * API), each answer's `x-request-id`, and what the journal and the SDK's error show of it (issue 44).
 */
async function requestIds(baseUrl: string, service: ReturnType<typeof createMockService>) {
  const auth = { authorization: `Bearer ${DEMO.tokens.developer}` };
  const ids: (string | null)[] = [];
  for (const [path, init] of [
    ['/v1/projects', { headers: auth }],
    ['/v1/acme/projects/nope', { headers: auth }],
    ['/v1/nothing/here/at/all', { headers: auth }],
    ['/v1/acme/projects', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{' }],
    ['/v1/projects', { headers: { ...auth, 'x-request-id': 'test-run-7' } }],
    ['/v1/projects', { headers: { ...auth, 'x-request-id': 'not an id' } }],
  ] as const) {
    ids.push((await fetch(`${baseUrl}${path}`, init as RequestInit)).headers.get('x-request-id'));
  }
  const sdkError = await createClient({ baseUrl, token: DEMO.tokens.developer })
    .projects.get('acme', 'nope')
    .catch((e: { requestId?: string }) => e);
  const journal = service.admin.listRequests().requests.map((e) => e.requestId);
  return { ids, sdkError: (sdkError as { requestId?: string }).requestId, journal };
}

describe('request ids', () => {
  const check = ({ ids, sdkError, journal }: Awaited<ReturnType<typeof requestIds>>) => {
    for (const id of ids) expect(id).toMatch(/^(req_[0-9a-f]{8}_[0-9a-z]+|test-run-7)$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[4]).toBe('test-run-7'); // a client's own id is kept
    expect(ids[5]).not.toContain('not an id');
    expect(sdkError).toMatch(/^req_/);
    // The journal shows each request's id, as its answer named it.
    expect(journal).toEqual([...ids, sdkError]);
  };

  it('name every answer through msw interception', async () => {
    const service = createMockService({ baseUrl: 'https://api.loc.test' });
    const server = setupServer(...service.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      check(await requestIds('https://api.loc.test', service));
    } finally {
      server.close();
    }
  });

  it('name every answer over a real socket, the control API too', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      check(await requestIds(server.url, server.service));
      expect((await fetch(`${server.url}/__admin/requests`)).headers.get('x-request-id')).toMatch(/^req_/);
      expect(server.service.admin.verify({ requestId: 'test-run-7' }).count).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('loc-mock (the built binary)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loc-mock-bin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function run(args: string[]) {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => (stdout += `${line}\n`));
    const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const firstLine = new Promise<string>((resolve) => lines.once('line', resolve));
    return { child, exit, firstLine, stderr: () => stderr, stdout: () => stdout };
  }

  it('prints its URL, serves, and exits 0 on SIGTERM and on SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const mock = run(['serve', '--port', '0', '--quiet']);
      const line = await mock.firstLine;
      expect(line).toMatch(/^loc-mock listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = line.split(' ').at(-1)!;
      const response = await fetch(`${url}/v1/projects`, { headers: { authorization: `Bearer ${DEMO.tokens.admin}` } });
      expect(response.status).toBe(200);
      mock.child.kill(signal);
      expect(await mock.exit).toBe(0);
    }
  });

  it('serves a custom seed file', async () => {
    const seed = {
      workspaces: [{ slug: 'tiny', name: 'Tiny' }],
      users: [{ email: 'me@tiny.test', tokens: ['loc_tiny'], workspaceRoles: { tiny: 'admin' } }],
      projects: [
        {
          workspace: 'tiny',
          slug: 'app',
          title: 'App',
          owner: 'me@tiny.test',
          resourceType: 'json.standard',
          sourceLocale: 'en',
          targetLocales: ['de'],
          files: [],
        },
      ],
    };
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(seed));
    const mock = run(['serve', '--port', '0', '--quiet', '--seed', join(dir, 'seed.json')]);
    const url = (await mock.firstLine).split(' ').at(-1)!;
    const body = await (await fetch(`${url}/v1/projects`, { headers: { authorization: 'Bearer loc_tiny' } })).json();
    expect(body.members.map((m: { title: string }) => m.title)).toEqual(['App']);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });

  it('refuses a seed file that is not JSON: exit 2, naming the file', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ not json');
    const broken = run(['serve', '--port', '0', '--seed', file]);
    expect(await broken.exit).toBe(2);
    expect(broken.stderr()).toContain(`loc-mock: ${file}: `);
    expect(broken.stderr()).toMatch(/JSON/);
    expect(broken.stdout()).toBe('');
  });

  it('refuses a seed file of the wrong shape, naming the file and the JSON path of each problem', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        workspaces: [{ slug: 42 }],
        users: [{ email: 'not-an-email', tokens: ['short'] }],
        projects: [],
      }),
    );
    const mock = run(['serve', '--port', '0', '--seed', file]);
    expect(await mock.exit).toBe(2);
    expect(mock.stderr()).toContain(file);
    expect(mock.stderr()).toMatch(/\$\.workspaces\[0\]\.slug: /);
    expect(mock.stderr()).toMatch(/\$\.workspaces\[0\]\.name: /);
    expect(mock.stderr()).toMatch(/\$\.users\[0\]\.email: /);
    expect(mock.stderr()).toMatch(/\$\.users\[0\]\.tokens\[0\]: /);
  });

  it('refuses a seed file that does not exist, naming it', async () => {
    const file = join(dir, 'missing.json');
    const mock = run(['serve', '--port', '0', '--seed', file]);
    expect(await mock.exit).toBe(2);
    expect(mock.stderr()).toContain(`Cannot read the seed file ${file}`);
  });

  it('logs each request to stderr unless --quiet', async () => {
    const mock = run(['serve', '--port', '0']);
    const url = (await mock.firstLine).split(' ').at(-1)!;
    await fetch(`${url}/v1/projects?page=2`);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
    expect(mock.stderr()).toMatch(/^GET \/v1\/projects → 401 \(\d+ ms\)$/m);
  });

  // A bare number is seconds, as in `loc --timeout` (@loc/sdk's parseDuration): 90 is a minute and a half.
  it.each(['1m', '90'])('keeps exports PROCESSING for --export-delay %s', async (delay) => {
    const mock = run(['serve', '--port', '0', '--quiet', '--export-delay', delay]);
    const url = (await mock.firstLine).split(' ').at(-1)!;
    const loc = createClient({ baseUrl: url, token: DEMO.tokens.admin });
    const created = await loc.exports.create('acme', 'backend');
    expect((await loc.exports.get('acme', 'backend', created.id)).status).toBe('PROCESSING');
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });

  it.each([
    [
      ['serve', '--export-delay', 'soon'],
      /--export-delay "soon" is not a duration: use 500ms, 90s, 10m or 1h \(a bare number is seconds\)/,
    ],
    [['serve', '--export-delay', '1000h'], /--export-delay "1000h" is longer than a timer can wait/],
    [['serve', '--port', '70000'], /--port 70000 is not a port number/],
    [['serve', '--port', 'abc'], /--port abc is not a port number/],
    [['launch'], /Unknown command "launch"/],
    [[], /Missing command/],
  ])('refuses %j with exit 2 and its usage', async (args, message) => {
    const mock = run(args);
    expect(await mock.exit).toBe(2);
    expect(mock.stderr()).toMatch(message);
    expect(mock.stderr()).toMatch(/Run loc-mock --help for usage\./);
  });

  it('prints the demo seed, which --seed takes back', async () => {
    const printed = run(['seed']);
    expect(await printed.exit).toBe(0);
    expect(JSON.parse(printed.stdout())).toEqual(demoSeed());
    writeFileSync(join(dir, 'demo.json'), printed.stdout());
    const mock = run(['serve', '--port', '0', '--quiet', '--seed', join(dir, 'demo.json')]);
    const url = (await mock.firstLine).split(' ').at(-1)!;
    expect(
      (await fetch(`${url}/v1/acme/projects/backend`, { headers: { authorization: `Bearer ${DEMO.tokens.viewer}` } }))
        .status,
    ).toBe(200);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });

  it('prints its version and its help', async () => {
    const version = run(['--version']);
    expect(await version.exit).toBe(0);
    expect(version.stdout().trim()).toBe(packageVersion);
    const help = run(['--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdout()).toMatch(/loc-mock serve \[--port 4010\]/);
  });

  it('prints its banner as JSON with --json, writes it to --ready-file once listening, and removes that on stop', async () => {
    const ready = join(dir, 'ready.json');
    const mock = run(['serve', '--port', '0', '--quiet', '--json', '--ready-file', ready]);
    const banner = JSON.parse(await mock.firstLine);
    expect(banner).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), journalSize: 1000 });
    expect(banner.admin).toEqual({ url: `${banner.url}/__admin/`, access: 'open' });
    expect(JSON.parse(readFileSync(ready, 'utf8'))).toEqual(banner);
    expect((await fetch(`${banner.url}/__admin/state`)).status).toBe(200);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
    expect(existsSync(ready)).toBe(false);
  });

  it('sets faults, the clock and the journal size from flags, and refuses a bad one naming the field', async () => {
    const mock = run([
      'serve',
      '--port',
      '0',
      '--quiet',
      '--fault',
      '{"kind":"STATUS","status":503,"path":"/v1/projects"}',
      '--fault',
      '{"kind":"LATENCY","ms":1,"path":"/cdn/"}',
      '--clock',
      '2030-01-01T00:00:00Z',
      '--journal-size',
      '5',
    ]);
    const url = (await mock.firstLine).split(' ').at(-1)!;
    expect((await fetch(`${url}/v1/projects`)).status).toBe(503);
    const faults = await (await fetch(`${url}/__admin/faults`)).json();
    expect(faults.faults.map((f: { kind: string }) => f.kind)).toEqual(['LATENCY']);
    expect((await (await fetch(`${url}/__admin/clock`)).json()).now.slice(0, 4)).toBe('2030');
    expect((await (await fetch(`${url}/__admin/requests`)).json()).size).toBe(5);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);

    const bad = run(['serve', '--port', '0', '--fault', '{"kind":"STATUS","status":42}']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toMatch(/--fault .*invalid:\n {2}\$\.status: /);
    const notJson = run(['serve', '--port', '0', '--fault', 'STATUS']);
    expect(await notJson.exit).toBe(2);
    expect(notJson.stderr()).toMatch(/--fault takes JSON/);
  });

  it('says in its banner that the control API is off beyond loopback without a token, and on with one', async () => {
    const off = run(['serve', '--port', '0', '--quiet', '--host', '0.0.0.0']);
    await off.firstLine;
    off.child.kill('SIGTERM');
    expect(await off.exit).toBe(0);
    expect(off.stdout()).toMatch(/control API: off \(listening beyond loopback without --admin-token/);
    const on = run(['serve', '--port', '0', '--quiet', '--host', '0.0.0.0', '--admin-token', 'secret-1234']);
    await on.firstLine;
    on.child.kill('SIGTERM');
    expect(await on.exit).toBe(0);
    expect(on.stdout()).toMatch(/control API: .*needs "Authorization: Bearer <admin token>"/);
    expect(on.stdout()).not.toContain('secret-1234');
  });

  it('refuses a --public-url that is not an http(s) URL: exit 2, naming it', async () => {
    const mock = run(['serve', '--port', '0', '--public-url', 'loc-mock:4010']);
    expect(await mock.exit).toBe(2);
    expect(mock.stderr()).toMatch(/--public-url loc-mock:4010 is not an http\(s\) URL/);
  });

  it('refuses a --host that is not an address of this machine: exit 2, naming it', async () => {
    const mock = run(['serve', '--port', '0', '--host', '999.1.1.1']);
    expect(await mock.exit).toBe(2);
    expect(mock.stderr()).toMatch(/--host 999\.1\.1\.1 is not an address/);
  });

  it('refuses unknown flags with its usage', async () => {
    const mock = run(['serve', '--prot', '1']);
    expect(await mock.exit).toBe(2);
    expect(mock.stderr()).toMatch(/--prot/);
  });
});
