// loc-mock from a web app on another port, in a real headless Chromium (Debian's, driven by
// playwright-core): the page at http://localhost:<port> calls the mock at http://127.0.0.1:<port> — the
// CDN check through @loc/sdk/ota, the bundle download, /v1 with a token — which CORS allows by default for
// pages on loopback. The same page cannot read nor drive the control API, not even with a no-cors
// "simple request"; a mock started with --cors-origin for another origin refuses the page.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CDN_KEYS, startMock, TOKENS, type RunningMock } from '@loc/test-utils';
import { CHROMIUM, hasChromium, launchChromium, writeHarnessPage } from './chromium';

const HARNESS = `import * as ota from '@loc/sdk/ota';
window.ota = ota;
window.tryFetch = async (url, init) => {
  try {
    const response = await fetch(url, init);
    return { status: response.status, type: response.type, text: response.type === 'opaque' ? '' : await response.text() };
  } catch (error) {
    return { error: error.name + ': ' + error.message };
  }
};`;

let mock: RunningMock;
let narrowed: RunningMock;
let work: string;
let app: Server;
let browser: Browser;
let page: Page;
let appUrl: string;

/** A static server for the page, on another loopback port (and another name: localhost). */
function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const name = req.url === '/' ? 'index.html' : (req.url ?? '').slice(1);
    if (!/^[\w.-]+$/.test(name) || !existsSync(join(dir, name))) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': name.endsWith('.js') ? 'text/javascript' : 'text/html' });
    res.end(readFileSync(join(dir, name)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!hasChromium)(`loc-mock from a page on another port, in Chromium (${CHROMIUM})`, () => {
  beforeAll(async () => {
    mock = await startMock();
    narrowed = await startMock(['--cors-origin', 'http://localhost:1']);
    work = mkdtempSync(join(tmpdir(), 'loc-mock-cors-'));
    await writeHarnessPage(work, HARNESS);
    app = await serve(work);
    appUrl = `http://localhost:${(app.address() as { port: number }).port}/`;
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(appUrl);
    await page.waitForFunction(() => 'ota' in window);
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
    await mock?.stop();
    await narrowed?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('@loc/sdk/ota checks and downloads a release from the mock on another origin', async () => {
    const outcome = await page.evaluate(
      async ({ base, key }) => {
        const client = window.ota.createOtaClient({
          cdnKey: key,
          baseUrl: base,
          environment: 'DEVELOPMENT',
          type: 'NATIVE_FORMAT',
        });
        const failures: string[] = [];
        client.onError((f: { stage: string; error: Error }) => failures.push(`${f.stage}: ${f.error.message}`));
        const result = await client.checkNow();
        return {
          status: result.status,
          release: client.currentRelease?.id,
          title: client.t('app.title', 'de'),
          failures,
        };
      },
      { base: mock.url, key: CDN_KEYS.acme },
    );
    expect(outcome).toEqual({ status: 'updated', release: 'rel_web_dev', title: 'Acme Notizen', failures: [] });
  });

  it('reads /v1 with a token (a preflighted request) and sees a 401 as a 401, not "Failed to fetch"', async () => {
    const [ok, refused] = await page.evaluate(
      async ({ base, token }) => [
        await window.tryFetch(`${base}/v1/projects`, { headers: { authorization: `Bearer ${token}` } }),
        await window.tryFetch(`${base}/v1/projects`, { headers: { authorization: 'Bearer wrong-token' } }),
      ],
      { base: mock.url, token: TOKENS.admin },
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('web-frontend');
    expect(refused.status).toBe(401);
  });

  it('cannot read the control API, nor drive it with a no-cors simple request', async () => {
    const before = await (await fetch(`${mock.url}/__admin/state`)).json();
    const [read, simple, json] = await page.evaluate(
      async (base) => [
        await window.tryFetch(`${base}/__admin/state`),
        await window.tryFetch(`${base}/__admin/reset`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: '{"to":"empty"}',
        }),
        await window.tryFetch(`${base}/__admin/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"to":"empty"}',
        }),
      ],
      mock.url,
    );
    expect(read.error).toMatch(/TypeError/);
    expect(simple.type).toBe('opaque');
    expect(json.error).toMatch(/TypeError/);
    const after = await (await fetch(`${mock.url}/__admin/state`)).json();
    expect(after.projects).toEqual(before.projects);
    expect(after.projects.length).toBeGreaterThan(0);
  });

  it('is refused by a mock started with --cors-origin for another origin', async () => {
    const outcome = await page.evaluate(
      async ({ base, token }) =>
        window.tryFetch(`${base}/v1/projects`, { headers: { authorization: `Bearer ${token}` } }),
      { base: narrowed.url, token: TOKENS.admin },
    );
    expect(outcome.error).toMatch(/TypeError/);
  });
});

declare global {
  interface Window {
    ota: typeof import('@loc/sdk/ota');
    tryFetch(
      url: string,
      init?: RequestInit,
    ): Promise<{ status?: number; type?: string; text: string; error?: string }>;
  }
}
