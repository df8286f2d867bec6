// src/schemas/: the wire contract: the operation table (here) and each body's schema, one file per area.
/**
 * The API's operations, declared once. Each entry states its method, path template, API, request and
 * response bodies, every status it can answer with that status's body, and whether it is safe to repeat.
 * Everything else is derived from this table: the SDK's resource methods (they hand an operation and its
 * parameters to the one request function), the OpenAPI document (`buildOpenApiDocument`), the mock
 * server's routes and its 405 answers, and the tests' list of operations. docs/development.md ("Adding
 * an endpoint") says what a new entry needs besides.
 */
import type * as z from 'zod/mini';
import type { Permission } from '../base/errors';
import { CDN_CHECK_PATH, SERVICE_CDN_CHECK_PATH, SERVICE_CDN_URL } from '../base/service-hosts';
import { lazyObject } from '../base/lazy-object';
import { encodeSegment } from '../base/url';
import { CdnCheckRequestSchema, CdnErrorDetailSchema, cdnRelease } from './cdn';
import { cdnReleaseCheck, type ResponseSchema } from './cdn-release-check';
import { LanguageCodeSchema, V1ErrorSchema } from './common';
import { ExportRequestSchema, resourceExport } from './exports';
import {
  CreateProjectRequestSchema,
  projectDetails,
  projectList,
  resourceStatus,
  workspaceStatusList,
} from './projects';
import {
  UploadResourceRequestSchema,
  UploadResourceZipRequestSchema,
  localeInFileName,
  parameterBoolean,
  resourceImport,
  resourceList,
  resourcePath,
  resourceStatusFilter,
  resourceText,
  resourceZipImport,
} from './resources';
import { resourceMediaTypes } from '../base/export-formats';

/** A JSON body and the name the OpenAPI document gives its schema. */
export interface NamedSchema<S extends z.ZodMiniType = z.ZodMiniType> {
  name: string;
  schema: S;
}

/**
 * A body an operation answers with: JSON checked by its schema (the default), or, where `mediaTypes` is
 * given, text in one of those media types (a resource file in its own format; its schema is a string).
 */
export interface ResponseBody extends NamedSchema {
  mediaTypes?: readonly string[];
}

/** One answer an operation can give; without `body` it is empty (204). */
export interface OperationResponse {
  description: string;
  body?: ResponseBody;
}

export interface OperationRequestBody<S extends z.ZodMiniType = z.ZodMiniType> extends NamedSchema<S> {
  /**
   * How the body is sent: JSON (the default), or `multipart/form-data`, whose fields `schema` describes (a
   * file as `z.file()`, every other field as its text).
   */
  contentType?: 'application/json' | 'multipart/form-data';
  /** The content type of a form's parts, where one is not any (OpenAPI's `encoding`): a ZIP's `file`. */
  encoding?: Record<string, { contentType: string }>;
  /** Whether a request without a body is refused. */
  required: boolean;
  /** The status of a body that is not JSON, not a form (or missing when required). */
  malformedStatus: 400 | 422;
  /** The status of a body that does not match `schema`. */
  invalidStatus: 400 | 422;
}

/**
 * A query parameter an operation takes: what it means, and the schema of its text (a string, or an enum of
 * texts: a boolean is `true` or `false`, see `parameterBoolean`). A value it refuses is a 400 naming it;
 * a parameter the table does not declare is ignored, as the service ignores one.
 */
export interface QueryParameter {
  description: string;
  schema: z.ZodMiniType<string | undefined, string | undefined>;
  required?: boolean;
}

/**
 * What a client needs to call an operation: method, path, API, whether a retry is safe, and the answers
 * it succeeds with (200 with its body, 204 where nothing may come back). What each answer means (its
 * `description`) is the contract's to say: only the OpenAPI document reads it.
 */
/**
 * What checks a call's answer: a zod schema, or a plain check held to one (`ResponseSchema`, for an answer a
 * browser app checks without carrying zod: schemas/cdn-release-check.ts).
 */
type CallSchema = z.ZodMiniType | ResponseSchema<unknown>;

export interface OperationCall {
  /** Its key in {@link OPERATIONS}; errors name the operation by it (`error.operation.id`). */
  id: string;
  method: 'GET' | 'POST';
  /** OpenAPI path template: `{name}` for each path parameter (see {@link PATH_PARAMETERS}). */
  path: string;
  /** `v1` (API token, `baseUrl`) or `cdn` (CDN key, `cdnBaseUrl`). */
  api: 'v1' | 'cdn';
  /**
   * The successful answers, each with its body's schema (the contract names it); `text` where the body is
   * text to hand over as it is (a resource file), not JSON.
   */
  responses: { 200: { body: { schema: CallSchema; text?: true } } } & Record<
    number,
    { body?: { schema: CallSchema; text?: true } }
  >;
  /** Safe to repeat (so retried on 429/502/503/504): reads, and checks that change nothing. */
  idempotent: boolean;
  /**
   * What the service checks beyond a valid credential (403 otherwise); absent where it checks nothing more.
   * Errors carry it (`error.operation.permission`), and the OpenAPI summary states it.
   */
  permission?: Permission;
}

/**
 * Another path the same operation is served at, with the same contract: the mock routes it alike and the
 * OpenAPI document states it as an operation of its own (an operationId is unique in a document).
 */
export interface OperationAlias {
  path: string;
  /** Its operationId in the OpenAPI document. */
  operationId: string;
  /** Why the operation has this path too; the OpenAPI document's description of it. */
  description: string;
  /** Where the service serves it, when that is another host than the document's (OpenAPI's `servers`). */
  server?: string;
}

/**
 * What the rest of an operation's contract says: its summary, the body it takes, the errors it answers,
 * and what each answer means, the call's successful ones included.
 */
interface OperationContract {
  summary: string;
  /** Other paths it is served at, with the same contract. */
  aliases?: readonly OperationAlias[];
  requestBody?: OperationRequestBody;
  /** The query parameters it takes, by name. */
  query?: Record<string, QueryParameter>;
  /**
   * The error statuses, each with its body, and the descriptions of the call's successful answers with the
   * names of their bodies (the schemas are the call's).
   */
  responses: Record<
    number,
    { description: string; body?: Pick<ResponseBody, 'name' | 'mediaTypes'> & Partial<NamedSchema> }
  >;
}

/** One endpoint of the service, declared once: method, path, schemas, statuses and whether a retry is safe. */
export interface Operation extends OperationCall {
  summary: string;
  /** Other paths it is served at, with the same contract (the CDN check on the service's CDN host). */
  aliases?: readonly OperationAlias[];
  requestBody?: OperationRequestBody;
  query?: Record<string, QueryParameter>;
  /** Every status the operation can answer, each with its description and body. */
  responses: { 200: OperationResponse & { body: ResponseBody } } & Record<number, OperationResponse>;
}

/** The path parameters any template may use, with what they hold. */
export const PATH_PARAMETERS = {
  workspaceUrl: 'URL slug or id (space_…) of a workspace',
  projectUrl: 'URL slug or id (pr_…) of a project',
  id: 'Export id from the POST',
  fileName: 'Name of a resource file, as `GET …/resources` lists it (`common.json`, `strings.xml`)',
} as const satisfies Record<string, string>;

// Each operation is declared in two plain object literals (no helper call, no spread, so that a bundler
// can drop what an app never refers to): what a call needs (exported; the resource methods hand it to the
// request function) and the rest of its contract (request body, errors, summary, what each answer
// means), which only `OPERATIONS` reads. An app that calls the CDN check carries its response schema, not
// its request and error schemas, the descriptions of its answers, nor any other operation. A call reads
// its response schema through a getter, from the schema module's builder (`once`) rather than its
// exported stand-in (`…Schema`, a proxy): the same schema, without the proxy's code in an app's bundle.
const V1_ERROR = { name: 'V1Error', schema: V1ErrorSchema } as const;
const CDN_ERROR = { name: 'CdnErrorDetailResponse', schema: CdnErrorDetailSchema } as const;

// Answers several `/v1` operations share: every one has 401 and 500, every one with path parameters 400 and 403.
const UNAUTHORIZED = { description: 'Credentials missing or invalid', body: V1_ERROR } as const;
const FAILED = { description: 'Unexpected failure', body: V1_ERROR } as const;
const MALFORMED_PATH = { description: 'A path segment with malformed percent-encoding', body: V1_ERROR } as const;
const FORBIDDEN = { description: 'Insufficient permission for the operation', body: V1_ERROR } as const;
const TOO_LARGE = 'The body is larger than the service takes (1 MiB in loc-mock)';
const UPLOAD_TOO_LARGE = 'The upload is larger than the service takes (16 MiB in loc-mock)';

export const listProjects = {
  id: 'listProjects',
  method: 'GET',
  path: '/v1/projects',
  api: 'v1',
  idempotent: true,
  responses: {
    200: {
      body: {
        get schema() {
          return projectList();
        },
      },
    },
  },
} as const satisfies OperationCall;
const listProjectsContract = {
  summary: 'Projects the user owns or collaborates on, across all workspaces',
  responses: {
    200: { description: 'The projects, each with self links', body: { name: 'ProjectList' } },
    401: UNAUTHORIZED,
    500: FAILED,
  },
} as const satisfies OperationContract;

export const workspaceStatus = {
  id: 'workspaceStatus',
  method: 'GET',
  path: '/v1/{workspaceUrl}/projects/status',
  api: 'v1',
  idempotent: true,
  permission: { name: 'generalView', on: 'workspace' },
  responses: {
    200: {
      body: {
        get schema() {
          return workspaceStatusList();
        },
      },
    },
  },
} as const satisfies OperationCall;
const workspaceStatusContract = {
  summary: 'Every project of the workspace with per-locale counts by segment status',
  responses: {
    200: { description: 'One entry per project', body: { name: 'WorkspaceStatus' } },
    401: UNAUTHORIZED,
    500: FAILED,
    400: MALFORMED_PATH,
    403: FORBIDDEN,
    404: { description: 'The workspace does not exist', body: V1_ERROR },
  },
} as const satisfies OperationContract;

export const createProject = {
  id: 'createProject',
  method: 'POST',
  path: '/v1/{workspaceUrl}/projects',
  api: 'v1',
  // A repeat could create a second project; `projects.create(…, { retry: true })` opts in.
  idempotent: false,
  permission: { name: 'settingsManage', on: 'workspace' },
  responses: {
    200: {
      body: {
        get schema() {
          return projectDetails();
        },
      },
    },
  },
} as const satisfies OperationCall;
const createProjectContract = {
  summary: 'Create a project',
  requestBody: {
    name: 'CreateProjectRequest',
    schema: CreateProjectRequestSchema,
    required: true,
    malformedStatus: 400,
    invalidStatus: 422,
  },
  responses: {
    200: { description: 'The new project', body: { name: 'ProjectDetails' } },
    401: UNAUTHORIZED,
    500: FAILED,
    403: FORBIDDEN,
    400: { description: 'The body is missing or not JSON, or a path segment is malformed', body: V1_ERROR },
    404: { description: 'The workspace does not exist', body: V1_ERROR },
    413: { description: TOO_LARGE, body: V1_ERROR },
    422: {
      description: 'The body does not match CreateProjectRequest, or a project of the workspace has this title already',
      body: V1_ERROR,
    },
  },
} as const satisfies OperationContract;

export const getProject = {
  id: 'getProject',
  method: 'GET',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}',
  api: 'v1',
  idempotent: true,
  permission: { name: 'generalView', on: 'project' },
  responses: {
    200: {
      body: {
        get schema() {
          return projectDetails();
        },
      },
    },
  },
} as const satisfies OperationCall;
const getProjectContract = {
  summary: 'Project details',
  responses: {
    200: { description: 'V1DetailedProjectInfo', body: { name: 'ProjectDetails' } },
    401: UNAUTHORIZED,
    500: FAILED,
    400: MALFORMED_PATH,
    403: FORBIDDEN,
    404: { description: 'The workspace or project does not exist', body: V1_ERROR },
  },
} as const satisfies OperationContract;

export const projectStatus = {
  id: 'projectStatus',
  method: 'GET',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}/status',
  api: 'v1',
  idempotent: true,
  permission: { name: 'resourcesView', on: 'project' },
  responses: {
    200: {
      body: {
        get schema() {
          return resourceStatus();
        },
      },
    },
  },
} as const satisfies OperationCall;
const projectStatusContract = {
  summary: 'Resource files, export formats and repository connections',
  responses: {
    200: { description: 'V1ResourceFileResponse', body: { name: 'ResourceStatus' } },
    401: UNAUTHORIZED,
    500: FAILED,
    400: MALFORMED_PATH,
    403: FORBIDDEN,
    404: { description: 'The workspace or project does not exist', body: V1_ERROR },
  },
} as const satisfies OperationContract;

export const createExport = {
  id: 'createExport',
  method: 'POST',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}/exports',
  api: 'v1',
  // A repeat would start a second export.
  idempotent: false,
  permission: { name: 'resourcesView', on: 'project' },
  responses: {
    200: {
      body: {
        get schema() {
          return resourceExport();
        },
      },
    },
  },
} as const satisfies OperationCall;
const createExportContract = {
  summary: 'Request an asynchronous export',
  requestBody: {
    name: 'ResourceExportRequest',
    schema: ExportRequestSchema,
    required: false,
    malformedStatus: 400,
    invalidStatus: 400,
  },
  responses: {
    200: { description: 'Status PROCESSING and the export id', body: { name: 'ResourceExportResponse' } },
    401: UNAUTHORIZED,
    500: FAILED,
    403: FORBIDDEN,
    400: {
      description: 'The body is not JSON or does not match ResourceExportRequest, or a path segment is malformed',
      body: V1_ERROR,
    },
    404: { description: 'The workspace, project or a filtered file path does not exist', body: V1_ERROR },
    413: { description: TOO_LARGE, body: V1_ERROR },
  },
} as const satisfies OperationContract;

export const getExport = {
  id: 'getExport',
  method: 'GET',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}/exports/{id}',
  api: 'v1',
  idempotent: true,
  permission: { name: 'resourcesView', on: 'project' },
  responses: {
    200: {
      body: {
        get schema() {
          return resourceExport();
        },
      },
    },
  },
} as const satisfies OperationCall;
const getExportContract = {
  summary: 'Current status of an export and, on SUCCESS, its download URL',
  responses: {
    200: { description: 'The export', body: { name: 'ResourceExportResponse' } },
    401: UNAUTHORIZED,
    500: FAILED,
    400: MALFORMED_PATH,
    403: FORBIDDEN,
    404: { description: 'The workspace, project or export does not exist', body: V1_ERROR },
  },
} as const satisfies OperationContract;

// The resource files of a project: the endpoints spec.md leaves out, as the real service has them
// (real-service-notes.md, "Resources"). The permission of each is @loc's reading (docs/decisions.md,
// "Resources"): the service's keys have per-category access, and resourcesView is the spec's permission of
// the resources category, for the upload too.
const NO_PROJECT = { description: 'The workspace or project does not exist', body: V1_ERROR } as const;
const RESOURCE_PATH = {
  description: 'The folder of the file in the repository (`config/locales`): tells apart two files of one name',
  get schema() {
    return resourcePath();
  },
} as const satisfies QueryParameter;
const RESOURCE_LOCALE = {
  description: 'The locale of the file (`de`, `pt-BR`); without it, the locale comes from the file name',
  schema: LanguageCodeSchema,
} as const satisfies QueryParameter;
const UPLOAD_MALFORMED = {
  description:
    'The body is not multipart/form-data, has no part `file`, or a field is malformed (a switch not `true` or `false`, a locale that is not a language code), or a path segment is malformed',
  body: V1_ERROR,
} as const;
const UPLOAD_UNREADABLE = {
  description:
    'The file does not parse in its format (the message names the line), its locale is not a locale of the project, or the name and path of a new file do not say where its locale goes',
  body: V1_ERROR,
} as const;

export const listResources = {
  id: 'listResources',
  method: 'GET',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}/resources',
  api: 'v1',
  idempotent: true,
  permission: { name: 'resourcesView', on: 'project' },
  responses: {
    200: {
      body: {
        get schema() {
          return resourceList();
        },
      },
    },
  },
} as const satisfies OperationCall;
const listResourcesContract = {
  summary: "The project's resource files, one entry per file and locale",
  query: {
    localeInFileName: {
      description:
        "Which locales' files are listed: `ALL` (the default), `TARGETS` (the target locales'), `NONE` (the source files alone)",
      get schema() {
        return localeInFileName();
      },
    },
    addIso2Slug: {
      description: "Whether each file's self link names its locale (`iso2_slug`): `true` (the default) or `false`",
      get schema() {
        return parameterBoolean();
      },
    },
  },
  responses: {
    200: {
      description: "Each file's name, locale and links; its self link downloads it",
      body: { name: 'ResourceList' },
    },
    401: UNAUTHORIZED,
    500: FAILED,
    403: FORBIDDEN,
    400: {
      description: 'A query parameter has a value it does not take, or a path segment is malformed',
      body: V1_ERROR,
    },
    404: NO_PROJECT,
  },
} as const satisfies OperationContract;

export const uploadResource = {
  id: 'uploadResource',
  method: 'POST',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}/resources',
  api: 'v1',
  // An import changes the project's strings; a repeat after a lost answer would import twice. Never
  // retried (the body is not sent twice either).
  idempotent: false,
  permission: { name: 'resourcesView', on: 'project' },
  responses: {
    200: {
      body: {
        get schema() {
          return resourceImport();
        },
      },
    },
    204: {},
  },
} as const satisfies OperationCall;
const uploadResourceContract = {
  summary: 'Upload one resource file and import its strings, as its six switches allow',
  requestBody: {
    name: 'UploadResourceRequest',
    schema: UploadResourceRequestSchema,
    contentType: 'multipart/form-data',
    required: true,
    malformedStatus: 400,
    invalidStatus: 400,
  },
  responses: {
    200: {
      description:
        'What the import did: the file it landed in and its counts (loc-mock; the service’s answer is not documented)',
      body: { name: 'ResourceImport' },
    },
    204: { description: 'Imported, without an answer body (the service’s answer is not documented)' },
    401: UNAUTHORIZED,
    500: FAILED,
    403: FORBIDDEN,
    400: UPLOAD_MALFORMED,
    413: { description: UPLOAD_TOO_LARGE, body: V1_ERROR },
    422: UPLOAD_UNREADABLE,
    404: {
      description: 'The workspace or project does not exist, or a translation names no file of the project',
      body: V1_ERROR,
    },
    406: { description: 'The file name collides with another file, and no `path` tells them apart', body: V1_ERROR },
  },
} as const satisfies OperationContract;

export const uploadResourceZip = {
  id: 'uploadResourceZip',
  method: 'POST',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}/resources/zip',
  api: 'v1',
  // As an upload of one file: never repeated.
  idempotent: false,
  permission: { name: 'resourcesView', on: 'project' },
  responses: {
    200: {
      body: {
        get schema() {
          return resourceZipImport();
        },
      },
    },
    204: {},
  },
} as const satisfies OperationCall;
const uploadResourceZipContract = {
  summary: 'Upload a ZIP of resource files under their repository paths and import each (all or none)',
  requestBody: {
    name: 'UploadResourceZipRequest',
    schema: UploadResourceZipRequestSchema,
    contentType: 'multipart/form-data',
    encoding: { file: { contentType: 'application/zip' } },
    required: true,
    malformedStatus: 400,
    invalidStatus: 400,
  },
  responses: {
    200: {
      description: 'What the import did to each file of the ZIP (loc-mock; the service’s answer is not documented)',
      body: { name: 'ResourceZipImport' },
    },
    204: { description: 'Imported, without an answer body (the service’s answer is not documented)' },
    401: UNAUTHORIZED,
    500: FAILED,
    403: FORBIDDEN,
    400: UPLOAD_MALFORMED,
    413: { description: UPLOAD_TOO_LARGE, body: V1_ERROR },
    422: UPLOAD_UNREADABLE,
    404: {
      description: 'The workspace or project does not exist, or a translation in the ZIP names no file of the project',
      body: V1_ERROR,
    },
    406: { description: 'A file name of the ZIP matches two files of the project', body: V1_ERROR },
  },
} as const satisfies OperationContract;

export const downloadResource = {
  id: 'downloadResource',
  method: 'GET',
  path: '/v1/{workspaceUrl}/projects/{projectUrl}/resources/{fileName}',
  api: 'v1',
  idempotent: true,
  permission: { name: 'resourcesView', on: 'project' },
  responses: {
    200: {
      body: {
        text: true,
        get schema() {
          return resourceText();
        },
      },
    },
  },
} as const satisfies OperationCall;
const downloadResourceContract = {
  summary: "One resource file's text in one locale, optionally with only approved translations",
  query: {
    path: RESOURCE_PATH,
    iso2_slug: RESOURCE_LOCALE,
    'target:filterByStatus': {
      description:
        'Which translations the file holds: `ALL` (the default: every translated one), `TRANSLATED_AND_APPROVED`, `APPROVED`',
      get schema() {
        return resourceStatusFilter();
      },
    },
  },
  responses: {
    200: {
      description: "The file's text in its format; a key without a translation that passes the filter is left out",
      body: {
        name: 'ResourceText',
        get mediaTypes() {
          return resourceMediaTypes();
        },
      },
    },
    401: UNAUTHORIZED,
    500: FAILED,
    403: FORBIDDEN,
    400: {
      description: 'A query parameter has a value it does not take, or a path segment is malformed',
      body: V1_ERROR,
    },
    404: {
      description: 'The workspace, project, file or locale does not exist',
      body: V1_ERROR,
    },
    406: {
      description: 'The file name names two files of the project, and no `path` tells them apart',
      body: V1_ERROR,
    },
  },
} as const satisfies OperationContract;

export const checkDistribution = {
  id: 'checkDistribution',
  method: 'POST',
  path: CDN_CHECK_PATH,
  api: 'cdn',
  // A check changes nothing but a usage counter: repeating it is safe.
  idempotent: true,
  responses: {
    // The answer's plain check, zod's schema issue for issue: an app that only checks the CDN carries no
    // zod (schemas/cdn-release-check.ts). The contract below hands the OpenAPI document the zod schema.
    200: { body: { schema: cdnReleaseCheck } },
    204: {},
  },
} as const satisfies OperationCall;
const checkDistributionContract = {
  summary: 'Which release bundle a client app should download',
  // The service's CDN host takes the check at the path its official mobile SDKs post to (real-service-notes.md,
  // "Hosts"); spec.md names /cdn/check on the base address. A client must reach both, and loc-mock serves both.
  aliases: [
    {
      path: SERVICE_CDN_CHECK_PATH,
      operationId: 'checkDistributionOnCdnHost',
      description:
        'The same check at the path the official mobile SDKs post to on the service’s CDN host: same body, same answers.',
      server: SERVICE_CDN_URL,
    },
  ],
  requestBody: {
    name: 'CdnCheckRequest',
    schema: CdnCheckRequestSchema,
    required: true,
    malformedStatus: 422,
    invalidStatus: 422,
  },
  responses: {
    200: {
      description: 'The newest matching release; filesUrl is valid for 24 hours',
      body: {
        name: 'CdnCheckResponse',
        get schema() {
          return cdnRelease();
        },
      },
    },
    204: { description: 'No matching release, or clientRelease already is the newest' },
    401: {
      description: 'CDN key missing, malformed, invalid or expired (AUTHORIZATION / CDN_KEY_NOT_FOUND)',
      body: CDN_ERROR,
    },
    404: { description: 'No distribution matches (DISTRIBUTION / DISTRIBUTION_NOT_FOUND)', body: CDN_ERROR },
    413: { description: TOO_LARGE, body: CDN_ERROR },
    422: {
      description: 'Validation failed: no body, not JSON, or not a CdnCheckRequest (field / INVALID_VALUE …)',
      body: CDN_ERROR,
    },
    429: { description: 'CDN usage budget exceeded (USAGE / USAGE_LIMIT_EXCEEDED)', body: CDN_ERROR },
    500: { description: 'Unexpected failure', body: CDN_ERROR },
  },
} as const satisfies OperationContract;

/**
 * An operation's call and the rest of its contract as one declaration; each status's entry joins the
 * call's (the body's schema) and the contract's (the description and the body's name). The contract must describe every status the
 * call names.
 */
function operation<
  C extends OperationCall,
  K extends OperationContract & { responses: Record<keyof C['responses'], { description: string }> },
>(call: C, contract: K) {
  const responses: Record<number, OperationResponse> = { ...(contract.responses as Record<number, OperationResponse>) };
  for (const [status, { body }] of Object.entries(call.responses as Record<number, { body?: object }>)) {
    const own = responses[Number(status)]!;
    // The body's name from the contract, its schema from the call (a getter: built when first read), or
    // from the contract where it has one (the call's is then a plain check held to it: checkDistribution).
    if (body)
      responses[Number(status)] = {
        ...own,
        body: Object.defineProperties(
          {},
          { ...Object.getOwnPropertyDescriptors(body), ...Object.getOwnPropertyDescriptors(own.body) },
        ) as NamedSchema,
      };
  }
  // The permission is declared once, on the call (errors carry it); the summary states it.
  const { permission } = call;
  const summary = permission ? `${contract.summary} (${permission.name} on the ${permission.on})` : contract.summary;
  return { ...call, ...contract, summary, responses } as Omit<C & K, 'responses' | 'summary'> & {
    summary: string;
    responses: C['responses'] & K['responses'];
  };
}

/**
 * The operations, in route order: a literal path segment comes before a parameter in the same place
 * (`/projects/status` before `/projects/{projectUrl}`), since routes are tried in this order. Built on
 * first use, like the schemas: an app that never reads it carries none of the contracts.
 */
export const OPERATIONS = /* @__PURE__ */ lazyObject(
  () =>
    ({
      listProjects: operation(listProjects, listProjectsContract),
      workspaceStatus: operation(workspaceStatus, workspaceStatusContract),
      createProject: operation(createProject, createProjectContract),
      getProject: operation(getProject, getProjectContract),
      projectStatus: operation(projectStatus, projectStatusContract),
      createExport: operation(createExport, createExportContract),
      getExport: operation(getExport, getExportContract),
      listResources: operation(listResources, listResourcesContract),
      uploadResource: operation(uploadResource, uploadResourceContract),
      uploadResourceZip: operation(uploadResourceZip, uploadResourceZipContract),
      downloadResource: operation(downloadResource, downloadResourceContract),
      checkDistribution: operation(checkDistribution, checkDistributionContract),
    }) as const satisfies Record<string, Operation>,
);

/** The name of an endpoint in {@link OPERATIONS}, such as `listProjects` or `checkDistribution`. */
export type OperationId = keyof typeof OPERATIONS;
type Operations = typeof OPERATIONS;

/** The names of a template's path parameters: `'/v1/{a}/x/{b}'` → `'a' | 'b'`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** The path parameters of an operation, by name. */
export type OperationParams<K extends OperationId> = ParamsOf<Operations[K]>;

/** What a successful call of an operation gives: its 200 body, or null where it may answer 204. */
export type OperationResult<K extends OperationId> = ResultOf<Operations[K]>;

/** The body an operation takes (`never` when it takes none). */
export type OperationBody<K extends OperationId> = Operations[K] extends {
  requestBody: { schema: infer S extends z.ZodMiniType };
}
  ? z.input<S>
  : never;

/** {@link OperationParams} of an operation given as its declaration rather than its id. */
export type ParamsOf<O extends Pick<Operation, 'path'>> = Record<PathParams<O['path']>, string>;

/** {@link OperationResult} of an operation given as its declaration rather than its id. */
export type ResultOf<O extends OperationCall> =
  | OutputOf<O['responses'][200]['body']['schema']>
  | (204 extends keyof O['responses'] ? null : never);

type OutputOf<S> = S extends z.ZodMiniType ? z.output<S> : S extends ResponseSchema<infer T> ? T : never;

/** The parameter names in a template, in order. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/**
 * The path of an operation with its parameters filled in, each URL-encoded (and refused when empty,
 * `.` or `..`, which would address another endpoint).
 *
 * @example
 * pathOf(OPERATIONS.getProject, { workspaceUrl: 'acme', projectUrl: 'mobile app' }); // '/v1/acme/projects/mobile%20app'
 */
export function pathOf(operation: Pick<Operation, 'path'>, params: Record<string, string>): string {
  const shown = operation.path.replace(/\{\w+\}/g, '…');
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(params[name], shown));
}

/**
 * Every path an operation is served at: its own, then its aliases'.
 *
 * @example pathsOf(OPERATIONS.checkDistribution) // ['/cdn/check', '/v1/distributions/check']
 */
export function pathsOf(operation: Pick<Operation, 'path' | 'aliases'>): string[] {
  return [operation.path, ...(operation.aliases ?? []).map((alias) => alias.path)];
}

/** Every operation, in route order. */
export function listOperations(): (Operation & { id: OperationId })[] {
  return (Object.keys(OPERATIONS) as OperationId[]).map((id) => OPERATIONS[id]);
}
