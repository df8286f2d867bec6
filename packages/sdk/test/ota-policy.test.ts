// The official mobile SDKs' check policy (real-service-notes.md, "CDN"), replayed with fake timers against
// the CDN's answers: every status and header combination, when the client checks again, and that the
// pause survives a restart and a clock set back. The expected times are written out here, not taken from
// ../src/ota/policy.ts.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pauseAfter, remainingPause } from '../src/ota/index';
import {
  bundle,
  CHECK_URL,
  faultyStorage,
  inProcessCdn,
  OTA_BASE,
  otaClient as client,
  problem,
  useCdn,
} from './ota-fixtures';

// Answered in this process (not through msw's interception), so that the times the client sends its checks
// depend on the client's timers alone, never on how msw schedules its work.
const server = inProcessCdn();
const otaClient = (options: Parameters<typeof client>[0] = {}) => client({ fetch: server.fetch, ...options });
const T0 = Date.parse('2026-11-25T12:00:00Z');
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
/** The interval with the tests' random() = 0.5: 15 min stretched by half of the 20 % jitter. */
const INTERVAL = Math.round(15 * MIN * 1.1);
/** The 5xx retry's wait with random() = 0.5: the middle of 2–5 s. */
const RETRY = 3.5 * S;
const noContent = () => new Response(null, { status: 204 });
const release = { id: 'r1', zip: bundle({ de: { greeting: 'Hallo' } }), sha: false as const };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  server.reset();
});

/** Moves the fake clock to T0 + ms, running what falls due on the way. */
const advanceTo = (ms: number) => vi.advanceTimersByTimeAsync(T0 + ms - Date.now());

/** Starts a client against `answers` and gives the times of its checks (ms after T0) up to `until`. */
async function checkTimes(answers: Parameters<typeof useCdn>[1], until: number, options = {}) {
  const journal = useCdn(server, answers);
  const ota = otaClient(options);
  ota.start();
  await advanceTo(until);
  ota.stop();
  return { times: journal.times.map((t) => t - T0), ota, journal };
}

describe('after an answer: the 15-minute interval with jitter', () => {
  it.each([
    ['200 (a release, applied)', () => [release, noContent()]],
    ['204 (up to date)', () => [noContent()]],
    [
      '404 DISTRIBUTION_NOT_FOUND (nothing published: not a failure)',
      () => [problem(404, {}, 'DISTRIBUTION_NOT_FOUND')],
    ],
  ] as const)('%s: next check after the interval, none before', async (_name, answers) => {
    const { times, ota } = await checkTimes(answers() as never, 2 * INTERVAL + MIN);
    expect(times).toEqual([0, INTERVAL, 2 * INTERVAL]);
    expect(ota.failures).toEqual([]);
  });

  it('the jitter stretches the interval by 0–20 %, never shortens it', () => {
    expect(pauseAfter({ kind: 'ok' }, 0, () => 0).pauseMs).toBe(15 * MIN);
    const longest = pauseAfter({ kind: 'ok' }, 0, () => 0.999999).pauseMs;
    expect(longest).toBeGreaterThan(17.99 * MIN);
    expect(longest).toBeLessThanOrEqual(18 * MIN);
  });

  it.each([
    [400, undefined],
    [401, 'CDN_KEY_NOT_FOUND'],
    [401, 'CDN_KEY_EXPIRED'],
    [403, undefined],
    [404, undefined],
    [422, undefined],
  ] as const)('%i %s: not retried; reported; next check after the interval', async (status, info) => {
    const { times, ota } = await checkTimes([problem(status, { 'retry-after': '1' }, info)], INTERVAL + MIN);
    expect(times).toEqual([0, INTERVAL]);
    expect(ota.failures.map((f) => [f.stage, f.status])).toEqual([
      ['check', status],
      ['check', status],
    ]);
    if (info) expect(ota.failures[0]!.error.message).toContain(info);
  });
});

describe('5xx: one retry, then pauses of 5 minutes doubling up to 1 hour', () => {
  it('500 every time: retry after a random 2–5 s, then 5, 10, 20, 40, 60, 60 min', async () => {
    const { times } = await checkTimes([problem(500)], 5 * H);
    const expected: number[] = [];
    let at = 0;
    for (const pause of [5, 10, 20, 40, 60, 60, 60, 60, 60] as const) {
      if (at > 5 * H) break;
      expected.push(at, at + RETRY);
      at += RETRY + pause * MIN;
    }
    expect(times).toEqual(expected.filter((t) => t <= 5 * H));
  });

  it.each([
    ['Retry-After: 7 → retried after 7 s', { 'retry-after': '7' }, 7 * S],
    ['Retry-After: 10 → retried after 10 s', { 'retry-after': '10' }, 10 * S],
    ['Retry-After as an HTTP date 4 s ahead', { 'retry-after': new Date(T0 + 4 * S).toUTCString() }, 4 * S],
  ])('503 %s', async (_name, headers, retry) => {
    const { times } = await checkTimes([problem(503, headers)], retry + 5 * MIN);
    expect(times).toEqual([0, retry, retry + 5 * MIN]);
  });

  it('503 Retry-After: 0 → retried at once (the next timer tick)', async () => {
    const { times } = await checkTimes([problem(503, { 'retry-after': '0' })], MIN);
    expect(times).toHaveLength(2);
    expect(times[1]).toBeLessThanOrEqual(1);
  });

  it('503 Retry-After: 11 (over 10 s) → no retry; the 5-minute pause', async () => {
    const { times } = await checkTimes([problem(503, { 'retry-after': '11' })], 16 * MIN);
    expect(times).toEqual([0, 5 * MIN, 15 * MIN]);
  });

  it('500 then 200 on the retry: the release applies; the interval follows and the pauses start over', async () => {
    const { times, ota } = await checkTimes(
      [problem(500), release, problem(502), problem(502), noContent()],
      RETRY + INTERVAL + RETRY + 5 * MIN + MIN,
    );
    expect(ota.currentRelease?.id).toBe('r1');
    expect(times).toEqual([0, RETRY, RETRY + INTERVAL, 2 * RETRY + INTERVAL, 2 * RETRY + INTERVAL + 5 * MIN]);
  });

  it('500 then 429 on the retry: the 429 pause', async () => {
    const { times } = await checkTimes([problem(500), problem(429)], 2 * H);
    expect(times).toEqual([0, RETRY, RETRY + H]);
  });

  it('no answer at all (offline): no retry, the 5xx pauses; the stored release keeps serving', async () => {
    const storage = faultyStorage();
    useCdn(server, [release]);
    const first = otaClient({ storage });
    await first.checkNow();
    first.stop();
    server.use(http.post(CHECK_URL, () => HttpResponse.error()));
    const times: number[] = [];
    server.onRequest(() => times.push(Date.now() - T0));
    const ota = otaClient({ storage });
    ota.start();
    await advanceTo(INTERVAL + 16 * MIN);
    ota.stop();
    // The restart respects the interval of the last answer, then pauses 5 and 10 minutes.
    expect(times).toEqual([INTERVAL, INTERVAL + 5 * MIN, INTERVAL + 15 * MIN]);
    expect(ota.t('greeting')).toBe('Hallo');
  });
});

describe('429: a pause of max(1 hour, Retry-After), never over 24 hours; never retried', () => {
  it.each([
    ['no Retry-After', {}, H],
    ['Retry-After: 60', { 'retry-after': '60' }, H],
    ['Retry-After: 7200', { 'retry-after': '7200' }, 2 * H],
    ['Retry-After: 200000 (over a day)', { 'retry-after': '200000' }, 24 * H],
    ['Retry-After as an HTTP date 3 hours ahead', { 'retry-after': new Date(T0 + 3 * H).toUTCString() }, 3 * H],
  ])('%s', async (_name, headers, pause) => {
    const { times, ota } = await checkTimes([problem(429, headers, 'USAGE_LIMIT_EXCEEDED')], pause + MIN);
    expect(times).toEqual([0, pause]);
    expect(ota.failures[0]).toMatchObject({ stage: 'check', status: 429 });
    expect(ota.failures[0]!.error.message).toContain('USAGE_LIMIT_EXCEEDED');
  });

  it('checkNow() during the pause sends nothing and says until when', async () => {
    const journal = useCdn(server, [problem(429, { 'retry-after': '7200' })]);
    const ota = otaClient();
    await ota.checkNow();
    await advanceTo(H);
    expect(await ota.checkNow()).toEqual({ status: 'paused', until: T0 + 2 * H });
    expect(journal.checks).toHaveLength(1);
  });
});

describe('a refresh a person asks for (checkNow): ends a 5xx pause early, never a 429 pause', () => {
  it('during a 5xx pause it checks at once; the schedule then counts from its answer', async () => {
    const journal = useCdn(server, [problem(500), problem(500), noContent()]);
    const ota = otaClient();
    ota.start();
    await advanceTo(RETRY + MIN);
    expect(await ota.checkNow()).toEqual({ status: 'current' });
    await advanceTo(RETRY + MIN + INTERVAL + MIN);
    ota.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, RETRY, RETRY + MIN, RETRY + MIN + INTERVAL]);
  });

  it('during a 429 pause it sends nothing, and the pause stays whole', async () => {
    const journal = useCdn(server, [problem(429), noContent()]);
    const ota = otaClient();
    ota.start();
    await advanceTo(MIN);
    expect(await ota.checkNow()).toEqual({ status: 'paused', until: T0 + H });
    await advanceTo(H + MIN);
    ota.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, H]);
  });
});

describe('the pause is stored: a restart does not reset it, a clock set back does not stretch it', () => {
  it('a restart during a 429 pause waits for its end', async () => {
    const storage = faultyStorage();
    const journal = useCdn(server, [problem(429, { 'retry-after': '7200' }), noContent()]);
    const first = otaClient({ storage });
    first.start();
    await advanceTo(10 * MIN);
    first.stop();
    const restarted = otaClient({ storage });
    restarted.start();
    await advanceTo(2 * H + MIN);
    restarted.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, 2 * H]);
  });

  it('a restart during the interval waits for its end (no check on every start)', async () => {
    const storage = faultyStorage();
    const journal = useCdn(server, [noContent()]);
    for (let i = 0; i < 5; i++) {
      const ota = otaClient({ storage });
      ota.start();
      await advanceTo((i + 1) * MIN);
      ota.stop();
    }
    const last = otaClient({ storage });
    last.start();
    await advanceTo(INTERVAL + MIN);
    last.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, INTERVAL]);
  });

  it('a clock set back a day: the stored 1-hour pause lasts 1 hour from the restart, not 25', async () => {
    const storage = faultyStorage();
    const journal = useCdn(server, [problem(429), noContent()]);
    const first = otaClient({ storage });
    await first.checkNow();
    first.stop();
    vi.setSystemTime(T0 - 24 * H);
    const restarted = otaClient({ storage });
    restarted.start();
    await vi.advanceTimersByTimeAsync(H + MIN);
    restarted.stop();
    expect(journal.times.map((t) => t - (T0 - 24 * H))).toEqual([24 * H, H]);
    expect(remainingPause(T0, H, T0 - 24 * H)).toBe(H);
    expect(remainingPause(T0, 48 * H, T0)).toBe(24 * H);
  });
});

describe('an expired filesUrl: one fresh check', () => {
  it('a 403 download asks the CDN again once, and the fresh URL works', async () => {
    const journal = useCdn(server, [release]);
    server.use(http.get(`${OTA_BASE}/files/r1.zip`, () => new HttpResponse(null, { status: 403 }), { once: true }));
    const ota = otaClient();
    expect(await ota.checkNow()).toMatchObject({ status: 'updated' });
    expect(journal.checks).toHaveLength(2);
    expect(ota.failures).toEqual([]);
  });

  it('when the fresh URL fails too: reported, no third check', async () => {
    const journal = useCdn(server, [release]);
    server.use(http.get(`${OTA_BASE}/files/r1.zip`, () => new HttpResponse(null, { status: 403 })));
    const ota = otaClient();
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
    expect(journal.checks).toHaveLength(2);
  });

  it('a 5xx download is not an expired URL: no fresh check', async () => {
    const journal = useCdn(server, [release]);
    server.use(http.get(`${OTA_BASE}/files/r1.zip`, () => new HttpResponse(null, { status: 503 })));
    expect(await otaClient().checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
    expect(journal.checks).toHaveLength(1);
  });
});

it('stop() ends the schedule: no check after it', async () => {
  const { times } = await checkTimes([noContent()], MIN);
  await advanceTo(3 * H);
  expect(times).toEqual([0]);
});
