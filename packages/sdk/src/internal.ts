/**
 * Building blocks that only `@loc/cli` and `@loc/mock-server` use: the operation table, the retry and poll
 * constants, path and message helpers. Internal: not covered by semantic versioning, and any release may
 * change or remove them. An app imports `@loc/sdk`, `@loc/sdk/schemas`, `@loc/sdk/locales` or `@loc/sdk/node`.
 *
 * It holds the root entry too: the CLI's and the mock's builds take `@loc/sdk` from here, so that they have
 * one copy of the client, its errors and zod beside these building blocks (the root entry is built alone,
 * for its import time: tsup.config.ts).
 *
 * @internal
 * @module @loc/sdk/internal
 */
export * from './index';
export { DEFAULT_TIMEOUT_MS } from './request/config';
export {
  CDN_CHECK_PATH,
  cdnCheckTarget,
  SERVICE_API_URL,
  SERVICE_CDN_CHECK_PATH,
  SERVICE_CDN_URL,
  type CdnCheckTarget,
} from './base/service-hosts';
// Re-exported (also the `@loc/sdk/duration` entry): the client's option checks use MAX_TIMER_MS, and
// esbuild's code splitting imports every chunk an entry reaches; a chunk it names no export of becomes a
// bare `import './chunk….js'`, which a bundler of this entry (the CLI's) then drops with a warning, as the
// package has no side effects.
export { DURATION_EXAMPLES, MAX_TIMER_MS, parseDuration } from './base/duration';
export {
  DEFAULT_MAX_POLL_INTERVAL_MS,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_POLL_TIMEOUT_MS,
  pollUntil,
} from './request/poll';
export {
  CDN_MAX_RETRIES,
  CDN_MAX_RETRY_AFTER_MS,
  CDN_RETRY_DELAY_RANGE_MS,
  CDN_RETRYABLE_STATUSES,
  DEFAULT_MAX_RETRIES,
  INITIAL_RETRY_DELAY_MS,
  MAX_RETRIES_LIMIT,
  MAX_RETRY_AFTER_MS,
  MAX_RETRY_DELAY_MS,
  NEVER_RETRIED_CODES,
  RETRYABLE_STATUSES,
  UNSENT_CONNECTION_CODES,
} from './request/retry';
export { refusedCdnUrl, refusedDownloadUrl } from './base/cdn-url-rule';
export { isLoopbackHost } from './base/loopback';
export {
  foldName,
  foldPath,
  hasUnsafeCharacter,
  MAX_NAME_BYTES,
  printable,
  relativePathProblem,
  segmentProblem,
  type SegmentProblem,
} from './base/relative-path';
export { MAX_NESTING_DEPTH, nestsDeeperThan } from './base/json-depth';
export { checkDepth, FormatReadError, lineFinder, snippet, TOO_DEEP } from './base/text-reading';
export { aaptText } from './base/android-text';
export { type Leaf, leavesOf, parseJson, type TreeNode } from './base/json-read';
export {
  elementsOf,
  innerXml,
  parseXml,
  startTag,
  textOf,
  type XmlElement,
  type XmlNode,
} from './base/xml-read';
export { encodePath, redactUrls } from './base/url';
export { EXPORT_FORMAT_ID_PATTERN, withFormatExtension } from './base/export-formats';
export { isProcessRunning } from './download/process-running';
export { jsonPath } from './request/validate';
export { ERROR_CLASS, HTTP_STATUS_TEXT, parseRetryAfter } from './base/errors';
export {
  OPERATIONS,
  PATH_PARAMETERS,
  listOperations,
  pathsOf,
  type OperationAlias,
  pathOf,
  pathParameterNames,
  type NamedSchema,
  type Operation,
  type OperationBody,
  type OperationCall,
  type OperationId,
  type OperationParams,
  type OperationRequestBody,
  type OperationResponse,
  type OperationResult,
  type PathParams,
  type QueryParameter,
  type ResponseBody,
} from './schemas/operations';
export { maxCharacters, openEnum, openObject, requestEnum } from './schemas/common';
export { FINAL_EXPORT_STATUSES } from './schemas/exports';
export { IMPORT_SWITCHES, LOCALE_IN_FILE_NAME, MAX_RESOURCE_PATH_LENGTH } from './schemas/resources';
export { resourceMediaTypes } from './base/export-formats';
export { docsPage } from './base/docs-page';
