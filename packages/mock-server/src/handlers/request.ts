// What the handlers read from a request: its credential, its query, and its body (JSON, or a form).
import type { OperationRequestBody, QueryParameter } from '@loc/sdk/internal';
import type * as z from 'zod/mini';
import { bodyToRead, urlOf, UTF8 } from '../request/socket-request';

/** The Bearer token of a request, if it carries a well-formed one. */
export function bearerToken(request: Request): string | undefined {
  return bearerOf(request.headers.get('authorization') ?? undefined);
}

/** The token of an Authorization header's value (`Bearer <token>`). */
export function bearerOf(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  // A client sends the same header request after request: the last one's token is at hand.
  if (authorization !== lastBearer.authorization)
    lastBearer = { authorization, token: /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] };
  return lastBearer.token;
}
let lastBearer: { authorization: string; token: string | undefined } = { authorization: '', token: undefined };

/** A field of the body that is wrong, and how (the zod issue code: `invalid_type`, `invalid_format` …). */
export interface BadField {
  /** Dotted path of the field; `body` for the body as a whole. */
  field: string;
  code: string;
}

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    message: string,
    /** The bad fields; empty when no field is to blame (not JSON, too large). */
    readonly fields: readonly BadField[] = [],
  ) {
    super(message);
  }
}

/**
 * Reads and checks a JSON body as the operation declares it (src/schemas/operations.ts of @loc/sdk): 413 over
 * `maxBytes`; `malformedStatus` for a body that is not JSON or missing when required; `invalidStatus`
 * when it does not match the schema, naming each bad field. An empty optional body counts as `{}`.
 * Over the mock's socket, where the body is read already, it answers (or throws) at once: a promise per
 * request showed under load. Through msw's interception it answers with a promise.
 */
export function readBody<S extends z.ZodMiniType>(
  request: Request,
  declared: OperationRequestBody<S>,
  maxBytes: number,
  { remember = false } = {},
): z.output<S> | Promise<z.output<S>> {
  const length = Number(request.headers.get('content-length'));
  if (Number.isFinite(length) && length > maxBytes)
    throw new BodyError(413, `The body is ${length} bytes; the limit is ${maxBytes}.`);
  if (declared.contentType === 'multipart/form-data') return readForm(request, declared, maxBytes);
  const bytes = bodyToRead(request);
  return bytes instanceof Promise
    ? checkedLater(bytes, declared, maxBytes, remember)
    : checkedBody(bytes, declared, maxBytes, remember);
}

/** `checkedBody` once the bytes come (its own function: a callback made in `readBody` costs every call its scope). */
function checkedLater<S extends z.ZodMiniType>(
  bytes: Promise<Uint8Array>,
  declared: OperationRequestBody<S>,
  maxBytes: number,
  remember: boolean,
): Promise<z.output<S>> {
  return bytes.then((read) => checkedBody(read, declared, maxBytes, remember));
}

/** The body's bytes checked as the operation declares them (see `readBody`). */
function checkedBody<S extends z.ZodMiniType>(
  bytes: Uint8Array,
  declared: OperationRequestBody<S>,
  maxBytes: number,
  remember: boolean,
): z.output<S> {
  if (bytes.byteLength > maxBytes) throw new BodyError(413, `The body is larger than the limit of ${maxBytes} bytes.`);
  // The body of the last request, when this one repeats it byte for byte (a load test's): no decoding.
  const last = remember ? lastBodies.get(declared) : undefined;
  if (last && Buffer.compare(last.bytes, bytes) === 0) return last.value as z.output<S>;
  const text = UTF8.decode(bytes);
  const known = remember && text.length <= MAX_REMEMBERED_BODY_LENGTH ? checkedBodies(declared).get(text) : undefined;
  if (known !== undefined) {
    lastBodies.set(declared, { bytes: Buffer.from(bytes), value: known });
    return known as z.output<S>;
  }
  let data: unknown = {};
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      throw new BodyError(
        declared.malformedStatus,
        'The body is not valid JSON. Send a JSON object with Content-Type: application/json.',
        [{ field: 'body', code: 'invalid_json' }],
      );
    }
  } else if (declared.required) {
    throw new BodyError(declared.malformedStatus, 'The body is empty; this endpoint needs a JSON object.', [
      { field: 'body', code: 'missing' },
    ]);
  }
  const value = checked(declared, data);
  if (remember && text.length <= MAX_REMEMBERED_BODY_LENGTH) {
    const bodies = checkedBodies(declared);
    if (bodies.size >= MAX_REMEMBERED_BODIES) bodies.clear();
    bodies.set(text, deepFreeze(value));
    lastBodies.set(declared, { bytes: Buffer.from(bytes), value });
  }
  return value;
}

/** The fields of a zod object schema, by name (a form's declared fields). */
function fieldsOf(schema: z.ZodMiniType): string[] {
  return Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
}

/**
 * Reads and checks a `multipart/form-data` body as the operation declares it: each declared field (its first
 * value; a file part as a File), and for a field the form lacks, the query parameter of that name (the
 * service takes an upload's fields either way). A body that is not a form is `malformedStatus`; a form
 * without its file, or with a field the schema refuses, `invalidStatus`, naming the field.
 */
async function readForm<S extends z.ZodMiniType>(
  request: Request,
  declared: OperationRequestBody<S>,
  maxBytes: number,
): Promise<z.output<S>> {
  const bytes = await bodyToRead(request);
  if (bytes.byteLength > maxBytes) throw new BodyError(413, `The body is larger than the limit of ${maxBytes} bytes.`);
  const type = request.headers.get('content-type') ?? '';
  let form: FormData;
  try {
    if (!/^multipart\/form-data\s*;/i.test(type)) throw new TypeError(`the content type is ${type || 'missing'}`);
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch (error) {
    throw new BodyError(
      declared.malformedStatus,
      `The body is not multipart/form-data (${(error as Error).message}): send the file as the part \`file\` (curl -F file=@strings.json).`,
      [{ field: 'body', code: 'invalid_form' }],
    );
  }
  const query = urlOf(request).searchParams;
  const data: Record<string, unknown> = {};
  for (const field of fieldsOf(declared.schema)) {
    const value = form.get(field) ?? query.get(field);
    if (value !== null) data[field] = value;
  }
  if (!(data.file instanceof Blob))
    throw new BodyError(
      declared.invalidStatus,
      `The form has no file part \`file\`${typeof data.file === 'string' ? ' (a text field of that name, not a file)' : ''}: send it as -F file=@<path>.`,
      [{ field: 'file', code: 'missing' }],
    );
  return checked(declared, data);
}

/** `data` parsed with the declared schema, or a BodyError naming each field it refuses. */
function checked<S extends z.ZodMiniType>(declared: OperationRequestBody<S>, data: unknown): z.output<S> {
  const result = declared.schema.safeParse(data);
  if (result.success) return result.data;
  const fieldOf = (i: z.core.$ZodIssue) => i.path.map(String).join('.') || 'body';
  const issues = result.error.issues.map((i) => `${fieldOf(i)}: ${i.message}`);
  const fields = new Map(result.error.issues.map((i) => [fieldOf(i), i.code] as const));
  throw new BodyError(
    declared.invalidStatus,
    `Invalid request body: ${issues.join('; ')}.`,
    [...fields].map(([field, code]) => ({ field, code })),
  );
}

/**
 * The query parameters a contract declares, each as sent (its first value), checked by its schema: a
 * value it refuses is a 400 naming the parameter and what it takes. Parameters it does not declare are
 * left alone, as the service leaves them.
 *
 * @example
 * const { 'target:filterByStatus': filter = 'ALL' } = readQuery(request, operation.query);
 */
export function readQuery(request: Request, declared: Record<string, QueryParameter>): Record<string, unknown> {
  const search = urlOf(request).searchParams;
  const query: Record<string, unknown> = {};
  const problems: string[] = [];
  const fields: BadField[] = [];
  for (const [name, parameter] of Object.entries(declared)) {
    const value = search.get(name);
    if (value === null) {
      if (parameter.required) problems.push(`${name} is required`);
      continue;
    }
    const result = parameter.schema.safeParse(value);
    if (result.success) query[name] = result.data;
    else {
      problems.push(`${name}=${JSON.stringify(value)}: ${result.error.issues.map((i) => i.message).join('; ')}`);
      fields.push({ field: name, code: result.error.issues[0]?.code ?? 'invalid' });
    }
  }
  if (problems.length) throw new BodyError(400, `Invalid query parameter ${problems.join('; ')}.`, fields);
  return query;
}

/** Bodies up to this many characters are remembered (a load test repeats one body). */
const MAX_REMEMBERED_BODY_LENGTH = 2048;
/** Distinct bodies remembered per operation; past this the memory starts over. */
const MAX_REMEMBERED_BODIES = 256;
const remembered = new WeakMap<object, Map<string, unknown>>();
/** The last body checked of each operation, as bytes (a copy: node:http's may be a view of a shared buffer). */
const lastBodies = new WeakMap<object, { bytes: Uint8Array; value: unknown }>();

/** The checked bodies of an operation, by their text: the same text checks to the same value. */
function checkedBodies(declared: object): Map<string, unknown> {
  let bodies = remembered.get(declared);
  if (!bodies) remembered.set(declared, (bodies = new Map()));
  return bodies;
}

/** A value shared between requests, frozen so that no handler can change it for the next. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
