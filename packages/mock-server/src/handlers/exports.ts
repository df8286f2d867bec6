import { ExportRequestSchema, type ExportSchema } from '@loc/sdk';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { EXPORT_URL_VALIDITY_MS, type ExportJob } from '../store';
import type { HandlerContext } from './context';
import { bearerToken, readBody, v1 } from './http';
import { storageFilePath, storagePath } from './storage';

export { EXPORT_URL_VALIDITY_MS };

export function exportHandlers({ store, signer, prefix, maxBodyBytes }: HandlerContext) {
  function toResponse(job: ExportJob, origin: string): z.input<typeof ExportSchema> {
    const base = {
      id: job.id,
      triggerType: 'API_V1',
      createdAt: new Date(job.createdAt).toISOString(),
    };
    if (!job.result) {
      return { ...base, status: 'PROCESSING', resourceExports: [], errorDetails: null, filePath: null, downloadUrl: null };
    }
    if (job.result.status === 'ERROR') {
      return { ...base, status: 'ERROR', resourceExports: [], errorDetails: job.result.errorDetails, filePath: null, downloadUrl: null };
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

  const path = `${prefix}/v1/:workspaceUrl/projects/:projectUrl/exports`;
  return [
    http.post(
      path,
      v1(async ({ request, params }) => {
        const me = store.authenticate(bearerToken(request));
        const p = store.project(String(params.workspaceUrl), String(params.projectUrl));
        store.require(me, 'resourcesView', p.workspace, p.slug);
        const body = await readBody(request, ExportRequestSchema, { maxBytes: maxBodyBytes, optional: true, invalidStatus: 400 });
        const job = store.createExport(p.workspace, p.slug, body);
        return HttpResponse.json(toResponse(job, new URL(request.url).origin));
      }),
    ),
    http.get(
      `${path}/:id`,
      v1(async ({ request, params }) => {
        const me = store.authenticate(bearerToken(request));
        const p = store.project(String(params.workspaceUrl), String(params.projectUrl));
        store.require(me, 'resourcesView', p.workspace, p.slug);
        const job = await store.getExport(p.workspace, p.slug, String(params.id));
        return HttpResponse.json(toResponse(job, new URL(request.url).origin));
      }),
    ),
  ];
}
