import { exportFormatsFor, formatInfo, SEGMENT_STATUSES } from '@loc/sdk/internal';
import type { Project } from '../store';
import { countsOf, localesOf } from '../store/project-files';
import { urlOf } from '../request/socket-request';
import type { HandlerContext } from './context';
import { bearerToken } from './request';
import { reply, type ResponseBody, type Resolvers } from './routes';

const PROVIDERS = ['github', 'bitbucket', 'gitlab', 'azure'];

/** A project's self link: with its slugs, as the service's are (real-service-notes.md), whichever the path named. */
function selfLink(origin: string, p: Project) {
  return { rel: 'self', href: `${origin}/v1/${p.workspace}/projects/${p.slug}` };
}

function details(origin: string, p: Project): ResponseBody<'getProject', 200> {
  return {
    title: p.title,
    description: p.description ?? null,
    project_locales: localesOf(p),
    owner_email: p.owner,
    links: [
      selfLink(origin, p),
      { rel: 'status', href: `${origin}/v1/${p.workspace}/projects/${p.slug}/status` },
      { rel: 'exports', href: `${origin}/v1/${p.workspace}/projects/${p.slug}/exports` },
    ],
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

function resourceStatus(p: Project): ResponseBody<'projectStatus', 200> {
  const connections = PROVIDERS.map((provider) => {
    const c = p.repositoryConnections.find((r) => r.provider === provider);
    return { provider, connected: c?.connected ?? false, canPush: c?.canPush ?? false };
  });
  const type = formatInfo(p.resourceType);
  return {
    resourceFiles: p.files.map((file, i) => ({
      uuid: p.fileIds[i]!,
      basename: file.path.split('/').pop()!.split('%{locale}').join(p.sourceLocale),
      filePathWithLocalePlaceholder: file.path,
      files: localesOf(p).map((locale) => ({
        name: file.path.split('/').pop()!.split('%{locale}').join(locale),
        languageCode: locale,
        mimeType: 'text/plain',
        statuses: countsOf(p, file, locale),
        failingLingochecksCount: 0,
        segmentsUpdatedAt: p.updatedAt,
      })),
    })),
    supportedExportFormats: [
      ...exportFormatsFor(p.resourceType).map((f) => ({ id: f.id, name: f.name })),
      ...p.exportFormats.map((f) => ({ id: f.id, name: f.name })),
    ],
    repositoryConnections: connections,
    repositoryConnected: connections.some((c) => c.connected),
    pushToRepositoryPossible: connections.some((c) => c.connected && c.canPush),
    pushType: connections.some((c) => c.connected && c.canPush) ? 'PULL_REQUEST' : null,
    oneFileForAllLocales: false,
    segmentsUpdatedAt: p.updatedAt,
    ...(type
      ? { projectType: { id: type.id, name: type.name, fileExtensions: [type.extension], detectLocalePossible: true } }
      : {}),
  };
}

/** Per-locale counts of a whole project (all its files added up). */
function localeCounts(p: Project) {
  return localesOf(p).map((locale) => {
    const statuses = countsOf(p, { path: '', segments: [] }, locale);
    for (const file of p.files) {
      const counts = countsOf(p, file, locale);
      for (const status of SEGMENT_STATUSES) statuses[status] += counts[status];
    }
    return { languageCode: locale, statuses };
  });
}

/** The resolvers of the projects area. */
export function projectResolvers({ store }: HandlerContext) {
  const origin = (request: Request) => urlOf(request).origin;
  const user = (request: Request) => store.authenticate(bearerToken(request));

  return {
    listProjects: ({ request }) => {
      const me = user(request);
      return reply('listProjects', 200, {
        members: store.projectsOf(me).map((p) => ({ title: p.title, links: [selfLink(origin(request), p)] })),
      });
    },
    workspaceStatus: ({ request, params }) => {
      const me = user(request);
      const projects = store.projectsIn(params.workspaceUrl);
      store.require(me, 'generalView', store.workspace(params.workspaceUrl).slug);
      return reply(
        'workspaceStatus',
        200,
        projects.map((p) => ({
          title: p.title,
          projectUrl: p.slug,
          appUrl: `${origin(request)}/app/${p.workspace}/${p.slug}`,
          segmentsCount: p.files.reduce((n, f) => n + f.segments.length, 0),
          links: [selfLink(origin(request), p)],
          locales: localeCounts(p),
        })),
      );
    },
    getProject: ({ request, params }) => {
      const me = user(request);
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'generalView', p.workspace, p.slug);
      return reply('getProject', 200, details(origin(request), p));
    },
    projectStatus: ({ request, params }) => {
      const me = user(request);
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'resourcesView', p.workspace, p.slug);
      return reply('projectStatus', 200, resourceStatus(p));
    },
    createProject: async ({ request, params, body }) => {
      const me = user(request);
      const ws = store.workspace(params.workspaceUrl).slug;
      store.require(me, 'settingsManage', ws);
      return reply('createProject', 200, details(origin(request), store.createProject(ws, me, await body())));
    },
  } satisfies Partial<Resolvers>;
}
