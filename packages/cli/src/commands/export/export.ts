import { checkPlacement, expectedFiles, type Layout, needsFileList } from '../../files/layout';
import { projectOf, resolveProject } from '../../project/resolve-project';
import { UsageError } from '../../run/errors';
import { checkFileFormat } from '../../project/file-format';
import type { ResourceStatus } from '@loc/sdk';
import type { Context } from '../../context/context';
import type { Thresholds } from '../../export/locale-threshold';
import { DEFAULT_EXPORT_TIMEOUT_MS, type ExportDownloadOptions, type ExportOptions, perTargetFlags } from '../export';
import { deliverySettings, requestOf, summaryOf, type Target } from './delivery-settings';
import { formatRefusal } from './formats';
import { resumeCommand } from './resume';
import { deliverByFile, waitAndDeliver } from './wait-and-deliver';

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
    await targets.exportTargets(
      ctx,
      options,
      await summaryOf(ctx, options),
      (inner, target) =>
        runExport(inner, {
          ...target,
          timeout: target.timeout ?? DEFAULT_EXPORT_TIMEOUT_MS,
          concurrency: 1,
          wait: true,
        }),
      perTargetFlags(),
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
  // --status: no export job; the project's files say which files it would hold, each then fetched on its own.
  const byFile = settings.status !== undefined;
  let status: ResourceStatus | undefined;
  if (byFile || placementChecked || request.iso2Slugs?.length || threshold || request.exportFormat) {
    status = await client.projects.status(workspace, project, { signal: ctx.signal });
    // A format the project does not list would create an export that ends ERROR: refused first, with its list.
    // Any id it lists is sent, known to loc or not (the service's list is not published).
    if (request.exportFormat) {
      // A target's run (`sources` set) takes its format from its own entry or from export.format.
      const what = options.sources ? 'The format' : options.format ? '--format' : 'export.format of loc.config.json';
      const refusal = formatRefusal(request.exportFormat, status.supportedExportFormats, `project ${project}`, what);
      if (refusal) throw new UsageError(...refusal);
    }
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
  if (byFile && status) {
    checkFileFormat(request.exportFormat, status, {
      command: 'loc export --status fetches',
      flag: options.format ? '--format' : 'the format of loc.config.json',
    });
    if (summary) setImmediate(summary.prepare);
    await deliverByFile(ctx, client, target, expectedFiles(status, request));
    return;
  }
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
