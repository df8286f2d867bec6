// The over-the-air examples, run against a real loc-mock on loopback: the Node server (ota-node-server.mjs),
// i18next fed by @loc/sdk/ota, and the web app (ota-web/) built with esbuild and run in a real headless
// Chromium (Debian's, driven by playwright-core; skipped with the reason when it is not installed:
// scripts/install-test-tools.sh installs it).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtaClient, i18nextBackend } from '@loc/sdk/ota';
import { CDN_KEYS, startMock, type RunningMock } from '@loc/test-utils';
import { CHROMIUM, hasChromium, launchChromium } from './chromium';
import { buildWebApp } from './ota-web/build.mjs';
import { serveWebApp } from './ota-web/server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
let mock: RunningMock;
let work: string;

beforeAll(async () => {
  mock = await startMock();
  work = mkdtempSync(join(tmpdir(), 'loc-ota-examples-'));
});
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Starts ota-node-server.mjs and resolves with its URL once it listens; `lines` gathers its output. */
function startServer(folder: string, cdnBaseUrl: string) {
  const child = spawn(process.execPath, [join(here, 'ota-node-server.mjs'), '0', folder], {
    env: { PATH: process.env.PATH ?? '', LOC_CDN_KEY: CDN_KEYS.acme, LOC_CDN_BASE_URL: cdnBaseUrl },
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const w of waiters.splice(0))
        if (w.pattern.test(line)) w.resolve(line);
        else waiters.push(w);
    });
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) return resolve(seen);
      waiters.push({ pattern, resolve });
      child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${lines.join('\n')}`)));
    });
  return { child: child as ChildProcessWithoutNullStreams, lines, waitFor };
}

describe('ota-node-server.mjs', () => {
  it('renders the release’s strings, and after a restart with the CDN gone, the stored ones', async () => {
    const folder = join(work, 'node-store');
    const first = startServer(folder, mock.url);
    try {
      const url = /Listening on (\S+)/.exec(await first.waitFor(/Listening on/))![1]!;
      expect(await (await fetch(url)).text()).toContain('Notes (bundled)');
      await first.waitFor(/Strings updated to release rel_web_dev/);
      const page = await (await fetch(`${url}?lang=de`)).text();
      expect(page).toContain('<h1>Acme Notizen</h1>');
      expect(page).toContain('Jetzt bezahlen');
    } finally {
      first.child.kill();
    }
    // A port nothing listens on: the CDN is unreachable.
    const second = startServer(folder, 'http://127.0.0.1:9');
    try {
      const line = await second.waitFor(/Listening on/);
      expect(line).toContain('(release rel_web_dev)');
      const url = /Listening on (\S+)/.exec(line)![1]!;
      expect(await (await fetch(`${url}?lang=de`)).text()).toContain('Acme Notizen');
      expect(second.lines.join('\n')).not.toContain(CDN_KEYS.acme);
    } finally {
      second.child.kill();
    }
  });
});

describe('i18next with i18nextBackend', () => {
  it('renders the bundled strings first, then the release’s', async () => {
    const ota = createOtaClient({
      cdnKey: CDN_KEYS.acme,
      baseUrl: mock.url,
      environment: 'DEVELOPMENT',
      type: 'NATIVE_FORMAT',
      fallback: { de: { 'app.title': 'Notizen (mitgeliefert)', onlyBundled: 'Nur mitgeliefert' } },
    });
    const i18n = i18next.createInstance();
    // The service's placeholders are {amount}; i18next's default is {{amount}}.
    await i18n
      .use(i18nextBackend(ota))
      .init({ lng: 'de', fallbackLng: false, interpolation: { prefix: '{', suffix: '}', escapeValue: false } });
    expect(i18n.t('app.title')).toBe('Notizen (mitgeliefert)');
    const updated = new Promise<void>((resolve) =>
      ota.onUpdate(() => void i18n.reloadResources().then(() => resolve())),
    );
    expect((await ota.checkNow()).status).toBe('updated');
    await updated;
    expect(i18n.t('app.title')).toBe('Acme Notizen');
    expect(i18n.t('checkout.total', { amount: '3 €' })).toBe('Summe: 3 €');
    expect(i18n.t('onlyBundled')).toBe('Nur mitgeliefert');
  });
});

describe.skipIf(!hasChromium)(`ota-web in a real Chromium (${CHROMIUM}: apt-get install chromium)`, () => {
  let server: Server;
  let app: string;
  beforeAll(async () => {
    const dir = join(work, 'web');
    await buildWebApp(dir);
    app = readFileSync(join(dir, 'app.js'), 'utf8');
    server = await serveWebApp(dir, mock.url);
  });

  it("is built with @loc/sdk/ota's browser build: the mock's deflated bundles inflate in DecompressionStream", () => {
    expect(app).toContain('deflate-raw');
    // fflate's inflate reports its errors from this table; the browser build carries none of it.
    expect(app).not.toContain('invalid block type');
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it.each(['localStorage', 'indexeddb'])(
    'shows the bundled strings, then the release; a reload with the CDN blocked shows the stored release (%s)',
    async (storage) => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/?storage=${storage}`;
        await page.goto(url);
        await page.waitForFunction(() => document.querySelector('#release')?.textContent === 'rel_web_dev');
        expect(await page.textContent('#title')).toBe('Acme Notizen');
        expect(await page.textContent('#pay')).toBe('Jetzt bezahlen');
        expect(await page.textContent('#error')).toBe('');
        // Offline: every CDN request fails. The stored release (localStorage) is served on the first paint.
        const blocked: string[] = [];
        await page.route('**/cdn/check', (route) => {
          blocked.push(route.request().url());
          return route.abort();
        });
        await page.reload();
        await page.waitForFunction(() => document.querySelector('#release')?.textContent === 'rel_web_dev');
        expect(await page.textContent('#title')).toBe('Acme Notizen');
        // The 15-minute pause is stored too: the reload does not check again.
        expect(blocked).toEqual([]);
        // The store asked for holds the release, and only it does.
        const kept = await page.evaluate(async () => {
          const releaseKeys = Object.keys(localStorage).filter((k) => k.includes(':release:'));
          const databases = (await indexedDB.databases()).map((d) => d.name);
          return { releaseKeys, databases };
        });
        if (storage === 'indexeddb') expect(kept).toEqual({ releaseKeys: [], databases: ['loc-ota'] });
        else
          expect(kept).toEqual({
            releaseKeys: ['loc-ota:NATIVE_FORMAT:DEVELOPMENT:release:rel_web_dev'],
            databases: [],
          });
      } finally {
        await browser.close();
      }
    },
  );
});
