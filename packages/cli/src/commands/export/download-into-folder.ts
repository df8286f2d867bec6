import { posix } from 'node:path';
import type { CompletedExport, DownloadResource, LocClient, ResourceExportFile } from '@loc/sdk';
import type { KeySummary } from '../../export/summary/diff';
import type { settleTypes } from '../../export/types/types-file';
import { deliver, type Delivery, type DeliverOptions, type DeliverySource } from '../../files/deliver';
import { checkPlacement, place, type Selection, select, settingsOf } from '../../files/layout';
import { readExportRecord, type WrittenIndex } from '../../files/record';
import type { Context } from '../../context/context';
import type { Progress } from '../../ui/progress';
import { counted, formatBytes } from '../../ui/quantities';
import { requestOf, summaryOf, type Target } from './delivery-settings';

// The export's files downloaded for the output folder: placed there, or (--dry-run, --check) staged in
// the system's temporary folder, with the change summary and the types file read on the way.

/** Which files of the export come, how, and where each lands: known before the download starts. */
export interface DownloadPlan {
  /** The files the export lists as made. */
  listed: ResourceExportFile[];
  source: DeliverySource;
  place: DeliverOptions['place'];
}

/** What a download into the folder leaves for the step that reports it. */
export interface FolderDownload {
  delivered: Delivery;
  /** The folder's record as this run read it, under the folder's lock. */
  written: WrittenIndex;
  /** The export leaves files out (`--file`, `--locale`, a threshold): none of those counts as removed. */
  filtered: boolean;
  /** The key-by-key summary, when asked for. */
  keys: KeySummary | undefined;
  /** The summary's Markdown for stdout (`--summary -`). */
  markdown: string | undefined;
  /** The types file (`--types`) settled: called after the files and their record. */
  settleTypes: () => ReturnType<typeof settleTypes> | undefined;
}

/**
 * The plan of a download: the export lists its files, so a layout that would put two on one path fails
 * before the download.
 */
export function planDownload(
  ctx: Context,
  client: LocClient,
  target: Target,
  what: { done: CompletedExport | undefined; listed: ResourceExportFile[] },
  selection?: Selection,
): DownloadPlan {
  const { options, settings } = target;
  const { done, listed } = what;
  const wanted = selection ? select(listed, selection) : listed;
  checkPlacement(
    settings.layout,
    wanted.map((f) => ({ path: f.filePath, locale: f.iso2Slug ?? undefined })),
  );
  const wantedPaths = new Set(wanted.map((f) => f.filePath));
  const locales = new Map(listed.flatMap((f) => (f.iso2Slug ? [[f.filePath, f.iso2Slug] as const] : [])));
  const known = [...new Set([...locales.values(), ...(requestOf(ctx, options).iso2Slugs ?? [])])];
  // Asked twice per file (is the folder's copy the same, then where it goes): worked out once.
  const placements = new Map<string, ReturnType<DeliverOptions['place']>>();
  return {
    listed,
    source:
      settings.status || !done
        ? byFile(client, target, wanted, settings.status?.filter)
        : sourceOf(done, listed, wanted),
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
  };
}

/** The progress's text while the files download. */
export function downloading(plan: DownloadPlan): string {
  return plan.source.kind === 'zip' ? 'Downloading…' : `Downloading ${counted(plan.source.files.length, 'file')}…`;
}

/**
 * Downloads the export's files along the plan and places them into the output folder — or, in a dry run
 * and for `--check`, stages them and writes nothing there. The change summary (`--summary`) and the types
 * file's sources (`--types`) are read from the files on the way; the summary is written once they are in.
 */
export async function downloadIntoFolder(
  ctx: Context,
  client: LocClient,
  target: Target,
  plan: DownloadPlan,
  how: { selection: Selection | undefined; check: typeof import('../../export/check') | undefined; progress: Progress },
): Promise<FolderDownload> {
  const { workspace, project, options, settings } = target;
  const { selection, check, progress } = how;
  const outDir = settings.layout.outDir;
  const written = readExportRecord(outDir);
  const request = requestOf(ctx, options);
  // A filtered export says nothing about the files it leaves out: none of them counts as removed.
  const filtered =
    selection !== undefined ||
    !!request.filePaths?.length ||
    !!request.iso2Slugs?.length ||
    !!target.leftOut?.length ||
    (check !== undefined && target.fetchedById === true && !(await holdsEveryFile(ctx, client, target, plan.listed)));
  const summary = await summaryOf(ctx, options);
  const comparison = summary?.compare(summary.keysShown);
  let keys: KeySummary | undefined;
  const typesModule = target.types ? await import('../../export/types/types-file') : undefined;
  const sources = target.types && typesModule ? new typesModule.SourceFiles(target.types) : undefined;
  let delivered: Delivery;
  try {
    delivered = await deliver({
      source: plan.source,
      outDir,
      writable: settings.layout.writable,
      placedBy: settingsOf(settings.layout),
      place: plan.place,
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
    `Downloaded ${formatBytes(delivered.bytes)}${delivered.via === 'zip' ? '' : ' file by file'}, ${counted(delivered.files.length, 'file')} checked`,
  );
  const markdown = summary && keys ? summary.render(keys, `${workspace}/${project}`) : undefined;
  if (summary?.file !== undefined && summary.file !== '-' && markdown !== undefined)
    await summary.write(summary.file, markdown);
  return {
    delivered,
    written,
    filtered,
    keys,
    markdown: summary?.file === '-' ? markdown : undefined,
    // The types after the files and their record: a types file that cannot be written leaves the files as
    // a run without --types would. A dry run or a check writes none.
    settleTypes: () =>
      target.types && sources && typesModule
        ? typesModule.settleTypes(target.types, sources, { dryRun: options.dryRun === true || !!check, outDir })
        : undefined,
  };
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

/**
 * Each wanted file through the per-file download (`GET …/resources/{fileName}`), with the status filter
 * of `--status`: its name and folder, and its locale, as the export lists them.
 */
function byFile(
  client: LocClient,
  target: Target,
  wanted: readonly ResourceExportFile[],
  status: DownloadResource['status'],
): DeliverySource {
  return {
    kind: 'resources',
    files: wanted.map((f) => ({
      path: f.filePath,
      read: (signal) =>
        client.resources.download(
          target.workspace,
          target.project,
          {
            name: posix.basename(f.filePath),
            path: posix.dirname(f.filePath) === '.' ? undefined : posix.dirname(f.filePath),
            locale: f.iso2Slug ?? undefined,
            status,
          },
          { signal },
        ),
    })),
  };
}

/** The locale of a file not listed in resourceExports: a path segment (or `de.lproj`-like stem) that is one. */
function guessLocale(path: string, known: string[]): string | undefined {
  const segments = path.split('/').flatMap((s) => [s, s.split('.')[0] ?? s]);
  return known.find((locale) => segments.some((s) => s.toLowerCase() === locale.toLowerCase()));
}
