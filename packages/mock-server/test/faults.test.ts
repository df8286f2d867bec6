// Fault injection and reset, as users' tests drive them: through the SDK over a real socket, through
// msw interception, and (for latency) straight through msw's getResponse under fake timers.
import { APIConnectionError, createClient, InternalServerError, RateLimitError } from '@loc/sdk';
import { CdnErrorDetailSchema } from '@loc/sdk/schemas';
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockService, DEMO } from '../src';
import { useServer } from './helpers';

const api = useServer();
const faults = () => api.server.service.faults;
beforeEach(() => api.server.service.reset());
const client = (maxRetries = 0) =>
  createClient({
    baseUrl: api.url,
    token: DEMO.tokens.admin,
    cdnKey: DEMO.cdnKeys.valid,
    maxRetries,
    timeoutMs: 5_000,
  });
const iosCheck = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' } as const;

describe('failNext', () => {
  it('answers the next N matching requests with a status, then recovers', async () => {
    faults().failNext({ status: 503, count: 2, path: '/v1/projects' });
    await expect(client().projects.list()).rejects.toBeInstanceOf(InternalServerError);
    await expect(client().projects.list()).rejects.toBeInstanceOf(InternalServerError);
    expect((await client().projects.list()).members.length).toBeGreaterThan(0);
  });

  it('leaves requests to other paths alone, and counts only matching ones', async () => {
    faults().failNext({ status: 500, path: '/v1/acme/projects/status' });
    expect((await api.call('GET', '/v1/projects', { token: DEMO.tokens.admin })).status).toBe(200);
    expect((await api.call('GET', '/v1/acme/projects/status', { token: DEMO.tokens.admin })).status).toBe(500);
    expect((await api.call('GET', '/v1/acme/projects/status', { token: DEMO.tokens.admin })).status).toBe(200);
  });

  it('matches a RegExp on every request, a global one too', async () => {
    faults().failNext({ status: 502, count: 3, path: /\/exports\//g });
    const get = () => api.call('GET', '/v1/acme/projects/web-frontend/exports/x', { token: DEMO.tokens.admin });
    expect([(await get()).status, (await get()).status, (await get()).status, (await get()).status]).toEqual([
      502, 502, 502, 404,
    ]);
  });

  it('answers in the format of the API: {error} on /v1, a problem on /cdn, or the body given', async () => {
    faults().failNext({ status: 503 });
    const v1 = await api.call('GET', '/v1/projects', { token: DEMO.tokens.admin });
    expect(v1.json).toEqual({ error: 'Injected fault: 503' });
    faults().failNext({ status: 503, path: '/cdn/' });
    const cdn = await api.call('POST', '/cdn/check', { token: DEMO.cdnKeys.valid, body: iosCheck });
    expect(cdn.status).toBe(503);
    expect(cdn.headers.get('content-type')).toBe('application/json');
    expect(CdnErrorDetailSchema.parse(cdn.json)).toMatchObject({
      status: 503,
      detail: 'Service Unavailable',
      errors: [],
    });
    faults().failNext({
      status: 429,
      path: '/cdn/check',
      body: {
        type: 'about:blank',
        status: 429,
        detail: 'Too Many Requests',
        errors: [{ field: 'USAGE', infos: ['USAGE_LIMIT_EXCEEDED'] }],
      },
    });
    await expect(client().cdn.check(iosCheck)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('lets the SDK retry through a 503', async () => {
    faults().failNext({ status: 503, count: 1 });
    expect((await client(2).projects.list()).members.length).toBeGreaterThan(0);
  });

  it.each([[200], [204], [600], [503.5], [Number.NaN]])(
    'refuses status %s when it is set, not on a later request',
    (status) => {
      expect(() => faults().failNext({ status })).toThrow(RangeError);
    },
  );
});

describe('dropNext', () => {
  it('drops the connection: the SDK sees a connection error, the next request works', async () => {
    faults().dropNext(1);
    await expect(client().projects.list()).rejects.toBeInstanceOf(APIConnectionError);
    expect((await client().projects.list()).members.length).toBeGreaterThan(0);
  });

  it('drops only matching paths, as many as asked', async () => {
    faults().dropNext(2, '/cdn/check');
    expect((await api.call('GET', '/v1/projects', { token: DEMO.tokens.admin })).status).toBe(200);
    await expect(client().cdn.check(iosCheck)).rejects.toBeInstanceOf(APIConnectionError);
    await expect(client().cdn.check(iosCheck)).rejects.toBeInstanceOf(APIConnectionError);
    expect((await client().cdn.check(iosCheck))?.distributionReleaseId).toBe('rel_ios_2_1');
  });

  it('a drop on /cdn/check is not retried by the SDK (the check may have been counted against the budget)', async () => {
    faults().dropNext(1, '/cdn/check');
    await expect(client(2).cdn.check(iosCheck)).rejects.toBeInstanceOf(APIConnectionError);
    expect((await client(0).cdn.check(iosCheck))?.distributionReleaseId).toBe('rel_ios_2_1');
  });

  it('is a network error through msw interception too', async () => {
    const mock = createMockService({ baseUrl: 'https://faults.loc.test' });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      mock.faults.dropNext();
      await expect(fetch('https://faults.loc.test/v1/projects')).rejects.toThrow(TypeError);
      expect((await fetch('https://faults.loc.test/v1/projects')).status).toBe(401);
    } finally {
      server.close();
    }
  });
});

describe('latency', () => {
  afterEach(() => vi.useRealTimers());

  it('holds every answer back exactly that long (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const mock = createMockService({ baseUrl: 'https://latency.loc.test' });
    mock.faults.latency(5_000);
    let answered: Response | undefined;
    void getResponse(
      mock.handlers,
      new Request('https://latency.loc.test/v1/projects', {
        headers: { authorization: `Bearer ${DEMO.tokens.viewer}` },
      }),
    ).then((response) => (answered = response));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answered?.status).toBe(200);
    // Cleared: the next answer needs no timer at all.
    mock.faults.clear();
    expect((await getResponse(mock.handlers, new Request('https://latency.loc.test/v1/projects')))?.status).toBe(401);
  });

  it('is cut short by a client timeout over a real socket', async () => {
    faults().latency(1_500);
    const slow = createClient({ baseUrl: api.url, token: DEMO.tokens.admin, maxRetries: 0, timeoutMs: 200 });
    await expect(slow.projects.list()).rejects.toThrow(/timed out|timeout/i);
  });

  it.each([[-1], [Number.POSITIVE_INFINITY], [2 ** 31], [Number.NaN]])('refuses %s ms when it is set', (ms) => {
    expect(() => faults().latency(ms)).toThrow(RangeError);
  });
});

describe('failNextExport', () => {
  it('fails as many exports as it was called for, in order, with their messages', async () => {
    faults().failNextExport('first');
    faults().failNextExport();
    const results = [];
    for (let i = 0; i < 3; i++) {
      const created = await api.call('POST', '/v1/acme/projects/backend/exports', { token: DEMO.tokens.admin });
      results.push(
        (await api.call('GET', `/v1/acme/projects/backend/exports/${created.json.id}`, { token: DEMO.tokens.admin }))
          .json,
      );
    }
    expect(results.map((r) => [r.status, r.errorDetails])).toEqual([
      ['ERROR', 'first'],
      ['ERROR', 'Export failed (injected fault)'],
      ['SUCCESS', null],
    ]);
  });
});

describe('reset()', () => {
  it('restores the seed: created projects, exports, spent budgets and the CDN log are gone', async () => {
    await client().projects.create('acme', {
      title: 'Temporary',
      resourceType: 'json.standard',
      sourceLanguageCode: 'en',
    });
    const job = await client().exports.create('acme', 'backend');
    const globex = createClient({ baseUrl: api.url, cdnKey: DEMO.cdnKeys.budget, maxRetries: 0 });
    for (let i = 0; i < 3; i++)
      await globex.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_ANDROID' });
    await expect(
      globex.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_ANDROID' }),
    ).rejects.toBeInstanceOf(RateLimitError);
    expect(api.server.service.cdnRequestLog).toHaveLength(4);

    api.server.service.reset();
    expect((await client().projects.list()).members.map((m) => m.title)).not.toContain('Temporary');
    expect(
      (await api.call('GET', `/v1/acme/projects/backend/exports/${job.id}`, { token: DEMO.tokens.admin })).status,
    ).toBe(404);
    expect(api.server.service.cdnRequestLog).toEqual([]);
    expect(
      await globex.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_ANDROID' }),
    ).not.toBeNull();
  });

  it('clears pending faults and latency', async () => {
    faults().failNext({ status: 500, count: 10 });
    faults().dropNext(10);
    faults().latency(60_000);
    faults().failNextExport();
    api.server.service.reset();
    expect((await client().projects.list()).members.length).toBe(4);
    const done = await client().exports.createAndWait('acme', 'backend', {}, { intervalMs: 10 });
    expect(done.status).toBe('SUCCESS');
  });
});
