// The budget-aware CDN retry policy, over a real loopback socket: each check the service accepts spends
// the workspace's budget, so the SDK repeats a check only when the service surely did not count it.
import { describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  InternalServerError,
  RateLimitError,
  TimeoutError,
  createClient,
  type ClientOptions,
} from '../src/index';
import { CDN_RETRY_POLICY, V1_RETRY_POLICY, retryDelayFor } from '../src/request/retry';
import { useLoopback } from './loopback';

const loopback = useLoopback();
const body = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' } as const;
const release = {
  distributionReleaseId: 'r1',
  name: 'R1',
  createdAt: '2026-11-01T10:00:00Z',
  filesUrl: 'https://cdn.test/r1.zip',
};
const budgetSpent = {
  type: 'about:blank',
  status: 429,
  detail: 'Too Many Requests',
  errors: [{ field: 'USAGE', infos: ['USAGE_LIMIT_EXCEEDED'] }],
};
const loc = (options: ClientOptions = {}) =>
  createClient({ baseUrl: loopback.base, cdnKey: 'lh-cdn_k', token: 't', ...options });

describe('CDN check: a spent budget is never retried', () => {
  it('429 USAGE_LIMIT_EXCEEDED without Retry-After: one request, the error says the reset time is unknown', async () => {
    loopback.script({ answer: 429, body: budgetSpent });
    const error = await loc({ maxRetries: 10 })
      .cdn.check(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ budgetExceeded: true, retryAfterMs: undefined, resetAt: undefined });
    expect((error as Error).message).toMatch(/budget is spent; the service did not say when it resets/);
    expect(loopback.hits).toEqual(['POST /cdn/check']);
  });

  it('429 with Retry-After: one request, and the reset time is on the error', async () => {
    for (const retryAfter of ['0', '1', '3600']) {
      loopback.hits.length = 0;
      loopback.script({ answer: 429, body: budgetSpent, headers: { 'retry-after': retryAfter } });
      const before = Date.now();
      const error = (await loc()
        .cdn.check(body)
        .catch((e: unknown) => e)) as RateLimitError;
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.retryAfterMs).toBe(Number(retryAfter) * 1000);
      expect(error.resetAt!.getTime()).toBeGreaterThanOrEqual(before + Number(retryAfter) * 1000);
      expect(error.resetAt!.getTime()).toBeLessThanOrEqual(Date.now() + Number(retryAfter) * 1000);
      expect(error.message).toContain(`it resets at ${error.resetAt!.toISOString()}`);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({
        resetAt: error.resetAt!.toISOString(),
        budgetExceeded: true,
      });
      expect(loopback.hits).toEqual(['POST /cdn/check']);
    }
  });

  it('an attempt that times out is not sent again (the service may have counted it)', async () => {
    loopback.script({ hang: true });
    const error = await loc({ timeoutMs: 200, maxRetries: 5 })
      .cdn.check(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/not sent again.*CDN budget/);
    expect(loopback.hits).toEqual(['POST /cdn/check']);
  });

  it('a connection reset after the request left is not sent again', async () => {
    loopback.script({ reset: true });
    const error = await loc({ maxRetries: 5 })
      .cdn.check(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(loopback.hits).toEqual(['POST /cdn/check']);
  });
});

describe('CDN check: what is retried', () => {
  it('a 5xx gets one retry, after Retry-After', async () => {
    loopback.script({ answer: 503, headers: { 'retry-after': '0' } }, { answer: 200, body: release });
    await expect(loc().cdn.check(body)).resolves.toEqual(release);
    expect(loopback.hits).toHaveLength(2);
  });

  it('never more than one retry, whatever maxRetries says', async () => {
    loopback.script({
      answer: 500,
      body: { type: 'about:blank', status: 500, detail: 'x', errors: [] },
      headers: { 'retry-after': '0' },
    });
    await expect(loc({ maxRetries: 10 }).cdn.check(body)).rejects.toBeInstanceOf(InternalServerError);
    expect(loopback.hits).toHaveLength(2);
  });

  it('no retry when Retry-After asks for more than 10 s, or when maxRetries is 0', async () => {
    loopback.script({ answer: 503, headers: { 'retry-after': '30' } });
    await expect(loc().cdn.check(body)).rejects.toMatchObject({ status: 503 });
    expect(loopback.hits).toHaveLength(1);
    loopback.hits.length = 0;
    loopback.script({ answer: 503, headers: { 'retry-after': '0' } });
    await expect(loc({ maxRetries: 0 }).cdn.check(body)).rejects.toMatchObject({ status: 503 });
    expect(loopback.hits).toHaveLength(1);
  });

  it('a refused connection (nothing was sent) is retried once, after 2–5 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const delays: number[] = [];
      const client = loc({ baseUrl: await loopback.refusedBase(), hooks: { onRetry: (e) => delays.push(e.delayMs) } });
      const error = await client.cdn.check(body).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIConnectionError);
      expect((error as Error).message).toContain('ECONNREFUSED');
      expect(delays).toEqual([2_000]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('the delays of each policy, as named in retry.ts', () => {
    const status = (s: number, retryAfterMs?: number) =>
      ({ kind: 'status', status: s, codes: [], retryAfterMs }) as const;
    expect(retryDelayFor(CDN_RETRY_POLICY, status(503), 0, 2, () => 0)).toBe(2_000);
    expect(retryDelayFor(CDN_RETRY_POLICY, status(503), 0, 2, () => 1)).toBe(5_000);
    expect(retryDelayFor(CDN_RETRY_POLICY, status(503), 1, 2, () => 0)).toBeUndefined();
    expect(retryDelayFor(CDN_RETRY_POLICY, status(503, 10_000), 0, 2)).toBe(10_000);
    expect(retryDelayFor(CDN_RETRY_POLICY, status(503, 10_001), 0, 2)).toBeUndefined();
    expect(retryDelayFor(CDN_RETRY_POLICY, status(429, 0), 0, 2)).toBeUndefined();
    expect(retryDelayFor(CDN_RETRY_POLICY, { kind: 'timeout' }, 0, 2)).toBeUndefined();
    expect(retryDelayFor(CDN_RETRY_POLICY, { kind: 'connection', code: 'ECONNRESET' }, 0, 2)).toBeUndefined();
    expect(retryDelayFor(CDN_RETRY_POLICY, { kind: 'connection', code: undefined }, 0, 2)).toBeUndefined();
    expect(retryDelayFor(CDN_RETRY_POLICY, { kind: 'connection', code: 'ENOTFOUND' }, 0, 2, () => 0)).toBe(2_000);
    // /v1: exponential from 0.5 s with up to 25 % jitter, capped at 8 s; 500 is not retried.
    expect(retryDelayFor(V1_RETRY_POLICY, status(503), 0, 2, () => 0)).toBe(500);
    expect(retryDelayFor(V1_RETRY_POLICY, status(503), 1, 2, () => 1)).toBe(750);
    expect(retryDelayFor(V1_RETRY_POLICY, status(503), 9, 10, () => 0)).toBe(8_000);
    expect(retryDelayFor(V1_RETRY_POLICY, status(500), 0, 2)).toBeUndefined();
    expect(
      retryDelayFor(
        V1_RETRY_POLICY,
        { kind: 'status', status: 429, codes: ['USAGE_LIMIT_EXCEEDED'], retryAfterMs: 0 },
        0,
        2,
      ),
    ).toBeUndefined();
    expect(retryDelayFor(V1_RETRY_POLICY, { kind: 'timeout' }, 0, 2, () => 0)).toBe(500);
    expect(retryDelayFor(V1_RETRY_POLICY, { kind: 'connection', code: 'ECONNRESET' }, 0, 2, () => 0)).toBe(500);
  });

  it('/v1 GETs still retry a reset', async () => {
    loopback.script({ reset: true }, { answer: 200, body: { members: [] } });
    await expect(loc().projects.list()).resolves.toEqual({ members: [] });
    expect(loopback.hits).toHaveLength(2);
  });
});

describe('CDN base URL and check path', () => {
  it('come from the options, then LOC_CDN_BASE_URL and LOC_CDN_CHECK_PATH', async () => {
    loopback.script({ answer: 200, body: release });
    await loc({
      baseUrl: 'http://127.0.0.1:9',
      cdnBaseUrl: `${loopback.base}/cdn-host`,
      cdnCheckPath: '/v1/distributions/check',
    }).cdn.check(body);
    vi.stubEnv('LOC_CDN_BASE_URL', loopback.base);
    vi.stubEnv('LOC_CDN_CHECK_PATH', '/v1/distributions/check');
    try {
      await createClient({ baseUrl: 'http://127.0.0.1:9', cdnKey: 'lh-cdn_k' }).cdn.check(body);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(loopback.hits).toEqual(['POST /cdn-host/v1/distributions/check', 'POST /v1/distributions/check']);
  });

  it('refuses a check path that is not a path', () => {
    for (const cdnCheckPath of ['cdn/check', 'https://cdn.test/check', '/check?x=1', '//host/check']) {
      expect(() => loc({ cdnCheckPath })).toThrow(/cdnCheckPath .* is not a path.*\/v1\/distributions\/check/);
    }
  });
});
