// The error bodies of the two APIs, and the one place that turns a failure into its answer.
import type { CdnErrorDetail, V1Error } from '@loc/sdk';
import { HTTP_STATUS_TEXT } from '@loc/sdk/internal';
import { StoreError } from '../store';
import { jsonResponse } from './answers';
import { isCdnPath } from '../request/operation-of';
import { BodyError, type BadField } from './request';

/** The `/v1` error body (docs/decisions.md): `{"error": "<what is wrong and what to do>"}`. */
export function v1Error(status: number, message: string, headers?: Record<string, string>) {
  return jsonResponse({ error: message } satisfies V1Error, status, headers);
}

/**
 * A CdnErrorDetailResponse (spec.md 2.6). Served as `application/json`: spec.md says every response is
 * JSON unless stated otherwise, and states nothing else for these (docs/decisions.md).
 */
export function problem(status: number, errors: CdnErrorDetail['errors'] = [], headers?: Record<string, string>) {
  const body = {
    type: 'about:blank',
    status,
    detail: HTTP_STATUS_TEXT[status] ?? 'Error',
    errors,
  } satisfies CdnErrorDetail;
  return jsonResponse(body, status, headers);
}

/**
 * An error in the body format of the API a path belongs to: a problem under `/cdn/` and at the CDN check's
 * other path (/v1/distributions/check), else `{error}`.
 */
export function errorFor(pathname: string, status: number, message: string, headers?: Record<string, string>) {
  return isCdnPath(pathname) ? problem(status, [], headers) : v1Error(status, message, headers);
}

const KIND_STATUS: Record<StoreError['kind'], number> = {
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  invalid: 422,
  budget: 429,
  // A name that names two files, and no path tells them apart (the service's 406 of an upload).
  conflict: 406,
};

/** The `errors[].infos` code of a bad field of a CDN check. */
function infoOf({ field, code }: BadField): string {
  if (code !== 'invalid_format') return 'INVALID_VALUE';
  return field === 'clientVersion'
    ? 'INVALID_SEMANTIC_VERSION'
    : field === 'clientLanguageCode' || field === 'clientLanguage'
      ? 'INVALID_LANGUAGE_CODE'
      : 'INVALID_VALUE';
}

/** A CDN check's answer to a body that is not a CdnCheckRequest: each bad field with its code. */
export function bodyProblem(error: BodyError) {
  return problem(
    error.status,
    error.fields.map((f) => ({ field: f.field, infos: [infoOf(f)] })),
  );
}

/**
 * The answer to a failure of a resolver, in its API's error format: store and body errors say what was
 * wrong; anything else is a logged 500.
 */
export function errorAnswerOf(api: 'v1' | 'cdn', error: unknown): Response {
  if (error instanceof StoreError)
    return api === 'v1' ? v1Error(KIND_STATUS[error.kind], error.message) : problem(KIND_STATUS[error.kind]);
  if (error instanceof BodyError) return api === 'v1' ? v1Error(error.status, error.message) : bodyProblem(error);
  console.error('[loc-mock] unexpected error', error);
  return api === 'v1' ? v1Error(500, 'Internal error in the mock server (a bug: please report it).') : problem(500);
}
