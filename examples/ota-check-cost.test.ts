// "A 204 check (nothing new) costs one request and no allocation of bundle-sized buffers" (issue 24),
// measured: @loc/sdk/ota against a real loc-mock (its own process, so its buffers are not counted here)
// whose web release is a bundle of several MiB. The mock's journal counts the requests; a fetch spy shows
// that no body is read; process.memoryUsage().arrayBuffers, sampled after each check, stays far below the
// bundle's size. The same measurement, run on a client that downloads again, sees the bundle.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtaClient, memoryStorage, type OtaStorage } from '@loc/sdk/ota';
import { CDN_KEYS, MOCK_BIN, startMock, type RunningMock } from '@loc/test-utils';

/** Segments of the bulk file: ~3.4 MiB of ZIP (hashes in base64 hardly deflate). */
const BULK_SEGMENTS = 24_000;
const CHECKS = 40;
let mock: RunningMock;
let work: string;

/** The demo seed, its web project given a bulk file of incompressible, fixed (hash-made) texts. */
function seed() {
  const demo = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' }));
  const web = demo.projects.find((p: { slug: string }) => p.slug === 'web-frontend');
  const text = (i: number, locale: string) => createHash('sha256').update(`${locale}${i}`).digest('base64');
  web.files.push({
    path: 'locales/%{locale}/bulk.json',
    segments: Array.from({ length: BULK_SEGMENTS }, (_, i) => ({
      key: `bulk.k${i}`,
      source: text(i, 'en'),
      translations: Object.fromEntries(
        ['de', 'fr', 'ja'].map((locale) => [locale, { text: text(i, locale), status: 'APPROVED' }]),
      ),
    })),
  });
  return demo;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'loc-ota-cost-'));
  writeFileSync(join(work, 'seed.json'), JSON.stringify(seed()));
  mock = await startMock(['--seed', join(work, 'seed.json'), '--journal-size', '10000']);
});
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

interface JournalEntry {
  method: string;
  path: string;
  status: number | null;
}
async function journal(): Promise<JournalEntry[]> {
  const { requests } = await (await fetch(`${mock.url}/__admin/requests`)).json();
  return requests;
}
const clearJournal = () => fetch(`${mock.url}/__admin/requests`, { method: 'DELETE' });

/** A fetch that counts its calls and every read of a response's body. */
function spiedFetch() {
  const seen = { calls: 0, bodyReads: [] as string[], downloaded: 0 };
  const spy: typeof fetch = async (input, init) => {
    seen.calls++;
    const response = await fetch(input, init);
    if (String(input).includes('/_storage/')) seen.downloaded = Number(response.headers.get('content-length'));
    return new Proxy(response, {
      get(target, name) {
        if (['arrayBuffer', 'json', 'text', 'blob', 'formData', 'bytes', 'body'].includes(String(name)))
          seen.bodyReads.push(`${response.status} ${String(name)}`);
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { spy, seen };
}

/** A store that records the size of each value written. */
function spiedStorage() {
  const inner = memoryStorage();
  const writes: number[] = [];
  const storage: OtaStorage = {
    ...inner,
    setItem(key, value) {
      writes.push(value.length);
      return inner.setItem(key, value);
    },
  };
  return { storage, writes };
}

/** Runs `checks` checks; the largest growth of live ArrayBuffers (bytes) seen right after any of them. */
async function arrayBufferGrowth(checkNow: () => Promise<unknown>, checks: number) {
  const base = process.memoryUsage().arrayBuffers;
  let most = 0;
  for (let i = 0; i < checks; i++) {
    await checkNow();
    most = Math.max(most, process.memoryUsage().arrayBuffers - base);
  }
  return most;
}

describe('a 204 check with a bundle of several MiB current', () => {
  it('costs one request, reads no body, writes no release, and allocates no bundle-sized buffer', async () => {
    const { spy, seen } = spiedFetch();
    const { storage, writes } = spiedStorage();
    const ota = createOtaClient({
      cdnKey: CDN_KEYS.acme,
      baseUrl: mock.url,
      environment: 'DEVELOPMENT',
      type: 'NATIVE_FORMAT',
      languageCode: 'de',
      storage,
      fetch: spy,
    });
    expect(await ota.checkNow()).toMatchObject({ status: 'updated' });
    expect(ota.t('bulk.k7')).toBe(createHash('sha256').update('de7').digest('base64'));
    const bundleBytes = seen.downloaded;
    expect(bundleBytes).toBeGreaterThan(3 * 1024 * 1024);

    seen.calls = 0;
    seen.bodyReads.length = 0;
    writes.length = 0;
    await clearJournal();
    const growth = await arrayBufferGrowth(
      async () => expect(await ota.checkNow()).toEqual({ status: 'current' }),
      CHECKS,
    );

    // One request per check, each a 204, and nothing else (no download).
    const requests = await journal();
    expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
      Array.from({ length: CHECKS }, () => 'POST /cdn/check 204'),
    );
    expect(seen.calls).toBe(CHECKS);
    expect(seen.bodyReads).toEqual([]);
    // Only the small pause state was written, never a release.
    expect(Math.max(...writes)).toBeLessThan(1024);
    // Far below one bundle: no check read or copied one.
    expect(growth).toBeLessThan(bundleBytes / 8);
  });

  it('the same measurement sees a client that downloads the bundle again (what a check without clientRelease does)', async () => {
    const { spy, seen } = spiedFetch();
    // The check asked as a new install each time: the mock answers 200 and the bundle is fetched.
    const forgetful: typeof fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (body) delete body.clientRelease;
      return spy(input, body ? { ...init, body: JSON.stringify(body) } : init);
    };
    const ota = createOtaClient({
      cdnKey: CDN_KEYS.acme,
      baseUrl: mock.url,
      environment: 'DEVELOPMENT',
      type: 'NATIVE_FORMAT',
      fetch: forgetful,
    });
    await ota.checkNow();
    const growth = await arrayBufferGrowth(() => ota.checkNow(), 3);
    expect(growth).toBeGreaterThan(seen.downloaded / 2);
  });
});
