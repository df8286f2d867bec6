// What the handlers read from a request: its credential and its JSON body.
import type { OperationRequestBody } from '@loc/sdk/internal';
import type * as z from 'zod/mini';
import { UTF8 } from '../socket-request';

/** The Bearer token of a request, if it carries a well-formed one. */
export function bearerToken(request: Request): string | undefined {
  return bearerOf(request.headers.get('authorization') ?? undefined);
}

/** The token of an Authorization header's value (`Bearer <token>`). */
export function bearerOf(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
}

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
 * Reads and checks a JSON body as the operation declares it (src/operations.ts of @loc/sdk): 413 over
 * `maxBytes`; `malformedStatus` for a body that is not JSON or missing when required; `invalidStatus`
 * when it does not match the schema, naming each bad field. An empty optional body counts as `{}`.
 */
export async function readBody<S extends z.ZodMiniType>(
  request: Request,
  declared: OperationRequestBody<S>,
  maxBytes: number,
): Promise<z.output<S>> {
  const length = Number(request.headers.get('content-length'));
  if (Number.isFinite(length) && length > maxBytes)
    throw new BodyError(413, `The body is ${length} bytes; the limit is ${maxBytes}.`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new BodyError(413, `The body is larger than the limit of ${maxBytes} bytes.`);
  const text = UTF8.decode(bytes);
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
  const result = declared.schema.safeParse(data);
  if (!result.success) {
    const fieldOf = (i: z.core.$ZodIssue) => i.path.map(String).join('.') || 'body';
    const issues = result.error.issues.map((i) => `${fieldOf(i)}: ${i.message}`);
    const fields = new Map(result.error.issues.map((i) => [fieldOf(i), i.code] as const));
    throw new BodyError(
      declared.invalidStatus,
      `Invalid request body: ${issues.join('; ')}.`,
      [...fields].map(([field, code]) => ({ field, code })),
    );
  }
  return result.data;
}
