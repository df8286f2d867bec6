import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SDK_VERSION } from './core/config';
import { abortErrorOf, anySignal } from './core/signals';
import { redactUrl } from './core/url';
import { checkCount, checkDuration } from './core/options';
import { networkFailureOf, safeCause } from './core/network-failure';
import { DownloadError, LocError } from './errors';
import type { CdnRelease } from './resources/cdn';
import type { CompletedExport } from './resources/exports';

export const DEFAULT_DOWNLOAD_IDLE_TIMEOUT_MS = 30_000;
export const MAX_DOWNLOAD_REDIRECTS = 5;

export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length, when the host sent it. */
  totalBytes: number | undefined;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Hex SHA-256 the file must have (a CDN release's `filesSha256`). */
  expectedSha256?: string;
  /** Fail when no byte arrives for this long. Default 30 s. */
  idleTimeoutMs?: number;
  /** Refuse bodies larger than this many bytes. Default: no limit. */
  maxBytes?: number;
  /** A fetch implementation (a proxy-aware one). Default: the global fetch. */
  fetch?: typeof globalThis.fetch;
}

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
 * not the API's. Redirects from https to http are refused.
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
  checkCount('maxBytes', options.maxBytes, 0);
  const target = resolve(destination);
  await mkdir(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  const idle = new AbortController();
  const signal = anySignal([options.signal, idle.signal]);
  let idleTimer = setTimeout(() => idle.abort(), idleTimeoutMs);
  const touch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => idle.abort(), idleTimeoutMs);
  };

  try {
    const response = await openDownload(url, options.fetch ?? globalThis.fetch, signal);
    const totalBytes = contentLength(response);
    if (options.maxBytes !== undefined && totalBytes !== undefined && totalBytes > options.maxBytes) {
      throw new DownloadError(`The download is ${totalBytes} bytes, more than the limit of ${options.maxBytes}.`);
    }
    const hash = createHash('sha256');
    let receivedBytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        touch();
        receivedBytes += chunk.length;
        if (options.maxBytes !== undefined && receivedBytes > options.maxBytes) {
          callback(new DownloadError(`The download exceeded the limit of ${options.maxBytes} bytes.`));
          return;
        }
        hash.update(chunk);
        options.onProgress?.({ receivedBytes, totalBytes });
        callback(null, chunk);
      },
    });
    const body = Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
    await pipeline(body, meter, createWriteStream(temporary, { flags: 'wx', mode: 0o644 }), { signal });

    if (totalBytes !== undefined && receivedBytes !== totalBytes) {
      throw new DownloadError(
        `The download from ${redactUrl(url)} was cut short: ${receivedBytes} of ${totalBytes} bytes arrived. Try again.`,
      );
    }
    const sha256 = hash.digest('hex');
    if (options.expectedSha256 && options.expectedSha256.toLowerCase() !== sha256) {
      throw new DownloadError(
        `The download from ${redactUrl(url)} is corrupt: its SHA-256 is ${sha256}, expected ${options.expectedSha256}.`,
      );
    }
    await rename(temporary, target);
    return { path: target, bytes: receivedBytes, sha256 };
  } catch (error) {
    await rm(temporary, { force: true });
    if (options.signal?.aborted) throw abortErrorOf(options.signal);
    if (idle.signal.aborted) {
      throw new DownloadError(`The download from ${redactUrl(url)} stalled: no data for ${idleTimeoutMs} ms. Try again.`);
    }
    if (error instanceof LocError) throw error;
    // Keep no fetch error: it holds the request, and a pre-signed URL's signature is a credential too.
    const failure = networkFailureOf(error);
    throw new DownloadError(`The download from ${redactUrl(url)} failed: ${failure.message}`, { cause: safeCause(failure) });
  } finally {
    clearTimeout(idleTimer);
  }
}

/**
 * Downloads a CDN release's ZIP, verifying `filesSha256` when the service sent it.
 *
 * @example
 * const release = await loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });
 * if (release) await downloadRelease(release, 'build/strings.zip');
 */
export function downloadRelease(release: CdnRelease, destination: string, options: DownloadOptions = {}) {
  return downloadToFile(release.filesUrl, destination, { expectedSha256: release.filesSha256, ...options });
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
 * Downloads one file of a completed export by its own pre-signed URL (spec.md §2.8: each
 * `resourceExports` entry has a `downloadUrl`), without the ZIP of the whole export. Throws
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
    throw new DownloadError(`Export ${job.id} gives no download URL of its own for '${filePath}'; download the whole export instead.`);
  }
  return downloadToFile(file.downloadUrl, destination, options);
}

/** GETs `url` with no credential, following at most a few redirects and never from https to http. */
async function openDownload(url: string, fetchImpl: typeof globalThis.fetch, signal: AbortSignal | undefined) {
  let current = checkDownloadUrl(url);
  for (let hop = 0; hop <= MAX_DOWNLOAD_REDIRECTS; hop++) {
    const response = await fetchImpl(current, {
      redirect: 'manual',
      signal,
      headers: { accept: 'application/zip, application/octet-stream, */*', 'user-agent': `loc-sdk/${SDK_VERSION}` },
    });
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      const next = checkDownloadUrl(new URL(response.headers.get('location')!, current).href);
      if (new URL(current).protocol === 'https:' && new URL(next).protocol !== 'https:') {
        throw new DownloadError(`Refused a redirect from https to http while downloading ${redactUrl(url)}.`);
      }
      await response.body?.cancel();
      current = next;
      continue;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const hint =
        response.status === 403 || response.status === 410
          ? ' The pre-signed URL has expired or was altered: ask the service for a new one (check the CDN again, or get the export again).'
          : '';
      throw new DownloadError(`Downloading ${redactUrl(url)} failed with HTTP ${response.status}.${hint}`, {
        status: response.status,
      });
    }
    return response;
  }
  throw new DownloadError(`Too many redirects while downloading ${redactUrl(url)}.`);
}

function checkDownloadUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DownloadError(`Not a download URL: ${JSON.stringify(redactUrl(url))}.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new DownloadError(`Refused to download from a ${parsed.protocol} URL; expected http(s).`);
  }
  return parsed.href;
}

function contentLength(response: Response): number | undefined {
  // A compressed transfer reports the compressed length while fetch hands us decoded bytes.
  if (response.headers.get('content-encoding')) return undefined;
  const value = Number(response.headers.get('content-length'));
  return response.headers.has('content-length') && Number.isInteger(value) && value >= 0 ? value : undefined;
}
