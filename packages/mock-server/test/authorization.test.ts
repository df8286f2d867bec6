// Every operation × no token, a bad token and each demo role → the status its permission gives that role
// (the permission declared once, in the SDK's operation table; the roles' permissions, the store's), and
// its body checked with the schema the table declares. A new operation is a compile error here until it
// says how it is called.
import type { Permission } from '@loc/sdk';
import { OPERATIONS, type OperationId } from '@loc/sdk/internal';
import { CdnErrorDetailSchema, ProjectListSchema } from '@loc/sdk/schemas';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEMO, demoSeed, parseSeed, startMockServer } from '../src';
import { can } from '../src/store/access';
import { useServer } from './helpers';

const api = useServer();
const T = DEMO.tokens;
type Who = 'none' | 'bad' | keyof typeof T;
const tokenOf = (who: Who) => (who === 'none' ? undefined : who === 'bad' ? 'loc_not_a_token' : T[who]);
const users = parseSeed(demoSeed()).users;
let counter = 0;

/** The two projects each project operation is called on: one the collaborator is on, and one they are not. */
const PROJECTS = ['web-frontend', 'mobile-ios'] as const;
type ProjectSlug = (typeof PROJECTS)[number];

/** A file of each project, for the operations on resource files: its folder in the source locale, its name, and it zipped. */
const FILES: Record<ProjectSlug, { path: string; name: string; translation: string }> = {
  'web-frontend': { path: 'locales/en', name: 'common.json', translation: 'locales/de/common.json' },
  // A JSON file of an iOS project: a format it exports to, read as json.standard.
  'mobile-ios': {
    path: 'Resources/en.lproj',
    name: 'Localizable.json',
    translation: 'Resources/de.lproj/Localizable.strings',
  },
};

/** How an operation is called: its path (on a project, for one with one), and its JSON body or its form. */
interface Call {
  path: (project: ProjectSlug) => string | Promise<string>;
  body?: () => unknown;
  form?: (project: ProjectSlug) => FormData;
}

/** An upload of `bytes` as the file part. */
function form(name: string, bytes: string | Uint8Array, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [field, value] of Object.entries(fields)) data.append(field, value);
  data.append('file', new Blob([bytes as BlobPart]), name);
  return data;
}

/** An export of `project` made by the admin, for the GET endpoint. */
async function exportPath(project: string) {
  const made = await api.call('POST', `/v1/acme/projects/${project}/exports`, { token: T.admin, body: {} });
  return `/v1/acme/projects/${project}/exports/${made.json.id}`;
}

/** Every operation, called as a valid request would be: a missing one does not compile. */
const CALLS: { [K in OperationId]: Call } = {
  listProjects: { path: () => '/v1/projects' },
  workspaceStatus: { path: () => '/v1/acme/projects/status' },
  createProject: {
    path: () => '/v1/acme/projects',
    body: () => ({ title: `Matrix ${++counter}`, resourceType: 'json.standard', sourceLanguageCode: 'en' }),
  },
  getProject: { path: (p) => `/v1/acme/projects/${p}` },
  projectStatus: { path: (p) => `/v1/acme/projects/${p}/status` },
  createExport: { path: (p) => `/v1/acme/projects/${p}/exports`, body: () => ({}) },
  getExport: { path: (p) => exportPath(p) },
  listResources: { path: (p) => `/v1/acme/projects/${p}/resources` },
  // An upload that changes nothing (an empty file of the source locale), so the matrix leaves the seed as it was.
  uploadResource: {
    path: (p) => `/v1/acme/projects/${p}/resources`,
    form: (p) => form(FILES[p].name, '{}', { path: FILES[p].path, iso2_slug: 'en' }),
  },
  uploadResourceZip: {
    path: (p) => `/v1/acme/projects/${p}/resources/zip`,
    form: (p) => form('strings.zip', zipSync({ [`${FILES[p].path}/${FILES[p].name}`]: strToU8('{}') })),
  },
  downloadResource: {
    path: (p) => {
      const file = FILES[p].translation;
      const folder = file.slice(0, file.lastIndexOf('/'));
      return `/v1/acme/projects/${p}/resources/${file.slice(folder.length + 1)}?path=${encodeURIComponent(folder)}`;
    },
  },
  checkDistribution: {
    path: () => '/cdn/check',
    body: () => ({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' }),
  },
};

const WHO: Who[] = ['none', 'bad', 'admin', 'developer', 'viewer', 'collaborator', 'outsider', 'globex'];

/**
 * The status an operation gives `who` on `project`: 401 without a valid credential (and for an API token on
 * the CDN check), 200 where the role's permissions (or a collaboration on the project) hold the
 * operation's, else 403.
 */
function expected(id: OperationId, who: Who, project: ProjectSlug | undefined): number {
  const { api: area, permission } = OPERATIONS[id] as { api: 'v1' | 'cdn'; permission?: Permission };
  if (who === 'none' || who === 'bad' || area === 'cdn') return 401;
  if (!permission) return 200;
  const user = users.find((u) => u.tokens.includes(T[who]))!;
  const on = permission.on === 'project' ? project : undefined;
  return can(user, permission.name, 'acme', on) ? 200 : 403;
}

const CASES = (Object.keys(CALLS) as OperationId[]).flatMap((id) => {
  const onProject = OPERATIONS[id].path.includes('{projectUrl}');
  return (onProject ? PROJECTS : [undefined]).flatMap((project) =>
    WHO.map((who) => [`${OPERATIONS[id].method} ${id}${project ? ` on ${project}` : ''}`, who, id, project] as const),
  );
});

describe('the authorization matrix', () => {
  it('calls every operation of the table', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it('is the one the spec states for the endpoints it names', () => {
    // Spot checks against spec.md §4, so that the derived matrix cannot drift with the roles' table.
    expect(expected('projectStatus', 'viewer', 'web-frontend')).toBe(403);
    expect(expected('createProject', 'developer', undefined)).toBe(403);
    expect(expected('workspaceStatus', 'viewer', undefined)).toBe(200);
    expect(expected('createExport', 'collaborator', 'web-frontend')).toBe(200);
    expect(expected('createExport', 'collaborator', 'mobile-ios')).toBe(403);
  });

  it("is docs/mock-server.md's access table, cell for cell", () => {
    const page = readFileSync(new URL('../../../docs/mock-server.md', import.meta.url), 'utf8');
    const rows = page
      .split('\n')
      .filter((line) => /^\| `\w+` \| `(GET|POST) /.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    expect(rows.map((r) => r[0]!.replace(/`/g, ''))).toEqual(Object.keys(OPERATIONS));
    const columns = ['admin', 'developer', 'viewer', 'collaborator', 'outsider', 'globex'] as const;
    for (const [name, , , ...cells] of rows) {
      const id = name!.replace(/`/g, '') as OperationId;
      const onProject = OPERATIONS[id].path.includes('{projectUrl}');
      cells.forEach((cell, i) => {
        const [inProject, elsewhere] = onProject
          ? [expected(id, columns[i]!, 'web-frontend'), expected(id, columns[i]!, 'mobile-ios')]
          : [expected(id, columns[i]!, undefined), expected(id, columns[i]!, undefined)];
        const says = inProject === elsewhere ? String(inProject) : `${inProject} on web-frontend, else ${elsewhere}`;
        expect(cell, `${id} as ${columns[i]}`).toBe(says);
      });
    }
  });

  it.each(CASES)('%s as %s', async (_, who, id, project) => {
    const call = CALLS[id];
    const operation = OPERATIONS[id];
    const token = tokenOf(who);
    const status = expected(id, who, project);
    const result = await api.call(operation.method, await call.path(project ?? 'web-frontend'), {
      ...(token === undefined ? {} : { token }),
      ...(call.body ? { body: call.body() } : {}),
      ...(call.form ? { form: call.form(project ?? 'web-frontend') } : {}),
    });
    expect(result.status, result.text.slice(0, 300)).toBe(status);
    const ok = operation.responses[200].body;
    if (status === 200) {
      const mediaTypes = (ok as { mediaTypes?: readonly string[] }).mediaTypes;
      if (mediaTypes) expect(mediaTypes).toContain(result.headers.get('content-type')!.split(';')[0]);
      else expect(ok.schema.safeParse(result.json).success).toBe(true);
    } else if (operation.api === 'cdn') {
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
