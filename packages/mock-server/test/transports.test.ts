// One implementation, two transports: the same scenario through msw interception and over a real socket;
// then the built `loc-mock` binary as users start it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@loc/sdk';
import { unzipSync } from 'fflate';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockService, DEMO, startMockServer } from '../src';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** List projects, export web-frontend in German, wait, download and open the ZIP. */
async function scenario(baseUrl: string) {
  const loc = createClient({ baseUrl, token: DEMO.tokens.developer });
  const { members } = await loc.projects.list();
  const done = await loc.exports.createAndWait('acme', 'web-frontend', { iso2Slugs: ['de'] }, { intervalMs: 10 });
  const zip = unzipSync(new Uint8Array(await (await fetch(done.downloadUrl)).arrayBuffer()));
  return { projects: members.map((m) => m.title), files: Object.keys(zip).sort() };
}

describe('the same scenario', () => {
  let fromMsw: Awaited<ReturnType<typeof scenario>>;

  it('runs through msw interception', async () => {
    const service = createMockService({ baseUrl: 'https://api.loc.test', exportDelayMs: 20 });
    const server = setupServer(...service.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      fromMsw = await scenario('https://api.loc.test');
    } finally {
      server.close();
    }
    expect(fromMsw.files).toEqual(['locales/de/checkout.json', 'locales/de/common.json']);
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

describe('loc-mock (the built binary)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loc-mock-bin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function run(args: string[]) {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const firstLine = new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    return { child, exit, firstLine, stderr: () => stderr };
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
      projects: [{ workspace: 'tiny', slug: 'app', title: 'App', owner: 'me@tiny.test', resourceType: 'json.standard', sourceLocale: 'en', targetLocales: ['de'], files: [] }],
    };
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(seed));
    const mock = run(['serve', '--port', '0', '--quiet', '--seed', join(dir, 'seed.json')]);
    const url = (await mock.firstLine).split(' ').at(-1)!;
    const body = await (await fetch(`${url}/v1/projects`, { headers: { authorization: 'Bearer loc_tiny' } })).json();
    expect(body.members.map((m: { title: string }) => m.title)).toEqual(['App']);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });

  it('refuses a bad seed file with the path of each problem', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ workspaces: [{ slug: 42 }] }));
    const mock = run(['serve', '--port', '0', '--seed', join(dir, 'bad.json')]);
    expect(await mock.exit).not.toBe(0);
    expect(mock.stderr()).toMatch(/workspaces\[0\]\.slug/);
    writeFileSync(join(dir, 'broken.json'), '{ not json');
    const broken = run(['serve', '--port', '0', '--seed', join(dir, 'broken.json')]);
    expect(await broken.exit).not.toBe(0);
    expect(broken.stderr()).toMatch(/JSON/);
  });

  it('refuses unknown flags with its usage', async () => {
    const mock = run(['serve', '--prot', '1']);
    expect(await mock.exit).toBe(2);
    expect(mock.stderr()).toMatch(/--prot/);
  });
});
