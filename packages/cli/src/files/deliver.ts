import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readdir, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { MAX_TIMER_MS } from '@loc/sdk/duration';
import { printable } from '@loc/sdk/internal';
import { downloadToFile } from '@loc/sdk/node';
import { bar, formatBytes } from '../ui/quantities';
import type { Progress } from '../ui/progress';
import { UnsafeArchiveError, UnsafePathError } from '../run/errors';
import {
  commitPlacements,
  holdsBytes,
  planPlacements,
  refuseConflicts,
  type Placement,
  type PlacementStatus,
  type PlannedFile,
  displayPath,
} from './place';
import type { WrittenIndex } from './record';
import { isFileUnder } from './safe-fs';
import type { StoredEntry } from './inflate';
import { type ArchivedFile, type CopyNeed, extractArchive, safeEntryPath, type UnzipLimits } from './unzip';
import { diskFullError } from './disk-full';
import { STAGING_PREFIX } from './names';
import { sweepStaging } from './staging';
import { checkPlacedFile, type WritableScope } from './writable-path';

/**
 * Where the files come from: the export's (or release's) ZIP, the export's files one by one, or each file's
 * text read by a call of the API (`loc export --status`: the per-file download, which filters by status).
 */
export type DeliverySource =
  | { kind: 'zip'; url: string; expectedSha256?: string | undefined }
  | { kind: 'files'; files: readonly { path: string; url: string }[] }
  | { kind: 'resources'; files: readonly { path: string; read: (signal: AbortSignal) => Promise<string> }[] };

export interface DeliverOptions {
  /** Pre-signed URLs. They need no credential, and get none. */
  source: DeliverySource;
  outDir: string;
  /** Where a file of the export lands (relative to `outDir`) and its locale; undefined leaves it out. */
  place: (path: string) => Pick<Placement, 'to' | 'locale' | 'serviceLocale'> | undefined;
  /**
   * Where files may go (files/writable-path.ts): every placed file is checked, whatever the archive, the
   * template or the locale gave, before anything is written.
   */
  writable: WritableScope;
  /** The settings that place the files, named in a refusal: "--out is res, --path-template is '{path}'". */
  placedBy?: string;
  dryRun: boolean;
  /** What loc wrote into `outDir` before: files still holding that content may be replaced. */
  written?: WrittenIndex;
  /** Overwrite files that changed since loc wrote them. */
  force?: boolean;
  signal: AbortSignal;
  /**
   * Called with each file of the export that differs from the output folder, as it is unzipped in memory:
   * its bytes (not changed after), where it lands (`path`, relative to `outDir`), the output folder's
   * file when there may be one (`before`), and the entry as the archive holds it (`stored`, a view of the
   * archive: copy it to keep it). True when the caller keeps the bytes: a dry run then stages no copy of
   * the file (its `from` names none). Not called for a download unzipped from disk or fetched file by file.
   */
  unzipped?: (
    file: { path: string; locale: string | undefined; before: string | undefined },
    data: Buffer,
    stored: StoredEntry,
  ) => boolean;
  /** Called before the download's files are unzipped in memory (not from disk), with their paths and sizes. */
  unzipping?: (files: readonly ArchivedFile[]) => void;
  /**
   * Called with the plan before anything is placed: the old files are there to read, and the staged copies
   * (but for those a dry run did not stage: see `unzipped`).
   */
  inspect?: (planned: readonly PlannedFile[]) => Promise<void>;
  progress: Progress;
  fetch?: typeof fetch | undefined;
  limits?: UnzipLimits;
}

export interface Delivery {
  files: PlannedFile[];
  /** Bytes downloaded. */
  bytes: number;
  /** SHA-256 of the ZIP, when a ZIP was downloaded. */
  sha256: string | undefined;
  /** How the files came: one ZIP, one download per file, or one call of the API per file (its text). */
  via: 'zip' | 'files' | 'resources';
}

/** Refuses downloads larger than this; a resource ZIP is a few megabytes. */
const MAX_ZIP_BYTES = 512 * 1024 * 1024;

/**
 * The bounds of each of loc's downloads: {@link MAX_ZIP_BYTES}, and no deadline of the SDK's own (its
 * default is 10 minutes): the command's --timeout, which aborts `signal`, is the deadline.
 */
export const DOWNLOAD_BOUNDS = { maxBytes: MAX_ZIP_BYTES, timeoutMs: MAX_TIMER_MS } as const;

/**
 * Downloads the files and puts them into `outDir`, all or nothing: they are staged in a temporary
 * folder (inside `outDir`, so the final moves are renames on one file system) and moved into place only
 * when every file is there and checked, and no file someone changed would be overwritten (unless
 * `force`). With `dryRun` the staging happens in the system's temporary folder and nothing is written
 * to `outDir`.
 *
 * @example
 * await deliver({ source: { kind: 'zip', url }, outDir: 'res', place: (path) => ({ to: path, locale: undefined }),
 *   dryRun: false, signal, progress });
 */
export async function deliver(options: DeliverOptions): Promise<Delivery> {
  const outDir = resolve(options.outDir);
  const outDirExisted = existsSync(outDir);
  if (!options.dryRun) {
    await mkdir(outDir, { recursive: true });
    // What a run killed outright (SIGKILL, a power cut) left: gone before this run adds its own.
    sweepStaging(outDir);
  }
  // The owner's pid in the name: the sweep of a later run leaves the folder of a live run alone.
  const staging = mkdtempSync(join(options.dryRun ? tmpdir() : outDir, `${STAGING_PREFIX}${process.pid}-`));
  let succeeded = false;
  try {
    let fetched: Fetched;
    try {
      fetched =
        options.source.kind === 'zip'
          ? await fetchZip(options, options.source, staging)
          : options.source.kind === 'files'
            ? await fetchFiles(options, options.source.files, join(staging, 'files'))
            : await fetchResources(options, options.source.files, join(staging, 'files'));
    } catch (error) {
      throw diskFullError(error, options.dryRun ? tmpdir() : outDir) ?? error;
    }
    const placements = fetched.files.flatMap((file) => {
      const placed = options.place(file.path);
      if (!placed) return [];
      const unchanged = file.skipped === 'same' || undefined;
      const refusal = checkPlacedFile(options.writable, outDir, placed.to);
      if (refusal)
        throw new UnsafePathError(
          `'${file.path}' of the download would be written to ${displayPath(resolve(outDir, ...placed.to.split('/')))}, which ${refusal.reason}${options.placedBy ? `: ${options.placedBy}` : ''}. Nothing was written.`,
          refusal.hint,
        );
      return [{ ...placed, from: file.file, source: file.path, sha256: file.sha256, unchanged }];
    });
    const planned = await planPlacements(outDir, placements, {
      ...(options.written ? { written: options.written } : {}),
      force: options.force === true,
    });
    if (!options.dryRun) refuseConflicts(planned);
    await options.inspect?.(planned);
    if (!options.dryRun) {
      options.signal.throwIfAborted();
      await commitPlacements(planned, outDir, join(staging, 'backup'));
    }
    succeeded = true;
    return { files: planned, bytes: fetched.bytes, sha256: fetched.sha256, via: options.source.kind };
  } finally {
    // Synchronous: what is left (the ZIP, empty folders) goes in a few calls, each a pool round trip apart otherwise.
    rmSync(staging, { recursive: true, force: true });
    // A folder this run created and left empty (a failure) is removed too: nothing is left behind.
    if (!succeeded && !outDirExisted && existsSync(outDir) && (await readdir(outDir)).length === 0) {
      await rmdir(outDir).catch(() => {});
    }
  }
}

interface Fetched {
  /** Each file staged, with the SHA-256 of its bytes (so placing it reads it no more). */
  files: { path: string; file: string; sha256: string; skipped?: Exclude<CopyNeed, 'copy'> }[];
  bytes: number;
  sha256: string | undefined;
}

async function fetchZip(
  options: DeliverOptions,
  source: { url: string; expectedSha256?: string | undefined },
  staging: string,
): Promise<Fetched> {
  const zipPath = join(staging, 'download.zip');
  const download = await downloadToFile(source.url, zipPath, {
    signal: options.signal,
    ...DOWNLOAD_BOUNDS,
    ...(source.expectedSha256 ? { expectedSha256: source.expectedSha256 } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onProgress: ({ receivedBytes, totalBytes }) =>
      options.progress.update(
        totalBytes
          ? `Downloading ${bar(receivedBytes / totalBytes, 20)} ${formatBytes(receivedBytes)} / ${formatBytes(totalBytes)}`
          : `Downloading ${formatBytes(receivedBytes)}`,
      ),
  });
  options.progress.update(`Unzipping ${formatBytes(download.bytes)}…`, true);
  const outDir = resolve(options.outDir);
  // Whether each folder below the output folder is missing, asked once per folder: a first export into an
  // empty folder would otherwise try (and fail) to open each of its files, one thrown error each.
  const missing = new Map<string, boolean>();
  const folders = new Set<string>();
  const folderMissing = (rel: string) => {
    const folder = dirname(rel);
    let absent = missing.get(folder);
    if (absent === undefined) missing.set(folder, (absent = !existsSync(resolve(outDir, folder))));
    return absent;
  };
  const extracted = await extractArchive(zipPath, join(staging, 'files'), {
    signal: options.signal,
    // A file left out, or one the output folder holds already, is not staged; nor, in a dry run, one that
    // nothing will read (no `inspect`, or the bytes kept by `unzipped`): it is never placed.
    needsCopy: (path, data, stored) => {
      let placed: ReturnType<DeliverOptions['place']>;
      try {
        placed = options.place(path);
      } catch {
        return 'copy'; // placing it fails after the extraction, with its own error
      }
      if (placed === undefined) return 'none';
      // Refused when placed (below), before any of the folder's files is read.
      if (checkPlacedFile(options.writable, outDir, placed.to)) return 'copy';
      const fresh = folderMissing(placed.to);
      if (!fresh && holdsBytes(outDir, placed.to, data)) return 'same';
      let kept = false;
      // The output folder's file is read only when it is a regular file reached without a link (a
      // checkout may hold links, and the plan refuses them later): otherwise the file is left to `inspect`.
      if (options.unzipped && (fresh || isFileUnder(outDir, placed.to, folders))) {
        const before = fresh ? undefined : resolve(outDir, ...placed.to.split('/'));
        kept = options.unzipped({ path: placed.to, locale: placed.locale, before }, data, stored);
      }
      return options.dryRun && (kept || !options.inspect) ? 'none' : 'copy';
    },
    ...(options.unzipping ? { opened: options.unzipping } : {}),
    // A full disk is reported as the output folder's, not as the staging folder inside it.
    shownAs: options.dryRun ? tmpdir() : outDir,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  return { files: extracted, bytes: download.bytes, sha256: download.sha256 };
}

/** One download per file (the export's per-file URLs), each path checked like a ZIP entry's. */
async function fetchFiles(
  options: DeliverOptions,
  files: readonly { path: string; url: string }[],
  dir: string,
): Promise<Fetched> {
  const fetched: Fetched = { files: [], bytes: 0, sha256: undefined };
  for (const [index, file] of files.entries()) {
    const path = safeEntryPath(file.path);
    if (typeof path !== 'string')
      throw new UnsafeArchiveError(`The export lists '${printable(file.path)}', which ${path.refused}.`);
    options.progress.update(`Downloading file ${index + 1} of ${files.length}: ${path}`, true);
    const target = join(dir, ...path.split('/'));
    const result = await downloadToFile(file.url, target, {
      signal: options.signal,
      ...DOWNLOAD_BOUNDS,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    fetched.files.push({ path, file: target, sha256: result.sha256 });
    fetched.bytes += result.bytes;
  }
  return fetched;
}

/**
 * Each file's text from a call of the API, staged as UTF-8 (what the service's text is), its path checked
 * like a ZIP entry's and its size bounded like a download's.
 */
async function fetchResources(
  options: DeliverOptions,
  files: readonly { path: string; read: (signal: AbortSignal) => Promise<string> }[],
  dir: string,
): Promise<Fetched> {
  const fetched: Fetched = { files: [], bytes: 0, sha256: undefined };
  for (const [index, file] of files.entries()) {
    const path = safeEntryPath(file.path);
    if (typeof path !== 'string')
      throw new UnsafeArchiveError(`The project lists '${printable(file.path)}', which ${path.refused}.`);
    options.progress.update(`Downloading file ${index + 1} of ${files.length}: ${path}`, true);
    const bytes = Buffer.from(await file.read(options.signal), 'utf8');
    if (bytes.byteLength > MAX_ZIP_BYTES)
      throw new UnsafeArchiveError(`'${path}' is larger than ${formatBytes(MAX_ZIP_BYTES)}; it was refused.`);
    const target = join(dir, ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: 'wx' });
    fetched.files.push({ path, file: target, sha256: createHash('sha256').update(bytes).digest('hex') });
    fetched.bytes += bytes.byteLength;
  }
  return fetched;
}

/** Counts of a delivery, for summaries. */
export function countStatuses(files: readonly PlannedFile[]): Record<PlacementStatus, number> {
  const counts = { created: 0, updated: 0, unchanged: 0, conflict: 0, overwritten: 0 };
  for (const f of files) counts[f.status]++;
  return counts;
}
