import { apiPromise, type APIPromise, type WithResponse } from '../request/api-promise';
import type { RequestOptions } from '../request/request-options';
import type { Transport } from '../request/request';
import { pollUntil, resolvePollOptions, type PollOptions } from '../request/poll';
import { ContractError, ExportFailedError, TimeoutError } from '../base/errors';
import { createExport, getExport, pathOf, type OperationCall } from '../schemas/operations';
import { FINAL_EXPORT_STATUSES, type CompletedExport, type Export, type ExportRequest } from '../schemas/exports';

/** How `exports.waitFor()` and `exports.createAndWait()` poll: interval, backoff, deadline, signal, progress. */
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
  create(
    workspaceUrl: string,
    projectUrl: string,
    body: ExportRequest = {},
    options?: RequestOptions,
  ): APIPromise<Export> {
    return this.transport.request(createExport, { params: { workspaceUrl, projectUrl }, body }, options);
  }

  /**
   * The current state of an export.
   *
   * @example
   * const job = await loc.exports.get('acme', 'mobile-app', 'reg_18USq6822XIv-19847171');
   */
  get(workspaceUrl: string, projectUrl: string, id: string, options?: RequestOptions): APIPromise<Export> {
    return this.transport.request(getExport, { params: { workspaceUrl, projectUrl, id } }, options);
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
  waitFor(
    workspaceUrl: string,
    projectUrl: string,
    id: string,
    options: WaitForExportOptions = {},
  ): APIPromise<CompletedExport> {
    return apiPromise(this.#waitFor(workspaceUrl, projectUrl, id, options));
  }

  /** The wait of {@link Exports.waitFor}, with the answer of its last poll. */
  async #waitFor(
    workspaceUrl: string,
    projectUrl: string,
    id: string,
    options: WaitForExportOptions,
  ): Promise<WithResponse<CompletedExport>> {
    const { log } = this.transport;
    const final = await pollUntil(
      (signal) => this.get(workspaceUrl, projectUrl, id, { signal }).withResponse(),
      ({ data }) => isFinal(data),
      {
        ...options,
        onProgress: options.onProgress && (({ data }, progress) => options.onProgress?.(data, progress)),
        onPoll: ({ data }, { poll, elapsedMs }) =>
          log('info', `export ${id}: ${data.status} (poll ${poll}, ${(elapsedMs / 1000).toFixed(1)} s)`),
        onWait: (delayMs) => log('debug', `export ${id}: polling again in ${delayMs} ms`),
        onTimeout: (timeoutMs) =>
          new TimeoutError(
            `Export ${id} was still running after ${Math.round(timeoutMs / 1000)} s; resume waiting with its id.`,
            timeoutMs,
            id,
            undefined,
            { workspace: workspaceUrl, project: projectUrl },
          ),
      },
    );
    return { ...final, data: completed(final.data, getExport, { workspaceUrl, projectUrl, id }) };
  }

  /**
   * Requests an export and waits for it: {@link Exports.create} then {@link Exports.waitFor}.
   *
   * @example
   * const done = await loc.exports.createAndWait('acme', 'mobile-app', { exportFormat: 'json.standard' });
   * console.log(done.downloadUrl);
   */
  createAndWait(
    workspaceUrl: string,
    projectUrl: string,
    body: ExportRequest = {},
    options: WaitForExportOptions = {},
  ): APIPromise<CompletedExport> {
    return apiPromise(this.#createAndWait(workspaceUrl, projectUrl, body, options));
  }

  async #createAndWait(
    workspaceUrl: string,
    projectUrl: string,
    body: ExportRequest,
    options: WaitForExportOptions,
  ): Promise<WithResponse<CompletedExport>> {
    // A bad poll option is found before the POST: an export started and then abandoned is a wasted build.
    resolvePollOptions(options);
    const job = await this.create(workspaceUrl, projectUrl, body, { signal: options.signal }).withResponse();
    if (isFinal(job.data)) return { ...job, data: completed(job.data, createExport, { workspaceUrl, projectUrl }) };
    return this.#waitFor(workspaceUrl, projectUrl, job.data.id, options);
  }
}

function isFinal(job: Export): boolean {
  return FINAL_EXPORT_STATUSES.has(job.status);
}

/** The SUCCESS export `operation` answered, or the error that says why there is none. */
function completed(
  job: Export,
  operation: OperationCall,
  params: { workspaceUrl: string; projectUrl: string; id?: string },
): CompletedExport {
  const project = { workspace: params.workspaceUrl, project: params.projectUrl };
  if (job.status !== 'SUCCESS') throw new ExportFailedError(job.id, job.status, job.errorDetails, project);
  if (!job.downloadUrl) {
    throw new ContractError({ method: operation.method, path: pathOf(operation, params), project }, [
      { path: '$.downloadUrl', message: 'an export in SUCCESS must carry a downloadUrl' },
    ]);
  }
  return job as CompletedExport;
}
