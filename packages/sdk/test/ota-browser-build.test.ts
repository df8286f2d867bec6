// The browser build's own modules besides its inflate (tsup.config.ts swaps them in for the `browser`
// condition): src/ota/hops.browser.ts, which follows no redirect, and src/ota/lock.browser.ts, the Web Locks
// API alone. Through the client as a browser bundle runs it; examples/ota-trust.test.ts and
// examples/ota-indexeddb.test.ts run the built browser bundle in a real Chromium.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_URL, faultyStorage, OTA_BASE, otaClient } from './ota-fixtures';

vi.mock('../src/ota/hops', () => import('../src/ota/hops.browser'));
vi.mock('../src/ota/lock', () => import('../src/ota/lock.browser'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('@loc/sdk/ota in a browser bundle', () => {
  it('refuses a redirect even when the fetch shows where it leads, and sends the check once', async () => {
    const asked: string[] = [];
    const ota = otaClient({
      fetch: async (input) => {
        asked.push(String(input));
        return new Response(null, { status: 307, headers: { location: `${OTA_BASE}/elsewhere` } });
      },
    });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(asked).toEqual([CHECK_URL]);
    expect(ota.failures[0]!.error.message).toMatch(/^POST \/cdn\/check: refused a redirect it cannot see the hops of/);
  });

  it.skipIf(!(globalThis as { navigator?: { locks?: unknown } }).navigator?.locks)(
    'two tabs that wake together check once, under the Web Locks API (Node ≥ 24 has it too)',
    async () => {
      const storage = faultyStorage();
      let checks = 0;
      let answer: () => void = () => {};
      // The first check waits until both tabs' schedules have run: they overlap.
      const fetch: typeof globalThis.fetch = async () => {
        checks++;
        await new Promise<void>((resolve) => (answer = resolve));
        return new Response(null, { status: 204 });
      };
      const [a, b] = [otaClient({ storage, fetch }), otaClient({ storage, fetch })];
      a.start();
      b.start();
      await vi.waitFor(() => expect(checks).toBe(1));
      const locks = (navigator as unknown as { locks: LockManager }).locks;
      expect((await locks.query()).pending).toHaveLength(1);
      answer();
      // The second tab held the lock after the first, read its check in the store, and sent nothing.
      await vi.waitFor(async () => {
        const { held, pending } = await locks.query();
        expect([held, pending]).toEqual([[], []]);
      });
      expect(checks).toBe(1);
      a.stop();
      b.stop();
    },
  );

  it('where the Web Locks API is refused (an opaque origin), the check runs without it', async () => {
    vi.stubGlobal('navigator', {
      locks: { request: () => Promise.reject(new DOMException('denied', 'SecurityError')) },
    });
    let checks = 0;
    const ota = otaClient({
      fetch: async () => {
        checks++;
        return new Response(null, { status: 204 });
      },
    });
    ota.start();
    await vi.waitFor(() => expect(checks).toBe(1));
    ota.stop();
  });
});
