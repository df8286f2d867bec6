// The CDN check at both its paths: spec.md's POST /cdn/check and POST /v1/distributions/check, where the
// official mobile SDKs post to on the service's CDN host (real-service-notes.md, "Hosts"). The same answers,
// and the journal, verify, faults, CORS and the request log treat them alike.
import { CdnErrorDetailSchema, CdnReleaseSchema } from '@loc/sdk/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClock, DEMO, demoSeed } from '../src';
import { send, useServer } from './helpers';

const PATHS = ['/cdn/check', '/v1/distributions/check'] as const;
const seed = demoSeed();
// A workspace with a budget of one check, to see the two paths spend the same budget.
seed.workspaces.push({ slug: 'one-check', name: 'One check', cdnBudget: 1 });
seed.cdnKeys = [...(seed.cdnKeys ?? []), { key: 'lh-cdn_one_check', workspace: 'one-check' }];
const api = useServer({ clock: createClock({ frozen: true, start: Date.parse('2026-11-22T10:00:00Z') }), seed });
beforeEach(() => api.server.service.reset());

const body = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS', clientVersion: '2.1.0' };
const check = (path: string, extra: Record<string, unknown> = {}, key: string = DEMO.cdnKeys.valid) =>
  api.call('POST', path, { token: key, body: { ...body, ...extra } });

describe.each(PATHS)('POST %s', (path) => {
  it('answers as the CDN check does: 200, 204, 401, 404 and 422 with their bodies', async () => {
    const offered = await check(path);
    expect(offered.status).toBe(200);
    expect(CdnReleaseSchema.parse(offered.json).distributionReleaseId).toBe('rel_ios_2_1');
    expect((await check(path, { clientRelease: 'rel_ios_2_1' })).status).toBe(204);
    const refused = await check(path, {}, 'lh-cdn_nope');
    expect([refused.status, CdnErrorDetailSchema.parse(refused.json).errors]).toEqual([
      401,
      [{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }],
    ]);
    const none = await check(path, { distributionEnvironment: 'TEST', distributionType: 'NATIVE_FORMAT' });
    expect(CdnErrorDetailSchema.parse(none.json).errors[0]?.infos).toEqual(['DISTRIBUTION_NOT_FOUND']);
    const invalid = await check(path, { clientVersion: 'two' });
    expect([invalid.status, CdnErrorDetailSchema.parse(invalid.json).errors[0]]).toEqual([
      422,
      { field: 'clientVersion', infos: ['INVALID_SEMANTIC_VERSION'] },
    ]);
  });

  it('answers GET with 405, Allow: POST and a problem body (the CDN’s error format)', async () => {
    const answer = await api.call('GET', path, { token: DEMO.cdnKeys.valid });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(CdnErrorDetailSchema.safeParse(answer.json).success).toBe(true);
  });

  it('answers a preflight from a loopback page, and lets it read the answer', async () => {
    const preflight = await send(api.url, 'OPTIONS', path, {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    });
    expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([
      204,
      'http://localhost:5173',
    ]);
    const answer = await api.call('POST', path, {
      token: DEMO.cdnKeys.valid,
      body,
      headers: { origin: 'http://localhost:5173' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});

describe('both paths alike', () => {
  it('spend one budget', async () => {
    expect((await check(PATHS[0], {}, 'lh-cdn_one_check')).status).toBe(404);
    const spent = await check(PATHS[1], {}, 'lh-cdn_one_check');
    expect([spent.status, spent.json.errors]).toEqual([429, [{ field: 'USAGE', infos: ['USAGE_LIMIT_EXCEEDED'] }]]);
  });

  it('the journal names the operation of each, and verify by operation counts both', async () => {
    await check(PATHS[0]);
    await check(PATHS[1]);
    await api.call('GET', '/v1/projects', { token: DEMO.tokens.developer });
    const { admin } = api.server.service;
    expect(admin.listRequests({}).requests.map((r) => [r.path, r.operation])).toEqual([
      ['/cdn/check', 'checkDistribution'],
      ['/v1/distributions/check', 'checkDistribution'],
      ['/v1/projects', 'listProjects'],
    ]);
    expect(admin.verify({ operation: 'checkDistribution' }).count).toBe(2);
    expect(admin.verify({ operation: 'checkDistribution', path: '/v1/distributions/check' }).count).toBe(1);
    expect(api.server.service.cdnRequestLog.map((e) => e.status)).toEqual([200, 200]);
  });

  it('a verify or fault naming an operation that does not exist is refused, listing the ids', () => {
    const { admin } = api.server.service;
    expect(() => admin.verify({ operation: 'checkDistributions' as never })).toThrow(/checkDistribution/);
    expect(() => admin.addFault({ kind: 'STATUS', status: 503, operation: 'cdnCheck' as never })).toThrow(
      /checkDistribution/,
    );
  });

  it('a fault scoped to the operation answers at either path; one scoped to a path, at that path only', async () => {
    const { admin } = api.server.service;
    admin.addFault({ kind: 'STATUS', status: 503, operation: 'checkDistribution', count: 2 });
    const [first, second] = [await check(PATHS[1]), await check(PATHS[0])];
    expect([first.status, second.status]).toEqual([503, 503]);
    // Without a body of its own, the fault answers in the CDN's format at both paths.
    expect(CdnErrorDetailSchema.safeParse(first.json).success).toBe(true);
    admin.addFault({ kind: 'STATUS', status: 503, path: '/v1/distributions/check' });
    expect((await check(PATHS[0])).status).toBe(200);
    expect((await check(PATHS[1])).status).toBe(503);
  });

  it('a fault scoped to a release takes the checks that answer it at either path', async () => {
    const { admin } = api.server.service;
    admin.addFault({ kind: 'WRONG_SHA256', release: 'rel_ios_2_1', count: 'all' });
    const [a, b] = [await check(PATHS[0]), await check(PATHS[1])];
    expect(a.json.filesSha256).toBe(b.json.filesSha256);
    expect(admin.listFaults({}).faults[0]?.hits).toBe(2);
    admin.clearFaults({});
    expect((await check(PATHS[1])).json.filesSha256).not.toBe(a.json.filesSha256);
  });
});
