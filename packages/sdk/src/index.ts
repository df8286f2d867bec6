/**
 * The client of the localization service for Node, browsers and edge runtimes: {@link createClient} and
 * {@link createCdnClient}, the errors they throw, the values a program branches on, and the types of every
 * request and answer. The zod schemas are in `@loc/sdk/schemas`, the locale helpers in `@loc/sdk/locales`,
 * the Node-only downloads in `@loc/sdk/node` (docs/sdk.md, "Entry points").
 *
 * @example
 * import { createClient } from '@loc/sdk';
 * const loc = createClient({ token: process.env.LOC_API_TOKEN });
 * for (const p of (await loc.projects.list()).members) console.log(p.workspace, p.project, p.title);
 *
 * @module @loc/sdk
 */

// The clients and what they are made with.
export { createCdnClient, createClient, type LocClient } from './client';
export { DEFAULT_BASE_URL, SDK_VERSION, type ClientOptions } from './request/config';
export type { APIPromise, APIResponse, WithResponse } from './request/api-promise';
export type { Logger, LogLevel } from './request/log';
export type { ClientHooks, RequestEvent, ResponseEvent, RetryEvent } from './request/hooks';
export type { RequestOptions } from './request/request-options';
export type { PollOptions } from './request/poll';
export type { Cdn } from './resources/cdn';
export type { Exports, WaitForExportOptions } from './resources/exports';
export type { Projects } from './resources/projects';
export type {
  DownloadResource,
  ImportOptions,
  ImportSwitches,
  ListResourcesOptions,
  Resources,
  UploadFile,
  UploadResource,
  UploadResourceZip,
} from './resources/resources';
export { redactUrl } from './base/url';

// The errors.
export {
  AbortError,
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ContractError,
  DownloadError,
  ExportFailedError,
  InternalServerError,
  InvalidRequestError,
  LocError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  USAGE_LIMIT_EXCEEDED,
  type ContractIssue,
  type FieldError,
  type OperationInfo,
  type Permission,
  type RequestInfo,
} from './base/errors';

// The values of the API's closed lists, and the way out for one this version does not list.
export { customId, type CustomId } from './base/custom-id';
export {
  EXPORT_FORMATS,
  RESOURCE_TYPES,
  exportFormatsFor,
  formatInfo,
  type ExportFormatId,
  type FormatInfo,
  type ResourceTypeId,
} from './base/export-formats';
export {
  DISTRIBUTION_ENVIRONMENTS,
  DISTRIBUTION_TYPES,
  type CdnCheckRequest,
  type CdnErrorDetail,
  type CdnRelease,
  type DistributionEnvironment,
  type DistributionType,
} from './schemas/cdn';
export {
  SEGMENT_STATUSES,
  shareOf,
  totalSegments,
  type Link,
  type SegmentCounts,
  type SegmentStatus,
  type V1Error,
} from './schemas/common';

// The types of the answers (their schemas: `@loc/sdk/schemas`).
export type {
  CompletedExport,
  Export,
  ExportRequest,
  ExportStatus,
  ResourceExportFile,
} from './schemas/exports';
export { projectRefOf, type ProjectRef } from './base/project-ref';
export type {
  CreateProjectRequest,
  ExportFormatInfo,
  LocaleStatus,
  ProjectDetails,
  ProjectList,
  ProjectListEntry,
  RepositoryConnection,
  ResourceContainer,
  ResourceFileLocale,
  ResourceStatus,
  WorkspaceProjectStatus,
} from './schemas/projects';
export {
  RESOURCE_STATUS_FILTERS,
  type ImportCounts,
  type ImportSwitch,
  type LocaleInFileName,
  type ResourceImport,
  type ResourceList,
  type ResourceListEntry,
  type ResourceStatusFilter,
  type ResourceZipImport,
} from './schemas/resources';
