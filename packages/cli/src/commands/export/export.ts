import { join } from 'node:path';
import { countStatuses, deliver, MAX_ZIP_BYTES } from '../../files/deliver';
import { checkPlacement, expectedFiles, needsFileList, place, select, settingsOf } from '../../files/layout';
import { displayPath } from '../../files/place';
import { EXPORT_RECORD_NAME, readExportRecord, sortedFiles, writeRecord, type WrittenIndex } from '../../files/record';
import { isFileUnder } from '../../files/safe-fs';
import { projectOf, resolveProject } from '../../project/resolve-project';
import { UsageError } from '../../run/errors';
import { counted, formatBytes } from '../../ui/quantities';
import { downloadToFile } from '@loc/sdk/node';
import type { CompletedExport, Export, LocClient, ResourceExportFile } from '@loc/sdk';
import type { Context } from '../../run/context';
import type { Delivery, DeliverOptions, DeliverySource } from '../../files/deliver';
import type { Layout, Selection } from '../../files/layout';
import type { PlannedFile } from '../../files/place';
import type { Thresholds } from '../../export/locale-threshold';
import type { KeySummary } from '../../export/summary/diff';
import type { TypesOutcome } from '../../export/types/types-file';
import { formatElapsed, startProgress } from '../../ui/progress';
import { DEFAULT_EXPORT_TIMEOUT_MS, type ExportDownloadOptions, type ExportOptions } from '../export';
import { deliverySettings, requestOf, summaryOf, type Target } from './delivery-settings';
import { resumeCommand, withResumeHint } from './resume';

const EXAMPLE = 'loc export --workspace acme --project mobile-ios --out Resources --path-template "{lproj}/{filename}"';

/**
 * `loc export`: requests an export, waits for it with a spinner, downloads it and puts its files into
 * the output folder along the path template and the locale map — or keeps the ZIP (--zip), only prints
 * the id (--no-wait), or shows what would change (--dry-run). Everything that can be checked locally is
 * checked before the export is requested.
 */
export async function runExport(
  ctx: Context,
  options: ExportOptions & Thresholds & { sources?: Layout['sources'] },
): Promise<void> {
  if (options.check)
    (await import('../../export/check')).assertCheckFlags({ ...options, noWait: options.wait === false });
  if (
    options.target?.length ||
    (ctx.projectConfig()?.config.targets?.length && !options.workspace && !options.project)
  ) {
    const targets = await import('../../export/targets');
    await targets.exportTargets(ctx, options, await summaryOf(ctx, options), (inner, target) =>
      runExport(inner, { ...target, timeout: target.timeout ?? DEFAULT_EXPORT_TIMEOUT_MS, concurrency: 1, wait: true }),
    );
    return;
  }
  const settings = await deliverySettings(ctx, options);
  const summary = await summaryOf(ctx, options);
  let request = requestOf(ctx, options);
  const defaults = ctx.projectConfig()?.config.export ?? {};
  const thresholds: Thresholds = {
    minTranslated: options.minTranslated ?? defaults.minTranslated,
    minApproved: options.minApproved ?? defaults.minApproved,
  };
  const threshold = thresholds.minTranslated !== undefined || thresholds.minApproved !== undefined;
  projectOf(ctx, options, EXAMPLE); // in CI, a missing flag is reported before a missing token
  const { client, settings: connection } = await ctx.client();
  const { workspace, project } = await resolveProject(ctx, client, options, EXAMPLE);
  const target: Target = { workspace, project, options, settings, connection, leftOut: [] };

  const placementChecked = !settings.zip && needsFileList(settings.layout, request);
  if (placementChecked || request.iso2Slugs?.length || threshold) {
    const status = await client.projects.status(workspace, project, { signal: ctx.signal });
    // A --locale that names no locale of the project would create an export that ends ERROR: refused first.
    const { localeRefusal, selectLocales } = await import('../../project/locale-match');
    const available = [
      ...new Set(status.resourceFiles.flatMap((c) => c.files.map((f) => f.iso2Slug ?? f.languageCode))),
    ].filter((l): l is string => Boolean(l));
    const { unmatched } = selectLocales(request.iso2Slugs ?? [], available);
    if (unmatched.length) {
      const what = options.locale ? '--locale' : 'export.locales of loc.config.json';
      throw new UsageError(...localeRefusal(unmatched, available, `project ${project}`, what));
    }
    if (threshold) {
      const { applyThresholds, describeLeftOut } = await import('../../export/locale-threshold');
      const picked = applyThresholds(status, project, request.iso2Slugs, thresholds);
      target.leftOut = picked.leftOut;
      if (picked.locales) request = { ...request, iso2Slugs: picked.locales };
      if (picked.leftOut.length)
        ctx.out.warn(`Left out, below the threshold of loc.config.json: ${describeLeftOut(picked.leftOut)}.`);
    }
    // The template cannot tell some files apart: the project's files say whether this export would hold such files.
    if (placementChecked) checkPlacement(settings.layout, expectedFiles(status, request));
  }

  if (settings.types)
    target.types = await (await import('../../export/types/types-file')).planTypes(ctx, client, {
      file: settings.types,
      workspace,
      project,
      format: request.exportFormat,
      locales: request.iso2Slugs,
    });
  const creating = client.exports.create(workspace, project, request, { signal: ctx.signal });
  // While the service creates the export, the summary's readers get ready (summary/compare.ts).
  if (summary && options.wait !== false) setImmediate(summary.prepare);
  const created = await creating;
  if (options.wait === false) {
    ctx.out.result({ export: created, workspace, project }, () => {
      ctx.out.line(created.id);
      ctx.out.info(
        `Export requested. Follow it with: loc export status ${created.id} --workspace ${workspace} --project ${project}`,
      );
      ctx.out.info(`Fetch it with:    ${resumeCommand(ctx, target, created.id)}`);
    });
    return;
  }
  await waitAndDeliver(ctx, client, target, created);
}

/**
 * `loc export download <id>`: waits for an export requested earlier, then delivers it like `loc export`.
 * `--file` and `--locale` pick some of its files: those come by their own URLs when the service gives them.
 */
export async function exportDownload(ctx: Context, id: string, options: ExportDownloadOptions): Promise<void> {
  if (options.check) (await import('../../export/check')).assertCheckFlags(options);
  const settings = await deliverySettings(ctx, options);
  await summaryOf(ctx, options);
  const { client, settings: connection } = await ctx.client();
  const { workspace, project } = await resolveProject(
    ctx,
    client,
    options,
    `loc export download ${id} --workspace acme --project mobile-ios`,
  );
  const job = await client.exports.get(workspace, project, id, { signal: ctx.signal });
  const selection =
    options.file?.length || options.locale?.length ? { files: options.file, locales: options.locale } : undefined;
  const target: Target = { workspace, project, options, settings, connection, fetchedById: true };
  if (settings.types)
    target.types = await (await import('../../export/types/types-file')).planTypes(ctx, client, {
      file: settings.types,
      workspace,
      project,
      format: undefined,
      locales: options.locale,
      byId: true,
    });
  await waitAndDeliver(ctx, client, target, job, selection);
}

async function waitAndDeliver(
  ctx: Context,
  client: LocClient,
  target: Target,
  job: Export,
  selection?: Selection,
): Promise<void> {
  const { workspace, project, options, settings } = target;
  const id = job.id;
  // --check delivers as a dry run does (staged in the system's temporary folder), then compares.
  const check = options.check === true ? await import('../../export/check') : undefined;
  let progress = await startProgress(ctx, `Export ${id}: ${job.status}`);
  const started = Date.now();
  let lastStatus = job.status;
  try {
    const done: CompletedExport = await client.exports.waitFor(workspace, project, id, {
      timeoutMs: settings.timeoutMs,
      signal: ctx.signal,
      onProgress: (polled, { elapsedMs }) => {
        // In CI logs one line per change of state, not one per poll (and the heartbeat while it lasts).
        const changed = polled.status !== lastStatus && polled.status !== 'SUCCESS';
        lastStatus = polled.status;
        progress.update(`Export ${id}: ${polled.status} (${formatElapsed(elapsedMs)})`, changed);
      },
    });
    progress.succeed(`Export ${id} ready after ${formatElapsed(Date.now() - started)}`);
    if (settings.zip) {
      await saveZip(ctx, target, done, settings.zip);
      return;
    }

    // The export lists its files: a layout that would put two on one path fails before the download.
    const listed = done.resourceExports.filter((f) => f.status === 'SUCCESS' || f.status === undefined);
    const wanted = selection ? select(listed, selection) : listed;
    checkPlacement(
      settings.layout,
      wanted.map((f) => ({ path: f.filePath, locale: f.iso2Slug ?? undefined })),
    );
    const source = sourceOf(done, listed, wanted);
    const wantedPaths = new Set(wanted.map((f) => f.filePath));
    const locales = new Map(listed.flatMap((f) => (f.iso2Slug ? [[f.filePath, f.iso2Slug] as const] : [])));
    const known = [...new Set([...locales.values(), ...(requestOf(ctx, options).iso2Slugs ?? [])])];

    progress = await startProgress(
      ctx,
      source.kind === 'zip' ? 'Downloading…' : `Downloading ${counted(source.files.length, 'file')}…`,
    );
    const outDir = settings.layout.outDir;
    const written = readExportRecord(outDir);
    const request = requestOf(ctx, options);
    // A filtered export says nothing about the files it leaves out: none of them counts as removed.
    const filtered =
      selection !== undefined ||
      !!request.filePaths?.length ||
      !!request.iso2Slugs?.length ||
      !!target.leftOut?.length ||
      (check !== undefined && target.fetchedById === true && !(await holdsEveryFile(ctx, client, target, listed)));
    const summary = await summaryOf(ctx, options);
    const comparison = summary?.compare(summary.keysShown);
    let keys: KeySummary | undefined;
    const typesModule = target.types ? await import('../../export/types/types-file') : undefined;
    const sources = target.types && typesModule ? new typesModule.SourceFiles(target.types) : undefined;
    // Asked twice per file (is the folder's copy the same, then where it goes): worked out once.
    const placements = new Map<string, ReturnType<DeliverOptions['place']>>();
    let delivered: Delivery;
    try {
      delivered = await deliver({
        source,
        outDir,
        writable: settings.layout.writable,
        placedBy: settingsOf(settings.layout),
        place: (path) => {
          if (placements.has(path)) return placements.get(path);
          let placement: ReturnType<DeliverOptions['place']>;
          if (!selection || wantedPaths.has(path)) {
            const placed = place(settings.layout, path, locales.get(path) ?? guessLocale(path, known));
            placement = { to: placed.to, locale: placed.locale, serviceLocale: placed.serviceLocale };
          }
          placements.set(path, placement);
          return placement;
        },
        dryRun: options.dryRun === true || check !== undefined,
        written,
        force: options.force === true,
        signal: ctx.signal,
        ...(summary &&
          comparison && {
            unzipping: (files) => comparison.unzipping(files),
            unzipped: (file, data, stored) => {
              // Kept bytes are not staged in a dry run: the types read them from here.
              sources?.unzipped(file.path, data);
              return comparison.unzipped(file, data, stored);
            },
          }),
        ...((summary || sources) && {
          inspect: async (planned) => {
            sources?.inspect(planned);
            if (!summary || !comparison) return;
            const removed = check ? check.fileChanges(planned, outDir, written, { filtered }) : [];
            const gone = removed.filter((c) => c.change === 'removed');
            keys = await summary.summarize(comparison, planned, gone, summary.keysShown);
          },
        }),
        progress,
        fetch: await ctx.fetch(),
      });
    } finally {
      comparison?.close();
    }
    progress.succeed(
      `Downloaded ${formatBytes(delivered.bytes)}${delivered.via === 'files' ? ' file by file' : ''}, ${counted(delivered.files.length, 'file')} checked`,
    );
    const markdown = summary && keys ? summary.render(keys, `${workspace}/${project}`) : undefined;
    if (summary?.file !== undefined && summary.file !== '-' && markdown !== undefined)
      await summary.write(summary.file, markdown);
    const toStdout = summary?.file === '-' ? markdown : undefined;
    // The types after the files and their record: a types file that cannot be written leaves the files as
    // a run without --types would. A dry run or a check writes none.
    const settleTypes = () =>
      target.types && sources && typesModule
        ? typesModule.settleTypes(target.types, sources, { dryRun: options.dryRun === true || !!check, outDir })
        : undefined;
    if (check) {
      const typed = settleTypes();
      const changes = check.fileChanges(delivered.files, outDir, written, { filtered });
      if (typed?.change) changes.push(typed.change);
      await check.reportCheck(ctx, {
        keys,
        markdown: toStdout,
        export: done,
        workspace,
        project,
        outDir,
        changes,
        compared: delivered.files.length + (typed ? 1 : 0),
        leftOut: target.leftOut ?? [],
      });
      return;
    }
    if (options.dryRun !== true) await recordExport(outDir, delivered.files, written);
    const typed = settleTypes();
    report(ctx, {
      done,
      target,
      delivered,
      keys,
      types: typed?.outcome,
      markdown: toStdout,
      table: ctx.out.json ? undefined : await import('../../ui/table'),
    });
  } catch (error) {
    progress.stop();
    throw withResumeHint(error, resumeCommand(ctx, target, id, selection));
  }
}

/**
 * Whether an export fetched by its id holds every file of every locale of the project: one made with
 * `--locale`, `--file` or a threshold (loc.config.json's minTranslated) holds fewer, and then says nothing
 * of the files it lacks — `--check` must not call them removed.
 */
async function holdsEveryFile(
  ctx: Context,
  client: LocClient,
  target: Target,
  listed: readonly ResourceExportFile[],
): Promise<boolean> {
  const status = await client.projects.status(target.workspace, target.project, { signal: ctx.signal });
  return listed.length >= status.resourceFiles.reduce((n, container) => n + container.files.length, 0);
}

/**
 * The ZIP, or the wanted files one by one: per-file URLs save work when only some files of the export
 * are wanted (or it holds one file), and every one of them has a URL. Otherwise the ZIP.
 */
function sourceOf(done: CompletedExport, listed: ResourceExportFile[], wanted: ResourceExportFile[]): DeliverySource {
  const perFile =
    wanted.length > 0 && wanted.every((f) => f.downloadUrl) && (wanted.length < listed.length || wanted.length === 1);
  if (!perFile) return { kind: 'zip', url: done.downloadUrl };
  return { kind: 'files', files: wanted.map((f) => ({ path: f.filePath, url: f.downloadUrl! })) };
}

async function saveZip(ctx: Context, target: Target, done: CompletedExport, zip: string): Promise<void> {
  const { workspace, project, options, settings } = target;
  if (options.dryRun) {
    const replaces = settings.zipExists;
    ctx.out.result({ export: done, workspace, project, dryRun: true, zip: { path: zip, exists: replaces } }, () =>
      ctx.out.info(
        `Dry run, nothing written: the ZIP would be saved as ${displayPath(zip)}${replaces && options.force ? ', replacing the file there' : ''}.`,
      ),
    );
    if (replaces && !options.force)
      ctx.out.warn(`A real run would stop: ${displayPath(zip)} exists already. Rerun with --force to replace it.`);
    return;
  }
  const progress = await startProgress(ctx, 'Downloading…');
  const fetch = await ctx.fetch();
  try {
    const result = await downloadToFile(done.downloadUrl, zip, {
      signal: ctx.signal,
      maxBytes: MAX_ZIP_BYTES,
      ...(fetch ? { fetch } : {}),
      onProgress: ({ receivedBytes }) => progress.update(`Downloading ${formatBytes(receivedBytes)}`),
    });
    progress.succeed(`Saved ${displayPath(zip)} (${formatBytes(result.bytes)})`);
    ctx.out.result(
      { export: done, workspace, project, zip: { path: zip, bytes: result.bytes, sha256: result.sha256 } },
      () => ctx.out.line(zip),
    );
  } finally {
    progress.stop();
  }
}

/**
 * What loc wrote into the folder, for the next run: what was there before (`before`, the record as this run
 * read it under the folder's lock), updated with this run's files. Earlier files still listed are kept while
 * they are there; this run's are there (just placed, or found unchanged), and are not looked up again.
 */
async function recordExport(outDir: string, files: readonly PlannedFile[], before: WrittenIndex): Promise<void> {
  const written = new Map(before);
  const placed = new Set<string>();
  for (const file of files) {
    if (file.status === 'conflict') continue;
    written.set(file.to, file.sha256);
    placed.add(file.to);
  }
  const folders = new Set<string>();
  const present = [...written].filter(([path]) => placed.has(path) || isFileUnder(outDir, path, folders));
  await writeRecord(outDir, EXPORT_RECORD_NAME, {
    files: sortedFiles(present.map(([path, sha256]) => ({ path, sha256 }))),
  });
}

/** The locale of a file not listed in resourceExports: a path segment (or `de.lproj`-like stem) that is one. */
function guessLocale(path: string, known: string[]): string | undefined {
  const segments = path.split('/').flatMap((s) => [s, s.split('.')[0] ?? s]);
  return known.find((locale) => segments.some((s) => s.toLowerCase() === locale.toLowerCase()));
}

interface Report {
  done: CompletedExport;
  target: Target;
  delivered: Delivery;
  /** The key-by-key summary, when asked for (in --json as `keys`). */
  keys: KeySummary | undefined;
  /** The types file, when asked for (in --json as `types`). */
  types: TypesOutcome | undefined;
  /** The summary's Markdown for stdout (`--summary -`), printed instead of the table. */
  markdown: string | undefined;
  /** The table's module, loaded only for a person. */
  table: typeof import('../../ui/table') | undefined;
}

function report(ctx: Context, { done, target, delivered, keys, types, markdown, table }: Report): void {
  const { layout } = target.settings;
  const dryRun = target.options.dryRun === true;
  const counts = countStatuses(delivered.files);
  const files = delivered.files.map((f) => ({
    source: f.source,
    locale: f.locale ?? null,
    serviceLocale: f.serviceLocale ?? null,
    path: f.to,
    target: f.target,
    status: f.status,
  }));
  ctx.out.result(
    {
      export: done,
      workspace: target.workspace,
      project: target.project,
      outDir: layout.outDir,
      pathTemplate: layout.template,
      localeMap: layout.localeMap,
      via: delivered.via,
      dryRun,
      files,
      // The record this run wrote beside the files (none in a dry run): what a commit of the files takes along.
      ...(dryRun ? {} : { record: join(layout.outDir, EXPORT_RECORD_NAME) }),
      summary: counts,
      ...(target.leftOut?.length ? { localesLeftOut: target.leftOut } : {}),
      ...(keys && { keys }),
      ...(types && { types }),
    },
    () => {
      const { c } = ctx.out;
      const color = { created: c.green, updated: c.yellow, unchanged: c.dim, conflict: c.red, overwritten: c.yellow };
      if (markdown !== undefined) ctx.out.line(markdown.trimEnd());
      else
        ctx.out.line(
          table!.renderTable(
            // The same word as `status` in --json.
            [dryRun ? 'WOULD BE' : 'STATUS', 'FILE', 'FROM THE EXPORT'],
            delivered.files.map((f) => [color[f.status](f.status), displayPath(f.target), c.dim(f.source)]),
            { dim: c.dim, columns: ctx.out.columns },
          ),
        );
      ctx.out.line();
      const extra = [
        counts.overwritten ? `${counts.overwritten} overwritten (changed since loc wrote them)` : '',
        counts.conflict ? `${counts.conflict} changed since loc wrote them` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const summary = `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged${extra ? `, ${extra}` : ''} in ${displayPath(layout.outDir) || '.'}`;
      if (types)
        ctx.out.info(
          `Types of ${counted(types.keys, 'key')}: ${displayPath(types.path)} ${dryRun && types.status !== 'unchanged' ? `would be ${types.status}` : types.status}.`,
        );
      if (dryRun) {
        ctx.out.info(`Dry run, nothing written: ${summary} (path template ${layout.template}).`);
        if (counts.conflict)
          ctx.out.warn(
            `A real run would stop at the ${counted(counts.conflict, 'changed file')}: rerun with --force to overwrite them.`,
          );
      } else ctx.out.success(`${counted(delivered.files.length, 'file')}: ${summary}.`);
    },
  );
}
