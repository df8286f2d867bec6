// The controls tests need (publish a release, reset to the demo seed, reset with or without the clock),
// each OpenAPI example sent as it is documented, and the strictness the docs promise: unknown fields,
// conflicting fields and `null` bodies are a 400 naming the field.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, startMockServer, type MockServer } from '../src';
import { buildAdminOpenApi } from '../src/service/admin-openapi';

const doc = buildAdminOpenApi();
const JSON_TYPE = { 'content-type': 'application/json' };

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, exportDelayMs: 0 });
});
afterAll(() => server?.close());
beforeEach(() => server.service.admin.reset({ to: 'demo', clock: 'reset' }));

async function post(path: string, body: unknown) {
  const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as any };
}

async function check(clientVersion: string, type = 'MOBILE_SDK_IOS', environment = 'PRODUCTION') {
  const r = await fetch(`${server.url}/cdn/check`, {
    method: 'POST',
    headers: { ...JSON_TYPE, authorization: `Bearer ${DEMO.cdnKeys.valid}` },
    body: JSON.stringify({ distributionEnvironment: environment, distributionType: type, clientVersion }),
  });
  return { status: r.status, json: r.status === 200 ? ((await r.json()) as any) : undefined };
}

describe('each control’s example in docs/mock-admin-openapi.json', () => {
  const ajv = addFormats(new Ajv2020({ strict: false }));
  ajv.addSchema({ $id: 'admin', components: doc.components });
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as any })),
  );

  it('exists for every control that takes input, and for every answer', () => {
    for (const { op } of operations) {
      const takes = op.requestBody ?? op.parameters;
      if (op.requestBody) expect(op.requestBody.content['application/json'].example, op.operationId).toBeDefined();
      if (op.parameters) for (const p of op.parameters) expect(p.example, `${op.operationId} ${p.name}`).toBeDefined();
      expect(takes === undefined || takes !== null).toBe(true);
      expect(op.responses['200'].content['application/json'].example, op.operationId).toBeDefined();
    }
  });

  it.each(operations.map((o) => [o.op.operationId, o] as const))(
    '%s: sent as documented, answers 200 with its schema',
    async (name, { path, method, op }) => {
      const fault = server.service.admin.addFault({ kind: 'STATUS', status: 503, path: '/nowhere' });
      const params: Record<string, unknown> = Object.fromEntries(
        (op.parameters ?? []).map((p: any) => [p.name, p.in === 'path' && p.name === 'id' ? fault.id : p.example]),
      );
      const url =
        path.replace(/\{(\w+)\}/g, (_: string, n: string) => encodeURIComponent(String(params[n]))) +
        (op.parameters?.some((p: any) => p.in === 'query')
          ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`
          : '');
      const body = op.requestBody?.content['application/json'].example;
      const r = await fetch(`${server.url}${url}`, {
        method,
        ...(body === undefined ? {} : { headers: JSON_TYPE, body: JSON.stringify(body) }),
      });
      const json = await r.json();
      expect(r.status, JSON.stringify(json)).toBe(200);
      const validate = ajv.getSchema(`admin#/components/schemas/${name[0].toUpperCase()}${name.slice(1)}Output`)!;
      expect(validate(json), ajv.errorsText(validate.errors)).toBe(true);
      // The documented answer has the same shape as the real one.
      expect(validate(op.responses['200'].content['application/json'].example), ajv.errorsText(validate.errors)).toBe(
        true,
      );
    },
  );
});

describe('publishing a release', () => {
  it('makes it the distribution’s newest for the versions it serves, and changes no other distribution', async () => {
    const others = () =>
      server.service.admin
        .state()
        .releases.filter((r) => !(r.environment === 'PRODUCTION' && r.type === 'MOBILE_SDK_IOS'));
    const before = others();
    expect((await check('2.0.0')).json.distributionReleaseId).toBe('rel_ios_2_1');
    const published = await post('/__admin/releases', {
      workspace: 'acme',
      environment: 'PRODUCTION',
      type: 'MOBILE_SDK_IOS',
      release: { id: 'rel_ios_2_2', name: 'iOS 2.2', clientVersions: '>=2.0.0' },
    });
    expect(published).toMatchObject({ status: 200, json: { ok: true, created: false, replaced: false } });
    const answer = (await check('2.0.0')).json;
    expect(answer.distributionReleaseId).toBe('rel_ios_2_2');
    expect((await fetch(answer.filesUrl)).status).toBe(200);
    // 1.x apps keep their release; the others are untouched.
    expect((await check('1.5.0')).json.distributionReleaseId).toBe('rel_ios_1_9');
    expect(others()).toEqual(before);
    // reset takes it back.
    await post('/__admin/reset', {});
    expect((await check('2.0.0')).json.distributionReleaseId).toBe('rel_ios_2_1');
  });

  it('replaces the release with the same id, and creates a distribution when given its project', async () => {
    const replaced = await post('/__admin/releases', {
      workspace: 'acme',
      environment: 'STAGING',
      type: 'MOBILE_SDK_ANDROID',
      release: { id: 'rel_android_staging', name: 'Staging, again', createdAt: '2026-11-20T00:00:00Z' },
    });
    expect(replaced.json).toMatchObject({ created: false, replaced: true });
    expect(server.service.admin.state().releases.filter((r) => r.id === 'rel_android_staging')).toEqual([
      expect.objectContaining({ name: 'Staging, again', createdAt: '2026-11-20T00:00:00Z' }),
    ]);
    expect((await check('1.0.0', 'NATIVE_FORMAT', 'TEST')).status).toBe(404);
    const created = await post('/__admin/releases', {
      workspace: 'acme',
      environment: 'TEST',
      type: 'NATIVE_FORMAT',
      project: 'web-frontend',
      release: { id: 'rel_web_1', name: 'Web 1' },
    });
    expect(created.json).toMatchObject({ created: true, replaced: false });
    expect((await check('1.0.0', 'NATIVE_FORMAT', 'TEST')).json.distributionReleaseId).toBe('rel_web_1');
  });

  it.each([
    [
      { workspace: 'nope', environment: 'PRODUCTION', type: 'MOBILE_SDK_IOS', release: { id: 'r', name: 'r' } },
      '$.workspace',
    ],
    [{ workspace: 'acme', environment: 'TEST', type: 'NATIVE_FORMAT', release: { id: 'r', name: 'r' } }, '$.project'],
    [
      {
        workspace: 'acme',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        release: { id: 'rel_web_dev', name: 'r' },
      },
      '$.release.id',
    ],
    [
      {
        workspace: 'acme',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        release: { id: 'r', name: 'r', nmae: 'x' },
      },
      '$.release.nmae',
    ],
    [
      { workspace: 'acme', environment: 'PROD', type: 'MOBILE_SDK_IOS', release: { id: 'r', name: 'r' } },
      '$.environment',
    ],
    // Issue 42: a range semver cannot read would be taken and never serve a version.
    [
      {
        workspace: 'acme',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        release: { id: 'r', name: 'r', clientVersions: 'banana' },
      },
      '$.release.clientVersions',
    ],
    [
      {
        workspace: 'acme',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        clientVersions: '>=2.0.0 <',
        release: { id: 'r', name: 'r' },
      },
      '$.clientVersions',
    ],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (input, field) => {
    const before = server.service.admin.state();
    const answer = await post('/__admin/releases', input);
    expect([answer.status, answer.json.errors.map((e: any) => e.field)]).toEqual([400, [field]]);
    expect({ ...server.service.admin.state(), clock: null }).toEqual({ ...before, clock: null });
  });
});

describe('reset', () => {
  it('goes to the demo seed, which reset then returns to', async () => {
    const seed = (doc.paths['/__admin/seed'] as any).post.requestBody.content['application/json'].example;
    await post('/__admin/seed', seed);
    expect(server.service.admin.state().projects.map((p) => p.slug)).toEqual(['app']);
    await post('/__admin/reset', {});
    expect(server.service.admin.state().projects.map((p) => p.slug)).toEqual(['app']);
    await post('/__admin/reset', { to: 'demo' });
    expect(server.service.admin.state().projects.map((p) => p.slug)).toContain('web-frontend');
    await post('/__admin/reset', {});
    expect(server.service.admin.state().projects.map((p) => p.slug)).toContain('web-frontend');
  });

  it('keeps the clock unless told to reset it too, and keeps the journal’s size', async () => {
    const day = 24 * 3600_000;
    await post('/__admin/requests/settings', { size: 7 });
    const moved = (await post('/__admin/clock', { advanceMs: day })).json.epochMs;
    await post('/__admin/reset', {});
    expect(server.service.admin.getClock().epochMs).toBeGreaterThanOrEqual(moved);
    await post('/__admin/reset', { clock: 'keep' });
    expect(server.service.admin.getClock().epochMs).toBeGreaterThanOrEqual(moved);
    const before = Date.now();
    await post('/__admin/reset', { clock: 'reset' });
    const now = server.service.admin.getClock().epochMs;
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThan(moved);
    expect(server.service.admin.listRequests().size).toBe(7);
  });
});

describe('the control API is strict', () => {
  it.each([
    ['/__admin/faults', { kind: 'STATUS', statuss: 503 }, ['$.status', '$.statuss']],
    ['/__admin/faults', { kind: 'STATUS', status: 503, path: '/v1', pathPattern: '^/v1' }, ['$.pathPattern']],
    ['/__admin/requests/verify', { path: '/v1', pathPattern: '^/v1' }, ['$.pathPattern']],
    ['/__admin/reset', { to: 'seed', clok: 'reset' }, ['$.clok']],
    [
      '/__admin/seed',
      { workspaces: [{ slug: 'a', name: 'A', cdnBudjet: 3 }], users: [], projects: [] },
      ['$.workspaces[0].cdnBudjet'],
    ],
    [
      '/__admin/seed',
      {
        workspaces: [{ slug: 'a', name: 'A' }],
        users: [],
        projects: [],
        distributions: [
          {
            workspace: 'a',
            environment: 'PRODUCTION',
            type: 'NATIVE_FORMAT',
            project: 'app',
            clientVersions: 'banana',
            releases: [{ id: 'r', name: 'r', createdAt: '2026-01-01T00:00:00Z', clientVersions: '>=1 <' }],
          },
        ],
      },
      ['$.distributions[0].clientVersions', '$.distributions[0].releases[0].clientVersions'],
    ],
  ])('POST %s %j: 400 naming %j, nothing changed', async (path, body, fields) => {
    const answer = await post(path, body);
    expect([answer.status, answer.json.errors.map((e: any) => e.field)]).toEqual([400, fields]);
    expect(server.service.admin.listFaults().faults).toEqual([]);
  });

  it.each(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.values(item)
        .filter((op: any) => op.requestBody)
        .map((op: any) => [op.operationId, path] as const),
    ),
  )('%s: a null body is a 400 naming $', async (_, path) => {
    const answer = await post(path, null);
    expect([answer.status, answer.json.errors.map((e: any) => e.field)]).toEqual([400, ['$']]);
  });
});
