// The controls (one table: admin/controls.ts) through the JS API and the HTTP control API under /__admin/:
// the same scenarios give the same journal; bad input is a 400 naming the field and changes nothing;
// the journal fingerprints credentials and stays bounded; access beyond loopback needs the token.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockService, DEMO, startMockServer, type MockServer } from '../src';
import { adminExamplesMarkdown } from '../src/service/admin-examples-doc';
import { buildAdminOpenApi } from '../src/service/admin-openapi';

const docFile = new URL('../../../docs/mock-admin-openapi.json', import.meta.url);
const doc = buildAdminOpenApi();

const JSON_TYPE = { 'content-type': 'application/json' };

const check = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS', clientVersion: '2.0.0' };

/** One way to reach the controls: the JS API's method, or the HTTP route of the same control. */
type Control = (name: string, input?: unknown) => Promise<any>;

/** The scenario, run against a base URL with `control` to reach the controls. */
async function scenario(base: string, control: Control) {
  const get = (path: string, token: string) =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await control('reset');
  await control('addFault', { kind: 'STATUS', status: 503, path: '/v1/projects', count: 1 });
  const statuses = [
    (await get('/v1/projects', DEMO.tokens.admin)).status,
    (await get('/v1/projects', DEMO.tokens.admin)).status,
    (await get('/v1/acme/projects/nope', DEMO.tokens.viewer)).status,
  ];
  const checked = await fetch(`${base}/cdn/check`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO.cdnKeys.valid}`, 'content-type': 'application/json' },
    body: JSON.stringify(check),
  });
  statuses.push(checked.status);
  await control('addFault', { kind: 'MALFORMED_JSON', path: '/cdn/check' });
  const broken = await fetch(`${base}/cdn/check`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO.cdnKeys.valid}`, 'content-type': 'application/json' },
    body: JSON.stringify(check),
  });
  const brokenText = await broken.text();
  expect(() => JSON.parse(brokenText)).toThrow();
  const clock = await control('setClock', { set: '2030-01-01T00:00:00Z' });
  const verified = await control('verify', { method: 'GET', path: '/v1/projects', status: 200 });
  const near = await control('verify', { method: 'GET', path: '/v1/projectz' });
  const journal = (await control('listRequests')).requests.map((e: any) => ({
    method: e.method,
    path: e.path,
    query: e.query,
    authorization: e.headers.authorization,
    body: e.body,
    status: e.status,
    fault: e.fault,
  }));
  return {
    statuses,
    clock: clock.now,
    verified: verified.count,
    near: near.nearMisses.map((m: any) => [m.request.path, m.differences]),
    journal,
  };
}

describe('the controls, through the JS API and over HTTP', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, exportDelayMs: 0 });
  });
  afterAll(() => server?.close());

  /** Calls a control over HTTP, checking the answer against the control API's OpenAPI document. */
  const ajv = addFormats(new Ajv2020({ strict: false }));
  ajv.addSchema({ $id: 'admin', components: doc.components });
  const overHttp: Control = async (name, input) => {
    const [path, item] = Object.entries(doc.paths).find(([, ops]) =>
      Object.values(ops).some((op: any) => op.operationId === name),
    )!;
    const [method] = Object.entries(item).find(([, op]: [string, any]) => op.operationId === name)!;
    const query = method === 'get' && input ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    const response = await fetch(`${server.url}${path}${query}`, {
      method: method.toUpperCase(),
      ...(method === 'post'
        ? { body: JSON.stringify(input ?? {}), headers: { 'content-type': 'application/json' } }
        : {}),
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    const validate = ajv.getSchema(`admin#/components/schemas/${name[0]!.toUpperCase()}${name.slice(1)}Output`)!;
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    return body;
  };

  it('give the same answers and the same journal', async () => {
    const overSocket = await scenario(server.url, overHttp);

    const mock = createMockService({ baseUrl: 'http://mock.test', exportDelayMs: 0 });
    const msw = setupServer(...mock.handlers);
    msw.listen({ onUnhandledFrame: 'error' });
    try {
      const throughJs: Control = async (name, input) =>
        (mock.admin as unknown as Record<string, (i?: unknown) => unknown>)[name]!(input);
      const intercepted = await scenario('http://mock.test', throughJs);
      expect(intercepted).toEqual(overSocket);
    } finally {
      msw.close();
    }
    expect(overSocket.statuses).toEqual([503, 200, 404, 200]);
    expect(overSocket.verified).toBe(1);
    expect(overSocket.near).toContainEqual(['/v1/projects', ['path']]);
    expect(overSocket.journal.map((e: any) => e.fault)).toEqual(['STATUS', null, null, null, 'MALFORMED_JSON']);
  });

  it('shows credentials only as fingerprints', async () => {
    await server.service.admin.reset();
    await fetch(`${server.url}/v1/projects`, { headers: { authorization: `Bearer ${DEMO.tokens.admin}` } });
    const text = await (await fetch(`${server.url}/__admin/requests`)).text();
    expect(text).not.toContain(DEMO.tokens.admin);
    const sha = createHash('sha256').update(DEMO.tokens.admin).digest('hex').slice(0, 12);
    expect(JSON.parse(text).requests[0].headers.authorization).toBe(`Bearer api-token:sha256:${sha}`);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
      expect(r.headers.get('content-type')).toBe('application/problem+json');
      return { status: r.status, fields: (await r.json()).errors.map((e: any) => e.field) };
    };
    await server.service.admin.reset();
    const before = server.service.admin.state();
    expect(
      await post('/__admin/seed', { workspaces: [{ slug: 'UPPER', name: 'x' }], users: [], projects: [] }),
    ).toEqual({
      status: 400,
      fields: ['$.workspaces[0].slug'],
    });
    expect(await post('/__admin/faults', { kind: 'NOT_A_FAULT' })).toEqual({ status: 400, fields: ['$.kind'] });
    expect(await post('/__admin/faults', { kind: 'STATUS', status: 200 })).toEqual({
      status: 400,
      fields: ['$.status'],
    });
    expect(await post('/__admin/requests/verify', { pathPattern: '(' })).toEqual({
      status: 400,
      fields: ['$.pathPattern'],
    });
    expect(await post('/__admin/requests/verify', { headerz: {} })).toEqual({ status: 400, fields: ['$.headerz'] });
    expect(await post('/__admin/clock', { advanceMs: -Date.now() * 2 })).toEqual({
      status: 400,
      fields: ['$.advanceMs'],
    });
    expect(await post('/__admin/clock', { set: '1969-12-31T23:59:59Z' })).toEqual({ status: 400, fields: ['$.set'] });
    const notJson = await fetch(`${server.url}/__admin/seed`, { method: 'POST', headers: JSON_TYPE, body: '{' });
    expect(notJson.status).toBe(400);
    const after = server.service.admin.state();
    expect({ ...after, clock: null }).toEqual({ ...before, clock: null });
    expect(server.service.admin.listFaults().faults).toEqual([]);
  });

  it('loads a seed that reset returns to, and resets to empty', async () => {
    const seed = {
      workspaces: [{ slug: 'tiny', name: 'Tiny' }],
      users: [{ email: 'me@tiny.test', tokens: ['loc_tiny_token'], workspaceRoles: { tiny: 'admin' } }],
      projects: [],
    };
    const loaded = await fetch(`${server.url}/__admin/seed`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify(seed),
    });
    expect(loaded.status).toBe(200);
    const me = () => fetch(`${server.url}/v1/projects`, { headers: { authorization: 'Bearer loc_tiny_token' } });
    expect((await me()).status).toBe(200);
    await fetch(`${server.url}/__admin/reset`, { method: 'POST' });
    expect((await me()).status).toBe(200);
    await fetch(`${server.url}/__admin/reset`, { method: 'POST', headers: JSON_TYPE, body: '{"to":"empty"}' });
    expect((await me()).status).toBe(401);
    expect(server.service.admin.state().projects).toEqual([]);
  });

  it('lists its controls at /__admin/ (and /__admin), as the JS API does', async () => {
    const listed = await overHttp('listControls');
    expect(listed.controls).toContainEqual(
      expect.objectContaining({ name: 'reset', method: 'POST', path: '/__admin/reset' }),
    );
    expect(listed.controls.map((c: { name: string }) => c.name)).toEqual(
      createMockService({ baseUrl: 'http://mock.test' })
        .admin.listControls()
        .controls.map((c) => c.name),
    );
    const bare = await fetch(`${server.url}/__admin`);
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual(listed);
  });

  it('answers 404 and 405 for routes it does not have, naming its routes', async () => {
    const unknown = await fetch(`${server.url}/__admin/mappings`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).detail).toContain('POST /__admin/reset');
    const wrong = await fetch(`${server.url}/__admin/reset`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const gone = await fetch(`${server.url}/__admin/faults/fault-999`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
  });
});

describe('the clock control', () => {
  it('answers a set with the time it set, though the real clock ticks on between', () => {
    const mock = createMockService({ exportDelayMs: 0 });
    // Every reading of the real clock a millisecond later than the one before: a busy machine at its worst.
    let real = Date.parse('2026-12-02T00:00:00Z');
    const now = vi.spyOn(Date, 'now').mockImplementation(() => real++);
    try {
      const answer = mock.admin.setClock({ set: '2030-01-01T00:00:00Z' }) as { now: string; epochMs: number };
      expect(answer).toEqual({ now: '2030-01-01T00:00:00.000Z', epochMs: Date.parse('2030-01-01T00:00:00Z') });
    } finally {
      now.mockRestore();
    }
  });
});

describe('the journal', () => {
  it('keeps the newest N requests, and counts them all', async () => {
    const server = await startMockServer({ port: 0, journalSize: 3 });
    try {
      for (let i = 0; i < 5; i++) await fetch(`${server.url}/v1/projects?page=${i}`);
      const { requests, total, size } = server.service.admin.listRequests();
      expect([requests.map((r) => r.query.page), total, size]).toEqual([['2', '3', '4'], 5, 3]);
      server.service.admin.configureJournal({ size: 0 });
      await fetch(`${server.url}/v1/projects`);
      expect(server.service.admin.listRequests().requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('fingerprints the signature of a pre-signed URL', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      await fetch(`${server.url}/_storage/releases/x.zip?expires=1&signature=abcdef0123`);
      const [entry] = server.service.admin.listRequests().requests;
      expect(entry!.query.signature).toMatch(/^signature:sha256:[0-9a-f]{12}$/);
    } finally {
      await server.close();
    }
  });
});

describe('access to the control API', () => {
  it('asks for the token when one is set', async () => {
    const server = await startMockServer({ port: 0, adminToken: 'correct-horse' });
    try {
      expect(server.admin).toBe('token');
      expect((await fetch(`${server.url}/__admin/state`)).status).toBe(401);
      const wrong = await fetch(`${server.url}/__admin/state`, { headers: { authorization: 'Bearer wrong-horse' } });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${server.url}/__admin/state`, { headers: { authorization: 'Bearer correct-horse' } });
      expect(right.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('is off beyond loopback without a token', async () => {
    const server = await startMockServer({ port: 0, host: '0.0.0.0' });
    try {
      expect(server.admin).toBe('off');
      const port = new URL(server.url).port;
      const off = await fetch(`http://127.0.0.1:${port}/__admin/state`);
      expect(off.status).toBe(403);
      expect((await off.json()).detail).toMatch(/--admin-token/);
    } finally {
      await server.close();
    }
  });
});

describe('docs/mock-admin-openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is committed up to date (loc-mock admin-openapi > docs/mock-admin-openapi.json)', () => {
    expect(JSON.parse(readFileSync(docFile, 'utf8'))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe('docs/mock-server.md', () => {
  it('shows each control’s example as the OpenAPI document has it (loc-mock admin-openapi --markdown)', () => {
    const page = readFileSync(new URL('../../../docs/mock-server.md', import.meta.url), 'utf8');
    const section = /<!-- admin-examples:start[^>]*-->\n\n([\s\S]*?)\n<!-- admin-examples:end -->/.exec(page)?.[1];
    expect(section?.trim()).toBe(adminExamplesMarkdown().trim());
  });
});
