import { formatInfo, type IMPORT_SWITCHES } from '@loc/sdk/internal';
import type { ImportedResource } from '../store/resources';
import { DEFAULT_SWITCHES, type Switches } from '../store/resource-import';
import { urlOf } from '../request/socket-request';
import type { HandlerContext } from './context';
import { bearerToken } from './request';
import { reply, replyText, type RequestBody, type ResponseBody, type Resolvers } from './routes';

/** The download URL of one file in one locale: what its self link points at. */
function downloadUrl(origin: string, ws: string, slug: string, file: { name: string; path: string; locale?: string }) {
  const query = new URLSearchParams({ path: file.path });
  if (file.locale !== undefined) query.set('iso2_slug', file.locale);
  return `${origin}/v1/${ws}/projects/${slug}/resources/${encodeURIComponent(file.name)}?${query}`;
}

/** The switches of an upload, each side's unset ones at their defaults (DEFAULT_SWITCHES). */
function switchesOf(form: Partial<Record<(typeof IMPORT_SWITCHES)[number], 'true' | 'false'>>) {
  const side = (name: 'source' | 'target'): Switches => {
    const value = (what: keyof Switches) => {
      const given = form[`${name}:${what}`];
      return given === undefined ? DEFAULT_SWITCHES[what] : given === 'true';
    };
    return {
      createNew: value('createNew'),
      updateExisting: value('updateExisting'),
      deactivateMissing: value('deactivateMissing'),
    };
  };
  return { source: side('source'), target: side('target') };
}

/** The resolvers of the resource files. */
export function resourceResolvers({ store }: HandlerContext) {
  const user = (request: Request) => store.authenticate(bearerToken(request));

  /** An import's answer: the file it landed in, as the list names it, and what it did. */
  function imported(
    origin: string,
    ws: string,
    slug: string,
    done: ImportedResource,
  ): ResponseBody<'uploadResource', 200> {
    return {
      name: done.name,
      path: done.path,
      project_locale: done.locale,
      filePathWithLocalePlaceholder: done.template,
      fileCreated: done.fileCreated,
      segments: done.counts,
      links: [{ rel: 'self', href: downloadUrl(origin, ws, slug, done) }],
    };
  }

  /** The file's bytes: the form's file part, read once it passed the checks. */
  const bytesOf = async (form: RequestBody<'uploadResource'> | RequestBody<'uploadResourceZip'>) =>
    new Uint8Array(await (form.file as Blob).arrayBuffer());

  return {
    listResources: ({ request, params, query }) => {
      const me = user(request);
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'resourcesView', p.workspace, p.slug);
      const { localeInFileName = 'ALL', addIso2Slug = 'true' } = query();
      const origin = urlOf(request).origin;
      return reply('listResources', 200, {
        members: store.listResources(p.workspace, p.slug, localeInFileName).map((file) => ({
          name: file.name,
          project_locale: file.locale,
          links: [
            {
              rel: 'self',
              href: downloadUrl(origin, p.workspace, p.slug, {
                ...file,
                locale: addIso2Slug === 'true' ? file.locale : undefined,
              }),
            },
          ],
        })),
        links: [{ rel: 'self', href: `${origin}/v1/${p.workspace}/projects/${p.slug}/resources` }],
      });
    },
    uploadResource: async ({ request, params, body }) => {
      const me = user(request);
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'resourcesView', p.workspace, p.slug);
      const form = await body();
      const done = store.importResource(p.workspace, p.slug, {
        name: (form.file as File).name,
        path: form.path,
        locale: form.iso2_slug ?? form.iso2_code,
        bytes: await bytesOf(form),
        ...switchesOf(form),
      });
      return reply('uploadResource', 200, imported(urlOf(request).origin, p.workspace, p.slug, done));
    },
    uploadResourceZip: async ({ request, params, body }) => {
      const me = user(request);
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'resourcesView', p.workspace, p.slug);
      const form = await body();
      const done = store.importResourceZip(p.workspace, p.slug, await bytesOf(form), switchesOf(form));
      const origin = urlOf(request).origin;
      return reply('uploadResourceZip', 200, {
        members: done.map((file) => imported(origin, p.workspace, p.slug, file)),
      });
    },
    downloadResource: ({ request, params, query }) => {
      const me = user(request);
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'resourcesView', p.workspace, p.slug);
      const { path, iso2_slug: locale, 'target:filterByStatus': filter = 'ALL' } = query();
      const file = store.resourceText(p.workspace, p.slug, { name: params.fileName, path, locale }, filter);
      const name = params.fileName.replace(/["\\\r\n]/g, '_');
      return replyText('downloadResource', 200, file.text, formatInfo(file.format)?.mediaType ?? 'text/plain', {
        'content-disposition': `attachment; filename="${name}"`,
        'content-language': file.locale,
      });
    },
  } satisfies Partial<Resolvers>;
}
