/**
 * The zod schemas (zod/mini) of every body the service sends and takes, for an app that validates data of
 * its own against the contract (a cached answer, a test fixture). The client validates every answer with
 * them already; the types they describe are exported by `@loc/sdk`.
 *
 * @example
 * import { CdnReleaseSchema } from '@loc/sdk/schemas';
 * const release = CdnReleaseSchema.parse(JSON.parse(cached));
 *
 * @module @loc/sdk/schemas
 */
export { CdnCheckRequestSchema, CdnErrorCode, CdnErrorDetailSchema, CdnReleaseSchema } from './cdn';
export {
  LANGUAGE_CODE_PATTERN,
  LanguageCodeSchema,
  LinkSchema,
  SEMANTIC_VERSION_PATTERN,
  SegmentCountsSchema,
  V1ErrorSchema,
} from './common';
export { ExportRequestSchema, ExportSchema, ExportStatusSchema, ResourceExportFileSchema } from './exports';
export {
  CreateProjectRequestSchema,
  ExportFormatInfoSchema,
  LocaleStatusSchema,
  ProjectDetailsSchema,
  ProjectListEntrySchema,
  ProjectListSchema,
  RepositoryConnectionSchema,
  ResourceContainerSchema,
  ResourceFileLocaleSchema,
  ResourceStatusSchema,
  WorkspaceProjectStatusSchema,
  WorkspaceStatusSchema,
} from './projects';
export {
  ImportCountsSchema,
  ResourceImportSchema,
  ResourceListEntrySchema,
  ResourceListSchema,
  ResourceTextSchema,
  ResourceZipImportSchema,
  UploadResourceRequestSchema,
  UploadResourceZipRequestSchema,
} from './resources';
