import { resolve } from 'node:path';
import {
  AbortError,
  EXPORT_FORMATS,
  TimeoutError,
  type CompletedExport,
  type Export,
  type ExportRequest,
  type LocClient,
} from '@loc/sdk';
import { downloadToFile } from '@loc/sdk/node';
import type { Context, GlobalOptions } from '../context';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { countStatuses, deliverZip, MAX_ZIP_BYTES } from '../files/deliver';
import { DEFAULT_PATH_TEMPLATE, validateTemplate } from '../files/path-template';
import { displayPath, type PlannedFile } from '../files/place';
import { projectOf, resolveProject } from '../target';
import { formatElapsed, startProgress } from '../ui/progress';
import { formatBytes, renderTable } from '../ui/table';

export const DEFAULT_EXPORT_TIMEOUT_MS = 10 * 60_000;

export interface ExportOptions extends GlobalOptions {
  workspace?: string;
  project?: string;
  file?: string[];
  locale?: string[];
  format?: string;
  out?: string;
  pathTemplate?: string;
  zip?: string;
  wait?: boolean;
  dryRun?: boolean;
  timeout?: number;
}

const EXAMPLE = 'loc export --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"';

/** Settings of one delivery, flags over loc.config.json over defaults. */
function deliverySettings(ctx: Context, options: ExportOptions) {
  const loaded = ctx.projectConfig();
  const defaults = loaded?.config.export ?? {};
  const template = options.pathTemplate ?? defaults.pathTemplate ?? DEFAULT_PATH_TEMPLATE;
  validateTemplate(template);
  const outDir = options.out
    ? resolve(ctx.cwd, options.out)
    : defaults.out
      ? resolve(loaded?.dir ?? ctx.cwd, defaults.out)
      : (loaded?.dir ?? ctx.cwd);
  return { template, outDir, timeoutMs: options.timeout ?? DEFAULT_EXPORT_TIMEOUT_MS };
}

/** The export request: the spec's three filters, flags over loc.config.json. */
function requestOf(ctx: Context, options: ExportOptions): ExportRequest {
  const defaults = ctx.projectConfig()?.config.export ?? {};
  const filePaths = options.file ?? defaults.files;
  const iso2Slugs = options.locale ?? defaults.locales;
  const exportFormat = options.format ?? defaults.format;
  return {
    ...(filePaths?.length ? { filePaths } : {}),
    ...(iso2Slugs?.length ? { iso2Slugs } : {}),
    ...(exportFormat ? { exportFormat } : {}),
  };
}

/** The command that picks a running export up again. */
function resumeCommand(workspace: string, project: string, id: string): string {
  return `loc export download ${id} --workspace ${workspace} --project ${project}`;
}

/**
 * `loc export`: requests an export, waits for it with a spinner, downloads the ZIP and unzips it into
 * the output folder along the path template — or keeps the ZIP (--zip), only prints the id (--no-wait),
 * or shows what would change (--dry-run).
 */
export async function runExport(ctx: Context, options: ExportOptions): Promise<void> {
  const settings = deliverySettings(ctx, options);
  const request = requestOf(ctx, options);
  projectOf(ctx, options, EXAMPLE); // in CI, a missing flag is reported before a missing token
  const { client } = await ctx.client();
  const { workspace, project } = await resolveProject(ctx, client, options, EXAMPLE);

  const created = await client.exports.create(workspace, project, request, { signal: ctx.signal });
  if (options.wait === false) {
    ctx.out.result({ export: created, workspace, project }, () => {
      ctx.out.line(created.id);
      ctx.out.info(`Export requested. Follow it with: loc export status ${created.id} --workspace ${workspace} --project ${project}`);
      ctx.out.info(`Fetch it with:    ${resumeCommand(workspace, project, created.id)}`);
    });
    return;
  }
  await waitAndDeliver(ctx, client, { workspace, project, job: created, options, settings });
}

/** `loc export status <id>`: the state of an export; exit code 10 when it failed. */
export async function exportStatus(ctx: Context, id: string, options: ExportOptions): Promise<void> {
  const { client } = await ctx.client();
  const { workspace, project } = await resolveProject(ctx, client, options, `loc export status ${id} --workspace acme --project mobile-ios`);
  const job = await client.exports.get(workspace, project, id, { signal: ctx.signal });
  ctx.out.result({ export: job, workspace, project }, () => {
    ctx.out.line(`${job.id}  ${colorStatus(ctx, job.status)}  created ${job.createdAt}`);
    for (const file of job.resourceExports) ctx.out.line(`  ${file.filePath}${file.iso2Slug ? ` (${file.iso2Slug})` : ''}  ${file.status}`);
    if (job.status === 'SUCCESS') ctx.out.info(`Fetch it with: ${resumeCommand(workspace, project, job.id)}`);
  });
  if (job.status === 'ERROR' || job.status === 'SKIPPED') {
    throw new CliError(`Export ${job.id} ended ${job.status}${job.errorDetails ? `: ${job.errorDetails}` : '.'}`, {
      exitCode: EXIT.OPERATION_FAILED,
      hint: 'Request a new export with `loc export`.',
    });
  }
}

/** `loc export download <id>`: waits for an export requested earlier, then delivers it like `loc export`. */
export async function exportDownload(ctx: Context, id: string, options: ExportOptions): Promise<void> {
  const settings = deliverySettings(ctx, options);
  const { client } = await ctx.client();
  const { workspace, project } = await resolveProject(ctx, client, options, `loc export download ${id} --workspace acme --project mobile-ios`);
  const job = await client.exports.get(workspace, project, id, { signal: ctx.signal });
  await waitAndDeliver(ctx, client, { workspace, project, job, options, settings });
}

/** `loc export formats`: the formats the service exports to. */
export async function exportFormats(ctx: Context): Promise<void> {
  const formats = EXPORT_FORMATS.map((f) => ({ ...f }));
  ctx.out.result({ formats }, () =>
    ctx.out.line(
      renderTable(
        ['FORMAT', 'EXTENSION', 'NAME'],
        formats.map((f) => [f.id, `.${f.extension}`, f.name]),
        { dim: ctx.out.c.dim },
      ),
    ),
  );
}

function colorStatus(ctx: Context, status: string): string {
  const { c } = ctx.out;
  if (status === 'SUCCESS') return c.green(status);
  if (status === 'ERROR' || status === 'SKIPPED') return c.red(status);
  return c.yellow(status);
}

interface Delivery {
  workspace: string;
  project: string;
  job: Export;
  options: ExportOptions;
  settings: ReturnType<typeof deliverySettings>;
}

async function waitAndDeliver(ctx: Context, client: LocClient, delivery: Delivery): Promise<void> {
  const { workspace, project, options, settings } = delivery;
  const id = delivery.job.id;
  let progress = await startProgress(ctx, `Export ${id}: ${delivery.job.status}`);
  const started = Date.now();
  let lastStatus = delivery.job.status;
  try {
    const done: CompletedExport = await client.exports.waitFor(workspace, project, id, {
      timeoutMs: settings.timeoutMs,
      signal: ctx.signal,
      onProgress: (job, { elapsedMs }) => {
        // In CI logs one line per change of state, not one per poll.
        const changed = job.status !== lastStatus && job.status !== 'SUCCESS';
        lastStatus = job.status;
        progress.update(`Export ${id}: ${job.status} (${formatElapsed(elapsedMs)})`, changed);
      },
    });
    progress.succeed(`Export ${id} ready after ${formatElapsed(Date.now() - started)}`);
    if (options.zip && options.dryRun) {
      const target = resolve(ctx.cwd, options.zip);
      ctx.out.result({ export: done, workspace, project, dryRun: true, zip: { path: target } }, () =>
        ctx.out.info(`Dry run, nothing written: the ZIP would be saved as ${displayPath(target)}.`),
      );
      return;
    }
    progress = await startProgress(ctx, 'Downloading…');
    const fetch = await ctx.fetch();

    if (options.zip) {
      const target = resolve(ctx.cwd, options.zip);
      const result = await downloadToFile(done.downloadUrl, target, {
        signal: ctx.signal,
        maxBytes: MAX_ZIP_BYTES,
        ...(fetch ? { fetch } : {}),
        onProgress: ({ receivedBytes }) => progress.update(`Downloading ${formatBytes(receivedBytes)}`),
      });
      progress.succeed(`Saved ${displayPath(target)} (${formatBytes(result.bytes)})`);
      ctx.out.result({ export: done, workspace, project, zip: { path: target, bytes: result.bytes, sha256: result.sha256 } }, () =>
        ctx.out.line(target),
      );
      return;
    }

    const locales = new Map(done.resourceExports.flatMap((f) => (f.iso2Slug ? [[f.filePath, f.iso2Slug] as const] : [])));
    const known = [...new Set([...locales.values(), ...(requestOf(ctx, options).iso2Slugs ?? [])])];
    const result = await deliverZip({
      url: done.downloadUrl,
      outDir: settings.outDir,
      template: settings.template,
      localeOf: (path) => locales.get(path) ?? guessLocale(path, known),
      dryRun: options.dryRun === true,
      signal: ctx.signal,
      progress,
      fetch,
    });
    progress.succeed(`Downloaded ${formatBytes(result.bytes)}, ${result.files.length} file${result.files.length === 1 ? '' : 's'} checked`);
    report(ctx, { done, workspace, project, outDir: settings.outDir, template: settings.template, files: result.files, bytes: result.bytes, dryRun: options.dryRun === true });
  } catch (error) {
    progress.stop();
    throw withResumeHint(error, workspace, project, id);
  }
}

/** The locale of a file not listed in resourceExports: a path segment (or `de.lproj`-like stem) that is one. */
function guessLocale(path: string, known: string[]): string | undefined {
  const segments = path.split('/').flatMap((s) => [s, s.split('.')[0] ?? s]);
  return known.find((locale) => segments.some((s) => s.toLowerCase() === locale.toLowerCase()));
}

function withResumeHint(error: unknown, workspace: string, project: string, id: string): unknown {
  const resume = resumeCommand(workspace, project, id);
  if (error instanceof TimeoutError) {
    return new CliError(`Export ${id} was not ready within ${formatElapsed(error.timeoutMs)}.`, {
      exitCode: EXIT.TIMEOUT,
      hint: `It keeps running on the service. Resume with: ${resume} (or wait longer with --timeout).`,
      cause: error,
    });
  }
  if (error instanceof AbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new CliError('Interrupted; nothing was written.', { exitCode: EXIT.INTERRUPTED, hint: `Resume with: ${resume}`, cause: error });
  }
  return error;
}

interface Report {
  done: CompletedExport;
  workspace: string;
  project: string;
  outDir: string;
  template: string;
  files: PlannedFile[];
  bytes: number;
  dryRun: boolean;
}

function report(ctx: Context, r: Report): void {
  const counts = countStatuses(r.files);
  const files = r.files.map((f) => ({ source: f.source, locale: f.locale ?? null, path: f.to, target: f.target, status: f.status }));
  ctx.out.result(
    { export: r.done, workspace: r.workspace, project: r.project, outDir: r.outDir, pathTemplate: r.template, dryRun: r.dryRun, files, summary: counts },
    () => {
      const { c } = ctx.out;
      const mark = { created: c.green('create'), updated: c.yellow('update'), unchanged: c.dim('same') };
      ctx.out.line(
        renderTable(
          [r.dryRun ? 'WOULD' : 'DONE', 'FILE', 'FROM THE EXPORT'],
          r.files.map((f) => [mark[f.status], displayPath(f.target), c.dim(f.source)]),
          { dim: c.dim },
        ),
      );
      ctx.out.line();
      const summary = `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged in ${displayPath(r.outDir) || '.'}`;
      if (r.dryRun) ctx.out.info(`Dry run, nothing written: ${summary} (path template ${r.template}).`);
      else ctx.out.success(`${r.files.length} file${r.files.length === 1 ? '' : 's'}: ${summary}.`);
    },
  );
}
