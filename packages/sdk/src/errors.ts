/**
 * The one error hierarchy of @loc/sdk. Every error knows what was asked (method and path) and, for HTTP
 * errors, what came back (status and parsed body). None of them ever holds a credential: requests are
 * described by method and path only, never by headers, and URLs are shown without their query string.
 */

export interface RequestInfo {
  /** HTTP method of the request that failed. */
  method: string;
  /** Path of the request, without query string (it may carry a pre-signed signature). */
  path: string;
}

/** One entry of a CDN problem body (`errors[]` of CdnErrorDetailResponse). */
export interface FieldError {
  field: string;
  infos: string[];
}

/** Base class of every error thrown by @loc/sdk. */
export class LocError extends Error {
  override name = 'LocError';
}

/** The client was configured in a way that cannot work (no base URL, no token for a /v1 call, ...). */
export class ConfigurationError extends LocError {
  override name = 'ConfigurationError';
}

/** The arguments of a call are invalid; nothing was sent. */
export class InvalidRequestError extends LocError {
  override name = 'InvalidRequestError';
}

/** The server answered with a status that is not a success. Subclasses are chosen by status. */
export class APIError extends LocError {
  override name = 'APIError';
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** The parsed response body (JSON when it was JSON, else the text), for inspection. */
  readonly body: unknown;
  /** `errors[]` of a CDN problem body; empty for `/v1` errors. */
  readonly fieldErrors: FieldError[];
  /** Every `errors[].infos` code, flattened (for example `CDN_KEY_NOT_FOUND`). */
  readonly codes: string[];
  /** The server's own short message, when the body carried one. */
  readonly detail: string | undefined;

  constructor(status: number, request: RequestInfo, body: unknown, message?: string) {
    const detail = detailOf(body);
    super(message ?? describeStatus(status, request, detail));
    this.status = status;
    this.method = request.method;
    this.path = request.path;
    this.body = body;
    this.detail = detail;
    this.fieldErrors = fieldErrorsOf(body);
    this.codes = this.fieldErrors.flatMap((e) => e.infos);
  }

  /** Picks the subclass that matches the status. */
  static from(status: number, request: RequestInfo, body: unknown, headers?: Headers): APIError {
    if (status === 429) return new RateLimitError(request, body, parseRetryAfter(headers));
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Class(status, request, body);
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      method: this.method,
      path: this.path,
      detail: this.detail,
      fieldErrors: this.fieldErrors,
    };
  }
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
/** 401: the API token or CDN key is missing, malformed, invalid or expired. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 403: the credential is valid but lacks the permission the endpoint needs. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
/** 404: the workspace, project, export, file path or distribution does not exist. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/** 422: the request was understood but its content is invalid. */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
/** 429: too many requests, or the workspace's CDN usage budget is exceeded (`codes` says which). */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** How long the server asked to wait, in milliseconds, when it said so. */
  readonly retryAfterMs: number | undefined;
  constructor(request: RequestInfo, body: unknown, retryAfterMs?: number) {
    super(429, request, body);
    this.retryAfterMs = retryAfterMs;
  }
}
/** 5xx: the service failed. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

const STATUS_CLASSES: Record<number, new (status: number, request: RequestInfo, body: unknown) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  422: UnprocessableEntityError,
};

/** The request never got an HTTP answer: DNS, refused connection, reset, TLS, a redirect we refuse. */
export class APIConnectionError extends LocError {
  override name = 'APIConnectionError';
  readonly method: string;
  readonly path: string;
  constructor(request: RequestInfo, message: string, options?: { cause?: unknown }) {
    super(`${request.method} ${request.path}: ${message}`, options);
    this.method = request.method;
    this.path = request.path;
  }
}

/** A deadline passed: one request's timeout, or the overall deadline of a wait for an export. */
export class TimeoutError extends LocError {
  override name = 'TimeoutError';
  /** For export waits: the export that was still running, so the caller can resume polling it. */
  readonly exportId: string | undefined;
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number, exportId?: string) {
    super(message);
    this.timeoutMs = timeoutMs;
    this.exportId = exportId;
  }
}

/** The caller aborted the operation through its `AbortSignal`. */
export class AbortError extends LocError {
  override name = 'AbortError';
  constructor(message = 'The operation was aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** One place where a response did not have the shape the contract promises. */
export interface ContractIssue {
  /** JSON path of the offending value, for example `$.members[0].links`. */
  path: string;
  message: string;
}

/** The server answered 2xx, but the body does not match the documented shape. */
export class ContractError extends LocError {
  override name = 'ContractError';
  readonly method: string;
  readonly path: string;
  readonly issues: ContractIssue[];
  constructor(request: RequestInfo, issues: ContractIssue[]) {
    const listed = issues
      .slice(0, 5)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(`Unexpected response from ${request.method} ${request.path}: ${listed}${more}`);
    this.method = request.method;
    this.path = request.path;
    this.issues = issues;
  }
}

/** An export ended in ERROR (or was SKIPPED); `errorDetails` is the service's own explanation. */
export class ExportFailedError extends LocError {
  override name = 'ExportFailedError';
  readonly exportId: string;
  readonly status: string;
  readonly errorDetails: string | null;
  constructor(exportId: string, status: string, errorDetails: string | null) {
    super(
      status === 'ERROR'
        ? `Export ${exportId} failed: ${errorDetails ?? 'the service gave no reason'}`
        : `Export ${exportId} ended as ${status}${errorDetails ? `: ${errorDetails}` : ' without a file to download'}`,
    );
    this.exportId = exportId;
    this.status = status;
    this.errorDetails = errorDetails;
  }
}

/** A download did not complete: cut short, wrong length, wrong checksum, expired URL or unsafe redirect. */
export class DownloadError extends LocError {
  override name = 'DownloadError';
  /** The HTTP status, when the download host answered with an error. */
  readonly status: number | undefined;
  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options);
    this.status = options?.status;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function describeStatus(status: number, request: RequestInfo, detail: string | undefined): string {
  const text = STATUS_TEXT[status] ?? `HTTP ${status}`;
  const head = `${status} ${text} from ${request.method} ${request.path}`;
  return detail && detail !== text ? `${head}: ${detail}` : head;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The human message of an error body: `/v1` `{error}`, CDN problem `{detail, errors}`, older `{error_message}`. */
function detailOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 200) || undefined;
  if (!isRecord(body)) return undefined;
  const codes = fieldErrorsOf(body).map((e) => `${e.field}: ${e.infos.join(', ')}`);
  for (const key of ['error', 'error_message', 'message', 'detail', 'title']) {
    const value = body[key];
    if (typeof value === 'string' && value) return codes.length ? `${value} (${codes.join('; ')})` : value;
  }
  return codes.length ? codes.join('; ') : undefined;
}

function fieldErrorsOf(body: unknown): FieldError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(isRecord).map((e) => ({
    field: typeof e.field === 'string' ? e.field : '',
    infos: Array.isArray(e.infos) ? e.infos.filter((i): i is string => typeof i === 'string') : [],
  }));
}

/** `Retry-After` (seconds or HTTP date) or `retry-after-ms`, in milliseconds. */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
