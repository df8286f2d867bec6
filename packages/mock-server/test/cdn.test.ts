// /cdn/check: version filtering, 204, 404, 422, key expiry with the clock, the usage budget, the request log.
import { CdnErrorDetailSchema, CdnReleaseSchema } from '@loc/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClock, DEMO, demoSeed, FILES_URL_VALIDITY_MS } from '../src';
import { useServer } from './helpers';

const start = Date.parse('2026-11-22T10:00:00Z');
const clock = createClock({ frozen: true, start });
const seed = demoSeed();
seed.cdnKeys = [...(seed.cdnKeys ?? []), { key: 'lh-cdn_expires_soon', workspace: 'acme', expiresAt: new Date(start + 60_000).toISOString() }];
const api = useServer({ clock, seed });
beforeEach(() => api.server.service.reset());

const check = (body: Record<string, unknown>, key: string = DEMO.cdnKeys.valid) =>
  api.call('POST', '/cdn/check', { token: key, body: { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS', ...body } });

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
    expect((await api.call('POST', '/cdn/check', { token: DEMO.cdnKeys.valid, body: { distributionEnvironment: 'STAGING', distributionType: 'MOBILE_SDK_IOS' } })).status).toBe(204);
    const missing = await api.call('POST', '/cdn/check', { token: DEMO.cdnKeys.valid, body: { distributionEnvironment: 'TEST', distributionType: 'NATIVE_FORMAT' } });
    expect(missing.status).toBe(404);
    expect(CdnErrorDetailSchema.parse(missing.json).errors).toEqual([{ field: 'DISTRIBUTION', infos: ['DISTRIBUTION_NOT_FOUND'] }]);
  });

  it('answers 404 for a version below every distribution’s range', async () => {
    const result = await check({ clientVersion: '0.9.0' });
    expect(result.status).toBe(404);
  });

  it.each([
    [{ clientVersion: 'two' }, 'clientVersion'],
    [{ clientVersion: '1.2' }, 'clientVersion'],
    [{ clientLanguageCode: 'not-a-code!' }, 'clientLanguageCode'],
  ])('answers 422 for %j', async (body, field) => {
    const result = await check(body);
    expect(result.status).toBe(422);
    expect(CdnErrorDetailSchema.parse(result.json).errors.map((e) => e.field)).toContain(field);
  });

  it('answers 400 or 422 for a bad enum or a malformed body, never 5xx', async () => {
    const badEnum = await check({ distributionEnvironment: 'MOON' });
    expect([400, 422]).toContain(badEnum.status);
    const malformed = await api.call('POST', '/cdn/check', { token: DEMO.cdnKeys.valid, raw: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
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
    // Another workspace is not affected.
    expect((await check({})).status).toBe(200);
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
    await check({ clientVersion: '2.1.0', clientUser: 'user-42', clientAgent: 'AcmeNotes/2.1 iOS', clientLanguageCode: 'de' });
    expect(api.server.service.cdnRequestLog.at(-1)).toMatchObject({
      workspace: 'acme',
      status: 200,
      clientUser: 'user-42',
      clientAgent: 'AcmeNotes/2.1 iOS',
      clientLanguageCode: 'de',
      distributionType: 'MOBILE_SDK_IOS',
    });
  });
});
