import { z } from 'zod';
import { SDK_VERSION } from './core/config';
import { CdnCheckRequestSchema, CdnErrorDetailSchema, CdnReleaseSchema } from './resources/cdn';
import { ExportRequestSchema, ExportSchema } from './resources/exports';
import {
  CreateProjectRequestSchema,
  ProjectDetailsSchema,
  ProjectListSchema,
  ResourceStatusSchema,
  WorkspaceStatusSchema,
} from './resources/projects';

/** The `/v1` error body (docs/decisions.md). */
const V1ErrorSchema = z.looseObject({ error: z.string() });

const components = {
  ProjectList: ProjectListSchema,
  ProjectDetails: ProjectDetailsSchema,
  WorkspaceStatus: WorkspaceStatusSchema,
  ResourceStatus: ResourceStatusSchema,
  CreateProjectRequest: CreateProjectRequestSchema,
  CdnCheckRequest: CdnCheckRequestSchema,
  CdnCheckResponse: CdnReleaseSchema,
  CdnErrorDetailResponse: CdnErrorDetailSchema,
  ResourceExportRequest: ExportRequestSchema,
  ResourceExportResponse: ExportSchema,
  V1Error: V1ErrorSchema,
} satisfies Record<string, z.ZodType>;

type Component = keyof typeof components;

const ref = (name: Component) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: Component, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
const v1Errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), json('V1Error', V1_ERROR_TEXT[s] ?? 'Error')]));
const V1_ERROR_TEXT: Record<number, string> = {
  401: 'Credentials missing or invalid',
  403: 'Insufficient permission for the operation',
  404: 'Workspace, project, export id or file path does not exist',
  422: 'Validation failed',
};
const slug = (name: string, description: string) => ({ name, in: 'path', required: true, schema: { type: 'string' }, description });
const workspace = slug('workspaceUrl', 'URL slug of a workspace');
const project = slug('projectUrl', 'URL slug of a project');

/**
 * The service's API as an OpenAPI 3.1 document, built from the SDK's own zod schemas (the same ones
 * that validate responses), so it cannot drift from the client.
 *
 * @example
 * import { buildOpenApiDocument } from '@loc/sdk/openapi';
 * writeFileSync('openapi.json', JSON.stringify(buildOpenApiDocument(), null, 2));
 */
export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Localization service: projects, distributions and exports',
      version: SDK_VERSION,
      description: 'Generated from @loc/sdk schemas. Shapes the specification leaves open follow docs/decisions.md.',
    },
    servers: [{ url: 'https://api.loc.dev' }, { url: 'http://127.0.0.1:4010', description: 'loc-mock' }],
    security: [{ apiToken: [] }],
    paths: {
      '/v1/projects': {
        get: {
          operationId: 'listProjects',
          summary: 'Projects the user owns or collaborates on, across all workspaces',
          responses: { '200': json('ProjectList', 'The projects, each with self links'), ...v1Errors(401) },
        },
      },
      '/v1/{workspaceUrl}/projects/status': {
        get: {
          operationId: 'workspaceStatus',
          summary: 'Every project of the workspace with per-locale counts by segment status (generalView)',
          parameters: [workspace],
          responses: { '200': json('WorkspaceStatus', 'One entry per project'), ...v1Errors(401, 403, 404) },
        },
      },
      '/v1/{workspaceUrl}/projects': {
        post: {
          operationId: 'createProject',
          summary: 'Create a project (settingsManage on the workspace)',
          parameters: [workspace],
          requestBody: { required: true, content: { 'application/json': { schema: ref('CreateProjectRequest') } } },
          responses: { '200': json('ProjectDetails', 'The new project'), ...v1Errors(401, 403, 404, 422) },
        },
      },
      '/v1/{workspaceUrl}/projects/{projectUrl}': {
        get: {
          operationId: 'getProject',
          summary: 'Project details (generalView on the project)',
          parameters: [workspace, project],
          responses: { '200': json('ProjectDetails', 'V1DetailedProjectInfo'), ...v1Errors(401, 403, 404) },
        },
      },
      '/v1/{workspaceUrl}/projects/{projectUrl}/status': {
        get: {
          operationId: 'projectStatus',
          summary: 'Resource files, export formats and repository connections (resourcesView)',
          parameters: [workspace, project],
          responses: { '200': json('ResourceStatus', 'V1ResourceFileResponse'), ...v1Errors(401, 403, 404) },
        },
      },
      '/v1/{workspaceUrl}/projects/{projectUrl}/exports': {
        post: {
          operationId: 'createExport',
          summary: 'Request an asynchronous export (resourcesView)',
          parameters: [workspace, project],
          requestBody: { required: false, content: { 'application/json': { schema: ref('ResourceExportRequest') } } },
          responses: { '200': json('ResourceExportResponse', 'Status PROCESSING and the export id'), ...v1Errors(401, 403, 404) },
        },
      },
      '/v1/{workspaceUrl}/projects/{projectUrl}/exports/{id}': {
        get: {
          operationId: 'getExport',
          summary: 'Current status of an export and, on SUCCESS, its download URL (resourcesView)',
          parameters: [workspace, project, slug('id', 'Export id from the POST')],
          responses: { '200': json('ResourceExportResponse', 'The export'), ...v1Errors(401, 403, 404) },
        },
      },
      '/cdn/check': {
        post: {
          operationId: 'checkDistribution',
          summary: 'Which release bundle a client app should download',
          security: [{ cdnKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: ref('CdnCheckRequest') } } },
          responses: {
            '200': json('CdnCheckResponse', 'The newest matching release; filesUrl is valid for 24 hours'),
            '204': { description: 'No matching (newer) release' },
            ...Object.fromEntries(
              [
                [401, 'CDN key missing, malformed, invalid or expired (AUTHORIZATION / CDN_KEY_NOT_FOUND)'],
                [404, 'No distribution matches (DISTRIBUTION / DISTRIBUTION_NOT_FOUND)'],
                [422, 'Validation failed'],
                [429, 'CDN usage budget exceeded (USAGE / USAGE_LIMIT_EXCEEDED)'],
                [500, 'Unexpected failure'],
              ].map(([s, d]) => [String(s), json('CdnErrorDetailResponse', d as string)]),
            ),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiToken: { type: 'http', scheme: 'bearer', description: 'API token of a user (docs/decisions.md)' },
        cdnKey: { type: 'http', scheme: 'bearer', description: 'CDN key scoped to a workspace (lh-cdn_…)' },
      },
      schemas: Object.fromEntries(
        Object.entries(components).map(([name, schema]) => {
          const { $schema: _, ...body } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
          return [name, body];
        }),
      ),
    },
  };
}
