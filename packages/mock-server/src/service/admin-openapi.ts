// The control API's own OpenAPI 3.1 document, made from the controls' table (admin/controls.ts): kept
// apart from the service's docs/openapi.json. `loc-mock admin-openapi` prints it; it is committed as
// docs/mock-admin-openapi.json (a test fails when that is stale).
import { z } from 'zod';
import { version } from '../../package.json';
import { MAX_NESTING_DEPTH } from '@loc/sdk/internal';
import { createClock } from '../store/clock';
import { createMockService } from './mock-service';
import { CONTROLS, type ControlName } from '../admin/controls';
import { MAX_ADMIN_BODY_BYTES } from '../admin/http';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

const capital = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

/** When the answers' examples were made: a fixed time, so that the document does not change between runs. */
const EXAMPLE_TIME = Date.UTC(2026, 10, 1);

/**
 * A control's answer to its example, as a fresh mock on the demo seed gives it (with the `addFault`
 * example added first, so that there is a fault to list and remove): the example answer is what the mock
 * says, not a second copy of it.
 */
function exampleAnswer(name: ControlName): unknown {
  const service = createMockService({ clock: createClock({ frozen: true, start: EXAMPLE_TIME }), exportDelayMs: 0 });
  if (name !== 'addFault') service.admin.addFault(CONTROLS.addFault.example);
  const run = service.admin[name] as (input?: unknown) => unknown;
  return run((CONTROLS[name] as { example?: unknown }).example);
}

const PROBLEM = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'errors'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', description: 'the JSON path of the bad field ($ for the whole input)' },
          message: { type: 'string' },
        },
      },
    },
  },
};

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/**
 * The OpenAPI document of the control API under /__admin/.
 *
 * @example
 * writeFileSync('docs/mock-admin-openapi.json', JSON.stringify(buildAdminOpenApi(), null, 2));
 */
export function buildAdminOpenApi() {
  const schemas: Record<string, unknown> = { Problem: PROBLEM };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(CONTROLS) as ControlName[]) {
    const c = CONTROLS[name];
    const input = jsonSchema(c.input as z.ZodType, 'input');
    const output = `${capital(name)}Output`;
    schemas[output] = jsonSchema(c.output as z.ZodType, 'output');
    const properties = (input.properties ?? {}) as Record<string, Record<string, unknown>>;
    const example = (c as { example?: Record<string, unknown> }).example;
    const required = new Set((input.required ?? []) as string[]);
    const parameters =
      c.from === 'query' || c.from === 'path'
        ? Object.entries(properties).map(([param, schema]) => ({
            name: param,
            in: c.from,
            required: c.from === 'path' || required.has(param),
            schema,
            ...(example?.[param] !== undefined ? { example: example[param] } : {}),
          }))
        : [];
    let requestBody: unknown;
    if (c.from === 'body') {
      const inputName = `${capital(name)}Input`;
      schemas[inputName] = input;
      requestBody = {
        required: false,
        content: {
          'application/json': {
            schema: { $ref: `#/components/schemas/${inputName}` },
            ...(example ? { example } : {}),
          },
        },
      };
    }
    paths[c.path] ??= {};
    paths[c.path]![c.method.toLowerCase()] = {
      operationId: name,
      summary: c.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        '200': {
          description: 'Done',
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/${output}` }, example: exampleAnswer(name) },
          },
        },
        '400': problemResponse(
          c.from === 'body'
            ? `Bad input: each bad field named (unknown and conflicting fields too; \`null\` is not an object; JSON nested deeper than ${MAX_NESTING_DEPTH} levels); nothing was changed`
            : 'Bad input: each bad field named (a body, which this control does not take, too); nothing was changed',
        ),
        '401': problemResponse('The admin token is missing or wrong'),
        '403': problemResponse(
          'Refused for where it comes from: a Host that is not loopback nor the mock’s --public-url/--host name, an Origin that is not the mock’s own, a browser’s Sec-Fetch-Site naming another site; or the control API is off (the server listens beyond loopback without an admin token)',
        ),
        ...(c.from === 'path' ? { '404': problemResponse('No such item') } : {}),
        ...(c.from === 'body'
          ? {
              '413': problemResponse(
                `The body is over ${MAX_ADMIN_BODY_BYTES} bytes (whether the client sent Expect: 100-continue or not); the connection is closed`,
              ),
              '415': problemResponse('The body is not sent as JSON (Content-Type: application/json or */*+json)'),
            }
          : {}),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'loc-mock control API',
      version,
      description:
        'Controls of a running loc-mock under /__admin/: reset, seed, state, faults, clock, the request journal and verify. Open on loopback; beyond it, only with the admin token (Bearer). Same-origin only: a request whose Host is not loopback (nor the mock’s --public-url/--host name), or whose Origin is not the mock’s own, is refused (403); a body must be JSON with a JSON Content-Type (415).',
    },
    servers: [{ url: 'http://127.0.0.1:4010' }],
    security: [{}, { adminToken: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        adminToken: { type: 'http', scheme: 'bearer', description: '--admin-token or LOC_MOCK_ADMIN_TOKEN' },
      },
    },
  };
}
