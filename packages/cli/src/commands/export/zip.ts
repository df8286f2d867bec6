import { downloadToFile } from '@loc/sdk/node';
import type { CompletedExport } from '@loc/sdk';
import { DOWNLOAD_BOUNDS } from '../../files/deliver';
import { displayPath } from '../../files/place';
import type { Context } from '../../context/context';
import { startProgress } from '../../ui/progress';
import { formatBytes } from '../../ui/quantities';
import type { Target } from './delivery-settings';

// `--zip`: the export's ZIP kept as it is, at the path given.

/** `--zip --dry-run`: where the ZIP would be saved, and whether a real run would stop on a file there. */
export function describeZip(ctx: Context, target: Target, done: CompletedExport, zip: string): void {
  const { workspace, project, options, settings } = target;
  const replaces = settings.zipExists;
  ctx.out.result({ export: done, workspace, project, dryRun: true, zip: { path: zip, exists: replaces } }, () =>
    ctx.out.info(
      `Dry run, nothing written: the ZIP would be saved as ${displayPath(zip)}${replaces && options.force ? ', replacing the file there' : ''}.`,
    ),
  );
  if (replaces && !options.force)
    ctx.out.warn(`A real run would stop: ${displayPath(zip)} exists already. Rerun with --force to replace it.`);
}

/** `--zip`: the ZIP downloaded to its path (within {@link DOWNLOAD_BOUNDS}), with its size and SHA-256. */
export async function saveZip(ctx: Context, target: Target, done: CompletedExport, zip: string): Promise<void> {
  const { workspace, project } = target;
  const progress = await startProgress(ctx, 'Downloading…');
  const fetch = await ctx.fetch();
  try {
    const result = await downloadToFile(done.downloadUrl, zip, {
      signal: ctx.signal,
      ...DOWNLOAD_BOUNDS,
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
