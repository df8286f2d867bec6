// Every endpoint × no token, a bad token and each demo role → the status spec.md states, and its body
// (checked with the SDK's schemas).
import { OPERATIONS, type OperationId } from '@loc/sdk/internal';
import {
  CdnErrorDetailSchema,
  CdnReleaseSchema,
  ExportSchema,
  ProjectDetailsSchema,
  ProjectListSchema,
  ResourceStatusSchema,
  WorkspaceStatusSchema,
} from '@loc/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { DEMO, demoSeed, startMockServer } from '../src';
import { useServer } from './helpers';

const api = useServer();
const T = DEMO.tokens;
type Who = 'none' | 'bad' | keyof typeof T;
const tokenOf = (who: Who) => (who === 'none' ? undefined : who === 'bad' ? 'loc_not_a_token' : T[who]);
let counter = 0;

interface Endpoint {
  /** The operation of the SDK's table it calls. */
  operation: OperationId;
  name: string;
  method: 'GET' | 'POST';
  path: () => Promise<string> | string;
  body?: () => unknown;
  ok: number;
  schema: { safeParse(v: unknown): { success: boolean } };
  expected: Partial<Record<Who, number>>;
}

/** An export of `project` made by the admin, for the GET endpoint. */
async function exportPath(project: string) {
  const made = await api.call('POST', `/v1/acme/projects/${project}/exports`, { token: T.admin, body: {} });
  return `/v1/acme/projects/${project}/exports/${made.json.id}`;
}

/** The project-scoped endpoints, on a project the collaborator is on and on one they are not. */
const projectEndpoints = (project: string, collaborator: number): Endpoint[] => [
  {
    operation: 'getProject',
    name: `GET project details of ${project}`,
    method: 'GET',
    path: () => `/v1/acme/projects/${project}`,
    ok: 200,
    schema: ProjectDetailsSchema,
    expected: { admin: 200, developer: 200, viewer: 200, collaborator, outsider: 403, globex: 403 },
  },
  {
    operation: 'projectStatus',
    name: `GET project status of ${project}`,
    method: 'GET',
    path: () => `/v1/acme/projects/${project}/status`,
    ok: 200,
    schema: ResourceStatusSchema,
    expected: { admin: 200, developer: 200, viewer: 403, collaborator, outsider: 403, globex: 403 },
  },
  {
    operation: 'createExport',
    name: `POST create export of ${project}`,
    method: 'POST',
    path: () => `/v1/acme/projects/${project}/exports`,
    ok: 200,
    schema: ExportSchema,
    body: () => ({}),
    expected: { admin: 200, developer: 200, viewer: 403, collaborator, outsider: 403, globex: 403 },
  },
  {
    operation: 'getExport',
    name: `GET export of ${project}`,
    method: 'GET',
    path: () => exportPath(project),
    ok: 200,
    schema: ExportSchema,
    expected: { admin: 200, developer: 200, viewer: 403, collaborator, outsider: 403, globex: 403 },
  },
];

const ENDPOINTS: Endpoint[] = [
  {
    operation: 'listProjects',
    name: 'GET /v1/projects',
    method: 'GET',
    path: () => '/v1/projects',
    ok: 200,
    schema: ProjectListSchema,
    expected: { admin: 200, developer: 200, viewer: 200, collaborator: 200, outsider: 200, globex: 200 },
  },
  {
    operation: 'workspaceStatus',
    name: 'GET workspace status',
    method: 'GET',
    path: () => '/v1/acme/projects/status',
    ok: 200,
    schema: WorkspaceStatusSchema,
    expected: { admin: 200, developer: 200, viewer: 200, collaborator: 403, outsider: 403, globex: 403 },
  },
  {
    operation: 'createProject',
    name: 'POST create project',
    method: 'POST',
    path: () => '/v1/acme/projects',
    ok: 200,
    schema: ProjectDetailsSchema,
    body: () => ({ title: `Matrix ${++counter}`, resourceType: 'json.standard', sourceLanguageCode: 'en' }),
    expected: { admin: 200, developer: 403, viewer: 403, collaborator: 403, outsider: 403, globex: 403 },
  },
  ...projectEndpoints('web-frontend', 200),
  ...projectEndpoints('mobile-ios', 403),
  // An API token is not a CDN key, whatever its user may do on /v1.
  {
    operation: 'checkDistribution',
    name: 'POST /cdn/check',
    method: 'POST',
    path: () => '/cdn/check',
    ok: 200,
    schema: CdnReleaseSchema,
    body: () => ({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' }),
    expected: { admin: 401, developer: 401, viewer: 401, collaborator: 401, outsider: 401, globex: 401 },
  },
];

const WHO: Who[] = ['none', 'bad', 'admin', 'developer', 'viewer', 'collaborator', 'outsider', 'globex'];
const CASES = ENDPOINTS.flatMap((e) =>
  WHO.map((who) => [e.name, who, who === 'none' || who === 'bad' ? 401 : e.expected[who]!, e] as const),
);

describe('the authorization matrix of /v1', () => {
  // A new operation is covered by test/openapi-fuzz.test.ts at once; this matrix adds its roles when written.
  it('calls each operation with the method the table declares', () => {
    for (const e of ENDPOINTS) expect(e.method, e.name).toBe(OPERATIONS[e.operation].method);
  });

  it.each(CASES)('%s as %s → %i', async (_, who, status, endpoint) => {
    const token = tokenOf(who);
    const result = await api.call(endpoint.method, await endpoint.path(), {
      ...(token === undefined ? {} : { token }),
      ...(endpoint.body ? { body: endpoint.body() } : {}),
    });
    expect(result.status).toBe(status);
    if (status === endpoint.ok) expect(endpoint.schema.safeParse(result.json).success).toBe(true);
    else if (endpoint.name.includes('/cdn/')) {
      expect(CdnErrorDetailSchema.parse(result.json).errors).toEqual([
        { field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] },
      ]);
    } else {
      expect(result.headers.get('content-type')).toMatch(/^application\/json/);
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
      ProjectListSchema.parse((await api.call('GET', '/v1/projects', { token })).json)
        .members.map((m) => `${m.workspace}/${m.project}`)
        // Leave out the projects the matrix above created.
        .filter((slug) => !/^acme\/matrix-/.test(slug));
    const acme = ['acme/mobile-ios', 'acme/mobile-android', 'acme/web-frontend', 'acme/backend'];
    expect(await slugs(T.admin)).toEqual(acme);
    expect(await slugs(T.developer)).toEqual(acme);
    expect(await slugs(T.viewer)).toEqual(acme);
    expect(await slugs(T.collaborator)).toEqual(['acme/web-frontend']);
    expect(await slugs(T.outsider)).toEqual([]);
    expect(await slugs(T.globex)).toEqual(['globex/storefront']);
  });

  it('lists a project to its owner even without a role in its workspace', async () => {
    const seed = demoSeed();
    seed.users.push({ email: 'founder@acme.test', tokens: ['loc_test_founder'] });
    seed.projects[3]!.owner = 'founder@acme.test';
    const server = await startMockServer({ port: 0, seed });
    try {
      const response = await fetch(`${server.url}/v1/projects`, {
        headers: { authorization: 'Bearer loc_test_founder' },
      });
      const list = ProjectListSchema.parse(await response.json());
      expect(list.members.map((m) => m.project)).toEqual(['backend']);
    } finally {
      await server.close();
    }
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
    expect(CdnErrorDetailSchema.parse(result.json).errors).toEqual([
      { field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] },
    ]);
  });

  it('answers a valid key with 200', async () => {
    const result = await api.call('POST', '/cdn/check', { token: DEMO.cdnKeys.valid, body });
    expect(result.status).toBe(200);
  });
});
