// /cdn/check: version filtering, 204, 404, 422, key expiry with the clock, the usage budget, the request log.
import { createClient, RateLimitError } from '@loc/sdk';
import { CdnErrorDetailSchema, CdnReleaseSchema } from '@loc/sdk/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClock, DEMO, demoSeed, FILES_URL_VALIDITY_MS } from '../src';
import { useServer } from './helpers';

const start = Date.parse('2026-11-22T10:00:00Z');
const clock = createClock({ frozen: true, start });
const seed = demoSeed();
seed.cdnKeys = [
  ...(seed.cdnKeys ?? []),
  { key: 'lh-cdn_expires_soon', workspace: 'acme', expiresAt: new Date(start + 60_000).toISOString() },
];
// A workspace whose budget of 2 checks renews every hour: its 429 carries Retry-After.
seed.workspaces.push({ slug: 'hourly', name: 'Hourly budget', cdnBudget: 2, cdnBudgetPeriodSeconds: 3600 });
seed.cdnKeys = [...seed.cdnKeys!, { key: 'lh-cdn_hourly', workspace: 'hourly' }];
const api = useServer({ clock, seed });
beforeEach(() => api.server.service.reset());

const check = (body: Record<string, unknown>, key: string = DEMO.cdnKeys.valid) =>
  api.call('POST', '/cdn/check', {
    token: key,
    body: { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS', ...body },
  });

describe('/cdn/check', () => {
  it.each([
    [undefined, 'rel_ios_2_1'],
    ['1.0.0', 'rel_ios_1_9'],
    ['1.9.9', 'rel_ios_1_9'],
    ['2.0.0', 'rel_ios_2_1'],
    ['2.0.0-beta.1', 'rel_ios_1_9'],
    ['3.4.5', 'rel_ios_2_1'],
  ])('offers client version %s the newest release made for it: %s', async (clientVersion, id) => {
    const result = await check(clientVersion ? { clientVersion } : {});
    expect(result.status).toBe(200);
    const release = CdnReleaseSchema.parse(result.json);
    expect(release.distributionReleaseId).toBe(id);
    expect(release.filesSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 204 with an empty body when the client has the newest release', async () => {
    const result = await check({ clientVersion: '2.1.0', clientRelease: 'rel_ios_2_1' });
    expect(result.status).toBe(204);
    expect(result.text).toBe('');
    expect((await check({ clientVersion: '2.1.0', clientRelease: 'rel_ios_2_0' })).status).toBe(200);
  });

  it('answers 204 for a distribution without releases, 404 without a distribution', async () => {
    expect(
      (
        await api.call('POST', '/cdn/check', {
          token: DEMO.cdnKeys.valid,
          body: { distributionEnvironment: 'STAGING', distributionType: 'MOBILE_SDK_IOS' },
        })
      ).status,
    ).toBe(204);
    const missing = await api.call('POST', '/cdn/check', {
      token: DEMO.cdnKeys.valid,
      body: { distributionEnvironment: 'TEST', distributionType: 'NATIVE_FORMAT' },
    });
    expect(missing.status).toBe(404);
    expect(CdnErrorDetailSchema.parse(missing.json).errors).toEqual([
      { field: 'DISTRIBUTION', infos: ['DISTRIBUTION_NOT_FOUND'] },
    ]);
  });

  it('answers 404 for a version below every distribution’s range', async () => {
    const result = await check({ clientVersion: '0.9.0' });
    expect(result.status).toBe(404);
  });

  it.each([
    [{ clientVersion: 'two' }, ['clientVersion'], 'INVALID_SEMANTIC_VERSION'],
    [{ clientVersion: '1.2' }, ['clientVersion'], 'INVALID_SEMANTIC_VERSION'],
    [{ clientVersion: '2.1.0.4' }, ['clientVersion'], 'INVALID_SEMANTIC_VERSION'],
    [{ clientLanguageCode: 'not-a-code!' }, ['clientLanguageCode'], 'INVALID_LANGUAGE_CODE'],
    [{ clientVersion: 'x', clientLanguageCode: 'de_DE!' }, ['clientVersion', 'clientLanguageCode'], undefined],
    // The iOS SDK's name of the field: checked the same way.
    [{ clientLanguage: 'not-a-code!' }, ['clientLanguage'], 'INVALID_LANGUAGE_CODE'],
    [{ distributionEnvironment: 'MOON' }, ['distributionEnvironment'], 'INVALID_VALUE'],
    [{ distributionType: 'WEB' }, ['distributionType'], 'INVALID_VALUE'],
    [{ distributionEnvironment: 'production' }, ['distributionEnvironment'], 'INVALID_VALUE'],
    [{ clientVersion: 5 }, ['clientVersion'], 'INVALID_VALUE'],
    [{ clientUser: { id: 1 } }, ['clientUser'], 'INVALID_VALUE'],
    [
      { distributionEnvironment: undefined, distributionType: undefined },
      ['distributionEnvironment', 'distributionType'],
      'INVALID_VALUE',
    ],
  ])('answers 422 for %j, naming the fields %j', async (body, fields, info) => {
    const result = await check(body);
    expect(result.status).toBe(422);
    expect(result.headers.get('content-type')).toBe('application/json');
    const problem = CdnErrorDetailSchema.parse(result.json);
    expect(problem).toMatchObject({ type: 'about:blank', status: 422, detail: 'Unprocessable Entity' });
    expect(problem.errors.map((e) => e.field)).toEqual(fields);
    if (info) for (const e of problem.errors) expect(e.infos).toEqual([info]);
  });

  it.each([
    ['an array', [1]],
    ['a string', 'PRODUCTION'],
    ['null', null],
  ])('answers 422 for a body that is %s, naming the body', async (_, body) => {
    const result = await api.call('POST', '/cdn/check', { token: DEMO.cdnKeys.valid, body });
    expect(result.status).toBe(422);
    expect(CdnErrorDetailSchema.parse(result.json).errors).toEqual([{ field: 'body', infos: ['INVALID_VALUE'] }]);
  });

  // spec.md 7.2 lists 422 for validation failures and no 400: a body that is missing or not JSON is one.
  it('answers 422 problems for malformed JSON and an empty body', async () => {
    for (const raw of ['{', '', '   ']) {
      const result = await api.call('POST', '/cdn/check', {
        token: DEMO.cdnKeys.valid,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(result.status, JSON.stringify(raw)).toBe(422);
      expect(result.headers.get('content-type')).toBe('application/json');
      expect(CdnErrorDetailSchema.parse(result.json)).toMatchObject({
        status: 422,
        detail: 'Unprocessable Entity',
        errors: [{ field: 'body', infos: ['INVALID_VALUE'] }],
      });
    }
  });

  // The version rule is semver.org's pattern, as docs/openapi.json states it: node-semver's leniency is not.
  it.each(['v1.5.0', ' 2.0.1 ', '=1.0.0', '01.2.3'])(
    'refuses clientVersion %j, which is not a semantic version',
    async (clientVersion) => {
      const result = await check({ clientVersion });
      expect(result.status).toBe(422);
      expect(result.json.errors).toEqual([{ field: 'clientVersion', infos: ['INVALID_SEMANTIC_VERSION'] }]);
    },
  );

  it.each([
    ['no key', undefined],
    ['an unknown key', 'lh-cdn_unknown'],
    ['a key without the lh-cdn_ prefix', 'demo_acme'],
    ['an API token', DEMO.tokens.admin],
    ['a revoked key', DEMO.cdnKeys.revoked],
    ['a key expired in the seed', DEMO.cdnKeys.expired],
  ])('answers %s with a 401 problem, before looking at the body', async (_, key) => {
    const result = await api.call('POST', '/cdn/check', {
      ...(key ? { token: key } : {}),
      raw: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(401);
    expect(result.headers.get('content-type')).toBe('application/json');
    expect(CdnErrorDetailSchema.parse(result.json)).toEqual({
      type: 'about:blank',
      status: 401,
      detail: 'Unauthorized',
      errors: [{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }],
    });
    expect(api.server.service.cdnRequestLog).toEqual([]);
  });

  it('offers the newest release to a client that has an older one, and to one that names an unknown one', async () => {
    expect((await check({ clientRelease: 'rel_ios_1_9' })).json.distributionReleaseId).toBe('rel_ios_2_1');
    expect((await check({ clientRelease: 'rel_nope' })).json.distributionReleaseId).toBe('rel_ios_2_1');
    // A 1.x app that has the newest 1.x release is up to date, even though 2.x releases exist.
    expect((await check({ clientVersion: '1.4.0', clientRelease: 'rel_ios_1_9' })).status).toBe(204);
  });

  it('serves each distribution of the workspace by environment and type', async () => {
    const release = async (distributionEnvironment: string, distributionType: string) =>
      (await check({ distributionEnvironment, distributionType })).json?.distributionReleaseId;
    expect(await release('STAGING', 'MOBILE_SDK_ANDROID')).toBe('rel_android_staging');
    expect(await release('DEVELOPMENT', 'NATIVE_FORMAT')).toBe('rel_web_dev');
    // globex's release is not acme's.
    expect(
      (await check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_ANDROID' })).status,
    ).toBe(404);
  });

  it('refuses a key once it has expired (the clock moves)', async () => {
    expect((await check({}, 'lh-cdn_expires_soon')).status).toBe(200);
    clock.advance(61_000);
    const expired = await check({}, 'lh-cdn_expires_soon');
    expect(expired.status).toBe(401);
    expect(expired.json.errors).toEqual([{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }]);
  });

  it('answers 429 USAGE / USAGE_LIMIT_EXCEEDED once the workspace’s budget is spent', async () => {
    const body = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_ANDROID' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await check(body, DEMO.cdnKeys.budget)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const over = await check(body, DEMO.cdnKeys.budget);
    expect(CdnErrorDetailSchema.parse(over.json).errors).toEqual([{ field: 'USAGE', infos: ['USAGE_LIMIT_EXCEEDED'] }]);
    // Another workspace is not affected, and reset() restores the budget.
    expect((await check({})).status).toBe(200);
    api.server.service.reset();
    expect((await check(body, DEMO.cdnKeys.budget)).status).toBe(200);
  });

  it('with a budget period, the 429 announces the renewal with Retry-After, and the budget renews then', async () => {
    const hourly = () => check({}, 'lh-cdn_hourly');
    expect([(await hourly()).status, (await hourly()).status]).toEqual([404, 404]);
    const spent = await hourly();
    expect(spent.status).toBe(429);
    expect(spent.headers.get('retry-after')).toBe('3600');
    clock.advance(1_800_500);
    expect((await hourly()).headers.get('retry-after')).toBe('1800');
    const error = await createClient({ baseUrl: api.url, cdnKey: 'lh-cdn_hourly', maxRetries: 2 })
      .cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ budgetExceeded: true, retryAfterMs: 1_800_000 });
    clock.advance(1_800_000);
    expect((await hourly()).status).toBe(404);
    // Without a period (globex) the 429 has no Retry-After: the renewal time is unknown.
    for (let i = 0; i < 3; i++) await check({}, DEMO.cdnKeys.budget);
    const globex = await check({}, DEMO.cdnKeys.budget);
    expect(globex.status).toBe(429);
    expect(globex.headers.has('retry-after')).toBe(false);
  });

  it('spends the budget on every validated check, a 404 too, but not on a refused key or a bad body', async () => {
    const globex = (body: Record<string, unknown>) =>
      check(
        { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_ANDROID', ...body },
        DEMO.cdnKeys.budget,
      );
    expect((await globex({ clientVersion: 'bad' })).status).toBe(422);
    expect((await globex({ distributionEnvironment: 'TEST' })).status).toBe(404);
    expect((await globex({ distributionEnvironment: 'TEST' })).status).toBe(404);
    expect((await globex({})).status).toBe(200);
    expect((await globex({})).status).toBe(429);
  });

  it('gives a filesUrl that serves the ZIP for 24 hours, then expires', async () => {
    const { filesUrl, filesSha256 } = (await check({ clientVersion: '2.1.0' })).json;
    const bytes = new Uint8Array(await (await fetch(filesUrl)).arrayBuffer());
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(filesSha256);
    clock.advance(FILES_URL_VALIDITY_MS - 60_000);
    expect((await fetch(filesUrl)).status).toBe(200);
    clock.advance(120_000);
    expect((await fetch(filesUrl)).status).toBe(403);
  });

  it('records the logging-only fields in the request log', async () => {
    await check({
      clientVersion: '2.1.0',
      clientUser: 'user-42',
      clientAgent: 'AcmeNotes/2.1 iOS',
      clientLanguageCode: 'de',
    });
    expect(api.server.service.cdnRequestLog.at(-1)).toMatchObject({
      workspace: 'acme',
      status: 200,
      clientUser: 'user-42',
      clientAgent: 'AcmeNotes/2.1 iOS',
      clientLanguageCode: 'de',
      distributionType: 'MOBILE_SDK_IOS',
    });
  });

  it('takes the iOS SDK’s clientLanguage as it takes clientLanguageCode, and logs it', async () => {
    expect((await check({ clientLanguage: 'zh-Hant' })).status).toBe(200);
    expect(api.server.service.cdnRequestLog.at(-1)).toMatchObject({ status: 200, clientLanguage: 'zh-Hant' });
  });

  it('keeps the newest entries of the request log, not every check ever made: those the journal keeps', async () => {
    const { journal } = api.server.service;
    const size = journal.size;
    journal.resize(3);
    try {
      for (let i = 1; i <= 5; i++) expect((await check({ clientUser: `user-${i}` })).status).toBe(200);
      expect(api.server.service.cdnRequestLog.map((e) => e.clientUser)).toEqual(['user-3', 'user-4', 'user-5']);
    } finally {
      journal.resize(size);
    }
  });

  it('is a view of the request journal: one record, cleared with it, with the journal’s times', async () => {
    clock.advance(5_000);
    await check({ clientUser: 'user-1' });
    await api.call('GET', '/v1/projects', { token: DEMO.tokens.admin });
    const [entry] = api.server.service.cdnRequestLog;
    const [journalled] = api.server.service.admin.listRequests({}).requests;
    expect(api.server.service.cdnRequestLog).toHaveLength(1);
    expect(entry).toMatchObject({ at: journalled!.time, workspace: 'acme', status: journalled!.status });
    api.server.service.admin.clearRequests({});
    expect(api.server.service.cdnRequestLog).toEqual([]);
  });

  it('leaves out of the request log the checks a fault answered before the check ran, and refused keys', async () => {
    api.server.service.faults.failNext({ status: 503, path: '/cdn/check' });
    expect((await check({ clientUser: 'faulted' })).status).toBe(503);
    expect((await check({ clientUser: 'refused' }, 'lh-cdn_unknown')).status).toBe(401);
    expect((await check({ clientUser: 'answered' })).status).toBe(200);
    expect(api.server.service.cdnRequestLog.map((e) => e.clientUser)).toEqual(['answered']);
  });

  it('answers a repeated check from the state of the moment: a renamed release is named anew', async () => {
    expect((await check({ clientVersion: '2.1.0' })).json.name).toBe('iOS 2.x November');
    const renamed = structuredClone(seed);
    for (const d of renamed.distributions ?? [])
      for (const r of d.releases) if (r.id === 'rel_ios_2_1') r.name = 'iOS 2.x renamed';
    api.server.service.admin.loadSeed(renamed);
    try {
      // the same body, key and second as before: only the release differs
      expect((await check({ clientVersion: '2.1.0' })).json.name).toBe('iOS 2.x renamed');
    } finally {
      api.server.service.admin.loadSeed(seed);
    }
  });

  it('keeps the workspace of a key that has expired since the check', async () => {
    clock.set(start);
    expect((await check({ clientUser: 'early' }, 'lh-cdn_expires_soon')).status).toBe(200);
    clock.advance(120_000);
    expect((await check({}, 'lh-cdn_expires_soon')).status).toBe(401);
    expect(api.server.service.cdnRequestLog).toEqual([
      expect.objectContaining({ workspace: 'acme', clientUser: 'early' }),
    ]);
  });
});
