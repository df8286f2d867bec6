import { resolve } from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import type { CompletedExport, Export, ExportRequest, LocClient } from '@loc/sdk';
import type { Context } from '../context';
import type { PlannedFile } from '../files/place';
import { examples } from '../help-examples';
import { collectList } from '../option-values';
import type { Run } from '../program';
import {
  DEFAULT_COMMAND_TIMEOUT_MS,
  dryRunOption,
  formatOption,
  localeOption,
  outOption,
  pathTemplateOption,
  projectOption,
  timeoutOption,
  workspaceOption,
  zipOption,
} from '../shared-options';
import { formatElapsed, startProgress } from '../ui/progress';

const DEFAULT_EXPORT_TIMEOUT_MS = 10 * 60_000;

const exportDeclaration = () =>
  new Command('export')
    .description('export the resource files, wait, download and unzip them into your layout')
    .addOption(workspaceOption())
    .addOption(projectOption())
    .addOption(outOption())
    .addOption(pathTemplateOption())
    .addOption(zipOption())
    .addOption(dryRunOption())
    .addOption(timeoutOption(DEFAULT_EXPORT_TIMEOUT_MS, 'give up waiting after this long'))
    .addOption(new Option('--file <paths>', 'only these resource files, as the service names them (repeatable)').argParser(collectList))
    .addOption(localeOption('only these locales (repeatable, comma-separated; `pt` also names pt-BR)'))
    .addOption(formatOption())
    .addOption(new Option('--no-wait', 'request the export, print its id and exit'))
    .addHelpText(
      'after',
      `${examples(
        'loc export --dry-run',
        'loc export --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"',
        'loc export --project mobile-android --format xml.android.resources --path-template "res/values-{android_locale}/strings.xml"',
        'loc export --locale de --zip de.zip',
        'ID=$(loc export --no-wait) && loc export download "$ID"',
      )}
Path template placeholders, for the file Resources/pt-BR.lproj/Localizable.strings in locale pt-BR:
  {path} Resources/pt-BR.lproj/Localizable.strings   {dir} Resources/pt-BR.lproj
  {filename} Localizable.strings   {basename} Localizable   {ext} strings
  {locale} pt-BR   {locale_underscore} pt_BR   {language} pt   {region} BR   {android_locale} pt-rBR`,
    );
type ExportOptions = ReturnType<ReturnType<typeof exportDeclaration>['opts']>;

const statusDeclaration = () =>
  new Command('status')
    .description('the state of an export requested earlier')
    .argument('<id>', 'export id')
    .addOption(workspaceOption())
    .addOption(projectOption())
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS))
    .addHelpText('after', examples('loc export status reg_abc123 --workspace acme --project mobile-ios'));
type ExportStatusOptions = ReturnType<ReturnType<typeof statusDeclaration>['opts']>;

const downloadDeclaration = () =>
  new Command('download')
    .description('wait for an export requested earlier, then download and unzip it like `loc export`')
    .argument('<id>', 'export id')
    .addOption(workspaceOption())
    .addOption(projectOption())
    .addOption(outOption())
    .addOption(pathTemplateOption())
    .addOption(zipOption())
    .addOption(dryRunOption())
    .addOption(timeoutOption(DEFAULT_EXPORT_TIMEOUT_MS, 'give up waiting after this long'))
    .addHelpText('after', examples('loc export download reg_abc123 --out locales', 'loc export download reg_abc123 --zip export.zip'));
type ExportDownloadOptions = ReturnType<ReturnType<typeof downloadDeclaration>['opts']>;

const formatsDeclaration = () =>
  new Command('formats').description('the export formats the service knows').addHelpText('after', examples('loc export formats --json'));

/** `loc export` and its subcommands. */
export function exportCommand(run: Run) {
  return exportDeclaration()
    .action(run(runExport))
    .addCommand(statusDeclaration().action(run(exportStatus)))
    .addCommand(downloadDeclaration().action(run(exportDownload)))
    .addCommand(formatsDeclaration().action(run(exportFormats)));
}

/** What a delivery reads: the download's options, and the export's filters when there are some. */
type DeliveryOptions = ExportDownloadOptions & Partial<ExportOptions>;

// The heavy modules (SDK, ZIP handling) are bound when a handler runs, not at start-up: `loc --version`
// and `loc --help` load only the declarations above.
let AbortError: typeof import('@loc/sdk').AbortError;
let EXPORT_FORMATS: typeof import('@loc/sdk').EXPORT_FORMATS;
let TimeoutError: typeof import('@loc/sdk').TimeoutError;
let downloadToFile: typeof import('@loc/sdk/node').downloadToFile;
let CliError: typeof import('../errors').CliError;
let EXIT: typeof import('../errors').EXIT;
let countStatuses: typeof import('../files/deliver').countStatuses;
let deliverZip: typeof import('../files/deliver').deliverZip;
let MAX_ZIP_BYTES: typeof import('../files/deliver').MAX_ZIP_BYTES;
let DEFAULT_PATH_TEMPLATE: typeof import('../files/path-template').DEFAULT_PATH_TEMPLATE;
let validateTemplate: typeof import('../files/path-template').validateTemplate;
let displayPath: typeof import('../files/place').displayPath;
let projectOf: typeof import('../resolve-project').projectOf;
let resolveProject: typeof import('../resolve-project').resolveProject;
let formatBytes: typeof import('../ui/table').formatBytes;
let renderTable: typeof import('../ui/table').renderTable;

async function loadDependencies(): Promise<void> {
  const [sdk, node, errors, deliver, template, place, target, table] = await Promise.all([
    import('@loc/sdk'),
    import('@loc/sdk/node'),
    import('../errors'),
    import('../files/deliver'),
    import('../files/path-template'),
    import('../files/place'),
    import('../resolve-project'),
    import('../ui/table'),
  ]);
  ({ AbortError, EXPORT_FORMATS, TimeoutError } = sdk);
  ({ downloadToFile } = node);
  ({ CliError, EXIT } = errors);
  ({ countStatuses, deliverZip, MAX_ZIP_BYTES } = deliver);
  ({ DEFAULT_PATH_TEMPLATE, validateTemplate } = template);
  ({ displayPath } = place);
  ({ projectOf, resolveProject } = target);
  ({ formatBytes, renderTable } = table);
}

const EXAMPLE = 'loc export --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"';

/** Settings of one delivery, flags over loc.config.json over defaults. */
function deliverySettings(ctx: Context, options: DeliveryOptions) {
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
function requestOf(ctx: Context, options: Partial<ExportOptions>): ExportRequest {
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
  await loadDependencies();
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
export async function exportStatus(ctx: Context, id: string, options: ExportStatusOptions): Promise<void> {
  await loadDependencies();
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
export async function exportDownload(ctx: Context, id: string, options: ExportDownloadOptions): Promise<void> {
  await loadDependencies();
  const settings = deliverySettings(ctx, options);
  const { client } = await ctx.client();
  const { workspace, project } = await resolveProject(ctx, client, options, `loc export download ${id} --workspace acme --project mobile-ios`);
  const job = await client.exports.get(workspace, project, id, { signal: ctx.signal });
  await waitAndDeliver(ctx, client, { workspace, project, job, options, settings });
}

/** `loc export formats`: the formats the service exports to. */
export async function exportFormats(ctx: Context): Promise<void> {
  await loadDependencies();
  const formats = EXPORT_FORMATS.map((f) => ({ ...f }));
  ctx.out.result({ formats }, () =>
    ctx.out.line(
      renderTable(
        ['FORMAT', 'EXTENSION', 'NAME'],
        formats.map((f) => [f.id, `.${f.extension}`, f.name]),
        { dim: ctx.out.c.dim, columns: ctx.out.columns },
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
  options: DeliveryOptions;
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
      // The same word as `status` in --json: created, updated, unchanged.
      const mark = { created: c.green('created'), updated: c.yellow('updated'), unchanged: c.dim('unchanged') };
      ctx.out.line(
        renderTable(
          [r.dryRun ? 'WOULD BE' : 'STATUS', 'FILE', 'FROM THE EXPORT'],
          r.files.map((f) => [mark[f.status], displayPath(f.target), c.dim(f.source)]),
          { dim: c.dim, columns: ctx.out.columns },
        ),
      );
      ctx.out.line();
      const summary = `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged in ${displayPath(r.outDir) || '.'}`;
      if (r.dryRun) ctx.out.info(`Dry run, nothing written: ${summary} (path template ${r.template}).`);
      else ctx.out.success(`${r.files.length} file${r.files.length === 1 ? '' : 's'}: ${summary}.`);
    },
  );
}
