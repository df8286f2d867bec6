import { resolve } from 'node:path';
import { redactUrl, type CdnCheckRequest, type CdnRelease } from '@loc/sdk/internal';
import { resolveLocaleMap } from '../../files/locale-map';
import type { Manifest } from '../../files/release-manifest';
import type { Context } from '../../context/context';
import { EXIT, UsageError } from '../../run/errors';
import { requireFlags } from '../../ui/prompts';
import { VERSION } from '../../startup/version';
import { DEFAULT_CDN_TIMEOUT_MS, type CdnCheckOptions } from '../cdn';

/**
 * `loc cdn check`: asks which release a client app should download. Exit 0 with a release, 20 when
 * there is nothing newer; with --download, the bundle is unzipped into the folder (skipped when that
 * release is already there) and `.loc-release.json` records which release it is. What only --download
 * uses (the folder checks, the record, the downloader and the unzipper) is ./download.ts: a plain check,
 * as a build step runs it most of the time, loads none of it.
 */
export async function check(ctx: Context, options: CdnCheckOptions): Promise<number> {
  const defaults = ctx.projectConfig()?.config.cdn ?? {};
  const environment = options.environment ?? defaults.environment;
  const type = options.type ?? defaults.type;
  const example =
    'loc cdn check --environment PRODUCTION --type NATIVE_FORMAT --client-version 2.4.0 --download build/strings';
  const missing = [...(environment ? [] : ['environment']), ...(type ? [] : ['type'])];
  // No prompt here: a build step must never wait for input, so even at a terminal the flags are required.
  requireFlags('loc cdn check never prompts: a build step must not wait for input', missing, example);

  let dir: string | undefined;
  if (typeof options.download === 'string') dir = resolve(ctx.cwd, options.download);
  else if (options.download === true) {
    const loaded = ctx.projectConfig();
    if (!defaults.out || !loaded)
      throw new UsageError('--download needs a folder (or cdn.out in loc.config.json).', `For example: ${example}`);
    const { configuredFolder } = await import('../../files/targets');
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
  const download = dir ? await import('./download') : undefined;
  // The folder checked and locked, its record read (undefined when its files were deleted: fetched again).
  const key = typeof options.download === 'string' ? '--download' : 'cdn.out of loc.config.json';
  const folder = dir && download ? download.openFolder(ctx, dir, key) : undefined;
  const manifest: Manifest | undefined = folder?.present;
  const clientRelease = options.clientRelease ?? manifest?.distributionReleaseId;

  const { client, settings } = await ctx.client('cdnKey');
  const body: CdnCheckRequest = {
    distributionEnvironment: environment!,
    distributionType: type!,
    ...(options.clientVersion ? { clientVersion: options.clientVersion } : {}),
    ...(clientRelease ? { clientRelease } : {}),
    ...(options.clientUser ? { clientUser: options.clientUser } : {}),
    // As the official SDKs send `<name>/<version>` (real-service-notes.md, "CDN").
    clientAgent: options.clientAgent ?? `loc-cli/${VERSION}`,
    ...(options.clientLanguage ? { clientLanguageCode: options.clientLanguage } : {}),
  };
  // One attempt (a check is never sent twice), given the whole --timeout: its message can then name --timeout.
  // The deadline (--timeout) is the context's: ctx.signal aborts when it passes, and the context reports it.
  const release = await client.cdn.check(body, {
    signal: ctx.signal,
    timeoutMs: options.timeout ?? DEFAULT_CDN_TIMEOUT_MS,
  });

  if (!release || manifest?.distributionReleaseId === release.distributionReleaseId) {
    const current = release ?? undefined;
    ctx.out.result({ release: current ?? null, upToDate: true, current: manifest ?? null, downloaded: false }, () => {
      if (manifest)
        ctx.out.line(
          `Up to date: ${manifest.name} (${manifest.distributionReleaseId}) is the newest release${dir && download ? ` in ${download.displayPath(dir)}` : ''}.`,
        );
      else if (clientRelease) ctx.out.line(`Up to date: ${clientRelease} is the newest release.`);
      else
        ctx.out.line(
          `No release of ${environment} ${type}${options.clientVersion ? ` for client version ${options.clientVersion}` : ''}.`,
        );
    });
    return EXIT.NO_RELEASE;
  }

  if (!dir || !download || !folder) {
    ctx.out.result({ release, upToDate: false, downloaded: false }, () => printRelease(ctx, release));
    return EXIT.OK;
  }
  await download.downloadRelease(ctx, {
    release,
    checkUrl: `${settings.cdnBaseUrl}${settings.cdnCheckPath}`,
    dir,
    root: folder.root,
    recorded: folder.recorded,
    environment: environment!,
    type: type!,
    force: options.force === true,
    localeMap,
    printRelease: () => printRelease(ctx, release),
  });
  return EXIT.OK;
}

function printRelease(ctx: Context, release: CdnRelease): void {
  ctx.out.line(
    `Release ${ctx.out.c.bold(release.name)} (${release.distributionReleaseId}), created ${release.createdAt}`,
  );
  // The pre-signed URL is a capability: shown whole only in --json, for scripts that fetch it themselves.
  ctx.out.line(`Files   ${redactUrl(release.filesUrl)}  (full URL with --json; valid 24 h)`);
}
