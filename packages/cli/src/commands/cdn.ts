import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import type { CdnCheckRequest, CdnRelease, DistributionEnvironment, DistributionType, LocClient } from '@loc/sdk';
import type { Context } from '../context';
import { examples } from '../help-examples';
import type { Run } from '../program';
import { timeoutOption } from '../shared-options';
import { formatElapsed, startProgress } from '../ui/progress';

/** The value lists of --environment and --type; a test checks them against the SDK's. */
export const ENVIRONMENTS = ['DEVELOPMENT', 'TEST', 'STAGING', 'PRODUCTION'] as const;
export const DISTRIBUTION_TYPES = ['NATIVE_FORMAT', 'MOBILE_SDK_ANDROID', 'MOBILE_SDK_IOS'] as const;

/** A build step should never hang: the check and its download together get this long by default. */
const DEFAULT_CDN_TIMEOUT_MS = 2 * 60_000;

const checkDeclaration = () =>
  new Command('check')
    .description('is there a newer release for this app? exit 0 yes, 20 no; --download fetches it')
    .addOption(new Option('-e, --environment <environment>', 'distribution environment (default: cdn.environment of loc.config.json)').choices(ENVIRONMENTS))
    .addOption(new Option('-t, --type <type>', 'distribution type (default: cdn.type of loc.config.json)').choices(DISTRIBUTION_TYPES))
    .addOption(new Option('--client-version <semver>', "the app's version: only releases made for it are offered"))
    .addOption(new Option('--client-release <id>', 'the release the app has now (default: the one recorded in the --download folder)'))
    .addOption(new Option('--client-user <id>', 'for the service’s logs only'))
    .addOption(new Option('--client-agent <agent>', 'for the service’s logs only (default loc-cli)'))
    .addOption(new Option('--client-language <code>', 'for the service’s logs only'))
    .addOption(new Option('-d, --download [dir]', 'download and unzip the release into this folder; skipped when it is there already'))
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
    .addHelpText('after', examples('loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0'))
    .addCommand(checkDeclaration().action(run(check)));
}

// The heavy modules are bound when the handler runs, not at start-up (see commands/export.ts).
let redactUrl: typeof import('@loc/sdk').redactUrl;
let z: typeof import('zod').z;
let CliError: typeof import('../errors').CliError;
let UsageError: typeof import('../errors').UsageError;
let EXIT: typeof import('../errors').EXIT;
let countStatuses: typeof import('../files/deliver').countStatuses;
let deliverZip: typeof import('../files/deliver').deliverZip;
let DEFAULT_PATH_TEMPLATE: typeof import('../files/path-template').DEFAULT_PATH_TEMPLATE;
let displayPath: typeof import('../files/place').displayPath;
let requireFlags: typeof import('../ui/prompts').requireFlags;

async function loadDependencies(): Promise<void> {
  const [sdk, zod, errors, deliver, template, place, prompts] = await Promise.all([
    import('@loc/sdk'),
    import('zod'),
    import('../errors'),
    import('../files/deliver'),
    import('../files/path-template'),
    import('../files/place'),
    import('../ui/prompts'),
  ]);
  ({ redactUrl } = sdk);
  ({ z } = zod);
  ({ CliError, UsageError, EXIT } = errors);
  ({ countStatuses, deliverZip } = deliver);
  ({ DEFAULT_PATH_TEMPLATE } = template);
  ({ displayPath } = place);
  ({ requireFlags } = prompts);
}

/** What `--download` leaves beside the files: which release they are, so the next build can skip it. */
export const MANIFEST_NAME = '.loc-release.json';
const manifestSchema = () =>
  z.looseObject({
    distributionReleaseId: z.string(),
    name: z.string(),
    createdAt: z.string(),
    files: z.array(z.string()),
  });
interface Manifest {
  distributionReleaseId: string;
  name: string;
  createdAt: string;
  files: string[];
  [key: string]: unknown;
}

function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, MANIFEST_NAME);
  if (!existsSync(path)) return undefined;
  try {
    const parsed = manifestSchema().safeParse(JSON.parse(readFileSync(path, 'utf8')));
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
  await loadDependencies();
  const defaults = ctx.projectConfig()?.config.cdn ?? {};
  const environment = options.environment ?? defaults.environment;
  const type = options.type ?? defaults.type;
  const example = 'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0 --download build/strings';
  const missing = [...(environment ? [] : ['environment']), ...(type ? [] : ['type'])];
  // No prompt here: a build step must never wait for input, so even at a terminal the flags are required.
  requireFlags('loc cdn check never prompts: a build step must not wait for input', missing, example);

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
