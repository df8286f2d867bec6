import { mkdtempSync, existsSync } from 'node:fs';
import { mkdir, readdir, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { downloadToFile } from '@loc/sdk/node';
import { formatBytes, bar } from '../ui/table';
import type { Progress } from '../ui/progress';
import { applyTemplate } from './path-template';
import { commitPlacements, planPlacements, type PlannedFile } from './place';
import { extractArchive, type UnzipLimits } from './unzip';

export interface DeliverOptions {
  /** Pre-signed URL of the ZIP. Needs no credential, and gets none. */
  url: string;
  outDir: string;
  template: string;
  /** The locale of a file, from its path in the ZIP. */
  localeOf: (path: string) => string | undefined;
  dryRun: boolean;
  expectedSha256?: string | undefined;
  signal: AbortSignal;
  progress: Progress;
  fetch?: typeof fetch | undefined;
  limits?: UnzipLimits;
}

export interface Delivery {
  files: PlannedFile[];
  /** Size of the ZIP. */
  bytes: number;
  sha256: string;
}

/** Refuses downloads larger than this; a resource ZIP is a few megabytes. */
export const MAX_ZIP_BYTES = 512 * 1024 * 1024;

/**
 * Downloads a ZIP and puts its files into `outDir` along the path template, all or nothing: the ZIP and
 * its files are staged in a temporary folder (inside `outDir`, so the final moves are renames on one
 * file system) and moved into place only when every file is extracted and checked. With `dryRun` the
 * staging happens in the system's temporary folder and nothing is written to `outDir`.
 */
export async function deliverZip(options: DeliverOptions): Promise<Delivery> {
  const outDir = resolve(options.outDir);
  const outDirExisted = existsSync(outDir);
  if (!options.dryRun) await mkdir(outDir, { recursive: true });
  const staging = mkdtempSync(join(options.dryRun ? tmpdir() : outDir, '.loc-staging-'));
  let succeeded = false;
  try {
    const zipPath = join(staging, 'download.zip');
    const download = await downloadToFile(options.url, zipPath, {
      signal: options.signal,
      maxBytes: MAX_ZIP_BYTES,
      ...(options.expectedSha256 ? { expectedSha256: options.expectedSha256 } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      onProgress: ({ receivedBytes, totalBytes }) =>
        options.progress.update(
          totalBytes
            ? `Downloading ${bar(receivedBytes / totalBytes, 20)} ${formatBytes(receivedBytes)} / ${formatBytes(totalBytes)}`
            : `Downloading ${formatBytes(receivedBytes)}`,
        ),
    });
    options.progress.update(`Unzipping ${formatBytes(download.bytes)}…`, true);
    const extracted = await extractArchive(zipPath, join(staging, 'files'), {
      signal: options.signal,
      ...(options.limits ? { limits: options.limits } : {}),
    });
    const placements = extracted.map((file) => {
      const locale = options.localeOf(file.path);
      return { from: file.file, source: file.path, locale, to: applyTemplate(options.template, { path: file.path, locale }) };
    });
    const planned = await planPlacements(outDir, placements);
    if (!options.dryRun) {
      options.signal.throwIfAborted();
      await commitPlacements(planned, join(staging, 'backup'));
    }
    succeeded = true;
    return { files: planned, bytes: download.bytes, sha256: download.sha256 };
  } finally {
    await rm(staging, { recursive: true, force: true });
    // A folder this run created and left empty (a failure) is removed too: nothing is left behind.
    if (!succeeded && !outDirExisted && existsSync(outDir) && (await readdir(outDir)).length === 0) {
      await rmdir(outDir).catch(() => {});
    }
  }
}

/** Counts of a delivery, for summaries. */
export function countStatuses(files: PlannedFile[]): Record<'created' | 'updated' | 'unchanged', number> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const f of files) counts[f.status]++;
  return counts;
}
