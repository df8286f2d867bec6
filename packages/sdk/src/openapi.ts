/**
 * The API as an OpenAPI 3.1 document, built from the same schemas the client validates with.
 *
 * @example
 * import { buildOpenApiDocument } from '@loc/sdk/openapi';
 * console.log(JSON.stringify(buildOpenApiDocument(), null, 2));
 *
 * @module @loc/sdk/openapi
 */
import * as z from 'zod/mini';
import { DEFAULT_BASE_URL, SDK_VERSION } from './request/config';
import {
  listOperations,
  PATH_PARAMETERS,
  pathParameterNames,
  type NamedSchema,
  type Operation,
  type ResponseBody,
  type OperationAlias,
} from './schemas/operations';

/** A server of the document, or of one operation. */
interface Server {
  url: string;
  description?: string;
}

/** loc-mock's default address, the document's second server. */
const LOC_MOCK: Server = { url: 'http://127.0.0.1:4010', description: 'loc-mock' };

/**
 * JSON-Schema patterns of the path parameters: what a slug, a workspace's or project's id (the service takes
 * either: real-service-notes.md) or an export id can look like.
 */
const PARAMETER_SCHEMAS: Record<keyof typeof PATH_PARAMETERS, Record<string, unknown>> = {
  workspaceUrl: { type: 'string', pattern: '^([a-z0-9][a-z0-9-]*|space_[A-Za-z0-9_-]+)$' },
  projectUrl: { type: 'string', pattern: '^([a-z0-9][a-z0-9-]*|pr_[A-Za-z0-9_-]+)$' },
  id: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
  // A name, not a path: no folder in it.
  fileName: { type: 'string', pattern: '^[^/\\\\]+$' },
};

const SECURITY = { v1: 'apiToken', cdn: 'cdnKey' } as const satisfies Record<Operation['api'], string>;

const ref = ({ name }: NamedSchema) => ({ $ref: `#/components/schemas/${name}` });

/** The schema of each named body, once; two different schemas under one name are a bug in the table. */
function componentSchemas(operations: Operation[]) {
  const named = new Map<string, z.ZodMiniType>();
  for (const op of operations) {
    for (const body of [op.requestBody, ...Object.values(op.responses).map((r) => r.body)]) {
      // A text answer's schema is stated in place, per media type (see `contentOf`).
      if (!body || ('mediaTypes' in body && body.mediaTypes)) continue;
      const seen = named.get(body.name);
      if (seen && seen !== body.schema) throw new Error(`Two schemas are named ${body.name} in the operation table.`);
      named.set(body.name, body.schema);
    }
  }
  return Object.fromEntries(
    [...named].map(([name, schema]) => {
      return [name, jsonSchemaOf(schema)];
    }),
  );
}

/** A schema as JSON Schema, as a request states it (the input side of a transform). */
function jsonSchemaOf(schema: z.ZodMiniType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}

/**
 * An operation as the document states it; `alias` makes it the operation at one of its other paths (an
 * operationId of its own, and its host's servers).
 */
function operationObject(op: Operation & { id: string }, alias?: OperationAlias) {
  const parameters: Record<string, unknown>[] = pathParameterNames(op.path).map((name) => {
    const key = name as keyof typeof PATH_PARAMETERS;
    return { name, in: 'path', required: true, description: PATH_PARAMETERS[key], schema: PARAMETER_SCHEMAS[key] };
  });
  for (const [name, { description, schema, required }] of Object.entries(op.query ?? {}))
    parameters.push({ name, in: 'query', required: required ?? false, description, schema: jsonSchemaOf(schema) });
  // A text answer (a resource file) is its format's text: a JSON file is an object, any other a string.
  const contentOf = (body: ResponseBody) =>
    body.mediaTypes
      ? Object.fromEntries(
          body.mediaTypes.map((type) => [
            type,
            { schema: type === 'application/json' ? { type: 'object' } : { type: 'string' } },
          ]),
        )
      : { 'application/json': { schema: ref(body) } };
  return {
    operationId: alias?.operationId ?? op.id,
    summary: op.summary,
    ...(alias ? { description: alias.description } : {}),
    ...(alias?.server ? { servers: [{ url: alias.server }, LOC_MOCK] } : {}),
    ...(op.api === 'v1' ? {} : { security: [{ [SECURITY[op.api]]: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(op.requestBody
      ? {
          requestBody: {
            required: op.requestBody.required,
            content: {
              [op.requestBody.contentType ?? 'application/json']: {
                schema: ref(op.requestBody),
                ...(op.requestBody.encoding ? { encoding: op.requestBody.encoding } : {}),
              },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(op.responses).map(([status, { description, body }]) => [
        status,
        body ? { description, content: contentOf(body) } : { description },
      ]),
    ),
    'x-idempotent': op.idempotent,
  };
}

/**
 * The service's API as an OpenAPI 3.1 document, derived from the operation table (src/schemas/operations.ts)
 * and the SDK's own zod schemas (the same ones that validate responses; the CDN check's answer is checked
 * with a plain check that test/cdn-release-check.test.ts holds to its schema), so it cannot drift from the
 * client or the mock server.
 *
 * @example
 * import { buildOpenApiDocument } from '@loc/sdk/openapi';
 * writeFileSync('openapi.json', JSON.stringify(buildOpenApiDocument(), null, 2));
 */
export function buildOpenApiDocument() {
  const operations = listOperations();
  const paths: Record<string, Record<string, ReturnType<typeof operationObject>>> = {};
  for (const op of operations) {
    const method = op.method.toLowerCase();
    paths[op.path] = { ...paths[op.path], [method]: operationObject(op) };
    // Another path of the same operation: the same contract under an operationId of its own, on its host.
    for (const alias of op.aliases ?? [])
      paths[alias.path] = { ...paths[alias.path], [method]: operationObject(op, alias) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Localization service: projects, resource files, distributions and exports',
      version: SDK_VERSION,
      description: [
        'Generated from the @loc/sdk operation table and schemas. Shapes the specification leaves open follow docs/decisions.md.',
        "Every answer is application/json but a resource file's download, which is the file's text in its format. A method a path does not list answers 405 with an Allow header and the error body of its API",
        '(V1Error under /v1, CdnErrorDetailResponse under /cdn and at /v1/distributions/check); a path no operation has answers 404 with the same bodies.',
      ].join(' '),
    },
    servers: [{ url: DEFAULT_BASE_URL, description: 'the service' }, LOC_MOCK] as Server[],
    security: [{ [SECURITY.v1]: [] }],
    paths,
    components: {
      securitySchemes: {
        [SECURITY.v1]: { type: 'http', scheme: 'bearer', description: 'API token of a user (docs/decisions.md)' },
        [SECURITY.cdn]: { type: 'http', scheme: 'bearer', description: 'CDN key scoped to a workspace (lh-cdn_…)' },
      },
      schemas: componentSchemas(operations),
    },
  };
}
