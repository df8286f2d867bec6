import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { StoreError } from '../store';

/** The `/v1` error body (docs/decisions.md): `{"error": "<what is wrong and what to do>"}`. */
export function v1Error(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ error: message }, { status, ...(headers ? { headers } : {}) });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  403: 'Forbidden',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A CdnErrorDetailResponse (spec.md 2.6). */
export function problem(status: number, errors: { field: string; infos: string[] }[] = []) {
  return HttpResponse.json(
    { type: 'about:blank', status, detail: STATUS_TEXT[status] ?? 'Error', errors },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

/** An error in the body format of the API a path belongs to: a problem under `/cdn/`, else `{error}`. */
export function errorFor(pathname: string, status: number, message: string, headers?: Record<string, string>) {
  if (!pathname.startsWith('/cdn/')) return v1Error(status, message, headers);
  const response = problem(status);
  for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
  return response;
}

/** The Bearer token of a request, if it carries a well-formed one. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    message: string,
    /** The bad fields, as dotted paths (`body` for the body as a whole); empty when no field is to blame. */
    readonly fields: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * Reads and checks a JSON body: 413 over `maxBytes`, 400 for malformed JSON, 422 (or `invalidStatus`)
 * when it does not match `schema`, naming each bad field. An empty body counts as `{}` when `optional`.
 */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes: number; optional?: boolean; invalidStatus?: 400 | 422 },
): Promise<z.output<S>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    throw new BodyError(413, `The body is ${declared} bytes; the limit is ${options.maxBytes}.`);
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > options.maxBytes) {
    throw new BodyError(413, `The body is larger than the limit of ${options.maxBytes} bytes.`);
  }
  const text = new TextDecoder().decode(bytes);
  let data: unknown = {};
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      throw new BodyError(400, 'The body is not valid JSON. Send a JSON object with Content-Type: application/json.');
    }
  } else if (!options.optional) {
    throw new BodyError(400, 'The body is empty; this endpoint needs a JSON object.');
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const fieldOf = (i: z.core.$ZodIssue) => i.path.map(String).join('.') || 'body';
    const issues = result.error.issues.map((i) => `${fieldOf(i)}: ${i.message}`);
    throw new BodyError(options.invalidStatus ?? 422, `Invalid request body: ${issues.join('; ')}.`, [...new Set(result.error.issues.map(fieldOf))]);
  }
  return result.data;
}

const KIND_STATUS: Record<StoreError['kind'], number> = {
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  invalid: 422,
  budget: 429,
};

/** Wraps a `/v1` resolver: store and body errors become `{error}` answers; anything else a logged 500. */
export function v1(
  resolver: (args: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => Promise<Response> | Response,
) {
  return async (args: { request: Request; params: Record<string, string | readonly string[] | undefined> }): Promise<Response> => {
    try {
      return await resolver(args);
    } catch (error) {
      if (error instanceof StoreError) return v1Error(KIND_STATUS[error.kind], error.message);
      if (error instanceof BodyError) return v1Error(error.status, error.message);
      console.error('[loc-mock] unexpected error', error);
      return v1Error(500, 'Internal error in the mock server (a bug: please report it).');
    }
  };
}
