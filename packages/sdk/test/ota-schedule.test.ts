// One check a day per install, whatever shares its store: a simulated week of page loads, restarts and
// open tabs (fake timers; the CDN answered in this process), counting the client's checks. The official
// SDKs' sample apps check at most once a day (real-service-notes.md, "CDN"), and @loc's default spends no
// more (docs/ota.md, "One check a day"). Each store below is what tabs of one origin or restarts share.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OtaStorage } from '../src/ota/index';
import { faultyStorage, inProcessCdn, otaClient as client, useCdn } from './ota-fixtures';

const server = inProcessCdn();
/** The CDN, answering 100 ms after each request (on the fake clock): checks of tabs that wake together overlap. */
const slowFetch: typeof fetch = async (input, init) => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return server.fetch(input, init);
};
const T0 = Date.parse('2026-11-23T00:00:00Z');
const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  server.reset();
});

/**
 * A store of strings whose every call answers 5 ms later (on the fake clock), as AsyncStorage's and
 * IndexedDB's answer later: two tabs that wake together both read before either writes.
 */
function asyncStorage(): OtaStorage {
  const map = new Map<string, string>();
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));
  return {
    getItem: (key) => later(map.get(key) ?? null),
    setItem: (key, value) => later(void map.set(key, value)),
    removeItem: (key) => later(void map.delete(key)),
  };
}

/** A fixed sequence of numbers in [0, 1) for client `n`: every client draws its own jitter and spread. */
const randomOf = (n: number) => {
  let seed = n + 1;
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
};

type Client = ReturnType<typeof client>;

/**
 * A week: two tabs opened together that stay open (one closes after three days), a third opened on the
 * second day, a page load every 90 minutes that the user leaves after 5 minutes, and on the fourth day a
 * browser restart that closes every tab and restores two of them together. Gives the times of the checks.
 */
async function week(storage: OtaStorage, random: (n: number) => () => number) {
  const journal = useCdn(server, [new Response(null, { status: 204 })]);
  let made = 0;
  const open = () => {
    const ota = client({ fetch: slowFetch, storage, random: random(made++) });
    ota.start();
    return ota;
  };
  const tabs = new Map<string, Client>();
  const closeAll = () => {
    for (const tab of tabs.values()) tab.stop();
  };
  const plan: [number, () => void][] = [
    [0, () => tabs.set('a', open()).set('b', open())],
    [3 * DAY, () => tabs.get('b')?.stop()],
    [DAY + 9 * H, () => tabs.set('c', open())],
    [4 * DAY, closeAll],
    [4 * DAY + MIN, () => tabs.set('a', open()).set('c', open())],
  ];
  for (let t = 0; t < 7 * DAY; t += 90 * MIN) {
    let page: Client | undefined;
    plan.push([t, () => (page = open())], [t + 5 * MIN, () => page?.stop()]);
  }
  plan.sort(([a], [b]) => a - b);
  for (const [at, step] of plan) {
    await vi.advanceTimersByTimeAsync(T0 + at - Date.now());
    step();
  }
  await vi.advanceTimersByTimeAsync(T0 + 7 * DAY - Date.now());
  closeAll();
  return journal.times.map((t) => t - T0).filter((t) => t < 7 * DAY);
}

/** No more than one check per day, each a day after the last: one check a day, and at least six in a week. */
function expectDaily(times: number[]) {
  expect(times.length).toBeLessThanOrEqual(7);
  expect(times.length).toBeGreaterThanOrEqual(6);
  for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(DAY);
}

describe('a week of page loads, restarts and open tabs sharing one store: one check a day', () => {
  it.each([
    ['a synchronous store (localStorage), every client drawing the same numbers', faultyStorage, () => () => 0.5],
    ['a synchronous store, each client its own numbers', faultyStorage, randomOf],
    ['an asynchronous store (AsyncStorage, IndexedDB), the same numbers', asyncStorage, () => () => 0.5],
    ['an asynchronous store, each client its own numbers', asyncStorage, randomOf],
  ] as const)('%s', async (_name, store, random) => {
    expectDaily(await week(store(), random));
  });

  it.each([
    ['a synchronous store', faultyStorage],
    ['an asynchronous store', asyncStorage],
  ] as const)(
    'without the Web Locks API (Node 22, an opaque origin): the same, by the queue of this realm: %s',
    async (_name, store) => {
      vi.stubGlobal('navigator', {});
      expectDaily(await week(store(), () => () => 0.5));
    },
  );

  it('two tabs that start together on a fresh install send one check between them', async () => {
    const storage = asyncStorage();
    const journal = useCdn(server, [new Response(null, { status: 204 })]);
    const [a, b] = [0, 1].map(() => client({ fetch: slowFetch, storage }));
    a!.start();
    b!.start();
    await vi.advanceTimersByTimeAsync(H);
    expect(journal.times).toHaveLength(1);
    // The second tab did not check: it read the first one's check in the store, and waits for its end.
    expect(b!.failures).toEqual([]);
    a!.stop();
    b!.stop();
  });
});
