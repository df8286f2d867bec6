import type { CompletedExport, Export, LocClient, ResourceExportFile } from '@loc/sdk';
import type { Selection } from '../../files/layout';
import type { Context } from '../../context/context';
import { formatElapsed, type Progress, startProgress } from '../../ui/progress';
import type { Target } from './delivery-settings';
import { downloading, downloadIntoFolder, type FolderDownload, planDownload } from './download-into-folder';
import { recordExport } from './record-export';
import { reportDelivery } from './report';
import { resumeCommand, withResumeHint } from './resume';
import { describeZip, saveZip } from './zip';

/**
 * Waits for the export, then delivers it in the mode the flags ask for: the ZIP kept (`--zip`; with
 * `--dry-run` only described), or its files downloaded for the output folder and then compared with it
 * (`--check`), written there, or, with `--dry-run`, listed. A wait or a download cut short names the
 * command that picks the export up again.
 */
export async function waitAndDeliver(
  ctx: Context,
  client: LocClient,
  target: Target,
  job: Export,
  selection?: Selection,
): Promise<void> {
  const { options, settings } = target;
  // The progress on screen, which a failure stops: the wait's, then the download's.
  // The wait's time runs on the spinner by itself: a poll can take seconds to answer.
  let progress = await startProgress(ctx, `Export ${job.id}: ${job.status}`, { elapsed: true });
  try {
    const done = await waitForExport(ctx, client, target, job, progress);
    if (settings.zip) {
      if (options.dryRun) describeZip(ctx, target, done, settings.zip);
      else await saveZip(ctx, target, done, settings.zip);
      return;
    }
    const listed = done.resourceExports.filter((f) => f.status === 'SUCCESS' || f.status === undefined);
    await deliverListed(ctx, client, target, { done, listed, selection }, (next) => {
      progress = next;
    });
  } catch (error) {
    progress.stop();
    throw withResumeHint(error, resumeCommand(ctx, target, job.id, selection));
  }
}

/**
 * `loc export --status`: no export job; the files an export would hold (the project's files, in the
 * locales asked for) each fetched with the status filter through the per-file download, then delivered
 * as an export's are (record, --check, summary, types).
 */
export async function deliverByFile(
  ctx: Context,
  client: LocClient,
  target: Target,
  files: readonly { path: string; locale: string }[],
): Promise<void> {
  const listed = files.map((f) => ({
    filePath: f.path,
    iso2Slug: f.locale,
    status: 'SUCCESS' as const,
    downloadUrl: null,
  }));
  let progress: Progress | undefined;
  try {
    await deliverListed(ctx, client, target, { done: undefined, listed, selection: undefined }, (next) => {
      progress = next;
    });
  } catch (error) {
    progress?.stop();
    throw error;
  }
}

/** The files of a finished export (or, `done` undefined, of `--status`) downloaded, placed or compared, and reported. */
async function deliverListed(
  ctx: Context,
  client: LocClient,
  target: Target,
  what: { done: CompletedExport | undefined; listed: ResourceExportFile[]; selection: Selection | undefined },
  showing: (progress: Progress) => void,
): Promise<void> {
  const { done, listed, selection } = what;
  const check = target.options.check === true ? await import('../../export/check') : undefined;
  const plan = planDownload(ctx, client, target, { done, listed }, selection);
  const progress = await startProgress(ctx, downloading(plan));
  showing(progress);
  const folder = await downloadIntoFolder(ctx, client, target, plan, { selection, check, progress });
  if (check) await reportChanges(ctx, target, done, folder, check);
  else await recordAndReport(ctx, target, done, folder);
}

/** Polls the export until it is ready, its state on the progress. */
async function waitForExport(
  ctx: Context,
  client: LocClient,
  target: Target,
  job: Export,
  progress: Progress,
): Promise<CompletedExport> {
  const { workspace, project, settings } = target;
  const id = job.id;
  const started = Date.now();
  let lastStatus = job.status;
  const done = await client.exports.waitFor(workspace, project, id, {
    timeoutMs: settings.timeoutMs,
    signal: ctx.signal,
    onProgress: (polled) => {
      // In CI logs one line per change of state, not one per poll (and the heartbeat while it lasts).
      const changed = polled.status !== lastStatus && polled.status !== 'SUCCESS';
      lastStatus = polled.status;
      progress.update(`Export ${id}: ${polled.status}`, changed);
    },
  });
  progress.succeed(`Export ${id} ready after ${formatElapsed(Date.now() - started)}`);
  return done;
}

/** `--check`: the files (and the types file) that would change, reported; exit 12 when any would. */
async function reportChanges(
  ctx: Context,
  target: Target,
  done: CompletedExport | undefined,
  folder: FolderDownload,
  check: typeof import('../../export/check'),
): Promise<void> {
  const { workspace, project } = target;
  const { delivered, written, filtered } = folder;
  const outDir = target.settings.layout.outDir;
  const typed = folder.settleTypes();
  const changes = check.fileChanges(delivered.files, outDir, written, { filtered });
  if (typed?.change) changes.push(typed.change);
  await check.reportCheck(ctx, {
    keys: folder.keys,
    markdown: folder.markdown,
    export: done ?? null,
    workspace,
    project,
    outDir,
    changes,
    compared: delivered.files.length + (typed ? 1 : 0),
    leftOut: target.leftOut ?? [],
  });
}

/** A run that writes (or, with `--dry-run`, would write): the folder's record, the types file, the table. */
async function recordAndReport(
  ctx: Context,
  target: Target,
  done: CompletedExport | undefined,
  folder: FolderDownload,
): Promise<void> {
  const { delivered } = folder;
  const dryRun = target.options.dryRun === true;
  if (!dryRun) await recordExport(target.settings.layout.outDir, delivered.files, folder.written);
  const typed = folder.settleTypes();
  reportDelivery(ctx, {
    done,
    target,
    delivered,
    keys: folder.keys,
    types: typed?.outcome,
    markdown: folder.markdown,
    table: ctx.out.json ? undefined : await import('../../ui/table'),
    // The folder had no record before this run: a word on what the new file beside the files is.
    firstRecord: !dryRun && folder.written.size === 0,
  });
}
