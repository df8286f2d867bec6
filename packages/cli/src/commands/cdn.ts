import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { redactUrl, type CdnCheckRequest, type CdnRelease, type DistributionEnvironment, type DistributionType, type LocClient } from '@loc/sdk';
import { z } from 'zod';
import type { Context, GlobalOptions } from '../context';
import { CliError, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import { countStatuses, deliverZip } from '../files/deliver';
import { DEFAULT_PATH_TEMPLATE } from '../files/path-template';
import { displayPath } from '../files/place';
import { requireFlags } from '../ui/prompts';
import { formatElapsed, startProgress } from '../ui/progress';

export interface CdnCheckOptions extends GlobalOptions {
  environment?: DistributionEnvironment;
  type?: DistributionType;
  clientVersion?: string;
  clientRelease?: string;
  clientUser?: string;
  clientAgent?: string;
  clientLanguage?: string;
  /** A folder, or true for the `cdn.out` of loc.config.json. */
  download?: string | true;
  /** Overall deadline of the check and the download, in ms. */
  timeout?: number;
}

/** A build step should never hang: the check and its download together get this long by default. */
export const DEFAULT_CDN_TIMEOUT_MS = 2 * 60_000;

/** What `--download` leaves beside the files: which release they are, so the next build can skip it. */
export const MANIFEST_NAME = '.loc-release.json';
const ManifestSchema = z.looseObject({
  distributionReleaseId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  files: z.array(z.string()),
});
type Manifest = z.infer<typeof ManifestSchema>;

function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, MANIFEST_NAME);
  if (!existsSync(path)) return undefined;
  try {
    const parsed = ManifestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `loc cdn check`: asks which release a client app should download. Exit 0 with a release, 20 when
 * there is nothing newer; with --download, the bundle is unzipped into the folder (skipped when that
 * release is already there) and `.loc-release.json` records which release it is.
 */
export async function check(ctx: Context, options: CdnCheckOptions): Promise<number> {
  const defaults = ctx.projectConfig()?.config.cdn ?? {};
  const environment = options.environment ?? defaults.environment;
  const type = options.type ?? defaults.type;
  const example = 'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0 --download build/strings';
  const missing = [...(environment ? [] : ['environment']), ...(type ? [] : ['type'])];
  // No prompt here: a build step must never wait for input, so even at a terminal the flags are required.
  requireFlags(false, missing, example);

  let dir: string | undefined;
  if (typeof options.download === 'string') dir = resolve(ctx.cwd, options.download);
  else if (options.download === true) {
    if (!defaults.out) throw new UsageError('--download needs a folder (or cdn.out in loc.config.json).', `For example: ${example}`);
    dir = resolve(ctx.projectConfig()?.dir ?? ctx.cwd, defaults.out);
  }
  // A folder whose files were deleted or edited away counts as holding no release: it is fetched again.
  const recorded = dir ? readManifest(dir) : undefined;
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
  const timeoutMs = options.timeout ?? DEFAULT_CDN_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([ctx.signal, deadline]);
  try {
    return await checkAndDownload(ctx, { client, body, dir, manifest, recorded, clientRelease, environment: environment!, type: type!, signal, options });
  } catch (error) {
    if (deadline.aborted && !ctx.signal.aborted) {
      throw new CliError(`The CDN check did not finish within ${formatElapsed(timeoutMs)}.`, {
        exitCode: EXIT.TIMEOUT,
        hint: 'Nothing was written. Try again, or allow more time with --timeout.',
        cause: error,
      });
    }
    throw error;
  }
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
  signal: AbortSignal;
  options: CdnCheckOptions;
}

async function checkAndDownload(ctx: Context, run: CheckRun): Promise<number> {
  const { client, body, dir, manifest, recorded, clientRelease, environment, type, signal, options } = run;
  const release = await client.cdn.check(body, { signal });

  if (!release || manifest?.distributionReleaseId === release.distributionReleaseId) {
    const current = release ?? undefined;
    ctx.out.result({ release: current ?? null, upToDate: true, current: manifest ?? null, downloaded: false }, () => {
      if (manifest) ctx.out.line(`Up to date: ${manifest.name} (${manifest.distributionReleaseId}) is the newest release${dir ? ` in ${displayPath(dir)}` : ''}.`);
      else if (clientRelease) ctx.out.line(`Up to date: ${clientRelease} is the newest release.`);
      else ctx.out.line(`No release of ${environment} ${type}${options.clientVersion ? ` for client version ${options.clientVersion}` : ''}.`);
    });
    return EXIT.NO_RELEASE;
  }

  if (!dir) {
    ctx.out.result({ release, upToDate: false, downloaded: false }, () => printRelease(ctx, release));
    return EXIT.OK;
  }

  const progress = await startProgress(ctx, `Downloading release ${release.distributionReleaseId}…`);
  let delivered;
  try {
    delivered = await deliverZip({
      url: release.filesUrl,
      outDir: dir,
      template: DEFAULT_PATH_TEMPLATE,
      localeOf: () => undefined,
      dryRun: false,
      expectedSha256: release.filesSha256,
      signal,
      progress,
      fetch: await ctx.fetch(),
    });
  } finally {
    progress.stop();
  }
  const files = delivered.files.map((f) => f.to);
  removeStale(dir, recorded, new Set(files));
  writeManifest(dir, {
    distributionReleaseId: release.distributionReleaseId,
    name: release.name,
    createdAt: release.createdAt,
    environment,
    type,
    sha256: delivered.sha256,
    downloadedAt: new Date().toISOString(),
    files,
  });
  const counts = countStatuses(delivered.files);
  ctx.out.result({ release, upToDate: false, downloaded: true, dir, files, summary: counts }, () => {
    printRelease(ctx, release);
    ctx.out.success(`Unzipped ${files.length} file${files.length === 1 ? '' : 's'} into ${displayPath(dir)} (${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged).`);
  });
  return EXIT.OK;
}

function printRelease(ctx: Context, release: CdnRelease): void {
  ctx.out.line(`Release ${ctx.out.c.bold(release.name)} (${release.distributionReleaseId}), created ${release.createdAt}`);
  // The pre-signed URL is a capability: shown whole only in --json, for scripts that fetch it themselves.
  ctx.out.line(`Files   ${redactUrl(release.filesUrl)}  (full URL with --json; valid 24 h)`);
}

function filesPresent(dir: string, manifest: Manifest): boolean {
  return manifest.files.every((f) => existsSync(join(dir, f)));
}

/** Files of the previous release that the new one no longer has. Only files the manifest lists: never others. */
function removeStale(dir: string, previous: Manifest | undefined, current: Set<string>): void {
  for (const file of previous?.files ?? []) {
    const path = resolve(dir, file);
    if (!current.has(file) && path.startsWith(resolve(dir) + sep)) rmSync(path, { force: true });
  }
}

function writeManifest(dir: string, manifest: Manifest & Record<string, unknown>): void {
  const path = join(dir, MANIFEST_NAME);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, path);
}
