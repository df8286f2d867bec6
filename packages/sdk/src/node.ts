export * from './index';
export {
  DEFAULT_DOWNLOAD_IDLE_TIMEOUT_MS,
  MAX_DOWNLOAD_REDIRECTS,
  downloadExport,
  downloadExportFile,
  downloadRelease,
  downloadToFile,
  type DownloadOptions,
  type DownloadProgress,
  type DownloadResult,
} from './download';
