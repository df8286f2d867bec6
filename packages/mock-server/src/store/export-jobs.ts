// An export job's life: created (and its ZIP started at once), PROCESSING until its time has come, then
// SUCCESS with its ZIP in storage or ERROR with the reason. The ZIP itself is project-files.ts's.
import { randomBytes } from 'node:crypto';
import { exportFormatsFor, formatInfo } from '@loc/sdk/internal';
import { buildZip, localesOf } from './project-files';
import { findProject } from './projects';
import type { State, StoreContext } from './state';
import { StoreError } from './store-error';
import type { ExportJob, Project } from './types';

/** How long a job stays PROCESSING unless the store is told otherwise (`exportDelayMs`). */
export const DEFAULT_EXPORT_DELAY_MS = 300;

/** The files an export lists (read only: jobs share them). */
type ExportedFiles = Extract<ExportJob['result'], { status: 'SUCCESS' }>['files'];
/** The file list of each project's latest export. */
const exportedFiles = new WeakMap<Project, ExportedFiles>();

/**
 * `files`, or the same list the project's previous export made: the jobs of repeated exports share one
 * list, where a list of their own per job (120 files at scale) grew the heap by ~14 KB an export.
 */
function sharedFiles(project: Project, files: ExportedFiles): ExportedFiles {
  const last = exportedFiles.get(project);
  const same =
    last?.length === files.length &&
    last.every((f, i) => f.filePath === files[i]!.filePath && f.iso2Slug === files[i]!.iso2Slug);
  if (same) return last;
  exportedFiles.set(project, files);
  return files;
}

/**
 * What an export job comes to: ERROR with the reason, or SUCCESS once its ZIP is made. Started when
 * the job is created, so a large ZIP is being made while the client waits; the job shows it only when
 * its time has come.
 */
async function assemble(state: State, job: ExportJob): Promise<NonNullable<ExportJob['result']>> {
  const { blobs } = state; // the state this job belongs to, even if the store is reset meanwhile
  const p = findProject(state, job.workspace, job.project);
  const fail = (errorDetails: string) => ({ status: 'ERROR', errorDetails }) as const;
  if (job.forcedError) return fail(job.forcedError);
  const asked = job.request.exportFormat ?? p.resourceType;
  // A format of the project's own list (the seed's exportFormats) is written as the format it stands for.
  const format = p.exportFormats.find((f) => f.id === asked)?.as ?? asked;
  const listed = [...exportFormatsFor(p.resourceType), ...p.exportFormats].map((f) => f.id).join(', ');
  if (!formatInfo(format)) {
    return fail(`Unknown export format '${asked}'. Formats of this project: ${listed}.`);
  }
  if (format === asked && !exportFormatsFor(p.resourceType).some((f) => f.id === format)) {
    return fail(`A ${p.resourceType} project cannot be exported as ${format}. Use one of: ${listed}.`);
  }
  const all = localesOf(p);
  const locales: string[] = [];
  for (const wanted of job.request.iso2Slugs ?? all) {
    const matches = all.filter(
      (l) => l.toLowerCase() === wanted.toLowerCase() || l.split('-')[0]!.toLowerCase() === wanted.toLowerCase(),
    );
    if (matches.length === 0)
      return fail(`Locale '${wanted}' is not a locale of project '${p.slug}'. Its locales are: ${all.join(', ')}.`);
    for (const m of matches) if (!locales.includes(m)) locales.push(m);
  }
  const files = job.request.filePaths ? p.files.filter((f) => job.request.filePaths!.includes(f.path)) : p.files;
  const zip = await buildZip(p, files, locales, format);
  const zipName = `${p.slug}-${job.id}.zip`;
  blobs.putExport(zipName, zip.bytes);
  return { status: 'SUCCESS', files: sharedFiles(p, zip.files), zipName };
}

/**
 * An export's stored ZIP by name. One dropped to bound memory is made again (the same bytes): the storage
 * handler checked the URL's signature and expiry, so whoever asks may have it.
 */
export async function exportZip(ctx: StoreContext, name: string): Promise<Uint8Array | undefined> {
  const kept = ctx.state.blobs.getExport(name);
  if (kept) return kept;
  const job = [...ctx.state.jobs.values()].find((j) => j.result?.status === 'SUCCESS' && j.result.zipName === name);
  if (!job) return undefined;
  const again = await assemble(ctx.state, { ...job, forcedError: undefined });
  return again.status === 'SUCCESS' ? ctx.state.blobs.getExport(name) : undefined;
}

/**
 * The store's calls on export jobs (see createStore). `delayMs` is read as each job starts: a job is
 * ready that long after it was created.
 */
export function createExportJobs(ctx: StoreContext, delayMs: () => number) {
  /** The job, with its outcome once its time has come (waiting for its ZIP if that is still being made). */
  async function settle(job: ExportJob): Promise<ExportJob> {
    const assembly = ctx.state.assemblies.get(job.id);
    if (job.result || !assembly || ctx.clock.now() < job.readyAt) return job;
    job.result = await assembly;
    ctx.state.assemblies.delete(job.id);
    return job;
  }

  return {
    /** Starts an export job; unknown file paths are refused here (404), the rest is judged by the job. */
    createExport(ws: string, projectSlug: string, request: ExportJob['request']): ExportJob {
      const { state } = ctx;
      const p = findProject(state, ws, projectSlug);
      for (const path of request.filePaths ?? []) {
        if (!p.files.some((f) => f.path === path)) {
          throw new StoreError(
            'not-found',
            `File '${path}' does not exist in project '${p.slug}'. Its files are: ${p.files.map((f) => f.path).join(', ') || 'none'}.`,
          );
        }
      }
      const createdAt = ctx.clock.now();
      const job: ExportJob = {
        id: `reg_${randomBytes(9).toString('base64url')}-${state.jobs.size + 1}`,
        workspace: ws,
        project: p.slug,
        request,
        createdAt,
        readyAt: createdAt + delayMs(),
        ...(state.forcedExportErrors.length ? { forcedError: state.forcedExportErrors.shift()! } : {}),
      };
      state.jobs.set(job.id, job);
      state.assemblies.set(
        job.id,
        assemble(state, job).catch((error: unknown) => {
          console.error('[loc-mock] export assembly failed', error);
          return {
            status: 'ERROR',
            errorDetails: 'Internal error in the mock server while assembling the export (a bug: please report it).',
          } as const;
        }),
      );
      return job;
    },

    /** An export job, assembled once its time has come. */
    async getExport(ws: string, projectSlug: string, id: string): Promise<ExportJob> {
      findProject(ctx.state, ws, projectSlug);
      const job = ctx.state.jobs.get(id);
      if (!job || job.workspace !== ws || job.project !== projectSlug) {
        throw new StoreError(
          'not-found',
          `Export '${id}' does not exist in project '${ws}/${projectSlug}'. Use the id the POST returned.`,
        );
      }
      await settle(job);
      // A URL is handed out for its ZIP now: keep the ZIP as long as that URL is valid.
      if (job.result?.status === 'SUCCESS') ctx.state.blobs.getExport(job.result.zipName);
      return job;
    },

    /** Makes the next export(s) end in ERROR with `message`. */
    failNextExport(message = 'Export failed (injected fault)') {
      ctx.state.forcedExportErrors.push(message);
    },
  };
}
