// Every endpoint × no token, a bad token and each demo role → the status spec.md states, and its body.
import { CdnErrorDetailSchema, ExportSchema, ProjectDetailsSchema, ProjectListSchema, ResourceStatusSchema, WorkspaceStatusSchema } from '@loc/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src';
import { useServer } from './helpers';

const api = useServer();
const T = DEMO.tokens;
type Who = 'none' | 'bad' | keyof typeof T;
const tokenOf = (who: Who) => (who === 'none' ? undefined : who === 'bad' ? 'loc_not_a_token' : T[who]);
let counter = 0;

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: () => Promise<string> | string;
  body?: () => unknown;
  ok: number;
  schema: { safeParse(v: unknown): { success: boolean } };
  expected: Partial<Record<Who, number>>;
}

/** An export of web-frontend made by the admin, for the GET endpoint. */
async function exportPath() {
  const made = await api.call('POST', '/v1/acme/projects/web-frontend/exports', { token: T.admin, body: {} });
  return `/v1/acme/projects/web-frontend/exports/${made.json.id}`;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /v1/projects', method: 'GET', path: () => '/v1/projects', ok: 200, schema: ProjectListSchema,
    expected: { admin: 200, developer: 200, viewer: 200, collaborator: 200, outsider: 200, globex: 200 } },
  { name: 'GET workspace status', method: 'GET', path: () => '/v1/acme/projects/status', ok: 200, schema: WorkspaceStatusSchema,
    expected: { admin: 200, developer: 200, viewer: 200, collaborator: 403, outsider: 403, globex: 403 } },
  { name: 'GET project details', method: 'GET', path: () => '/v1/acme/projects/web-frontend', ok: 200, schema: ProjectDetailsSchema,
    expected: { admin: 200, developer: 200, viewer: 200, collaborator: 200, outsider: 403, globex: 403 } },
  { name: 'GET project status', method: 'GET', path: () => '/v1/acme/projects/web-frontend/status', ok: 200, schema: ResourceStatusSchema,
    expected: { admin: 200, developer: 200, viewer: 403, collaborator: 200, outsider: 403, globex: 403 } },
  { name: 'POST create project', method: 'POST', path: () => '/v1/acme/projects', ok: 200, schema: ProjectDetailsSchema,
    body: () => ({ title: `Matrix ${++counter}`, resourceType: 'json.standard', sourceLanguageCode: 'en' }),
    expected: { admin: 200, developer: 403, viewer: 403, collaborator: 403, outsider: 403, globex: 403 } },
  { name: 'POST create export', method: 'POST', path: () => '/v1/acme/projects/web-frontend/exports', ok: 200, schema: ExportSchema, body: () => ({}),
    expected: { admin: 200, developer: 200, viewer: 403, collaborator: 200, outsider: 403, globex: 403 } },
  { name: 'GET export', method: 'GET', path: exportPath, ok: 200, schema: ExportSchema,
    expected: { admin: 200, developer: 200, viewer: 403, collaborator: 200, outsider: 403, globex: 403 } },
];

const WHO: Who[] = ['none', 'bad', 'admin', 'developer', 'viewer', 'collaborator', 'outsider', 'globex'];
const CASES = ENDPOINTS.flatMap((e) => WHO.map((who) => [e.name, who, who === 'none' || who === 'bad' ? 401 : e.expected[who]!, e] as const));

describe('the authorization matrix of /v1', () => {
  it.each(CASES)('%s as %s → %i', async (_, who, status, endpoint) => {
    const token = tokenOf(who);
    const result = await api.call(endpoint.method, await endpoint.path(), {
      ...(token === undefined ? {} : { token }),
      ...(endpoint.body ? { body: endpoint.body() } : {}),
    });
    expect(result.status).toBe(status);
    if (status === endpoint.ok) expect(endpoint.schema.safeParse(result.json).success).toBe(true);
    else {
      expect(typeof result.json.error).toBe('string');
      expect(result.json.error.length).toBeGreaterThan(10);
    }
  });

  it('answers a malformed Authorization header with 401', async () => {
    for (const header of ['Basic abc', 'Bearer', `Token ${T.admin}`, `Bearer ${T.admin} extra`]) {
      const result = await api.call('GET', '/v1/projects', { headers: { authorization: header } });
      expect(result.status, header).toBe(401);
    }
  });

  it('lists only what the caller owns or collaborates on, across workspaces', async () => {
    const slugs = async (token: string) =>
      (await api.call('GET', '/v1/projects', { token })).json.members.map((m: { links: { href: string }[] }) => m.links[0]!.href.split('/v1/')[1]);
    expect(await slugs(T.collaborator)).toEqual(['acme/projects/web-frontend']);
    expect(await slugs(T.outsider)).toEqual([]);
    expect(await slugs(T.globex)).toEqual(expect.arrayContaining(['globex/projects/storefront']));
    expect((await slugs(T.globex)).some((s: string) => s.startsWith('acme/'))).toBe(false);
  });

  it('answers 404 for an unknown workspace or project before checking permissions of a known one', async () => {
    expect((await api.call('GET', '/v1/nope/projects/status', { token: T.admin })).status).toBe(404);
    expect((await api.call('GET', '/v1/acme/projects/nope', { token: T.admin })).status).toBe(404);
    expect((await api.call('GET', '/v1/acme/projects/web-frontend/exports/nope', { token: T.admin })).status).toBe(404);
  });
});

describe('the credentials of /cdn/check', () => {
  const body = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' };
  it.each([
    ['no key', undefined],
    ['an unknown key', 'lh-cdn_unknown'],
    ['an API token instead of a CDN key', T.admin],
    ['an expired key', DEMO.cdnKeys.expired],
    ['a revoked key', DEMO.cdnKeys.revoked],
  ])('answers %s with 401 AUTHORIZATION / CDN_KEY_NOT_FOUND', async (_, key) => {
    const result = await api.call('POST', '/cdn/check', { ...(key ? { token: key } : {}), body });
    expect(result.status).toBe(401);
    expect(CdnErrorDetailSchema.parse(result.json).errors).toEqual([{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }]);
  });

  it('answers a valid key with 200', async () => {
    const result = await api.call('POST', '/cdn/check', { token: DEMO.cdnKeys.valid, body });
    expect(result.status).toBe(200);
  });
});
