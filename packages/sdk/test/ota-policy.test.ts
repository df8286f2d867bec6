// @loc's check policy for the over-the-air client (docs/decisions.md, "When `@loc/sdk/ota` checks"),
// replayed with fake timers against the CDN's answers: every status and header combination, when the client
// checks again, and that the pause survives a restart and a clock set back. The expected times are written
// out here, not taken from ../src/ota/policy.ts. A week of page loads, restarts and open tabs sharing one
// store is ./ota-schedule.test.ts.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTA_CHECK_INTERVAL_MS, pauseAfter, remainingPause } from '../src/ota/index';
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
const DAY = 24 * H;
/** The default interval with the tests' random() = 0.5: a day stretched by half of the 20 % jitter. */
const INTERVAL = Math.round(DAY * 1.1);
/** How much later than the end of its pause a client wakes with random() = 0.5: half of 30 s. */
const SPREAD = 15 * S;
/** The interval of a client that asks for a minute: 66 s with random() = 0.5. */
const MINUTE_INTERVAL = Math.round(MIN * 1.1);
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

describe('after an answer: a day (stretched by 0–20 %), one check per interval', () => {
  it.each([
    ['200 (a release, applied)', () => [release, noContent()]],
    ['204 (up to date)', () => [noContent()]],
  ] as const)('%s: next check after the interval, none before', async (_name, answers) => {
    const { times, ota } = await checkTimes(answers() as never, 2 * (INTERVAL + SPREAD) + MIN);
    expect(times).toEqual([0, INTERVAL + SPREAD, 2 * (INTERVAL + SPREAD)]);
    expect(ota.failures).toEqual([]);
  });

  it('the default interval is a day, the official SDKs’ sample apps’; the jitter only stretches it, by up to 20 %', () => {
    expect(OTA_CHECK_INTERVAL_MS).toBe(DAY);
    expect(pauseAfter({ kind: 'ok' }, 0, () => 0).pauseMs).toBe(DAY);
    const longest = pauseAfter({ kind: 'ok' }, 0, () => 0.999999).pauseMs;
    expect(longest).toBeGreaterThan(1.19999 * DAY);
    expect(longest).toBeLessThanOrEqual(1.2 * DAY);
    expect(pauseAfter({ kind: 'ok' }, 0, () => 0, H).pauseMs).toBe(H);
  });

  it('404 DISTRIBUTION_NOT_FOUND is a failure that names the environment and type; the strings stay; next check after the interval', async () => {
    const storage = faultyStorage();
    useCdn(server, [release]);
    await otaClient({ storage }).checkNow();
    const { times, ota } = await checkTimes(
      [problem(404, {}, 'DISTRIBUTION_NOT_FOUND')],
      2 * (INTERVAL + SPREAD) + MIN,
      { storage },
    );
    // This client's first check waits the interval that the first client's check left.
    expect(times).toEqual([INTERVAL + SPREAD, 2 * (INTERVAL + SPREAD)]);
    expect(ota.failures).toHaveLength(2);
    const [failure] = ota.failures;
    expect(failure).toMatchObject({ stage: 'check', status: 404 });
    expect(failure!.error.message).toMatch(
      /^404 from POST \/cdn\/check: no release for PRODUCTION NATIVE_FORMAT 1\.2\.0: /,
    );
    expect(failure!.error.message).toContain('DISTRIBUTION_NOT_FOUND');
    expect(ota.t('greeting')).toBe('Hallo');
  });

  it.each([
    [400, undefined],
    [401, 'CDN_KEY_NOT_FOUND'],
    [401, 'CDN_KEY_EXPIRED'],
    [403, undefined],
    [404, undefined],
    [422, undefined],
  ] as const)('%i %s: not retried; reported; next check after the interval', async (status, info) => {
    const { times, ota } = await checkTimes([problem(status, { 'retry-after': '1' }, info)], INTERVAL + SPREAD + MIN);
    expect(times).toEqual([0, INTERVAL + SPREAD]);
    expect(ota.failures.map((f) => [f.stage, f.status])).toEqual([
      ['check', status],
      ['check', status],
    ]);
    if (info) expect(ota.failures[0]!.error.message).toContain(info);
  });
});

describe('5xx and no answer: no retry; the interval, or pauses of 5 minutes doubling to 1 hour when it is shorter', () => {
  it('500 every time with the default interval: one request a day, as after any answer', async () => {
    const { times } = await checkTimes([problem(500)], 3 * (INTERVAL + SPREAD) + MIN);
    expect(times).toEqual([0, INTERVAL + SPREAD, 2 * (INTERVAL + SPREAD), 3 * (INTERVAL + SPREAD)]);
  });

  it('500 every time with a 1-minute interval: 5, 10, 20, 40, 60, 60 min, each request sent once', async () => {
    const { times } = await checkTimes([problem(500)], 5 * H, { checkIntervalMs: MIN });
    // Each pause, plus the wake-up spread.
    const want = [0];
    for (const pause of [5, 10, 20, 40, 60, 60, 60, 60].map((m) => m * MIN + SPREAD))
      if (want.at(-1)! + pause <= 5 * H) want.push(want.at(-1)! + pause);
    expect(times).toEqual(want);
  });

  it('503 with Retry-After: 7 is not retried after 7 s: the client sends each check once', async () => {
    const { times } = await checkTimes([problem(503, { 'retry-after': '7' })], 4 * MIN, { checkIntervalMs: MIN });
    expect(times).toEqual([0]);
  });

  it('500 then 204: the interval follows and the pauses start over', async () => {
    const { times } = await checkTimes(
      [problem(500), noContent(), problem(502), problem(502), noContent()],
      5 * MIN + SPREAD + (MINUTE_INTERVAL + SPREAD) + (5 * MIN + SPREAD) + (10 * MIN + SPREAD) + MIN,
      { checkIntervalMs: MIN },
    );
    const a = 5 * MIN + SPREAD;
    const b = a + MINUTE_INTERVAL + SPREAD;
    const c = b + 5 * MIN + SPREAD;
    expect(times).toEqual([0, a, b, c, c + 10 * MIN + SPREAD]);
  });

  it('no answer at all (offline): not retried, a failure; the stored release keeps serving; the next check after the interval', async () => {
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
    await advanceTo(2 * (INTERVAL + SPREAD) + MIN);
    ota.stop();
    // The restart respects the interval of the last answer; a failed check waits the interval too.
    expect(times).toEqual([INTERVAL + SPREAD, 2 * (INTERVAL + SPREAD)]);
    expect(ota.failures.map((f) => f.stage)).toEqual(['check', 'check']);
    expect(ota.t('greeting')).toBe('Hallo');
  });
});

describe('429: a pause of max(the interval, 1 hour, Retry-After), never over a week; never retried', () => {
  it.each([
    ['no Retry-After', {}, H],
    ['Retry-After: 60', { 'retry-after': '60' }, H],
    ['Retry-After: 7200', { 'retry-after': '7200' }, 2 * H],
    ['Retry-After: 2000000 (over a week)', { 'retry-after': '2000000' }, 7 * DAY],
    ['Retry-After as an HTTP date 3 hours ahead', { 'retry-after': new Date(T0 + 3 * H).toUTCString() }, 3 * H],
  ])('%s (a 1-minute interval)', async (_name, headers, pause) => {
    const { times, ota } = await checkTimes([problem(429, headers, 'USAGE_LIMIT_EXCEEDED')], pause + SPREAD + MIN, {
      checkIntervalMs: MIN,
    });
    expect(times).toEqual([0, pause + SPREAD]);
    expect(ota.failures[0]).toMatchObject({ stage: 'check', status: 429 });
    expect(ota.failures[0]!.error.message).toContain('USAGE_LIMIT_EXCEEDED');
  });

  it('with the default interval a 429 waits the interval (a day and more), or Retry-After when it is longer', async () => {
    expect((await checkTimes([problem(429)], INTERVAL + SPREAD + MIN)).times).toEqual([0, INTERVAL + SPREAD]);
    server.reset();
    vi.setSystemTime(T0);
    const { times } = await checkTimes(
      [problem(429, { 'retry-after': String(3 * 24 * 3600) })],
      3 * DAY + SPREAD + MIN,
    );
    expect(times).toEqual([0, 3 * DAY + SPREAD]);
  });

  it('checkNow() during the pause sends nothing and says until when', async () => {
    const journal = useCdn(server, [problem(429, { 'retry-after': '7200' })]);
    const ota = otaClient({ checkIntervalMs: MIN });
    await ota.checkNow();
    await advanceTo(H);
    expect(await ota.checkNow()).toEqual({ status: 'paused', until: T0 + 2 * H });
    expect(journal.checks).toHaveLength(1);
  });
});

describe('a refresh a person asks for (checkNow): does not wait for the interval, ends a 5xx pause early, never a 429 pause', () => {
  it('during the interval it checks at once; the schedule then counts from its answer', async () => {
    const journal = useCdn(server, [noContent()]);
    const ota = otaClient();
    ota.start();
    await advanceTo(H);
    expect(await ota.checkNow()).toEqual({ status: 'current' });
    await advanceTo(H + INTERVAL + SPREAD + MIN);
    ota.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, H, H + INTERVAL + SPREAD]);
  });

  it('during a 5xx pause it checks at once', async () => {
    const journal = useCdn(server, [problem(500), noContent()]);
    const ota = otaClient({ checkIntervalMs: MIN });
    ota.start();
    await advanceTo(MIN);
    expect(await ota.checkNow()).toEqual({ status: 'current' });
    ota.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, MIN]);
  });

  it('during a 429 pause it sends nothing, and the pause stays whole', async () => {
    const journal = useCdn(server, [problem(429), noContent()]);
    const ota = otaClient({ checkIntervalMs: MIN });
    ota.start();
    await advanceTo(MIN);
    expect(await ota.checkNow()).toEqual({ status: 'paused', until: T0 + H });
    await advanceTo(H + SPREAD + MIN);
    ota.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, H + SPREAD]);
  });
});

describe('the pause is stored: a restart does not reset it, a clock set back does not stretch it', () => {
  it('a restart during a 429 pause waits for its end', async () => {
    const storage = faultyStorage();
    const journal = useCdn(server, [problem(429, { 'retry-after': '7200' }), noContent()]);
    const first = otaClient({ storage, checkIntervalMs: MIN });
    first.start();
    await advanceTo(10 * MIN);
    first.stop();
    const restarted = otaClient({ storage, checkIntervalMs: MIN });
    restarted.start();
    await advanceTo(2 * H + SPREAD + MIN);
    restarted.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, 2 * H + SPREAD]);
  });

  it('a restart during the interval waits for its end (no check on every start)', async () => {
    const storage = faultyStorage();
    const journal = useCdn(server, [noContent()]);
    for (let i = 0; i < 5; i++) {
      const ota = otaClient({ storage });
      ota.start();
      await advanceTo((i + 1) * H);
      ota.stop();
    }
    const last = otaClient({ storage });
    last.start();
    await advanceTo(INTERVAL + SPREAD + MIN);
    last.stop();
    expect(journal.times.map((t) => t - T0)).toEqual([0, INTERVAL + SPREAD]);
  });

  it('a clock set back a day: the stored 1-hour pause lasts 1 hour from the restart, not 25', async () => {
    const storage = faultyStorage();
    const journal = useCdn(server, [problem(429), noContent()]);
    const first = otaClient({ storage, checkIntervalMs: MIN });
    await first.checkNow();
    first.stop();
    vi.setSystemTime(T0 - DAY);
    const restarted = otaClient({ storage, checkIntervalMs: MIN });
    restarted.start();
    await vi.advanceTimersByTimeAsync(H + SPREAD + MIN);
    restarted.stop();
    expect(journal.times.map((t) => t - (T0 - DAY))).toEqual([DAY, H + SPREAD]);
    expect(remainingPause(T0, H, T0 - DAY)).toBe(H);
    expect(remainingPause(T0, 48 * H, T0)).toBe(48 * H);
    expect(remainingPause(T0, 30 * DAY, T0)).toBe(7 * DAY);
  });
});

describe('a download that fails is not a reason for a second check', () => {
  it.each([403, 503])(
    'a %i download: reported; one check; the release is tried again at the next check',
    async (status) => {
      const journal = useCdn(server, [release]);
      server.use(http.get(`${OTA_BASE}/files/r1.zip`, () => new HttpResponse(null, { status }), { once: true }));
      const ota = otaClient();
      ota.start();
      await advanceTo(INTERVAL + SPREAD + MIN);
      ota.stop();
      expect(journal.times.map((t) => t - T0)).toEqual([0, INTERVAL + SPREAD]);
      expect(ota.failures.map((f) => f.stage)).toEqual(['download']);
      expect(ota.currentRelease?.id).toBe('r1');
    },
  );
});

describe('checkIntervalMs', () => {
  it.each([
    [0, 'zero'],
    [59_999, 'under a minute'],
    [60, 'seconds meant as milliseconds'],
    [8 * DAY, 'over a week'],
    [Number.NaN, 'not a number'],
  ])('%s (%s) is refused when the client is made, naming the option and the range', (value) => {
    expect(() => otaClient({ checkIntervalMs: value })).toThrow(RangeError);
    expect(() => otaClient({ checkIntervalMs: value })).toThrow(
      /^checkIntervalMs .*: not 60000 \(a minute\) to 604800000 \(a week\) ms$/,
    );
  });

  it('an hour: one check an hour (and a little), the cost docs/ota.md names', async () => {
    const { times } = await checkTimes([noContent()], 3 * H + MIN, { checkIntervalMs: H });
    const every = Math.round(H * 1.1) + SPREAD;
    expect(times).toEqual([0, every, 2 * every]);
  });
});

it('stop() ends the schedule: no check after it', async () => {
  const { times } = await checkTimes([noContent()], MIN);
  await advanceTo(3 * DAY);
  expect(times).toEqual([0]);
});
