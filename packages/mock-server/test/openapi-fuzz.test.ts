// docs/openapi.json says exactly what loc-mock does. A property-based fuzz (fast-check, seeded, bounded by
// count) generates valid and invalid requests from the document's own schemas, sends them to the real
// `loc-mock` binary, and checks each answer with tools we did not write: its status must be one the
// document lists for the operation, its content type the document's, and its body must validate (ajv,
// JSON Schema 2020-12) against the schema the document gives for that status. The document itself is
// checked with an OpenAPI 3.1 validator (@seriousme/openapi-schema-validator).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// By path, not as a dependency: @loc/test-utils depends on this package.
import { CDN_KEYS, startMock, TOKENS, type RunningMock } from '../../test-utils/src/index';

type Schema = Record<string, any>;
interface Parameter {
  name: string;
  schema: Schema;
}
interface Operation {
  id: string;
  method: string;
  path: string;
  api: 'v1' | 'cdn';
  parameters: Parameter[];
  query: Parameter[];
  requestBody?: { required: boolean; schema: Schema; form: boolean; fileType?: string };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const SEED = 20261123;
/**
 * Requests per operation, each operation with a seed of its own (SEED and its id): what one operation is
 * sent does not change when another is added, so a new endpoint cannot take an old one's cases (the 429 of
 * a spent CDN budget, drawn from the check's own 125) away.
 */
const RUNS_PER_OPERATION = 125;

/** The seed of one operation's cases: SEED mixed with its id (FNV-1a), whatever the order of the document. */
function seedOf(id: string): number {
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return (SEED ^ hash) >>> 0;
}

const doc = JSON.parse(readFileSync(fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url)), 'utf8'));
const component = (ref: Schema): Schema => doc.components.schemas[ref.$ref.split('/').at(-1)!];
/** A media type's schema: a named component, or given in place (a resource file's text). */
const schemaOf = (schema: Schema): Schema => (schema.$ref ? component(schema) : schema);

/** The operations as the document states them (nothing here comes from the SDK's table). */
const OPERATIONS: Operation[] = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(
  ([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      id: op.operationId,
      method: method.toUpperCase(),
      path,
      // The CDN key is the one security scheme an operation names for itself; the rest use the document's.
      api: op.security ? 'cdn' : 'v1',
      parameters: (op.parameters ?? [])
        .filter((p: any) => p.in === 'path')
        .map((p: any) => ({ name: p.name, schema: p.schema })),
      query: (op.parameters ?? [])
        .filter((p: any) => p.in === 'query')
        .map((p: any) => ({ name: p.name, schema: p.schema })),
      ...(op.requestBody
        ? {
            requestBody: {
              required: op.requestBody.required,
              // A JSON body, or a multipart form (an upload) whose schema lists its fields and file part.
              form: 'multipart/form-data' in op.requestBody.content,
              fileType: op.requestBody.content['multipart/form-data']?.encoding?.file?.contentType,
              schema: component(Object.values(op.requestBody.content as Record<string, { schema: Schema }>)[0]!.schema),
            },
          }
        : {}),
      responses: op.responses,
    })),
);

// ---------------------------------------------------------------------------------------------------
// Values generated from JSON Schema: valid ones, and ones that break exactly one rule.

const validOf = new Map<Schema, fc.Arbitrary<unknown>>();

/** A value `schema` accepts (one arbitrary per schema: building them is the slow part). */
function valid(schema: Schema): fc.Arbitrary<unknown> {
  let arbitrary = validOf.get(schema);
  if (!arbitrary) validOf.set(schema, (arbitrary = build(schema)));
  return arbitrary;
}

function build(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valid));
  switch (schema.type) {
    case 'string': {
      const max = Math.min(schema.maxLength ?? 24, 24);
      const min = schema.minLength ?? 0;
      const anyText = fc.string({
        unit: fc.oneof(fc.constant('a'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
        minLength: min,
        maxLength: Math.max(min, max),
      });
      // An anchored pattern is generated from; an unanchored one (`\S`: "somewhere a visible character") filters.
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
      const text = !pattern
        ? anyText
        : schema.pattern.startsWith('^')
          ? fc.stringMatching(new RegExp(schema.pattern))
          : anyText.filter((t) => pattern.test(t));
      return text.filter((t) => [...t].length >= min && [...t].length <= (schema.maxLength ?? Infinity));
    }
    case 'array':
      return fc.array(valid(schema.items), { minLength: schema.minItems ?? 0, maxLength: 3 });
    case 'object': {
      const properties: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) properties[key] = valid(sub as Schema);
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}

/** A string that `schema` (a string schema with a pattern, an enum or a length) refuses, if it has such a rule. */
function refusedString(schema: Schema): fc.Arbitrary<string> | undefined {
  if (schema.type !== 'string') return undefined;
  const max = schema.maxLength as number | undefined;
  // Candidates checked once here, so that generating never loops on a filter.
  const candidates = ['', ' ', '\t\n', '!!', 'de_DE', 'english', 'v1.0.0', '1.2', 'x'.repeat((max ?? 40) + 1)];
  if (schema.enum)
    // Each candidate is one the enum does not hold: a lowercased value is one only where the enum's are not
    // lowercase already (`json.standard`).
    return fc.constantFrom(
      ...[...candidates, `${schema.enum[0]}x`, String(schema.enum[0]).toLowerCase()].filter(
        (c) => !schema.enum.includes(c),
      ),
    );
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    return fc.constantFrom(...candidates.filter((c) => !pattern.test(c) || [...c].length > (max ?? Infinity)));
  }
  if (schema.minLength) return fc.constant('');
  if (max !== undefined) return fc.constant('x'.repeat(max + 1));
  return undefined;
}

const WRONG_TYPES: [string, unknown][] = [
  ['number', 42],
  ['boolean', true],
  ['null', null],
  ['object', { x: 1 }],
  ['array', ['x']],
  ['string', 'x'],
];

/** A body that breaks one rule of an object schema: a required field missing, a field of another type, a refused value. */
function invalidBody(schema: Schema): fc.Arbitrary<{ body: unknown; broken: string }> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const options: fc.Arbitrary<{ body: unknown; broken: string }>[] = [
    fc
      .constantFrom(...WRONG_TYPES.filter(([type]) => type !== 'object'))
      .map(([type, body]) => ({ body, broken: `a ${type} as body` })),
  ];
  for (const key of schema.required ?? []) {
    options.push(valid(schema).map((body) => ({ body: omit(body as object, key), broken: `no ${key}` })));
  }
  for (const [key, sub] of properties) {
    const allowed = new Set([sub.type === 'integer' ? 'number' : sub.type]);
    const wrong = WRONG_TYPES.filter(([type]) => !allowed.has(type));
    options.push(
      fc
        .tuple(valid(schema), fc.constantFrom(...wrong))
        .map(([body, [type, value]]) => ({ body: { ...(body as object), [key]: value }, broken: `${key} a ${type}` })),
    );
    const refused = refusedString(sub) ?? (sub.type === 'array' ? refusedString(sub.items) : undefined);
    if (refused) {
      options.push(
        fc.tuple(valid(schema), refused).map(([body, bad]) => ({
          body: { ...(body as object), [key]: sub.type === 'array' ? [bad] : bad },
          broken: `${key} ${JSON.stringify(bad)}`,
        })),
      );
    }
  }
  return fc.oneof(...options);
}

function omit(value: object, key: string) {
  const { [key]: _, ...rest } = value as Record<string, unknown>;
  return rest;
}

// ---------------------------------------------------------------------------------------------------
// Requests.

type Who = 'allowed' | 'viewer' | 'none' | 'bad' | 'budget';
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; valid: true }
  | { kind: 'json'; value: unknown; valid: false; broken: string }
  | { kind: 'raw'; text: string; broken: string }
  | { kind: 'form'; fields: Record<string, string>; file?: { name: string; content: string | Uint8Array }; valid: true }
  | {
      kind: 'form';
      fields: Record<string, string>;
      file?: { name: string; content: string | Uint8Array };
      valid: false;
      broken: string;
    };

interface Case {
  op: Operation;
  params: Record<string, string>;
  /** Whether every path parameter names something the seed has. */
  known: boolean;
  /** The query parameters sent, and the one that breaks its schema, if one does. */
  query: Record<string, string>;
  brokenQuery?: string;
  who: Who;
  body: Body;
}

/** Slugs and ids the demo seed has (filled in before the run), so that requests reach their resources. */
const KNOWN: Record<string, string[]> = {
  workspaceUrl: ['acme'],
  projectUrl: ['mobile-ios', 'mobile-android', 'web-frontend', 'backend'],
  id: [],
  fileName: ['common.json'],
  // Query parameters and form fields: a file of web-frontend's, in locales it has.
  path: ['locales/de', 'locales/en'],
  iso2_slug: ['de', 'en'],
};

/**
 * An upload's file part, by the content type the document gives the part (any, or a ZIP): a name the seed's
 * web project has, and contents its format reads; a ZIP of such a file under its path.
 */
const KNOWN_FILES: Record<string, { name: string; content: string | Uint8Array }[]> = {
  any: [
    { name: 'common.json', content: '{}' },
    { name: 'common.json', content: '{"app.title": "Acme Notes"}' },
  ],
  'application/zip': [
    { name: 'strings.zip', content: zipSync({ 'locales/en/common.json': strToU8('{"app.title": "Acme Notes"}') }) },
    { name: 'strings.zip', content: zipSync({ 'locales/de/common.json': strToU8('{}') }) },
  ],
};

/** A value for a query parameter or form field: mostly one the seed has (where there are), else any valid one. */
function parameterValue(p: Parameter): fc.Arbitrary<string> {
  const known = KNOWN[p.name];
  const any = valid(p.schema).map(String);
  return known ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: any }) : any;
}

/** The query of a case: each parameter absent, or a value its schema takes, or (once) one it refuses. */
function queryOf(op: Operation): fc.Arbitrary<{ query: Record<string, string>; broken?: string }> {
  if (op.query.length === 0) return fc.constant({ query: {} });
  const valid = fc.record(
    Object.fromEntries(op.query.map((p) => [p.name, parameterValue(p)])) as Record<string, fc.Arbitrary<string>>,
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
  const refusable = op.query.filter((p) => refusedString(p.schema));
  const options: fc.WeightedArbitrary<{ query: Record<string, string>; broken?: string }>[] = [
    { weight: 4, arbitrary: valid.map((query) => ({ query })) },
  ];
  if (refusable.length)
    options.push({
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...refusable))
        .chain(([query, p]) =>
          refusedString(p.schema)!.map((bad) => ({ query: { ...query, [p.name]: bad }, broken: `${p.name}=${bad}` })),
        ),
    });
  return fc.oneof(...options);
}

/** A multipart form the schema takes (its fields, and a file the seed's web project reads), or one it refuses. */
function formBodies(schema: Schema, fileType = 'any'): fc.WeightedArbitrary<Body>[] {
  const fields = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
    .filter(([name]) => name !== 'file')
    .map(([name, sub]) => ({ name, schema: sub }));
  const validFields = fc.record(
    Object.fromEntries(fields.map((f) => [f.name, parameterValue(f)])) as Record<string, fc.Arbitrary<string>>,
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
  const file = fc.constantFrom(...KNOWN_FILES[fileType]!);
  const refusable = fields.filter((f) => refusedString(f.schema));
  const bodies: fc.WeightedArbitrary<Body>[] = [
    {
      weight: 4,
      arbitrary: fc
        .tuple(validFields, file)
        .map(([values, f]) => ({ kind: 'form', fields: values, file: f, valid: true })),
    },
    {
      weight: 1,
      arbitrary: validFields.map((values) => ({ kind: 'form', fields: values, valid: false, broken: 'no file part' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"file": "x"}').map((text) => ({ kind: 'raw', text, broken: 'not a form' })),
    },
  ];
  if (refusable.length)
    bodies.push({
      weight: 2,
      arbitrary: fc.tuple(validFields, file, fc.constantFrom(...refusable)).chain(([values, f, field]) =>
        refusedString(field.schema)!.map((bad) => ({
          kind: 'form' as const,
          fields: { ...values, [field.name]: bad },
          file: f,
          valid: false as const,
          broken: `${field.name} ${JSON.stringify(bad)}`,
        })),
      ),
    });
  return bodies;
}

function credential(op: Operation, who: Who): string | undefined {
  if (who === 'none') return undefined;
  if (who === 'bad') return op.api === 'cdn' ? 'lh-cdn_not_a_key' : 'loc_not_a_token';
  if (op.api === 'cdn') return who === 'budget' ? CDN_KEYS.globex : CDN_KEYS.acme;
  return who === 'viewer' ? TOKENS.viewer : TOKENS.admin;
}

function caseOf(op: Operation): fc.Arbitrary<Case> {
  const params = fc.tuple(
    ...op.parameters.map((p) =>
      fc.oneof(
        // Read when a value is drawn: the export ids exist only once the run has begun.
        {
          weight: 4,
          arbitrary: fc.nat(7).map((i) => ({ value: KNOWN[p.name]![i % KNOWN[p.name]!.length]!, known: true })),
        },
        {
          weight: 1,
          arbitrary: valid(p.schema).map((value) => ({
            value: String(value),
            known: KNOWN[p.name]!.includes(String(value)),
          })),
        },
      ),
    ),
  );
  const who = fc.oneof(
    { weight: 8, arbitrary: fc.constant<Who>('allowed') },
    { weight: 4, arbitrary: fc.constantFrom<Who>('viewer', 'none', 'bad', 'budget') },
  );
  // Half of the bodies are valid, the other half break one rule each.
  const bodies: fc.WeightedArbitrary<Body>[] = [];
  if (!op.requestBody) bodies.push({ weight: 1, arbitrary: fc.constant({ kind: 'none' }) });
  else if (op.requestBody.form) bodies.push(...formBodies(op.requestBody.schema, op.requestBody.fileType));
  else {
    const schema = op.requestBody.schema;
    bodies.push({ weight: 4, arbitrary: valid(schema).map((value) => ({ kind: 'json', value, valid: true })) });
    bodies.push({
      weight: 2,
      arbitrary: invalidBody(schema).map(({ body, broken }) => ({ kind: 'json', value: body, valid: false, broken })),
    });
    bodies.push({
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', 'not json', '{"a": 1,}')
        .map((text) => ({ kind: 'raw', text, broken: 'not JSON' })),
    });
    bodies.push({
      weight: 1,
      arbitrary: op.requestBody.required
        ? fc.constant({ kind: 'raw', text: '', broken: 'no body' })
        : fc.constant({ kind: 'none' }),
    });
  }
  return fc
    .record({ params, query: queryOf(op), who, body: fc.oneof(...bodies) })
    .map(({ params: values, query, who: w, body }) => ({
      op,
      params: Object.fromEntries(op.parameters.map((p, i) => [p.name, values[i]!.value])),
      known: values.every((v) => v.known),
      query: query.query,
      ...(query.broken ? { brokenQuery: query.broken } : {}),
      who: w,
      body,
    }));
}

const bodyIsValid = (body: Body) =>
  body.kind === 'none' || ((body.kind === 'json' || body.kind === 'form') && body.valid);
const isRefused = (c: Case) => !bodyIsValid(c.body) || c.brokenQuery !== undefined;

/** The statuses a case may answer beyond "one the document lists", or a reason it broke that rule. */
function expectationBroken(c: Case, status: number, titlesSeen: Set<string>): string | undefined {
  if (status >= 500) return 'a server error';
  if (c.who === 'none' || c.who === 'bad')
    return status === 401 ? undefined : 'expected 401 without a valid credential';
  if (!c.known)
    return status >= 400 && status < 500 && status !== 413 ? undefined : 'expected a 4xx for a resource the seed lacks';
  if (isRefused(c))
    return status === 400 || status === 422 || status === 403
      ? undefined
      : 'a body or query the document refuses was not refused';
  // A request the document calls valid: served, or refused for who is asking or what exists, never for its shape.
  if (status === 200 || status === 204 || status === 403 || status === 404) return undefined;
  // An upload of a valid form may still name files that collide (406) or hold a file its format refuses,
  // or a locale the project lacks (422): what the file says, not the request's shape.
  if (c.op.requestBody?.form && (status === 406 || status === 422)) return undefined;
  // A download by a name every locale of a file has, without a locale or a folder, is 406 too.
  if (c.op.id === 'downloadResource' && status === 406) return undefined;
  if (status === 429 && c.who === 'budget') return undefined;
  if (
    status === 422 &&
    c.op.id === 'createProject' &&
    titlesSeen.has(normalTitle((c.body as { value: { title: string } }).value.title))
  )
    return undefined;
  return 'a request the document calls valid was refused';
}

const normalTitle = (title: string) => title.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

// ---------------------------------------------------------------------------------------------------

describe('docs/openapi.json against loc-mock', () => {
  let mock: RunningMock;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };

  const cases = new Map<string, fc.Arbitrary<Case>>();
  beforeAll(async () => {
    // Drawing the first values of a new arbitrary takes seconds of synchronous work (fast-check compiles
    // the patterns). Done before any connection is open: a keep-alive connection left idle past the
    // server's 5 s while the event loop is blocked can be closed just as the next request goes out.
    for (const op of OPERATIONS) {
      cases.set(op.id, caseOf(op));
      fc.sample(cases.get(op.id)!, { seed: seedOf(op.id), numRuns: 10 });
    }
    mock = await startMock();
  }, 120_000);

  /** An export in each known project, so that GET …/exports/{id} can find one. */
  async function createExports() {
    for (const project of KNOWN.projectUrl!) {
      const response = await fetch(`${mock.url}/v1/acme/projects/${project}/exports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKENS.admin}`, 'content-type': 'application/json' },
        body: '{}',
      });
      KNOWN.id!.push(((await response.json()) as { id: string }).id);
    }
  }
  afterAll(() => mock?.stop());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it(`answers ${RUNS_PER_OPERATION} generated requests per operation as the document says: 0 mismatches`, async () => {
    const mismatches: string[] = [];
    const statuses = new Map<string, Set<number>>();
    const titlesSeen = new Set<string>();
    // Made here, not in beforeAll, for the same reason: no connection idles while the validator above runs.
    await createExports();
    const check = async (c: Case) => {
      const search = new URLSearchParams(c.query).toString();
      const path =
        c.op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.params[name]!)) +
        (search ? `?${search}` : '');
      const key = credential(c.op, c.who);
      const text =
        c.body.kind === 'json' ? JSON.stringify(c.body.value) : c.body.kind === 'raw' ? c.body.text : undefined;
      let form: FormData | undefined;
      if (c.body.kind === 'form') {
        form = new FormData();
        for (const [name, value] of Object.entries(c.body.fields)) form.append(name, value);
        if (c.body.file) form.append('file', new Blob([c.body.file.content as BlobPart]), c.body.file.name);
      }
      const response = await fetch(`${mock.url}${path}`, {
        method: c.op.method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(text !== undefined ? { body: text } : form ? { body: form } : {}),
      });
      const answer = await response.text();
      const status = response.status;
      (statuses.get(c.op.id) ?? statuses.set(c.op.id, new Set()).get(c.op.id)!).add(status);
      const valid = (c.body.kind === 'json' || c.body.kind === 'form') && c.body.valid;
      const where = `${c.op.method} ${path} as ${c.who}${c.body.kind === 'none' ? '' : ` with ${valid ? 'a valid body' : (c.body as { broken: string }).broken}`} → ${status}`;
      const fail = (why: string) => mismatches.push(`${where}: ${why} ${answer.slice(0, 200)}`);

      const documented = c.op.responses[String(status)];
      if (!documented) return void fail('a status the document does not list for the operation');
      const broken = expectationBroken(c, status, titlesSeen);
      if (broken) fail(broken);
      if (!documented.content) {
        if (answer !== '') fail('a body where the document says there is none');
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      const mediaType = type.split(';')[0]!.trim();
      if (!(mediaType in documented.content))
        return void fail(`content type ${type}, the document says ${Object.keys(documented.content).join(', ')}`);
      const content = documented.content[mediaType]!;
      // A text answer (a resource file in its format other than JSON): the document's schema of it is a string.
      if (mediaType !== 'application/json') {
        if (schemaOf(content.schema).type !== 'string') fail(`a ${mediaType} answer whose schema is no string`);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(answer);
      } catch {
        return void fail('a body that is not JSON');
      }
      const validate = validatorOf(schemaOf(content.schema));
      if (!validate(json))
        fail(`a body that does not match ${content.schema.$ref ?? 'its schema'}: ${ajv.errorsText(validate.errors)}`);
      if (c.op.id === 'createProject' && status === 200)
        titlesSeen.add(normalTitle((c.body as { value: { title: string } }).value.title));
    };
    for (const op of OPERATIONS)
      await fc.assert(fc.asyncProperty(cases.get(op.id)!, check), { seed: seedOf(op.id), numRuns: RUNS_PER_OPERATION });
    expect(mismatches.slice(0, 20)).toEqual([]);
    // The run reached every operation's success and the failures the document lists.
    for (const op of OPERATIONS) expect([...statuses.get(op.id)!], op.id).toContain(200);
    const all = new Set([...statuses.values()].flatMap((s) => [...s]));
    for (const status of [204, 400, 401, 403, 404, 422, 429]) expect([...all]).toContain(status);
  }, 300_000);

  it('answers a method a documented path does not list with 405, Allow and the error body of its API', async () => {
    const paths = Object.entries(doc.paths as Record<string, Record<string, unknown>>);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        async ([template, item], method) => {
          const path = template.replace(/\{(\w+)\}/g, (_, name: string) => KNOWN[name]![0] ?? 'x');
          // The methods of every documented path this one is an instance of: `…/resources/zip` is also
          // `…/resources/{fileName}`, a download of a file named `zip`.
          const listed = [
            ...new Set(
              paths
                .filter(([other]) => new RegExp(`^${other.replace(/\{\w+\}/g, '[^/]+')}$`).test(path))
                .flatMap(([, item]) => Object.keys(item).map((m) => m.toUpperCase())),
            ),
          ];
          fc.pre(!listed.includes(method));
          const response = await fetch(`${mock.url}${path}`, {
            method,
            headers: { authorization: `Bearer ${TOKENS.admin}` },
          });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.get('allow')?.split(', ').sort()).toEqual(listed.sort());
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          // The CDN's paths (those whose operations name the CDN key) answer in its format, /v1/distributions/check too.
          const errorSchema = Object.values(item).some((op) => (op as { security?: unknown }).security)
            ? doc.components.schemas.CdnErrorDetailResponse
            : doc.components.schemas.V1Error;
          expect(validatorOf(errorSchema)(await response.json())).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  }, 120_000);
});
