import { resolve } from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import type { CdnCheckRequest, CdnRelease, DistributionEnvironment, DistributionType, LocClient } from '@loc/sdk';
import type { Context } from '../run/context';
import type { LocaleMap } from '../files/locale-map';
import type { WrittenFile } from '../files/record';
import type { Manifest } from '../files/release-manifest';
import { examples } from '../help/help-examples';
import type { Run } from '../run/run-types';
import { forceOption, localeMapOption, timeoutOption } from '../options/shared-options';
import { startProgress } from '../ui/progress';

/** The value lists of --environment and --type; a test checks them against the SDK's. */
export const ENVIRONMENTS = ['DEVELOPMENT', 'TEST', 'STAGING', 'PRODUCTION'] as const;
export const DISTRIBUTION_TYPES = ['NATIVE_FORMAT', 'MOBILE_SDK_ANDROID', 'MOBILE_SDK_IOS'] as const;

/** A build step should never hang: the check and its download together get this long by default. */
const DEFAULT_CDN_TIMEOUT_MS = 2 * 60_000;

const checkDeclaration = () =>
  new Command('check')
    .description('is there a newer release for this app? exit 0 yes, 20 no; --download fetches it')
    .addOption(
      new Option(
        '-e, --environment <environment>',
        'distribution environment (default: cdn.environment of loc.config.json)',
      ).choices(ENVIRONMENTS),
    )
    .addOption(
      new Option('-t, --type <type>', 'distribution type (default: cdn.type of loc.config.json)').choices(
        DISTRIBUTION_TYPES,
      ),
    )
    .addOption(new Option('--client-version <semver>', "the app's version: only releases made for it are offered"))
    .addOption(
      new Option(
        '--client-release <id>',
        'the release the app has now (default: the one recorded in the --download folder)',
      ),
    )
    .addOption(new Option('--client-user <id>', 'for the service’s logs only'))
    .addOption(new Option('--client-agent <agent>', 'for the service’s logs only (default loc-cli)'))
    .addOption(new Option('--client-language <code>', 'for the service’s logs only'))
    .addOption(
      new Option(
        '-d, --download [dir]',
        'download and unzip the release into this folder; skipped when it is there already',
      ),
    )
    .addOption(localeMapOption('with --download: name a service locale as the app wants it, pt-BR=pt (repeatable)'))
    .addOption(forceOption('with --download: overwrite or remove files changed since loc wrote them'))
    .addOption(timeoutOption(DEFAULT_CDN_TIMEOUT_MS, 'give up on the check and its download after this long'))
    .addHelpText(
      'after',
      `${examples(
        'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0',
        'loc cdn check -e PRODUCTION -t MOBILE_SDK_ANDROID --download app/src/main/assets/strings',
        'loc cdn check -e PRODUCTION -t MOBILE_SDK_IOS --cdn-base-url https://cdn.loc.dev --cdn-check-path /v1/distributions/check',
      )}
In a build script:
  loc cdn check -e PRODUCTION -t MOBILE_SDK_IOS --download Strings; case $? in
    0) echo "new strings" ;; 20) echo "up to date" ;; 3) echo "bad CDN key" ;; 7) echo "usage limit" ;; *) exit 1 ;;
  esac`,
    );
type CdnCheckOptions = ReturnType<ReturnType<typeof checkDeclaration>['opts']>;

/** `loc cdn check`. */
export function cdnCommand(run: Run) {
  return new Command('cdn')
    .description('distributions: ask the CDN for the newest release of the strings')
    .addHelpText(
      'after',
      examples('loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0'),
    )
    .addCommand(checkDeclaration().action(run(check)));
}

// The heavy modules are bound when the handler runs, not at start-up (see commands/export.ts).
let redactUrl: typeof import('@loc/sdk').redactUrl;
let MANIFEST_NAME: typeof import('../files/release-manifest').MANIFEST_NAME;
let ManifestSchema: typeof import('../files/release-manifest').ManifestSchema;
let UsageError: typeof import('../run/errors').UsageError;
let madeFor: typeof import('../run/errors').madeFor;
let EXIT: typeof import('../run/errors').EXIT;
let countStatuses: typeof import('../files/deliver').countStatuses;
let deliver: typeof import('../files/deliver').deliver;
let localize: typeof import('../files/locale-map').localize;
let resolveLocaleMap: typeof import('../files/locale-map').resolveLocaleMap;
let applyTemplate: typeof import('../files/path-template').applyTemplate;
let DEFAULT_PATH_TEMPLATE: typeof import('../files/path-template').DEFAULT_PATH_TEMPLATE;
let displayPath: typeof import('../files/place').displayPath;
let indexOf: typeof import('../files/record').indexOf;
let readRecord: typeof import('../files/record').readRecord;
let sha256File: typeof import('../files/record').sha256File;
let checkUnder: typeof import('../files/safe-fs').checkUnder;
let isFileUnder: typeof import('../files/safe-fs').isFileUnder;
let removeFileUnder: typeof import('../files/safe-fs').removeFileUnder;
let lockFolder: typeof import('../files/folder-lock').lockFolder;
let sortedFiles: typeof import('../files/record').sortedFiles;
let writeRecord: typeof import('../files/record').writeRecord;
let checkOutputFolder: typeof import('../files/targets').checkOutputFolder;
let requireFlags: typeof import('../ui/prompts').requireFlags;

async function loadDependencies(): Promise<void> {
  const [sdk, errors, localeMap, prompts] = await Promise.all([
    import('@loc/sdk'),
    import('../run/errors'),
    import('../files/locale-map'),
    import('../ui/prompts'),
  ]);
  // Member reads, not destructuring assignments: knip (`pnpm lint`) follows these to the exports used.
  redactUrl = sdk.redactUrl;
  UsageError = errors.UsageError;
  madeFor = errors.madeFor;
  EXIT = errors.EXIT;
  localize = localeMap.localize;
  resolveLocaleMap = localeMap.resolveLocaleMap;
  requireFlags = prompts.requireFlags;
}

/**
 * What only --download uses (the folder checks, the record of what was written, the downloader and the
 * unzipper): a plain check, as a build step runs it most of the time, loads none of it.
 */
async function loadDownloader(): Promise<void> {
  const [manifestModule, deliverModule, template, place, record, targets, safeFs, folderLock] = await Promise.all([
    import('../files/release-manifest'),
    import('../files/deliver'),
    import('../files/path-template'),
    import('../files/place'),
    import('../files/record'),
    import('../files/targets'),
    import('../files/safe-fs'),
    import('../files/folder-lock'),
  ]);
  MANIFEST_NAME = manifestModule.MANIFEST_NAME;
  ManifestSchema = manifestModule.ManifestSchema;
  countStatuses = deliverModule.countStatuses;
  deliver = deliverModule.deliver;
  applyTemplate = template.applyTemplate;
  DEFAULT_PATH_TEMPLATE = template.DEFAULT_PATH_TEMPLATE;
  displayPath = place.displayPath;
  indexOf = record.indexOf;
  readRecord = record.readRecord;
  sha256File = record.sha256File;
  checkUnder = safeFs.checkUnder;
  isFileUnder = safeFs.isFileUnder;
  removeFileUnder = safeFs.removeFileUnder;
  lockFolder = folderLock.lockFolder;
  sortedFiles = record.sortedFiles;
  writeRecord = record.writeRecord;
  checkOutputFolder = targets.checkOutputFolder;
}

/**
 * `loc cdn check`: asks which release a client app should download. Exit 0 with a release, 20 when
 * there is nothing newer; with --download, the bundle is unzipped into the folder (skipped when that
 * release is already there) and `.loc-release.json` records which release it is.
 */
async function check(ctx: Context, options: CdnCheckOptions): Promise<number> {
  await loadDependencies();
  const defaults = ctx.projectConfig()?.config.cdn ?? {};
  const environment = options.environment ?? defaults.environment;
  const type = options.type ?? defaults.type;
  const example =
    'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0 --download build/strings';
  const missing = [...(environment ? [] : ['environment']), ...(type ? [] : ['type'])];
  // No prompt here: a build step must never wait for input, so even at a terminal the flags are required.
  requireFlags('loc cdn check never prompts: a build step must not wait for input', missing, example);

  let dir: string | undefined;
  if (typeof options.download === 'string') dir = resolve(ctx.cwd, options.download);
  else if (options.download === true) {
    const loaded = ctx.projectConfig();
    if (!defaults.out || !loaded)
      throw new UsageError('--download needs a folder (or cdn.out in loc.config.json).', `For example: ${example}`);
    const { configuredFolder } = await import('../files/targets');
    dir = await configuredFolder(ctx, loaded, 'cdn.out', defaults.out, (folder) => [
      'loc',
      'cdn',
      'check',
      '--download',
      folder,
    ]);
  }
  // Checked before the check is sent: each accepted check spends the workspace's CDN budget.
  const localeMap = resolveLocaleMap(ctx.projectConfig()?.config.localeMap, options.localeMap);
  if (dir) {
    await loadDownloader();
    checkOutputFolder(dir, '--download');
    // One run at a time in the folder, from reading its record to writing it again.
    lockFolder(dir);
  }
  // A folder whose files were deleted counts as holding no release: it is fetched again.
  const recorded: Manifest | undefined = dir ? readRecord(dir, MANIFEST_NAME, ManifestSchema) : undefined;
  const manifest = recorded && dir && filesPresent(dir, recorded) ? recorded : undefined;
  const clientRelease = options.clientRelease ?? manifest?.distributionReleaseId;

  const { client } = await ctx.client('cdnKey');
  const body: CdnCheckRequest = {
    distributionEnvironment: environment!,
    distributionType: type!,
    ...(options.clientVersion ? { clientVersion: options.clientVersion } : {}),
    ...(clientRelease ? { clientRelease } : {}),
    ...(options.clientUser ? { clientUser: options.clientUser } : {}),
    clientAgent: options.clientAgent ?? 'loc-cli',
    ...(options.clientLanguage ? { clientLanguageCode: options.clientLanguage } : {}),
  };
  // The deadline (--timeout) is the context's: ctx.signal aborts when it passes, and the context reports it.
  return await checkAndDownload(ctx, {
    client,
    body,
    dir,
    manifest,
    recorded,
    clientRelease,
    environment: environment!,
    type: type!,
    options,
    localeMap,
  });
}

interface CheckRun {
  client: LocClient;
  body: CdnCheckRequest;
  dir: string | undefined;
  manifest: Manifest | undefined;
  recorded: Manifest | undefined;
  clientRelease: string | undefined;
  environment: DistributionEnvironment;
  type: DistributionType;
  options: CdnCheckOptions;
  localeMap: LocaleMap;
}

async function checkAndDownload(ctx: Context, run: CheckRun): Promise<number> {
  const { client, body, dir, manifest, recorded, clientRelease, environment, type, options, localeMap } = run;
  const { signal } = ctx;
  // One attempt (a check is never sent twice), given the whole --timeout: its message can then name --timeout.
  const release = await madeFor(
    'checkDistribution',
    client.cdn.check(body, { signal, timeoutMs: options.timeout ?? DEFAULT_CDN_TIMEOUT_MS }),
  );

  if (!release || manifest?.distributionReleaseId === release.distributionReleaseId) {
    const current = release ?? undefined;
    ctx.out.result({ release: current ?? null, upToDate: true, current: manifest ?? null, downloaded: false }, () => {
      if (manifest)
        ctx.out.line(
          `Up to date: ${manifest.name} (${manifest.distributionReleaseId}) is the newest release${dir ? ` in ${displayPath(dir)}` : ''}.`,
        );
      else if (clientRelease) ctx.out.line(`Up to date: ${clientRelease} is the newest release.`);
      else
        ctx.out.line(
          `No release of ${environment} ${type}${options.clientVersion ? ` for client version ${options.clientVersion}` : ''}.`,
        );
    });
    return EXIT.NO_RELEASE;
  }

  if (!dir) {
    ctx.out.result({ release, upToDate: false, downloaded: false }, () => printRelease(ctx, release));
    return EXIT.OK;
  }

  const progress = await startProgress(ctx, `Downloading release ${release.distributionReleaseId}…`);
  const written = indexOf(recorded?.files);
  let delivered;
  try {
    delivered = await deliver({
      source: { kind: 'zip', url: release.filesUrl, expectedSha256: release.filesSha256 },
      outDir: dir,
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
      force: options.force === true,
      signal,
      progress,
      fetch: await ctx.fetch(),
    });
  } finally {
    progress.stop();
  }
  const current = new Set(delivered.files.map((f) => f.to));
  const { removed, kept, skipped } = await removeStale(dir, recorded?.files ?? [], current, options.force === true);
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
      printRelease(ctx, release);
      const overwritten = counts.overwritten
        ? `, ${counts.overwritten} overwritten (changed since loc wrote them)`
        : '';
      ctx.out.success(
        `Unzipped ${files.length} file${files.length === 1 ? '' : 's'} into ${displayPath(dir)} (${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged${overwritten}).`,
      );
      if (removed.length)
        ctx.out.info(`Removed ${plural(removed.length, 'file')} of the previous release: ${removed.join(', ')}.`);
      if (kept.length) {
        ctx.out.warn(
          `Kept ${plural(kept.length, 'file')} you changed: ${kept.join(', ')} (no longer part of the release; remove ${kept.length === 1 ? 'it' : 'them'} yourself, or rerun with --force).`,
        );
      }
      for (const entry of skipped)
        ctx.out.warn(
          `Left '${entry.path}' of the previous release's record alone: ${entry.reason.replace(/\.$/, '')}.`,
        );
    },
  );
  return EXIT.OK;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function printRelease(ctx: Context, release: CdnRelease): void {
  ctx.out.line(
    `Release ${ctx.out.c.bold(release.name)} (${release.distributionReleaseId}), created ${release.createdAt}`,
  );
  // The pre-signed URL is a capability: shown whole only in --json, for scripts that fetch it themselves.
  ctx.out.line(`Files   ${redactUrl(release.filesUrl)}  (full URL with --json; valid 24 h)`);
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
async function removeStale(dir: string, previous: readonly WrittenFile[], current: Set<string>, force: boolean) {
  const removed: string[] = [];
  const kept: string[] = [];
  const skipped: { path: string; reason: string }[] = [];
  for (const file of previous) {
    if (current.has(file.path)) continue;
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
