import { z } from 'zod';
import type { RequestOptions, Transport } from '../core/request';
import { encodePath } from '../core/url';
import { LinkSchema, SegmentCountsSchema, type Link } from './common';

// ---------------------------------------------------------------------------------------------------
// Schemas. Field names the spec leaves "not shown" follow the real service (docs/decisions.md).
// Objects are loose: fields the service adds pass through.

/** An entry of `GET /v1/projects`: a title and self links (the slugs are in the self link's href). */
export const ProjectListEntrySchema = z.looseObject({
  title: z.string(),
  links: z.array(LinkSchema),
});
export type ProjectListEntry = z.infer<typeof ProjectListEntrySchema>;

export const ProjectListSchema = z.looseObject({
  members: z.array(ProjectListEntrySchema),
});
export type ProjectList = z.infer<typeof ProjectListSchema>;

/** V1DetailedProjectInfo: project details and the answer of project creation. */
export const ProjectDetailsSchema = z.looseObject({
  title: z.string(),
  description: z.string().nullish(),
  project_locales: z.array(z.string()),
  owner_email: z.string(),
  links: z.array(LinkSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectDetails = z.infer<typeof ProjectDetailsSchema>;

/** One locale's counts in the workspace status. */
export const LocaleStatusSchema = z.looseObject({
  languageCode: z.string(),
  statuses: SegmentCountsSchema,
});
export type LocaleStatus = z.infer<typeof LocaleStatusSchema>;

/** An entry of `GET /v1/{workspaceUrl}/projects/status`: one project and its per-locale counts. */
export const WorkspaceProjectStatusSchema = z.looseObject({
  title: z.string(),
  projectUrl: z.string().optional(),
  appUrl: z.string().optional(),
  segmentsCount: z.number().int().nonnegative().optional(),
  links: z.array(LinkSchema).optional(),
  locales: z.array(LocaleStatusSchema),
});
export type WorkspaceProjectStatus = z.infer<typeof WorkspaceProjectStatusSchema>;
export const WorkspaceStatusSchema = z.array(WorkspaceProjectStatusSchema);

/** One file of a resource container: one locale of it. Older responses say `iso2Slug` for `languageCode`. */
export const ResourceFileLocaleSchema = z
  .looseObject({
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
export type ResourceFileLocale = z.output<typeof ResourceFileLocaleSchema>;

/** A resource container: one source file and its translations. */
export const ResourceContainerSchema = z.looseObject({
  uuid: z.string(),
  basename: z.string(),
  /** The path with the `%{locale}` placeholder, as `filePaths` of an export takes it. */
  filePathWithLocalePlaceholder: z.string(),
  files: z.array(ResourceFileLocaleSchema),
});
export type ResourceContainer = z.output<typeof ResourceContainerSchema>;

export const ExportFormatInfoSchema = z.looseObject({ id: z.string(), name: z.string() });
export type ExportFormatInfo = z.infer<typeof ExportFormatInfoSchema>;

/** Connection state of one hosted repository provider (github, bitbucket, gitlab, azure). */
export const RepositoryConnectionSchema = z.looseObject({
  provider: z.string(),
  connected: z.boolean(),
});
export type RepositoryConnection = z.infer<typeof RepositoryConnectionSchema>;

/** V1ResourceFileResponse: files, formats and connections of one project. */
export const ResourceStatusSchema = z.looseObject({
  resourceFiles: z.array(ResourceContainerSchema),
  supportedExportFormats: z.array(ExportFormatInfoSchema),
  repositoryConnections: z.array(RepositoryConnectionSchema),
  repositoryConnected: z.boolean().optional(),
  pushToRepositoryPossible: z.boolean().optional(),
  pushType: z.string().nullish(),
  oneFileForAllLocales: z.boolean().optional(),
  segmentsUpdatedAt: z.string().nullish(),
  projectType: z
    .looseObject({
      id: z.string(),
      name: z.string(),
      fileExtensions: z.array(z.string()).optional(),
      detectLocalePossible: z.boolean().optional(),
    })
    .optional(),
});
export type ResourceStatus = z.output<typeof ResourceStatusSchema>;

/** Body of project creation. */
export const CreateProjectRequestSchema = z.object({
  title: z.string().trim().min(1, 'title must not be empty').max(255),
  resourceType: z.string().min(1, 'resourceType must not be empty'),
  sourceLanguageCode: z.string().min(1, 'sourceLanguageCode must not be empty'),
  description: z.string().max(2000).optional(),
  targetLanguageCodes: z.array(z.string().min(1)).optional(),
});
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;

// ---------------------------------------------------------------------------------------------------

/** Workspace and project slugs of a project, as the API's paths take them. */
export interface ProjectRef {
  workspaceUrl: string;
  projectUrl: string;
}

/**
 * Reads the workspace and project slugs from a project's self link
 * (`<base>/v1/<workspaceUrl>/projects/<projectUrl>`); undefined when there is no such link.
 *
 * @example
 * const { members } = await loc.projects.list();
 * const ref = projectRefOf(members[0]); // { workspaceUrl: 'acme', projectUrl: 'frontend' }
 */
export function projectRefOf(project: { links: Link[] }): ProjectRef | undefined {
  const self = project.links.find((l) => l.rel === 'self') ?? project.links[0];
  if (!self) return undefined;
  let pathname: string;
  try {
    pathname = new URL(self.href, 'http://base.invalid').pathname;
  } catch {
    return undefined;
  }
  const match = /\/v1\/([^/]+)\/projects\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  return { workspaceUrl: decodeURIComponent(match[1]!), projectUrl: decodeURIComponent(match[2]!) };
}

/** Projects: list, inspect, create, and translation status. */
export class Projects {
  constructor(private readonly transport: Transport) {}

  /**
   * Every project the token's user owns or collaborates on, across workspaces.
   *
   * @example
   * const { members } = await loc.projects.list();
   * for (const p of members) console.log(p.title, projectRefOf(p));
   */
  async list(options?: RequestOptions): Promise<ProjectList> {
    return this.transport.request(
      { method: 'GET', api: 'v1', path: '/v1/projects', schema: ProjectListSchema, idempotent: true },
      options,
    );
  }

  /**
   * Every project of a workspace with per-locale segment counts. Needs generalView on the workspace.
   *
   * @example
   * const projects = await loc.projects.workspaceStatus('acme');
   */
  async workspaceStatus(workspaceUrl: string, options?: RequestOptions): Promise<WorkspaceProjectStatus[]> {
    return this.transport.request(
      {
        method: 'GET',
        api: 'v1',
        path: encodePath`/v1/${workspaceUrl}/projects/status`,
        schema: WorkspaceStatusSchema,
        idempotent: true,
      },
      options,
    );
  }

  /**
   * Details of one project (V1DetailedProjectInfo). Needs generalView on the project.
   *
   * @example
   * const project = await loc.projects.get('acme', 'mobile-app');
   * console.log(project.project_locales);
   */
  async get(workspaceUrl: string, projectUrl: string, options?: RequestOptions): Promise<ProjectDetails> {
    return this.transport.request(
      {
        method: 'GET',
        api: 'v1',
        path: encodePath`/v1/${workspaceUrl}/projects/${projectUrl}`,
        schema: ProjectDetailsSchema,
        idempotent: true,
      },
      options,
    );
  }

  /**
   * Resource files with per-locale counts, export formats and repository connections.
   * Needs resourcesView on the project.
   *
   * @example
   * const { resourceFiles, supportedExportFormats } = await loc.projects.status('acme', 'mobile-app');
   */
  async status(workspaceUrl: string, projectUrl: string, options?: RequestOptions): Promise<ResourceStatus> {
    return this.transport.request(
      {
        method: 'GET',
        api: 'v1',
        path: encodePath`/v1/${workspaceUrl}/projects/${projectUrl}/status`,
        schema: ResourceStatusSchema,
        idempotent: true,
      },
      options,
    );
  }

  /**
   * Creates a project in a workspace. Needs settingsManage on the workspace. Not retried, since a
   * repeat could create a second project, unless `retry: true` says the caller accepts that.
   *
   * @example
   * const project = await loc.projects.create('acme', {
   *   title: 'Checkout', resourceType: 'json.standard', sourceLanguageCode: 'en', targetLanguageCodes: ['de'],
   * });
   */
  async create(
    workspaceUrl: string,
    body: CreateProjectRequest,
    options?: RequestOptions & { retry?: boolean },
  ): Promise<ProjectDetails> {
    return this.transport.request(
      {
        method: 'POST',
        api: 'v1',
        path: encodePath`/v1/${workspaceUrl}/projects`,
        body,
        schema: ProjectDetailsSchema,
        idempotent: options?.retry === true,
      },
      options,
    );
  }
}
