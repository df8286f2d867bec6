import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ContractError,
  NotFoundError,
  PermissionDeniedError,
  UnprocessableEntityError,
  projectRefOf,
  shareOf,
  type CreateProjectRequest,
  type LocClient,
} from '../src/index';
import {
  BASE,
  HttpResponse,
  TOKEN,
  client,
  http,
  project,
  projectList,
  resourceStatus,
  sequence,
  useMsw,
  workspaceStatus,
} from './fixtures';

const server = useMsw();

interface Endpoint {
  name: string;
  method: 'get' | 'post';
  path: string;
  body: unknown;
  /** What the call resolves to, where the SDK maps the wire's names (default: the body as sent). */
  parsed?: unknown;
  call: (loc: LocClient) => Promise<unknown>;
  /** A required field to remove, as [path into the body, expected JSON path in the error]. */
  required: [(body: any) => void, string];
  extra: (body: any) => void;
  read: (result: any) => unknown;
  errors: number[];
  /** What its errors say of the operation: its id and the permission the service checks. */
  operation: { id: string; api: 'v1'; permission: { name: string; on: string } | undefined };
}

/** {@link project} as the SDK hands it back: camelCase, with the slugs of its self link. */
const projectParsed = {
  title: project.title,
  description: project.description,
  projectLocales: project.project_locales,
  ownerEmail: project.owner_email,
  links: project.links,
  createdAt: project.created_at,
  updatedAt: project.updated_at,
  workspace: 'acme',
  project: 'mobile-app',
};

const endpoints: Endpoint[] = [
  {
    name: 'list projects',
    method: 'get',
    path: '/v1/projects',
    body: projectList,
    call: (loc) => loc.projects.list(),
    required: [(b) => delete b.members[0].links, '$.members[0].links'],
    extra: (b) => (b.members[0].newField = 'x'),
    read: (r) => r.members[0].newField,
    errors: [401],
    operation: { id: 'listProjects', api: 'v1', permission: undefined },
  },
  {
    name: 'workspace status',
    method: 'get',
    path: '/v1/acme/projects/status',
    body: workspaceStatus,
    call: (loc) => loc.projects.workspaceStatus('acme'),
    required: [(b) => delete b[0].locales[0].languageCode, '$[0].locales[0].languageCode'],
    extra: (b) => (b[0].newField = 'x'),
    read: (r) => r[0].newField,
    errors: [401, 403, 404],
    operation: { id: 'workspaceStatus', api: 'v1', permission: { name: 'generalView', on: 'workspace' } },
  },
  {
    name: 'project details',
    method: 'get',
    path: '/v1/acme/projects/mobile-app',
    body: project,
    parsed: projectParsed,
    call: (loc) => loc.projects.get('acme', 'mobile-app'),
    required: [(b) => delete b.project_locales, '$.project_locales'],
    extra: (b) => (b.newField = 'x'),
    read: (r) => r.newField,
    errors: [401, 403, 404],
    operation: { id: 'getProject', api: 'v1', permission: { name: 'generalView', on: 'project' } },
  },
  {
    name: 'project resource status',
    method: 'get',
    path: '/v1/acme/projects/mobile-app/status',
    body: resourceStatus,
    call: (loc) => loc.projects.status('acme', 'mobile-app'),
    required: [(b) => delete b.resourceFiles[0].files[0].statuses, '$.resourceFiles[0].files[0].statuses'],
    extra: (b) => (b.repositoryConnections[0].canPush = true),
    read: (r) => r.repositoryConnections[0].canPush,
    errors: [401, 403, 404],
    operation: { id: 'projectStatus', api: 'v1', permission: { name: 'resourcesView', on: 'project' } },
  },
  {
    name: 'create project',
    method: 'post',
    path: '/v1/acme/projects',
    body: project,
    parsed: projectParsed,
    call: (loc) =>
      loc.projects.create('acme', { title: 'Mobile app', resourceType: 'strings.ios', sourceLanguageCode: 'en' }),
    required: [(b) => delete b.title, '$.title'],
    extra: (b) => (b.newField = 'x'),
    read: (r) => r.newField,
    errors: [401, 403, 404, 422],
    operation: { id: 'createProject', api: 'v1', permission: { name: 'settingsManage', on: 'workspace' } },
  },
];

describe.each(endpoints)('$name', (endpoint) => {
  const route = (body: unknown, init?: ResponseInit) =>
    http[endpoint.method](`${BASE}${endpoint.path}`, () => HttpResponse.json(body as never, init));

  it('returns the documented shape and sends the API token as a Bearer token', async () => {
    let authorization: string | null = null;
    server.use(
      http[endpoint.method](`${BASE}${endpoint.path}`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(endpoint.body as never);
      }),
    );
    const result = await endpoint.call(client());
    expect(JSON.parse(JSON.stringify(result))).toMatchObject(
      JSON.parse(JSON.stringify(endpoint.parsed ?? endpoint.body)),
    );
    expect(authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each(endpoint.errors)('raises the matching error for %i with the /v1 body', async (status) => {
    server.use(route({ error: `failure ${status}` }, { status }));
    const error = await endpoint.call(client()).catch((e: unknown) => e);
    const expected = {
      401: AuthenticationError,
      403: PermissionDeniedError,
      404: NotFoundError,
      422: UnprocessableEntityError,
    }[status]!;
    expect(error).toBeInstanceOf(expected);
    expect(error).toMatchObject({
      status,
      detail: `failure ${status}`,
      method: endpoint.method.toUpperCase(),
      path: endpoint.path,
      operation: endpoint.operation,
    });
    expect(String(error)).toContain(`failure ${status}`);
  });

  it('raises a ContractError naming the JSON path of a missing required field', async () => {
    const body = structuredClone(endpoint.body);
    endpoint.required[0](body);
    server.use(route(body));
    const error = await endpoint.call(client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ operation: endpoint.operation });
    expect((error as ContractError).issues.map((i) => i.path)).toContain(endpoint.required[1]);
    expect((error as Error).message).toContain(endpoint.required[1]);
  });

  it('passes unknown fields through', async () => {
    const body = structuredClone(endpoint.body);
    endpoint.extra(body);
    server.use(route(body));
    const result = await endpoint.call(client());
    expect(endpoint.read(result)).toEqual(body && (endpoint.read(body) as never));
  });
});

describe('projects', () => {
  it('URL-encodes path segments and refuses segments that would address another endpoint', async () => {
    let seen = '';
    server.use(
      http.get(`${BASE}/v1/:ws/projects/:project`, ({ request }) => {
        seen = new URL(request.url).pathname;
        return HttpResponse.json(project);
      }),
    );
    await client().projects.get('a b', 'x/y?z');
    expect(seen).toBe('/v1/a%20b/projects/x%2Fy%3Fz');
    await expect(client().projects.get('..', 'p')).rejects.toThrow(/Invalid path segment/);
    await expect(client().projects.get('acme', '')).rejects.toThrow(/Invalid path segment/);
  });

  it('fills missing segment statuses with 0 and keeps unknown ones', async () => {
    server.use(http.get(`${BASE}/v1/acme/projects/status`, () => HttpResponse.json(workspaceStatus)));
    const [first] = await client().projects.workspaceStatus('acme');
    const de = first!.locales[0]!.statuses;
    expect(de).toMatchObject({ APPROVED: 7, TRANSLATED: 1, NOT_TRANSLATED: 2, DRAFT: 0, PREFILLED: 0 });
    expect(shareOf(de, 'APPROVED')).toBeCloseTo(0.7);
  });

  it('reads languageCode from the older iso2Slug', async () => {
    server.use(http.get(`${BASE}/v1/acme/projects/mobile-app/status`, () => HttpResponse.json(resourceStatus)));
    const status = await client().projects.status('acme', 'mobile-app');
    expect(status.resourceFiles[0]!.files.map((f) => f.languageCode)).toEqual(['de', 'fr']);
  });

  it('names a project one way everywhere: listed, fetched, created and in errors (issue 34)', async () => {
    const ref = { workspace: 'acme', project: 'mobile-app' };
    server.use(
      http.get(`${BASE}/v1/projects`, () => HttpResponse.json(projectList)),
      http.get(`${BASE}/v1/acme/projects/mobile-app`, () => HttpResponse.json(project)),
      http.post(`${BASE}/v1/acme/projects`, () => HttpResponse.json(project)),
      http.get(`${BASE}/v1/acme/projects/gone`, () => HttpResponse.json({ error: 'no such project' }, { status: 404 })),
    );
    const loc = client();
    const [listed] = (await loc.projects.list()).members;
    const fetched = await loc.projects.get('acme', 'mobile-app');
    const created = await loc.projects.create('acme', {
      title: 'Mobile app',
      resourceType: 'json.standard',
      sourceLanguageCode: 'en',
    });
    const error = (await loc.projects.get('acme', 'gone').catch((e: unknown) => e)) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    for (const answer of [listed!, fetched, created]) expect(projectRefOf(answer)).toEqual(ref);
    expect(error.project).toEqual({ workspace: 'acme', project: 'gone' });
    expect(error.toJSON()).toMatchObject({ project: { workspace: 'acme', project: 'gone' } });
    // The wire's snake_case is mapped in the schema; the SDK's type is camelCase throughout.
    expect(fetched).toMatchObject({
      ...ref,
      projectLocales: ['en', 'de', 'zh-Hant'],
      ownerEmail: 'owner@acme.test',
      createdAt: '2026-01-02T03:04:05Z',
      updatedAt: '2026-02-03T04:05:06Z',
    });
    expect(fetched).not.toHaveProperty('owner_email');
  });

  it('refuses project details without a self link rather than return a project without ids', async () => {
    server.use(http.post(`${BASE}/v1/acme/projects`, () => HttpResponse.json({ ...project, links: [] })));
    const error = await client()
      .projects.create('acme', { title: 'X', resourceType: 'json.standard', sourceLanguageCode: 'en' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues).toEqual([expect.objectContaining({ path: '$.links' })]);
  });

  it('does not retry project creation, even on 503, unless asked to', async () => {
    const resolver = sequence(
      () => HttpResponse.json({ error: 'busy' }, { status: 503 }),
      () => HttpResponse.json(project),
    );
    server.use(http.post(`${BASE}/v1/acme/projects`, resolver));
    const body: CreateProjectRequest = { title: 'X', resourceType: 'json.standard', sourceLanguageCode: 'en' };
    await expect(client().projects.create('acme', body)).rejects.toMatchObject({ status: 503 });
    expect(resolver.calls).toBe(1);

    const optedIn = sequence(
      () => HttpResponse.json({ error: 'busy' }, { status: 503 }),
      () => HttpResponse.json(project),
    );
    server.use(http.post(`${BASE}/v1/acme/projects`, optedIn));
    await expect(client().projects.create('acme', body, { retry: true })).resolves.toMatchObject({
      title: 'Mobile app',
    });
    expect(optedIn.calls).toBe(2);
  });

  it('sends the create body as JSON', async () => {
    let received: unknown;
    server.use(
      http.post(`${BASE}/v1/acme/projects`, async ({ request }) => {
        received = await request.json();
        return HttpResponse.json(project);
      }),
    );
    const body: CreateProjectRequest = {
      title: 'X',
      resourceType: 'json.standard',
      sourceLanguageCode: 'en',
      targetLanguageCodes: ['de'],
    };
    await client().projects.create('acme', body);
    expect(received).toEqual(body);
  });
});
