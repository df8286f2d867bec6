// The schemas of the projects area. Field names the spec leaves "not shown" follow the real service
// (docs/decisions.md). Objects are open: fields the service adds pass through (see `openObject`).
import * as z from 'zod/mini';
import { lazyObject, once } from '../base/lazy-object';
import { nonNegativeInt, refineCheck } from './checks';
import { RESOURCE_TYPES, type ResourceTypeId } from '../base/export-formats';
import type { ProjectRef } from '../base/project-ref';
import { LanguageCodeSchema, link, maxCharacters, openObject, requestEnum, segmentCounts, type Link } from './common';

/**
 * The project a self link names (`<base>/v1/<workspace>/projects/<project>`), or undefined. The one place
 * the SDK reads a project's slugs from an answer: the schemas below add them to every project they parse.
 */
function projectRefOfLinks(links: readonly Link[]): ProjectRef | undefined {
  const self = links.find((l) => l.rel === 'self') ?? links[0];
  if (!self) return undefined;
  let pathname: string;
  try {
    pathname = new URL(self.href, 'http://base.invalid').pathname;
  } catch {
    return undefined;
  }
  const match = /\/v1\/([^/]+)\/projects\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return { workspace: decodeURIComponent(match[1]!), project: decodeURIComponent(match[2]!) };
  } catch {
    // A malformed percent-encoding (`%E0%A4%A`) is not a slug.
    return undefined;
  }
}

/**
 * The slugs of a project answer, or an issue on its `links` (the parse fails: a ContractError that names
 * it) rather than a project without ids.
 */
function refOrIssue(links: readonly Link[], context: z.core.ParsePayload): ProjectRef {
  const ref = projectRefOfLinks(links);
  if (ref) return ref;
  context.issues.push({
    code: 'custom',
    path: ['links'],
    message: 'no self link of the form <base>/v1/<workspace>/projects/<project>, so the project has no ids',
    input: links,
  });
  return z.NEVER;
}

/** {@link ProjectListEntrySchema}, built on first use: what the client's calls and the other schemas build with. */
const projectListEntry = /* @__PURE__ */ once(() =>
  z.pipe(
    openObject({
      title: z.string(),
      links: z.array(link()),
    }),
    z.transform((entry, context) => {
      const ref = refOrIssue(entry.links, context);
      return { ...entry, workspace: ref.workspace, project: ref.project };
    }),
  ),
);
/**
 * An entry of `GET /v1/projects`: a title and self links, and the `workspace` and `project` slugs the
 * SDK reads from the self link's href (the ids every other call of the project takes). The service
 * promises each entry a self link; an entry without a usable one fails the parse (a ContractError that
 * names it) rather than come back without ids.
 */
export const ProjectListEntrySchema = /* @__PURE__ */ lazyObject(projectListEntry);
/** The type of {@link ProjectListEntrySchema}. */
export type ProjectListEntry = z.output<typeof ProjectListEntrySchema>;

/** {@link ProjectListSchema}, built on first use: what the client's calls and the other schemas build with. */
export const projectList = /* @__PURE__ */ once(() =>
  openObject({
    members: z.array(projectListEntry()),
  }),
);
/** The answer of `GET /v1/projects`: `{ members: [...] }`, the projects the caller owns or collaborates on. */
export const ProjectListSchema = /* @__PURE__ */ lazyObject(projectList);
/** The type of {@link ProjectListSchema}. */
export type ProjectList = z.output<typeof ProjectListSchema>;

/** {@link ProjectDetailsSchema}, built on first use: what the client's calls and the other schemas build with. */
export const projectDetails = /* @__PURE__ */ once(() =>
  z.pipe(
    // The wire's names (the real service's snake_case, docs/decisions.md): what the mock serves and the
    // OpenAPI document states. The SDK's types are camelCase; this transform is the one place they are mapped.
    openObject({
      title: z.string(),
      description: z.nullish(z.string()),
      project_locales: z.array(z.string()),
      owner_email: z.string(),
      links: z.array(link()),
      created_at: z.string(),
      updated_at: z.string(),
    }),
    z.transform(({ project_locales, owner_email, created_at, updated_at, ...rest }, context) => {
      const ref = refOrIssue(rest.links, context);
      return {
        ...rest,
        projectLocales: project_locales,
        ownerEmail: owner_email,
        createdAt: created_at,
        updatedAt: updated_at,
        workspace: ref.workspace,
        project: ref.project,
      };
    }),
  ),
);
/**
 * V1DetailedProjectInfo: project details and the answer of project creation. Parsed, its fields are
 * camelCase (`projectLocales`, `ownerEmail`, `createdAt`, `updatedAt`; the wire's `project_locales`, …) and
 * it carries the project's `workspace` and `project` slugs, read from its self link.
 */
export const ProjectDetailsSchema = /* @__PURE__ */ lazyObject(projectDetails);
/** The type of {@link ProjectDetailsSchema}. */
export type ProjectDetails = z.output<typeof ProjectDetailsSchema>;

/** {@link LocaleStatusSchema}, built on first use: what the client's calls and the other schemas build with. */
const localeStatus = /* @__PURE__ */ once(() =>
  openObject({
    languageCode: z.string(),
    statuses: segmentCounts(),
  }),
);
/** One locale's counts in the workspace status. */
export const LocaleStatusSchema = /* @__PURE__ */ lazyObject(localeStatus);
/** The type of {@link LocaleStatusSchema}. */
export type LocaleStatus = z.output<typeof LocaleStatusSchema>;

/** {@link WorkspaceProjectStatusSchema}, built on first use: what the client's calls and the other schemas build with. */
const workspaceProjectStatus = /* @__PURE__ */ once(() =>
  openObject({
    title: z.string(),
    projectUrl: z.optional(z.string()),
    appUrl: z.optional(z.string()),
    segmentsCount: z.optional(nonNegativeInt()),
    links: z.optional(z.array(link())),
    locales: z.array(localeStatus()),
  }),
);
/** An entry of `GET /v1/{workspaceUrl}/projects/status`: one project and its per-locale counts. */
export const WorkspaceProjectStatusSchema = /* @__PURE__ */ lazyObject(workspaceProjectStatus);
/** The type of {@link WorkspaceProjectStatusSchema}. */
export type WorkspaceProjectStatus = z.output<typeof WorkspaceProjectStatusSchema>;
/** {@link WorkspaceStatusSchema}, built on first use: what the client's calls and the other schemas build with. */
export const workspaceStatusList = /* @__PURE__ */ once(() => z.array(workspaceProjectStatus()));
/** The answer of `GET /v1/{workspaceUrl}/projects/status`: every project of the workspace. */
export const WorkspaceStatusSchema = /* @__PURE__ */ lazyObject(workspaceStatusList);

/** {@link ResourceFileLocaleSchema}, built on first use: what the client's calls and the other schemas build with. */
const resourceFileLocale = /* @__PURE__ */ once(() => {
  const fields = openObject({
    name: z.string(),
    languageCode: z.optional(z.string()),
    iso2Slug: z.optional(z.string()),
    mimeType: z.optional(z.string()),
    statuses: segmentCounts(),
    failingLingochecksCount: z.optional(nonNegativeInt()),
    segmentsUpdatedAt: z.nullish(z.string()),
  });
  return z.pipe(
    fields.check(
      refineCheck(
        (f) => f.languageCode !== undefined || f.iso2Slug !== undefined,
        'expected languageCode (or iso2Slug)',
        ['languageCode'],
      ),
    ),
    z.transform((f: z.output<typeof fields>) => ({ ...f, languageCode: (f.languageCode ?? f.iso2Slug) as string })),
  );
});
/** One file of a resource container: one locale of it. Older responses say `iso2Slug` for `languageCode`. */
export const ResourceFileLocaleSchema = /* @__PURE__ */ lazyObject(resourceFileLocale);
/** The type of {@link ResourceFileLocaleSchema} (as parsed: defaults and renamed fields applied). */
export type ResourceFileLocale = z.output<typeof ResourceFileLocaleSchema>;

/** {@link ResourceContainerSchema}, built on first use: what the client's calls and the other schemas build with. */
const resourceContainer = /* @__PURE__ */ once(() =>
  openObject({
    uuid: z.string(),
    basename: z.string(),
    /** The path with the `%{locale}` placeholder, as `filePaths` of an export takes it. */
    filePathWithLocalePlaceholder: z.string(),
    files: z.array(resourceFileLocale()),
  }),
);
/** A resource container: one source file and its translations. */
export const ResourceContainerSchema = /* @__PURE__ */ lazyObject(resourceContainer);
/** The type of {@link ResourceContainerSchema} (as parsed: defaults and renamed fields applied). */
export type ResourceContainer = z.output<typeof ResourceContainerSchema>;

/** {@link ExportFormatInfoSchema}, built on first use: what the client's calls and the other schemas build with. */
const exportFormatInfo = /* @__PURE__ */ once(() => openObject({ id: z.string(), name: z.string() }));
/** An export format a project supports: `{ id, name }`, for example `{ id: 'json.standard', name: 'Standard JSON' }`. */
export const ExportFormatInfoSchema = /* @__PURE__ */ lazyObject(exportFormatInfo);
/** The type of {@link ExportFormatInfoSchema}. */
export type ExportFormatInfo = z.output<typeof ExportFormatInfoSchema>;

/** {@link RepositoryConnectionSchema}, built on first use: what the client's calls and the other schemas build with. */
const repositoryConnection = /* @__PURE__ */ once(() =>
  openObject({
    provider: z.string(),
    connected: z.boolean(),
  }),
);
/** Connection state of one hosted repository provider (github, bitbucket, gitlab, azure). */
export const RepositoryConnectionSchema = /* @__PURE__ */ lazyObject(repositoryConnection);
/** The type of {@link RepositoryConnectionSchema}. */
export type RepositoryConnection = z.output<typeof RepositoryConnectionSchema>;

/** {@link ResourceStatusSchema}, built on first use: what the client's calls and the other schemas build with. */
export const resourceStatus = /* @__PURE__ */ once(() =>
  openObject({
    resourceFiles: z.array(resourceContainer()),
    supportedExportFormats: z.array(exportFormatInfo()),
    repositoryConnections: z.array(repositoryConnection()),
    repositoryConnected: z.optional(z.boolean()),
    pushToRepositoryPossible: z.optional(z.boolean()),
    pushType: z.nullish(z.string()),
    oneFileForAllLocales: z.optional(z.boolean()),
    segmentsUpdatedAt: z.nullish(z.string()),
    projectType: z.optional(
      openObject({
        id: z.string(),
        name: z.string(),
        fileExtensions: z.optional(z.array(z.string())),
        detectLocalePossible: z.optional(z.boolean()),
      }),
    ),
  }),
);
/** V1ResourceFileResponse: files, formats and connections of one project. */
export const ResourceStatusSchema = /* @__PURE__ */ lazyObject(resourceStatus);
/** The type of {@link ResourceStatusSchema} (as parsed: defaults and renamed fields applied). */
export type ResourceStatus = z.output<typeof ResourceStatusSchema>;

/**
 * Body of project creation. What the service checks is stated here, so the OpenAPI document says it too:
 * a title with a visible character, a known resource type, language codes of {@link LANGUAGE_CODE_PATTERN}.
 */
export const CreateProjectRequestSchema = /* @__PURE__ */ lazyObject(() =>
  z.object({
    title: maxCharacters(z.string().check(z.regex(/\S/, 'title must not be empty')), 255),
    resourceType: requestEnum(RESOURCE_TYPES.map((t) => t.id) as [ResourceTypeId, ...ResourceTypeId[]]),
    sourceLanguageCode: LanguageCodeSchema,
    description: z.optional(maxCharacters(z.string(), 2000)),
    targetLanguageCodes: z.optional(z.array(LanguageCodeSchema)),
  }),
);
/** The type of {@link CreateProjectRequestSchema} (as you pass it: optional fields may be left out). */
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;
