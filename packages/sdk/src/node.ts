/**
 * Everything of `@loc/sdk`, plus the Node-only downloads (streamed to a temporary file, checked, renamed
 * into place) and the file of an upload streamed from disk (`fileFromPath`).
 *
 * @example
 * import { createClient, downloadExport } from '@loc/sdk/node';
 * const loc = createClient();
 * await downloadExport(await loc.exports.createAndWait('acme', 'mobile-ios'), 'build/strings.zip');
 *
 * @module @loc/sdk/node
 */
export * from './index';
export {
  DEFAULT_DOWNLOAD_IDLE_TIMEOUT_MS,
  DEFAULT_DOWNLOAD_MAX_BYTES,
  DEFAULT_DOWNLOAD_TIMEOUT_MS,
  DOWNLOAD_MIN_BYTES_PER_SECOND,
  MAX_DOWNLOAD_REDIRECTS,
  downloadExport,
  downloadExportFile,
  downloadRelease,
  downloadToFile,
  type DownloadOptions,
  type DownloadProgress,
  type DownloadResult,
} from './download/download';
export { fileFromPath } from './upload/file-from-path';
