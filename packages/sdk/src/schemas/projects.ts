// The schemas of the projects area. Field names the spec leaves "not shown" follow the real service
// (docs/decisions.md). Objects are open: fields the service adds pass through (see `openObject`).
import * as z from 'zod';
import { RESOURCE_TYPES, type ResourceTypeId } from '../export-formats';
import { LanguageCodeSchema, LinkSchema, maxCharacters, openObject, requestEnum, SegmentCountsSchema } from './common';

/** An entry of `GET /v1/projects`: a title and self links (the slugs are in the self link's href). */
export const ProjectListEntrySchema = openObject({
  title: z.string(),
  links: z.array(LinkSchema),
});
/** The type of {@link ProjectListEntrySchema}. */
export type ProjectListEntry = z.infer<typeof ProjectListEntrySchema>;

/** The answer of `GET /v1/projects`: `{ members: [...] }`, the projects the caller owns or collaborates on. */
export const ProjectListSchema = openObject({
  members: z.array(ProjectListEntrySchema),
});
/** The type of {@link ProjectListSchema}. */
export type ProjectList = z.infer<typeof ProjectListSchema>;

/** V1DetailedProjectInfo: project details and the answer of project creation. */
export const ProjectDetailsSchema = openObject({
  title: z.string(),
  description: z.string().nullish(),
  project_locales: z.array(z.string()),
  owner_email: z.string(),
  links: z.array(LinkSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
/** The type of {@link ProjectDetailsSchema}. */
export type ProjectDetails = z.infer<typeof ProjectDetailsSchema>;

/** One locale's counts in the workspace status. */
export const LocaleStatusSchema = openObject({
  languageCode: z.string(),
  statuses: SegmentCountsSchema,
});
/** The type of {@link LocaleStatusSchema}. */
export type LocaleStatus = z.infer<typeof LocaleStatusSchema>;

/** An entry of `GET /v1/{workspaceUrl}/projects/status`: one project and its per-locale counts. */
export const WorkspaceProjectStatusSchema = openObject({
  title: z.string(),
  projectUrl: z.string().optional(),
  appUrl: z.string().optional(),
  segmentsCount: z.number().int().nonnegative().optional(),
  links: z.array(LinkSchema).optional(),
  locales: z.array(LocaleStatusSchema),
});
/** The type of {@link WorkspaceProjectStatusSchema}. */
export type WorkspaceProjectStatus = z.infer<typeof WorkspaceProjectStatusSchema>;
/** The answer of `GET /v1/{workspaceUrl}/projects/status`: every project of the workspace. */
export const WorkspaceStatusSchema = z.array(WorkspaceProjectStatusSchema);

/** One file of a resource container: one locale of it. Older responses say `iso2Slug` for `languageCode`. */
export const ResourceFileLocaleSchema = openObject({
  name: z.string(),
  languageCode: z.string().optional(),
  iso2Slug: z.string().optional(),
  mimeType: z.string().optional(),
  statuses: SegmentCountsSchema,
  failingLingochecksCount: z.number().int().nonnegative().optional(),
  segmentsUpdatedAt: z.string().nullish(),
})
  .refine((f) => f.languageCode !== undefined || f.iso2Slug !== undefined, {
    message: 'expected languageCode (or iso2Slug)',
    path: ['languageCode'],
  })
  .transform((f) => ({ ...f, languageCode: (f.languageCode ?? f.iso2Slug) as string }));
/** The type of {@link ResourceFileLocaleSchema} (as parsed: defaults and renamed fields applied). */
export type ResourceFileLocale = z.output<typeof ResourceFileLocaleSchema>;

/** A resource container: one source file and its translations. */
export const ResourceContainerSchema = openObject({
  uuid: z.string(),
  basename: z.string(),
  /** The path with the `%{locale}` placeholder, as `filePaths` of an export takes it. */
  filePathWithLocalePlaceholder: z.string(),
  files: z.array(ResourceFileLocaleSchema),
});
/** The type of {@link ResourceContainerSchema} (as parsed: defaults and renamed fields applied). */
export type ResourceContainer = z.output<typeof ResourceContainerSchema>;

/** An export format a project supports: `{ id, name }`, for example `{ id: 'json.standard', name: 'Standard JSON' }`. */
export const ExportFormatInfoSchema = openObject({ id: z.string(), name: z.string() });
/** The type of {@link ExportFormatInfoSchema}. */
export type ExportFormatInfo = z.infer<typeof ExportFormatInfoSchema>;

/** Connection state of one hosted repository provider (github, bitbucket, gitlab, azure). */
export const RepositoryConnectionSchema = openObject({
  provider: z.string(),
  connected: z.boolean(),
});
/** The type of {@link RepositoryConnectionSchema}. */
export type RepositoryConnection = z.infer<typeof RepositoryConnectionSchema>;

/** V1ResourceFileResponse: files, formats and connections of one project. */
export const ResourceStatusSchema = openObject({
  resourceFiles: z.array(ResourceContainerSchema),
  supportedExportFormats: z.array(ExportFormatInfoSchema),
  repositoryConnections: z.array(RepositoryConnectionSchema),
  repositoryConnected: z.boolean().optional(),
  pushToRepositoryPossible: z.boolean().optional(),
  pushType: z.string().nullish(),
  oneFileForAllLocales: z.boolean().optional(),
  segmentsUpdatedAt: z.string().nullish(),
  projectType: openObject({
    id: z.string(),
    name: z.string(),
    fileExtensions: z.array(z.string()).optional(),
    detectLocalePossible: z.boolean().optional(),
  }).optional(),
});
/** The type of {@link ResourceStatusSchema} (as parsed: defaults and renamed fields applied). */
export type ResourceStatus = z.output<typeof ResourceStatusSchema>;

/**
 * Body of project creation. What the service checks is stated here, so the OpenAPI document says it too:
 * a title with a visible character, a known resource type, language codes of {@link LANGUAGE_CODE_PATTERN}.
 */
export const CreateProjectRequestSchema = z.object({
  title: maxCharacters(z.string().regex(/\S/, 'title must not be empty'), 255),
  resourceType: requestEnum(RESOURCE_TYPES.map((t) => t.id) as [ResourceTypeId, ...ResourceTypeId[]]),
  sourceLanguageCode: LanguageCodeSchema,
  description: maxCharacters(z.string(), 2000).optional(),
  targetLanguageCodes: z.array(LanguageCodeSchema).optional(),
});
/** The type of {@link CreateProjectRequestSchema} (as you pass it: optional fields may be left out). */
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;
