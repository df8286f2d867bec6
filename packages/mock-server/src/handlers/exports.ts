import { EXPORT_URL_VALIDITY_MS, type ExportJob } from '../store';
import { urlOf } from '../request/socket-request';
import type { HandlerContext } from './context';
import { bearerToken } from './request';
import { reply, type ResponseBody, type Resolvers } from './routes';
import { storageFilePath, storagePath } from './storage';

export { EXPORT_URL_VALIDITY_MS };

/** The resolvers of exports. */
export function exportResolvers({ store, signer }: HandlerContext) {
  function toResponse(job: ExportJob, origin: string): ResponseBody<'getExport', 200> {
    const base = {
      id: job.id,
      triggerType: 'API_V1',
      createdAt: new Date(job.createdAt).toISOString(),
    };
    if (!job.result) {
      return {
        ...base,
        status: 'PROCESSING',
        resourceExports: [],
        errorDetails: null,
        filePath: null,
        downloadUrl: null,
      };
    }
    if (job.result.status === 'ERROR') {
      return {
        ...base,
        status: 'ERROR',
        resourceExports: [],
        errorDetails: job.result.errorDetails,
        filePath: null,
        downloadUrl: null,
      };
    }
    const { zipName } = job.result;
    // Each file has its own pre-signed URL, as the ZIP has, with the same validity.
    const sign = (path: string) => signer.sign(origin, path, store.now() + EXPORT_URL_VALIDITY_MS);
    return {
      ...base,
      status: 'SUCCESS',
      resourceExports: job.result.files.map((f) => ({
        filePath: f.filePath,
        iso2Slug: f.iso2Slug,
        status: 'SUCCESS',
        downloadUrl: sign(storageFilePath('exports', zipName, f.filePath)),
      })),
      errorDetails: null,
      filePath: zipName,
      downloadUrl: sign(storagePath('exports', zipName)),
    };
  }

  return {
    createExport: async ({ request, params, body }) => {
      const me = store.authenticate(bearerToken(request));
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'resourcesView', p.workspace, p.slug);
      const job = store.createExport(p.workspace, p.slug, await body());
      return reply('createExport', 200, toResponse(job, urlOf(request).origin));
    },
    getExport: async ({ request, params }) => {
      const me = store.authenticate(bearerToken(request));
      const p = store.project(params.workspaceUrl, params.projectUrl);
      store.require(me, 'resourcesView', p.workspace, p.slug);
      const job = await store.getExport(p.workspace, p.slug, params.id);
      return reply('getExport', 200, toResponse(job, urlOf(request).origin));
    },
  } satisfies Partial<Resolvers>;
}
