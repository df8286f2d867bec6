import { CreateProjectRequestSchema, type ProjectDetailsSchema, type ResourceStatusSchema } from '@loc/sdk';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { countsOf, localesOf } from '../store/bundle';
import type { Project } from '../store';
import { exportFormatsFor, formatInfo } from '@loc/sdk';
import { readBody, v1, bearerToken } from './http';
import type { HandlerContext } from './context';

const PROVIDERS = ['github', 'bitbucket', 'gitlab', 'azure'];

function selfLink(origin: string, p: Project) {
  return { rel: 'self', href: `${origin}/v1/${p.workspace}/projects/${p.slug}` };
}

function details(origin: string, p: Project): z.input<typeof ProjectDetailsSchema> {
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

function resourceStatus(p: Project): z.input<typeof ResourceStatusSchema> {
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
    supportedExportFormats: exportFormatsFor(p.resourceType).map((f) => ({ id: f.id, name: f.name })),
    repositoryConnections: connections,
    repositoryConnected: connections.some((c) => c.connected),
    pushToRepositoryPossible: connections.some((c) => c.connected && c.canPush),
    pushType: connections.some((c) => c.connected && c.canPush) ? 'PULL_REQUEST' : null,
    oneFileForAllLocales: false,
    segmentsUpdatedAt: p.updatedAt,
    ...(type ? { projectType: { id: type.id, name: type.name, fileExtensions: [type.extension], detectLocalePossible: true } } : {}),
  };
}

/** Per-locale counts of a whole project (all its files added up). */
function localeCounts(p: Project) {
  return localesOf(p).map((locale) => {
    const statuses: Record<string, number> = {};
    for (const file of p.files) {
      for (const [status, n] of Object.entries(countsOf(p, file, locale))) statuses[status] = (statuses[status] ?? 0) + n;
    }
    if (p.files.length === 0) Object.assign(statuses, countsOf(p, { path: '', segments: [] }, locale));
    return { languageCode: locale, statuses };
  });
}

export function projectHandlers({ store, prefix, maxBodyBytes }: HandlerContext) {
  const origin = (request: Request) => new URL(request.url).origin;
  const user = (request: Request) => store.authenticate(bearerToken(request));

  return [
    http.get(
      `${prefix}/v1/projects`,
      v1(({ request }) => {
        const me = user(request);
        return HttpResponse.json({
          members: store.projectsOf(me).map((p) => ({ title: p.title, links: [selfLink(origin(request), p)] })),
        });
      }),
    ),
    http.get(
      `${prefix}/v1/:workspaceUrl/projects/status`,
      v1(({ request, params }) => {
        const me = user(request);
        const ws = String(params.workspaceUrl);
        const projects = store.projectsIn(ws);
        store.require(me, 'generalView', ws);
        return HttpResponse.json(
          projects.map((p) => ({
            title: p.title,
            projectUrl: p.slug,
            appUrl: `${origin(request)}/app/${p.workspace}/${p.slug}`,
            segmentsCount: p.files.reduce((n, f) => n + f.segments.length, 0),
            links: [selfLink(origin(request), p)],
            locales: localeCounts(p),
          })),
        );
      }),
    ),
    http.get(
      `${prefix}/v1/:workspaceUrl/projects/:projectUrl`,
      v1(({ request, params }) => {
        const me = user(request);
        const p = store.project(String(params.workspaceUrl), String(params.projectUrl));
        store.require(me, 'generalView', p.workspace, p.slug);
        return HttpResponse.json(details(origin(request), p));
      }),
    ),
    http.get(
      `${prefix}/v1/:workspaceUrl/projects/:projectUrl/status`,
      v1(({ request, params }) => {
        const me = user(request);
        const p = store.project(String(params.workspaceUrl), String(params.projectUrl));
        store.require(me, 'resourcesView', p.workspace, p.slug);
        return HttpResponse.json(resourceStatus(p));
      }),
    ),
    http.post(
      `${prefix}/v1/:workspaceUrl/projects`,
      v1(async ({ request, params }) => {
        const me = user(request);
        const ws = String(params.workspaceUrl);
        store.workspace(ws);
        store.require(me, 'settingsManage', ws);
        const body = await readBody(request, CreateProjectRequestSchema, { maxBytes: maxBodyBytes });
        return HttpResponse.json(details(origin(request), store.createProject(ws, me, body)));
      }),
    ),
  ];
}
