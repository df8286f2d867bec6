// src/download/: @loc/sdk/node's downloads (here), streamed to a temporary file, checked, renamed into place.
import { randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { abortErrorOf, anySignal } from '../request/signals';
import { refusedCdnUrl } from '../base/cdn-url-rule';
import { redactUrl, redactUrls } from '../base/url';
import { checkCount, checkDuration } from '../base/options';
import { networkFailureOf, safeCause } from '../request/network-failure';
import { contentLength, openDownload } from './download-source';
import { DownloadError, LocError } from '../base/errors';
import { createHashingWriter } from './hashing-writer';
import { isProcessRunning } from './process-running';
import type { CdnRelease } from '../schemas/cdn';
import type { CompletedExport } from '../schemas/exports';

export { MAX_DOWNLOAD_REDIRECTS } from './download-source';
/**
 * A download fails as stalled when, in any period of this many milliseconds (`idleTimeoutMs`), fewer than
 * {@link DOWNLOAD_MIN_BYTES_PER_SECOND} a second arrive (or fewer than what is left of the body).
 */
export const DEFAULT_DOWNLOAD_IDLE_TIMEOUT_MS = 30_000;
/**
 * The slowest a download may be over one idle period: 512 bytes a second (15 KiB in 30 s), far below any
 * real link. A byte now and then no longer keeps a download alive: one every 2 s had done so forever.
 */
export const DOWNLOAD_MIN_BYTES_PER_SECOND = 512;
/** The largest download taken unless `maxBytes` says otherwise: 512 MiB, as `loc` takes (a resource ZIP is a few MiB). */
export const DEFAULT_DOWNLOAD_MAX_BYTES = 512 * 2 ** 20;
/** How long a whole download may take unless `timeoutMs` says otherwise: 10 minutes, as `loc export` waits. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/** What `onProgress` receives while a download streams. */
export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length, when the host sent it. */
  totalBytes: number | undefined;
}

/** Options of {@link downloadToFile} and the helpers built on it. */
export interface DownloadOptions {
  signal?: AbortSignal | undefined;
  /** Called as bytes arrive (for a progress bar). */
  onProgress?: ((progress: DownloadProgress) => void) | undefined;
  /** Hex SHA-256 the file must have (a CDN release's `filesSha256`). */
  expectedSha256?: string | undefined;
  /**
   * Fail as stalled when, over this long, fewer than {@link DOWNLOAD_MIN_BYTES_PER_SECOND} a second arrive
   * (or fewer than what is left of the body). Default 30 s.
   */
  idleTimeoutMs?: number | undefined;
  /** Fail when the whole download (every redirect, the body) takes longer than this. Default 10 minutes. */
  timeoutMs?: number | undefined;
  /** Refuse bodies larger than this many bytes, before they arrive when Content-Length says so. Default 512 MiB. */
  maxBytes?: number | undefined;
  /**
   * A fetch implementation (a proxy-aware one) to download with. Default: a socket of the SDK's own,
   * read straight into the file's write batch (constant memory); through node:http(s) instead when a
   * test tool such as msw's `setupServer` or nock intercepts node:http, so it sees the download, and
   * when Node sends the URL through the proxy of the environment (`NODE_USE_ENV_PROXY=1` with
   * `HTTP_PROXY` / `HTTPS_PROXY`, less `NO_PROXY`; Node 22.21+ and 24.5+), so the download goes through it.
   */
  fetch?: typeof globalThis.fetch | undefined;
}

/** A finished download: where it is, its size and its SHA-256. */
export interface DownloadResult {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * Streams a pre-signed URL to `destination` with constant memory. The bytes go to a temporary file
 * beside the target, which is renamed into place only when the body is complete, its length matches
 * Content-Length and its SHA-256 matches `expectedSha256`; on any failure no file is left behind.
 * No credential is sent: a pre-signed URL carries its own authorization, and the download host is
 * not the API's. The URL and every redirect are held to one rule before they are requested: `https:`, or
 * plain `http:` on loopback reached only from loopback (a test, loc-mock), never with a user name or
 * password. Bounded by default: at most {@link DEFAULT_DOWNLOAD_MAX_BYTES}, within
 * {@link DEFAULT_DOWNLOAD_TIMEOUT_MS}, and at least {@link DOWNLOAD_MIN_BYTES_PER_SECOND} over each idle
 * period. No message names the URL's query (its signature).
 *
 * @example
 * import { downloadToFile } from '@loc/sdk/node';
 * await downloadToFile(done.downloadUrl, 'out/export.zip', { onProgress: (p) => console.log(p.receivedBytes) });
 */
export async function downloadToFile(
  url: string,
  destination: string,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  const idleTimeoutMs = checkDuration('idleTimeoutMs', options.idleTimeoutMs) ?? DEFAULT_DOWNLOAD_IDLE_TIMEOUT_MS;
  const timeoutMs = checkDuration('timeoutMs', options.timeoutMs) ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  const maxBytes = checkCount('maxBytes', options.maxBytes, 0) ?? DEFAULT_DOWNLOAD_MAX_BYTES;
  const target = resolve(destination);
  await mkdir(dirname(target), { recursive: true });
  await removeStaleParts(target);
  const temporary = join(dirname(target), partName(target));
  const idle = progressWatch(idleTimeoutMs);
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = anySignal([options.signal, idle.signal, deadline]);
  let file: FileHandle | undefined;

  try {
    const source = await openDownload(url, options.fetch, signal);
    const totalBytes = contentLength(source);
    if (totalBytes !== undefined && totalBytes > maxBytes) {
      source.discard();
      throw new DownloadError(`The download is ${totalBytes} bytes, more than the limit of ${maxBytes}.`);
    }
    if (totalBytes !== undefined) idle.expect(totalBytes);
    file = await open(temporary, 'wx', 0o644);
    const fd = file.fd;
    const writer = createHashingWriter((bytes, offset, length) => writeSync(fd, bytes, offset, length));
    let receivedBytes = 0;
    await source.pipeTo(writer, (length) => {
      idle.received(length);
      receivedBytes += length;
      if (receivedBytes > maxBytes) {
        throw new DownloadError(`The download exceeded the limit of ${maxBytes} bytes.`);
      }
      options.onProgress?.({ receivedBytes, totalBytes });
    });
    const sha256 = writer.finish();
    await file.close();
    file = undefined;
    if (signal?.aborted) throw signal.reason;

    if (totalBytes !== undefined && receivedBytes !== totalBytes) {
      throw new DownloadError(
        `The download from ${redactUrl(url)} was cut short: ${receivedBytes} of ${totalBytes} bytes arrived. Try again.`,
      );
    }
    if (options.expectedSha256 && options.expectedSha256.toLowerCase() !== sha256) {
      throw new DownloadError(
        `The download from ${redactUrl(url)} is corrupt: its SHA-256 is ${sha256}, expected ${options.expectedSha256}.`,
      );
    }
    await rename(temporary, target);
    return { path: target, bytes: receivedBytes, sha256 };
  } catch (error) {
    await file?.close().catch(() => {});
    await rm(temporary, { force: true });
    if (options.signal?.aborted) throw abortErrorOf(options.signal);
    if (idle.signal.aborted) {
      const why = (idle.signal.reason as DownloadError).message;
      throw new DownloadError(`The download from ${redactUrl(url)} stalled: ${why}. Try again.`);
    }
    if (deadline.aborted) {
      throw new DownloadError(
        `The download from ${redactUrl(url)} took longer than its deadline of ${timeoutMs} ms. Try again, or allow more time (timeoutMs).`,
      );
    }
    if (error instanceof LocError) throw error;
    // Keep no fetch error: it holds the request, and a pre-signed URL's signature is a credential too; nor
    // any URL its message names (node-fetch's say "request to <url> failed") but as redactUrl shows it.
    const failure = networkFailureOf(error);
    const shown = { code: failure.code, message: redactUrls(failure.message) };
    throw new DownloadError(`The download from ${redactUrl(url)} failed: ${shown.message}`, {
      cause: safeCause(shown),
    });
  } finally {
    idle.stop();
  }
}

/**
 * The temporary file a download to `target` writes until it is complete, beside it:
 * `.<name>.<pid>.<12 hex digits>.part`. The pid tells a later download whether its writer still runs.
 */
function partName(target: string): string {
  return `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.part`;
}

/** The pid in a part file name of `target` (`''` in the names of versions without one), or undefined. */
function partPid(target: string, name: string): string | undefined {
  const prefix = `.${basename(target)}.`;
  if (!name.startsWith(prefix)) return undefined;
  const match = /^(?:(\d+)\.)?[0-9a-f]{12}\.part$/.exec(name.slice(prefix.length));
  return match ? (match[1] ?? '') : undefined;
}

/**
 * Removes the part files of `target` that downloads killed outright (SIGKILL, a power cut) left behind; an
 * interrupted one removes its own. Only files named by {@link partName}, older than this process, whose
 * writer is gone; never a link or a folder. A file that cannot be removed is left: the download goes on.
 */
async function removeStaleParts(target: string): Promise<void> {
  const dir = dirname(target);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const pid = partPid(target, name);
    if (pid === undefined || (pid !== '' && isProcessRunning(Number(pid)))) continue;
    const path = join(dir, name);
    const stats = await lstat(path).catch(() => undefined);
    if (!stats?.isFile() || stats.mtimeMs >= performance.timeOrigin) continue;
    await rm(path, { force: true }).catch(() => {});
  }
}

/**
 * A signal that aborts when, over a period of `windowMs`, fewer bytes arrive than
 * {@link DOWNLOAD_MIN_BYTES_PER_SECOND} would bring (or than are left of the body, once `expect` has been
 * told its length; at least one): a body that trickles in a byte at a time is stalled as much as one
 * that stops. Its reason says how little came. One timer per period, not one per chunk: re-arming a timer
 * for each of thousands of chunks cost a third of the throughput.
 */
function progressWatch(windowMs: number) {
  const controller = new AbortController();
  const floor = Math.ceil((DOWNLOAD_MIN_BYTES_PER_SECOND * windowMs) / 1000);
  let inWindow = 0;
  let left = Number.POSITIVE_INFINITY;
  const timer = setInterval(() => {
    const needed = Math.max(1, Math.min(floor, left));
    if (inWindow < needed)
      controller.abort(
        new DownloadError(
          inWindow === 0 ? `no data for ${windowMs} ms` : `fewer than ${needed} bytes in ${windowMs} ms`,
        ),
      );
    inWindow = 0;
  }, windowMs);
  return {
    signal: controller.signal,
    /** The body's length, from Content-Length. */
    expect: (total: number) => {
      left = total;
    },
    received: (length: number) => {
      inWindow += length;
      left -= length;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Downloads a CDN release's ZIP, verifying `filesSha256` when the service sent it. The release's `filesUrl`
 * and each redirect from it are held to the rule the over-the-air client and `loc cdn check --download`
 * hold them to: `https:`, or plain `http:` on loopback from loopback (loc-mock, tests); a `data:`, `file:`,
 * relative or other plain `http:` URL is refused with a DownloadError before it is requested. Bounded as
 * {@link downloadToFile} is (512 MiB, 10 minutes, unless the options say otherwise): the SHA-256 can be
 * checked only once every byte is in.
 *
 * @example
 * const release = await loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });
 * if (release) await downloadRelease(release, 'build/strings.zip');
 */
export async function downloadRelease(
  release: CdnRelease,
  destination: string,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  // The check's answer is untrusted input. Which URL the check went to is not known here, so the files'
  // own URL stands in for it: plain http: passes only on loopback, where a check is a test or loc-mock.
  const refused = refusedCdnUrl(release.filesUrl, release.filesUrl);
  if (refused) {
    throw new DownloadError(
      `The CDN check's answer names ${refused} for the files of release ${release.distributionReleaseId}; nothing was downloaded. The CDN, or something between it and you, must send an https: URL.`,
    );
  }
  // `expectedSha256: undefined` in the options (which the type allows) must not turn the release's check off.
  return downloadToFile(release.filesUrl, destination, {
    ...options,
    expectedSha256: options.expectedSha256 ?? release.filesSha256,
  });
}

/**
 * Downloads a completed export's ZIP.
 *
 * @example
 * const done = await loc.exports.createAndWait('acme', 'mobile-app');
 * await downloadExport(done, 'build/export.zip');
 */
export function downloadExport(job: CompletedExport, destination: string, options: DownloadOptions = {}) {
  return downloadToFile(job.downloadUrl, destination, options);
}

/**
 * Downloads one file of a completed export by its own pre-signed URL (the service gives each
 * `resourceExports` entry of a finished export a `downloadUrl`), without the ZIP of the whole export. Throws
 * DownloadError, before any request, when the export lists no such file or no URL for it: download the
 * ZIP then ({@link downloadExport}).
 *
 * @example
 * const done = await loc.exports.createAndWait('acme', 'mobile-app');
 * await downloadExportFile(done, 'res/values-de/strings.xml', 'build/values-de/strings.xml');
 */
export async function downloadExportFile(
  job: CompletedExport,
  filePath: string,
  destination: string,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  const file = job.resourceExports.find((f) => f.filePath === filePath);
  if (!file) {
    const listed = job.resourceExports.map((f) => f.filePath);
    throw new DownloadError(
      `Export ${job.id} has no file '${filePath}'${listed.length ? `; it has ${listed.slice(0, 5).join(', ')}${listed.length > 5 ? ', …' : ''}` : ''}.`,
    );
  }
  if (!file.downloadUrl) {
    throw new DownloadError(
      `Export ${job.id} gives no download URL of its own for '${filePath}'; download the whole export instead.`,
    );
  }
  return downloadToFile(file.downloadUrl, destination, options);
}
