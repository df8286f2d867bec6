import type { CdnRelease, DistributionEnvironment, DistributionType } from '@loc/sdk';
import { refusedCdnUrl } from '@loc/sdk/internal';
import { countStatuses, deliver } from '../../files/deliver';
import { lockFolder } from '../../files/folder-lock';
import { localize, type LocaleMap } from '../../files/locale-map';
import { applyTemplate, DEFAULT_PATH_TEMPLATE } from '../../files/path-template';
import { displayPath } from '../../files/place';
import { indexOf, readRecord, sha256File, sortedFiles, writeRecord, type WrittenFile } from '../../files/record';
import { MANIFEST_NAME, ManifestSchema, type Manifest } from '../../files/release-manifest';
import { checkUnder, isFileUnder, removeFileUnder } from '../../files/safe-fs';
import { checkOutputFolder, checkWritableFolder, rootAllowed, writableRoot } from '../../files/targets';
import { formatExtensions } from '../../files/format-extensions';
import { checkPlacedFile, type WritableScope } from '../../files/writable-path';
import type { Context } from '../../context/context';
import { CliError, EXIT } from '../../run/errors';
import { startProgress } from '../../ui/progress';
import { counted } from '../../ui/quantities';

/**
 * `loc cdn check --download`: the folder, its record of the release it holds, and the download of a newer
 * one. Loaded by commands/cdn/check.ts only with --download.
 */

export { displayPath };

/**
 * Checks the folder and locks it (one run at a time, from reading its record to writing it again), and
 * reads its record: `present` is the release it holds when every file of it is still there.
 */
export function openFolder(
  ctx: Context,
  dir: string,
  key: string,
): { recorded: Manifest | undefined; present: Manifest | undefined; root: string } {
  checkOutputFolder(dir, '--download');
  // The rule of files/writable-path.ts, from the repository that holds the folder.
  const root = writableRoot(ctx, dir);
  checkWritableFolder(root, dir, key, rootAllowed(ctx, dir, key === '--download'), [
    'loc',
    'cdn',
    'check',
    '--download',
    dir,
  ]);
  lockFolder(dir);
  const recorded: Manifest | undefined = readRecord(dir, MANIFEST_NAME, ManifestSchema);
  // A folder whose files were deleted counts as holding no release: it is fetched again.
  const present = recorded && filesPresent(dir, recorded) ? recorded : undefined;
  return { recorded, present, root };
}

interface Download {
  release: CdnRelease;
  /** Where the check went: the release's `filesUrl` is held to the over-the-air client's rule against it. */
  checkUrl: string;
  dir: string;
  /** The folder the rule of files/writable-path.ts starts from (openFolder). */
  root: string;
  recorded: Manifest | undefined;
  environment: DistributionEnvironment;
  type: DistributionType;
  force: boolean;
  localeMap: LocaleMap;
  /** Prints what the release is (check.ts's own lines). */
  printRelease: () => void;
}

/** Downloads and unzips the release into the folder, removes what the previous one had, writes the record. */
export async function downloadRelease(ctx: Context, run: Download): Promise<void> {
  const { release, dir, root, recorded, environment, type, force, localeMap } = run;
  // The check's answer is untrusted input: a URL in clear text (which a network attacker can swap when no
  // filesSha256 comes along), data:, file: or a relative one is never fetched (@loc/sdk's one rule).
  const refused = refusedCdnUrl(release.filesUrl, run.checkUrl);
  if (refused) {
    throw new CliError(
      `The CDN check's answer names ${refused} for the files of release ${release.distributionReleaseId}.`,
      {
        hint: 'Nothing was downloaded or written. The CDN, or something between it and you, must send an https: URL; tell the service’s operators (a loc-mock on another machine: serve it over https, or run it on loopback).',
        exitCode: EXIT.SERVER,
      },
    );
  }
  // A release names no format (its type's, or the project's own): any extension of a format loc knows.
  const writable = { root, extensions: formatExtensions(undefined) };
  const progress = await startProgress(ctx, `Downloading release ${release.distributionReleaseId}…`);
  const written = indexOf(recorded?.files);
  let delivered;
  try {
    delivered = await deliver({
      source: { kind: 'zip', url: release.filesUrl, expectedSha256: release.filesSha256 },
      outDir: dir,
      writable,
      // A bundle lists no locales: the map finds them in its paths (values-pt-rBR/, de.lproj/, …).
      place: (path) => {
        const file = localize(path, undefined, localeMap);
        return {
          to: applyTemplate(DEFAULT_PATH_TEMPLATE, file),
          locale: file.locale,
          serviceLocale: file.serviceLocale,
        };
      },
      dryRun: false,
      written,
      force,
      signal: ctx.signal,
      progress,
      fetch: await ctx.fetch(),
    });
  } finally {
    progress.stop();
  }
  const current = new Set(delivered.files.map((f) => f.to));
  const { removed, kept, skipped } = await removeStale(dir, recorded?.files ?? [], current, force, writable);
  await writeRecord(dir, MANIFEST_NAME, {
    distributionReleaseId: release.distributionReleaseId,
    name: release.name,
    createdAt: release.createdAt,
    environment,
    type,
    sha256: delivered.sha256,
    downloadedAt: new Date().toISOString(),
    ...(Object.keys(localeMap).length ? { localeMap } : {}),
    files: sortedFiles(delivered.files.map((f) => ({ path: f.to, sha256: f.sha256 }))),
  });
  const counts = countStatuses(delivered.files);
  const files = delivered.files.map((f) => ({ path: f.to, status: f.status }));
  ctx.out.result(
    { release, upToDate: false, downloaded: true, dir, localeMap, files, removed, kept, skipped, summary: counts },
    () => {
      run.printRelease();
      const overwritten = counts.overwritten
        ? `, ${counts.overwritten} overwritten (changed since loc wrote them)`
        : '';
      ctx.out.success(
        `Unzipped ${counted(files.length, 'file')} into ${displayPath(dir)} (${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged${overwritten}).`,
      );
      if (removed.length)
        ctx.out.info(`Removed ${counted(removed.length, 'file')} of the previous release: ${removed.join(', ')}.`);
      if (kept.length) {
        ctx.out.warn(
          `Kept ${counted(kept.length, 'file')} you changed: ${kept.join(', ')} (no longer part of the release; remove ${kept.length === 1 ? 'it' : 'them'} yourself, or rerun with --force).`,
        );
      }
      for (const entry of skipped)
        ctx.out.warn(
          `Left '${entry.path}' of the previous release's record alone: ${entry.reason.replace(/\.$/, '')}.`,
        );
    },
  );
}

/** Whether every file of the record is there, as a regular file reached without a symbolic link. */
function filesPresent(dir: string, manifest: Manifest): boolean {
  return manifest.files.every((f) => isFileUnder(dir, f.path));
}

/**
 * Files of the previous release that the new one no longer has: removed while they hold what loc wrote
 * (or with `force`), kept when someone changed them. Only files the record lists, never others, and never
 * through a symbolic link or outside the folder: an entry that names one, a folder, or no path inside the
 * folder is left alone and reported (a record can come from anyone's pull request). Never throws: the
 * new files are in place by now, and the record must be written next.
 */
async function removeStale(
  dir: string,
  previous: readonly WrittenFile[],
  current: Set<string>,
  force: boolean,
  writable: WritableScope,
) {
  const removed: string[] = [];
  const kept: string[] = [];
  const skipped: { path: string; reason: string }[] = [];
  for (const file of previous) {
    if (current.has(file.path)) continue;
    // A record may come from a pull request: loc removes nothing where it would not write (files/writable-path.ts;
    // the extension aside: a file of another format is only left behind).
    const refusal = checkPlacedFile({ root: writable.root }, dir, file.path);
    if (refusal) {
      skipped.push({ path: file.path, reason: refusal.reason });
      continue;
    }
    try {
      const { stats } = checkUnder(dir, file.path);
      if (!stats) continue;
      if (!stats.isFile()) {
        skipped.push({ path: file.path, reason: stats.isDirectory() ? 'a folder' : 'not a regular file' });
        continue;
      }
      if (force || (file.sha256 !== null && (await sha256File(checkUnder(dir, file.path).path)) === file.sha256)) {
        removeFileUnder(dir, file.path);
        removed.push(file.path);
      } else kept.push(file.path);
    } catch (error) {
      skipped.push({ path: file.path, reason: (error as Error).message });
    }
  }
  return { removed, kept, skipped };
}
