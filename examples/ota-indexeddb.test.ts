// indexedDbStorage() of @loc/sdk/ota in a real headless Chromium (Debian's, driven by playwright-core; jsdom
// has no IndexedDB), against a real loc-mock through the example's same-origin server (ota-web/server.mjs).
// A page loads the built SDK; each case drives clients in it: a full quota (Chromium's own
// QuotaExceededError, by DevTools' quota override), a store that throws, and two tabs that commit at once.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CDN_KEYS, startMock, type RunningMock } from '@loc/test-utils';
import { CHROMIUM, hasChromium, launchChromium, writeHarnessPage } from './chromium';
import { serveWebApp } from './ota-web/server.mjs';

/** What the page exposes: the SDK, and a client on its origin whose check answers name `releaseId`. */
const HARNESS = `import * as ota from '@loc/sdk/ota';
window.ota = ota;
window.client = (storage, releaseId, nameLength = 0) => ota.createOtaClient({
  cdnKey: ${JSON.stringify(CDN_KEYS.acme)}, baseUrl: location.origin, environment: 'DEVELOPMENT', type: 'NATIVE_FORMAT',
  storage,
  // The mock publishes one release: another id in its answer stands for a newer release of the same bundle.
  fetch: async (url, init) => {
    if (window.offline) throw new TypeError('offline');
    // The mock knows rel_web_dev only: a client serving another id, or asking for one, asks as a new install.
    const body = releaseId && typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (body) delete body.clientRelease;
    const response = await fetch(url, body ? { ...init, body: JSON.stringify(body) } : init);
    if (!releaseId || !String(url).endsWith('/cdn/check') || response.status !== 200) return response;
    const release = JSON.parse((await response.text()).replace('"rel_web_dev"', JSON.stringify(releaseId)));
    // A long name makes the stored release as big as a real app's strings. Pseudo-random (a fixed
    // sequence): Chromium compresses what IndexedDB keeps, and a name of one repeated letter fit the quota.
    let seed = 1;
    const letter = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 27).toString(32);
    if (nameLength) release.name = Array.from({ length: nameLength }, letter).join('');
    const text = JSON.stringify(release);
    return new Response(text, { status: 200, headers: response.headers });
  },
});
/** Every key and value of the database, as the adapter stored them. */
window.dump = (name) => new Promise((resolve, reject) => {
  const open = indexedDB.open(name);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const store = open.result.transaction('items').objectStore('items');
    const keys = store.getAllKeys();
    const values = store.getAll();
    values.onsuccess = () => { open.result.close(); resolve(Object.fromEntries(keys.result.map((k, i) => [k, values.result[i]]))); };
  };
});`;

let mock: RunningMock;
let work: string;
let server: Server;
let browser: Browser;
let url: string;

describe.skipIf(!hasChromium)(`indexedDbStorage in a real Chromium (${CHROMIUM}: apt-get install chromium)`, () => {
  beforeAll(async () => {
    mock = await startMock();
    work = mkdtempSync(join(tmpdir(), 'loc-ota-idb-'));
    await writeHarnessPage(work, HARNESS);
    server = await serveWebApp(work, mock.url);
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await mock?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  async function harness(page: Page) {
    await page.goto(url);
    await page.waitForFunction(() => 'ota' in window);
  }

  it('stores a release in one transaction; a new page (a reload, another tab) serves it at once', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await harness(page);
    const first = await page.evaluate(async () => {
      const result = await window.client(window.ota.indexedDbStorage()).checkNow();
      return { status: result.status, stored: Object.keys(await window.dump('loc-ota')).sort() };
    });
    expect(first).toEqual({
      status: 'updated',
      stored: [
        'loc-ota:NATIVE_FORMAT:DEVELOPMENT:current',
        'loc-ota:NATIVE_FORMAT:DEVELOPMENT:release:rel_web_dev',
        'loc-ota:NATIVE_FORMAT:DEVELOPMENT:state',
      ],
    });
    const other = await context.newPage();
    await harness(other);
    expect(
      await other.evaluate(async () => {
        const client = window.client(window.ota.indexedDbStorage());
        await client.ready;
        return [client.currentRelease?.id, client.t('app.title', 'de')];
      }),
    ).toEqual(['rel_web_dev', 'Acme Notizen']);
    await context.close();
  });

  it('a full quota (QuotaExceededError): reported as a store failure, the last good release served and kept', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await harness(page);
    // A quota of 112 KiB for the origin (set before its first use of IndexedDB: Chromium caches the space
    // left): the mock's release fits (it takes 73–96 KiB of Chromium's accounting here), a second release
    // 60 KiB larger does not (refused at 128 KiB too), and Chromium refuses the write itself. The release is
    // made larger by its name, within the 64 KiB the client reads of a check's answer.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(url).origin, quotaSize: 112 * 1024 });
    expect(
      await page.evaluate(async () => (await window.client(window.ota.indexedDbStorage()).checkNow()).status),
    ).toBe('updated');
    const outcome = await page.evaluate(async () => {
      const client = window.client(window.ota.indexedDbStorage(), 'rel_next', 60 * 1024);
      const failures: string[] = [];
      client.onError((f) => failures.push(`${f.stage}: ${f.error.name}: ${f.error.message}`));
      let thrown = 'nothing';
      try {
        const result = await client.checkNow();
        return {
          status: result.status,
          failures,
          release: client.currentRelease?.id,
          title: client.t('app.title', 'de'),
          thrown,
          stored: Object.keys(await window.dump('loc-ota')).sort(),
        };
      } catch (error) {
        thrown = String(error);
        return { thrown };
      }
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      thrown: 'nothing',
      release: 'rel_web_dev',
      title: 'Acme Notizen',
    });
    expect(outcome.failures).toEqual([expect.stringMatching(/^store: .*QuotaExceeded/)]);
    // Neither the new release nor a pointer to it was written.
    expect(outcome.stored).not.toContain('loc-ota:NATIVE_FORMAT:DEVELOPMENT:release:rel_next');
    expect(JSON.stringify(outcome)).not.toContain(CDN_KEYS.acme);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(url).origin });
    const reloaded = await page.evaluate(async () => {
      const client = window.client(window.ota.indexedDbStorage());
      await client.ready;
      return client.currentRelease?.id;
    });
    expect(reloaded).toBe('rel_web_dev');
    await context.close();
  });

  it('a store that throws, or no IndexedDB at all: reported, never thrown; the fallback and last good release served', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await harness(page);
    const outcome = await page.evaluate(async () => {
      const storage = window.ota.indexedDbStorage('throws');
      const good = window.client(storage);
      await good.checkNow();
      // Every write now throws synchronously inside the adapter's transaction.
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('the disk is gone', 'UnknownError');
      };
      const client = window.client(window.ota.indexedDbStorage('throws'), 'rel_next');
      const failures: string[] = [];
      client.onError((f) => failures.push(f.stage));
      const result = await client.checkNow();
      IDBObjectStore.prototype.put = put;
      // Where IndexedDB is missing (some private modes), reads fail too: the client starts on its fallback.
      const idb = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB')!;
      Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
      const none = window.client(window.ota.indexedDbStorage('missing'));
      const noneFailures: string[] = [];
      none.onError((f) => noneFailures.push(`${f.stage}: ${f.error.message}`));
      await none.ready;
      const noneResult = await none.checkNow();
      Object.defineProperty(globalThis, 'indexedDB', idb);
      return {
        status: result.status,
        failures,
        release: client.currentRelease?.id,
        none: { status: noneResult.status, failures: noneFailures, release: none.currentRelease?.id },
      };
    });
    expect(outcome).toMatchObject({ status: 'failed', release: 'rel_web_dev' });
    // The install id's write fails at start, then the release's.
    expect(outcome.failures.at(-1)).toBe('store');
    // Without a store the release still arrives in memory: only keeping it failed.
    expect(outcome.none.failures[0]).toMatch(/^load: .*IndexedDB is not available/);
    expect(outcome.none.failures.at(-1)).toMatch(/^store: /);
    await context.close();
  });

  it('two tabs commit different releases at the same moment: one wins whole, the loser’s release is removed', async () => {
    const context = await browser.newContext();
    const [a, b] = [await context.newPage(), await context.newPage()];
    for (const page of [a, b]) await harness(page);
    // Each tab stops before its commit; both are let go together, so their transactions overlap.
    const start = (page: Page, id: string) =>
      page.evaluate((releaseId) => {
        const storage = window.ota.indexedDbStorage('race');
        const gate = new Promise<void>((resolve) => (window.letGo = resolve));
        window.raceClient = window.client(
          {
            ...storage,
            multiSet: async (items: [string, string][]) => {
              window.atGate = true;
              await gate;
              return storage.multiSet(items);
            },
          },
          releaseId,
        );
        window.result = window.raceClient.checkNow().then((r) => r.status);
      }, id);
    await Promise.all([start(a, 'rel_a'), start(b, 'rel_b')]);
    for (const page of [a, b]) await page.waitForFunction(() => window.atGate === true);
    await Promise.all([a.evaluate(() => window.letGo()), b.evaluate(() => window.letGo())]);
    expect(await Promise.all([a.evaluate(() => window.result), b.evaluate(() => window.result)])).toEqual([
      'updated',
      'updated',
    ]);
    // Each tab's next check (offline here) first adopts what the store points at; the loser, whether it
    // saw its defeat at its commit or only now, removes its own release: nothing points at it.
    for (const page of [a, b])
      await page.evaluate(async () => {
        window.offline = true;
        await window.raceClient.checkNow();
      });
    const stored = (await a.evaluate(() => window.dump('race'))) as Record<string, string>;
    const winner = JSON.parse(stored['loc-ota:NATIVE_FORMAT:DEVELOPMENT:current']!) as string;
    expect(['rel_a', 'rel_b']).toContain(winner);
    const release = JSON.parse(stored[`loc-ota:NATIVE_FORMAT:DEVELOPMENT:release:${winner}`]!);
    expect(release).toMatchObject({ id: winner, locales: expect.arrayContaining(['de']) });
    // Stored whole: each locale's JSON files as the bundle held them.
    expect(JSON.stringify(release.files.de)).toContain('"Acme Notizen"');
    expect(Object.keys(stored).filter((key) => key.includes(':release:'))).toEqual([
      `loc-ota:NATIVE_FORMAT:DEVELOPMENT:release:${winner}`,
    ]);
    // A third tab, as both would after a reload, serves the winner.
    const c = await context.newPage();
    await harness(c);
    expect(
      await c.evaluate(async () => {
        const client = window.client(window.ota.indexedDbStorage('race'));
        await client.ready;
        return [client.currentRelease?.id, client.t('checkout.pay', 'de')];
      }),
    ).toEqual([winner, 'Jetzt bezahlen']);
    await context.close();
  });
});

declare global {
  interface Window {
    ota: typeof import('@loc/sdk/ota');
    client(
      storage: import('@loc/sdk/ota').OtaStorage,
      releaseId?: string,
      nameLength?: number,
    ): import('@loc/sdk/ota').OtaClient;
    dump(name: string): Promise<Record<string, unknown>>;
    letGo(): void;
    atGate: boolean;
    offline: boolean;
    raceClient: import('@loc/sdk/ota').OtaClient;
    result: Promise<string>;
  }
}
