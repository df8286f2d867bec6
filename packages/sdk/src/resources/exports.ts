import { z } from 'zod';
import type { RequestOptions, Transport } from '../core/request';
import { encodePath } from '../core/url';
import { pollUntil, type PollOptions } from '../core/poll';
import { ContractError, ExportFailedError, TimeoutError } from '../errors';
import { openEnum } from './common';

/**
 * Export states. spec.md names PROCESSING, SUCCESS and ERROR; the real service also reports NEW,
 * SCHEDULED and SKIPPED, and may add more: unknown states parse and are polled through.
 */
export const ExportStatusSchema = openEnum(['NEW', 'SCHEDULED', 'PROCESSING', 'SUCCESS', 'ERROR', 'SKIPPED']);
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

/** States after which polling stops. */
export const FINAL_EXPORT_STATUSES: ReadonlySet<string> = new Set(['SUCCESS', 'ERROR', 'SKIPPED']);

/** ResourceExportRequest (spec.md 2.7): optional filters; without them every file and locale is exported. */
export const ExportRequestSchema = z.object({
  /** Only these files, as listed in the project status (`%{locale}` placeholder form). */
  filePaths: z.array(z.string().min(1)).optional(),
  /** Only these locales (ISO 639-1 codes). */
  iso2Slugs: z.array(z.string().min(1)).optional(),
  /** Another format than the project's own, for example `strings.ios` or `json.standard`. */
  exportFormat: z.string().min(1).optional(),
});
export type ExportRequest = z.input<typeof ExportRequestSchema>;

/** One file of an export. */
export const ResourceExportFileSchema = z.looseObject({
  filePath: z.string(),
  iso2Slug: z.string().nullish(),
  status: ExportStatusSchema,
  downloadUrl: z.string().nullish(),
});
export type ResourceExportFile = z.infer<typeof ResourceExportFileSchema>;

/** ResourceExportResponse (spec.md 2.8). */
export const ExportSchema = z.looseObject({
  id: z.string().min(1),
  status: ExportStatusSchema,
  resourceExports: z
    .array(ResourceExportFileSchema)
    .nullish()
    .transform((files) => files ?? []),
  errorDetails: z.string().nullish().transform((v) => v ?? null),
  /** Name of the ZIP once complete. */
  filePath: z.string().nullish().transform((v) => v ?? null),
  /** Pre-signed URL of the ZIP, only when status is SUCCESS. Needs no credential: send none. */
  downloadUrl: z.string().nullish().transform((v) => v ?? null),
  triggerType: z.string(),
  createdAt: z.string(),
});
export type Export = z.output<typeof ExportSchema>;
/** An export that reached SUCCESS: its `downloadUrl` is set. */
export type CompletedExport = Export & { status: 'SUCCESS'; downloadUrl: string };

export type WaitForExportOptions = PollOptions<Export>;

/** Exports: ask for the project's files as a ZIP, wait for it, and find where to download it. */
export class Exports {
  constructor(private readonly transport: Transport) {}

  /**
   * Requests an export. Answers at once with status PROCESSING and the export's id; the ZIP is assembled
   * in the background (see {@link Exports.waitFor}). Needs resourcesView. Not retried: a repeat would start
   * a second export.
   *
   * @example
   * const job = await loc.exports.create('acme', 'mobile-app', { iso2Slugs: ['de'], exportFormat: 'strings.ios' });
   */
  async create(workspaceUrl: string, projectUrl: string, body: ExportRequest = {}, options?: RequestOptions): Promise<Export> {
    return this.transport.request(
      {
        method: 'POST',
        api: 'v1',
        path: encodePath`/v1/${workspaceUrl}/projects/${projectUrl}/exports`,
        body,
        schema: ExportSchema,
        idempotent: false,
      },
      options,
    );
  }

  /**
   * The current state of an export.
   *
   * @example
   * const job = await loc.exports.get('acme', 'mobile-app', 'reg_18USq6822XIv-19847171');
   */
  async get(workspaceUrl: string, projectUrl: string, id: string, options?: RequestOptions): Promise<Export> {
    return this.transport.request(
      {
        method: 'GET',
        api: 'v1',
        path: encodePath`/v1/${workspaceUrl}/projects/${projectUrl}/exports/${id}`,
        schema: ExportSchema,
        idempotent: true,
      },
      options,
    );
  }

  /**
   * Polls an export until it leaves PROCESSING: resolves with the SUCCESS export (its `downloadUrl` set),
   * throws ExportFailedError on ERROR or SKIPPED, and TimeoutError (with `exportId`, to resume later)
   * when `timeoutMs` passes first.
   *
   * @example
   * const done = await loc.exports.waitFor('acme', 'mobile-app', job.id, {
   *   timeoutMs: 120_000,
   *   onProgress: (e, { elapsedMs }) => console.log(e.status, elapsedMs),
   * });
   */
  async waitFor(
    workspaceUrl: string,
    projectUrl: string,
    id: string,
    options: WaitForExportOptions = {},
  ): Promise<CompletedExport> {
    const final = await pollUntil((signal) => this.get(workspaceUrl, projectUrl, id, { signal }), isFinal, {
      ...options,
      onTimeout: (timeoutMs) =>
        new TimeoutError(
          `Export ${id} was still running after ${Math.round(timeoutMs / 1000)} s; resume waiting with its id.`,
          timeoutMs,
          id,
        ),
    });
    return completed(final, encodePath`/v1/${workspaceUrl}/projects/${projectUrl}/exports/${id}`);
  }

  /**
   * Requests an export and waits for it: {@link Exports.create} then {@link Exports.waitFor}.
   *
   * @example
   * const done = await loc.exports.createAndWait('acme', 'mobile-app', { exportFormat: 'json.standard' });
   * console.log(done.downloadUrl);
   */
  async createAndWait(
    workspaceUrl: string,
    projectUrl: string,
    body: ExportRequest = {},
    options: WaitForExportOptions = {},
  ): Promise<CompletedExport> {
    const job = await this.create(workspaceUrl, projectUrl, body, { signal: options.signal });
    if (isFinal(job)) return completed(job, encodePath`/v1/${workspaceUrl}/projects/${projectUrl}/exports`);
    return this.waitFor(workspaceUrl, projectUrl, job.id, options);
  }
}

function isFinal(job: Export): boolean {
  return FINAL_EXPORT_STATUSES.has(job.status);
}

function completed(job: Export, path: string): CompletedExport {
  if (job.status !== 'SUCCESS') throw new ExportFailedError(job.id, job.status, job.errorDetails);
  if (!job.downloadUrl) {
    throw new ContractError({ method: 'GET', path }, [
      { path: '$.downloadUrl', message: 'an export in SUCCESS must carry a downloadUrl' },
    ]);
  }
  return job as CompletedExport;
}
