// src/base/: the bottom layer, imported by all: the one error hierarchy (here), the rules and values the SDK shares.
import type { ProjectRef } from './project-ref';
import { requestIdOf, safeHeaders } from './response-headers';

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
  /** The operation the request was for; undefined for a request that is not one (a download). */
  operation?: OperationInfo | undefined;
  /** The project the request's path names (`{ workspace, project }`); undefined when it names none. */
  project?: ProjectRef | undefined;
}

/** A permission the service checks, and on what: the workspace, or the project the path names. */
export interface Permission {
  /** The permission, as the service names it. */
  name: 'generalView' | 'resourcesView' | 'settingsManage';
  /** Where it is needed: on the workspace, or on the project the path names. */
  on: 'workspace' | 'project';
}

/**
 * The operation a failed request was for, as its one declaration states it (the SDK's operation table):
 * branch on it rather than on the URL's path, which options change (`cdnCheckPath`).
 *
 * @example
 * if (error instanceof PermissionDeniedError && error.operation?.permission)
 *   console.log(`needs ${error.operation.permission.name} on the ${error.operation.permission.on}`);
 */
export interface OperationInfo {
  /** The operation's id: `listProjects`, `getProject`, `createExport`, …, `checkDistribution` (the CDN check). */
  id: string;
  /** `v1` (the API token, `baseUrl`) or `cdn` (the CDN check: the CDN key, `cdnBaseUrl`). */
  api: 'v1' | 'cdn';
  /** What the service checks beyond a valid credential; undefined where it checks nothing more. */
  permission: Permission | undefined;
}

/** One entry of a CDN problem body (`errors[]` of CdnErrorDetailResponse). */
export interface FieldError {
  field: string;
  infos: string[];
}

/**
 * The key of each error class's brand: the same in every copy of this module (the ESM and the CJS build,
 * two installed copies), so `instanceof` compares brands, not module instances. The classes spell it out
 * (`static readonly ['@loc/sdk.errorClass']`) rather than `[ERROR_CLASS]`: bundlers keep a class whose
 * static field has a computed key in every app, used or not, and an app that only checks the CDN would
 * carry every error class (docs/sdk.md, "Size and start-up").
 */
export const ERROR_CLASS = '@loc/sdk.errorClass';

/** Base class of every error thrown by @loc/sdk. */
export class LocError extends Error {
  /** The class's brand, which is also every instance's `name`. */
  static readonly ['@loc/sdk.errorClass']: string = 'LocError';

  constructor(message?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = (new.target as unknown as { [ERROR_CLASS]: string })[ERROR_CLASS];
  }

  /**
   * `error instanceof APIError` holds for an error of either build of @loc/sdk: an app that loads the ESM
   * build while a dependency `require`s the CJS one (the dual-package hazard) still recognizes its errors.
   *
   * @example
   * import { NotFoundError } from '@loc/sdk';
   * if (error instanceof NotFoundError) console.log('no such project');
   */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    // `this` is the class on the right of `instanceof` (a subclass too), not LocError.
    // biome-ignore lint/complexity/noThisInStatic: see above
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    // biome-ignore lint/complexity/noThisInStatic: see above
    const brand = Object.getOwnPropertyDescriptor(this, ERROR_CLASS)?.value;
    // A primitive has no brand along its prototypes (`Object(value)` walks String's, Number's…).
    for (
      let proto = value == null ? null : Object.getPrototypeOf(Object(value));
      proto;
      proto = Object.getPrototypeOf(proto)
    ) {
      const ctor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
      if (
        typeof brand === 'string' &&
        typeof ctor === 'function' &&
        Object.getOwnPropertyDescriptor(ctor, ERROR_CLASS)?.value === brand
      )
        return true;
    }
    return false;
  }
}

/** The client was configured in a way that cannot work (no base URL, no token for a /v1 call, ...). */
export class ConfigurationError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'ConfigurationError';
}

/** The arguments of a call are invalid; nothing was sent. */
export class InvalidRequestError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'InvalidRequestError';
}

/** The server answered with a status that is not a success. Subclasses are chosen by status. */
export class APIError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'APIError';
  declare readonly status: number;
  declare readonly method: string;
  declare readonly path: string;
  /** The parsed response body (JSON when it was JSON, else the text), for inspection. */
  declare readonly body: unknown;
  /** `errors[]` of a CDN problem body; empty for `/v1` errors. */
  declare readonly fieldErrors: FieldError[];
  /** Every `errors[].infos` code, flattened (for example `CDN_KEY_NOT_FOUND`). */
  declare readonly codes: string[];
  /** The server's own short message, when the body carried one. */
  declare readonly detail: string | undefined;
  /** The operation that was called: its id, API and the permission it needs. */
  declare readonly operation: OperationInfo | undefined;
  /** The project the call named (`{ workspace, project }`, as every answer names it); undefined when it named none. */
  declare readonly project: ProjectRef | undefined;
  /**
   * The id the service gave the request (its `x-request-id` header), to quote when you report a problem;
   * undefined when the answer named none.
   */
  declare readonly requestId: string | undefined;
  /**
   * The answer's headers, names in lower case, without any that may carry a credential or a session
   * (`set-cookie`, `authorization`, names with `token`, `secret`, `key`, `session`, `signature`, …).
   */
  declare readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, request: RequestInfo, body: unknown, message?: string, headers?: Headers) {
    const detail = detailOf(body);
    super(message ?? describeStatus(status, request, detail));
    this.status = status;
    this.method = request.method;
    this.path = request.path;
    this.operation = request.operation;
    this.project = request.project;
    this.body = body;
    this.detail = detail;
    this.fieldErrors = fieldErrorsOf(body);
    this.codes = this.fieldErrors.flatMap((e) => e.infos);
    this.requestId = requestIdOf(headers);
    this.headers = safeHeaders(headers);
  }

  /** Picks the subclass that matches the status; the answer's `headers` give `requestId`, `headers` and `Retry-After`. */
  static from(status: number, request: RequestInfo, body: unknown, headers?: Headers): APIError {
    if (status === 429) return new RateLimitError(request, body, parseRetryAfter(headers), Date.now(), headers);
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Class(status, request, body, undefined, headers);
  }

  /** What `JSON.stringify(error)` gives: name, message, status, method, path, request id, detail and field errors; never a credential. */
  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      method: this.method,
      path: this.path,
      project: this.project,
      requestId: this.requestId,
      detail: this.detail,
      fieldErrors: this.fieldErrors,
    };
  }
}

export class BadRequestError extends APIError {
  static override readonly ['@loc/sdk.errorClass']: string = 'BadRequestError';
}
/** 401: the API token or CDN key is missing, malformed, invalid or expired. */
export class AuthenticationError extends APIError {
  static override readonly ['@loc/sdk.errorClass']: string = 'AuthenticationError';
}
/** 403: the credential is valid but lacks the permission the endpoint needs. */
export class PermissionDeniedError extends APIError {
  static override readonly ['@loc/sdk.errorClass']: string = 'PermissionDeniedError';
}
/** 404: the workspace, project, export, file path or distribution does not exist. */
export class NotFoundError extends APIError {
  static override readonly ['@loc/sdk.errorClass']: string = 'NotFoundError';
}
/** 422: the request was understood but its content is invalid. */
export class UnprocessableEntityError extends APIError {
  static override readonly ['@loc/sdk.errorClass']: string = 'UnprocessableEntityError';
}
/** The code of a 429 that means the workspace's CDN usage budget is spent (not a short-term rate limit). */
export const USAGE_LIMIT_EXCEEDED = 'USAGE_LIMIT_EXCEEDED';

/**
 * 429: too many requests, or the workspace's CDN usage budget is exceeded (`budgetExceeded`). A spent
 * budget is never retried: it resets at the end of the budget's period, which `resetAt` gives when the
 * service sent `Retry-After`.
 */
export class RateLimitError extends APIError {
  static override readonly ['@loc/sdk.errorClass']: string = 'RateLimitError';
  /** How long the server asked to wait, in milliseconds, when it said so (`Retry-After`). */
  declare readonly retryAfterMs: number | undefined;
  /** When the limit resets: the time of the answer plus `Retry-After`; undefined when the server did not say. */
  declare readonly resetAt: Date | undefined;
  /** True for the CDN's `USAGE_LIMIT_EXCEEDED`: the workspace's budget is spent until `resetAt`. */
  declare readonly budgetExceeded: boolean;

  constructor(request: RequestInfo, body: unknown, retryAfterMs?: number, now = Date.now(), headers?: Headers) {
    super(429, request, body, undefined, headers);
    this.retryAfterMs = retryAfterMs;
    this.resetAt = retryAfterMs === undefined ? undefined : new Date(now + retryAfterMs);
    this.budgetExceeded = this.codes.includes(USAGE_LIMIT_EXCEEDED);
    const reset = this.resetAt
      ? `it resets at ${this.resetAt.toISOString()}`
      : 'the service did not say when it resets';
    if (this.budgetExceeded) this.message += ` — the workspace's CDN usage budget is spent; ${reset}.`;
    else if (this.resetAt) this.message += ` — retry after ${this.resetAt.toISOString()}.`;
  }

  override toJSON() {
    return {
      ...super.toJSON(),
      retryAfterMs: this.retryAfterMs,
      resetAt: this.resetAt?.toISOString(),
      budgetExceeded: this.budgetExceeded,
    };
  }
}
/** 5xx: the service failed. */
export class InternalServerError extends APIError {
  static override readonly ['@loc/sdk.errorClass']: string = 'InternalServerError';
}

const STATUS_CLASSES: Record<
  number,
  new (
    status: number,
    request: RequestInfo,
    body: unknown,
    message?: string,
    headers?: Headers,
  ) => APIError
> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  422: UnprocessableEntityError,
};

/** The request never got an HTTP answer: DNS, refused connection, reset, TLS, a redirect we refuse. */
export class APIConnectionError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'APIConnectionError';
  declare readonly method: string;
  declare readonly path: string;
  /** The operation that was called (see {@link APIError.operation}). */
  declare readonly operation: OperationInfo | undefined;
  /** The project the call named (see {@link APIError.project}). */
  declare readonly project: ProjectRef | undefined;
  constructor(request: RequestInfo, message: string, options?: { cause?: unknown }) {
    super(`${request.method} ${request.path}: ${message}`, options);
    this.method = request.method;
    this.path = request.path;
    this.operation = request.operation;
    this.project = request.project;
  }
}

/** A deadline passed: one request's timeout, or the overall deadline of a wait for an export. */
export class TimeoutError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'TimeoutError';
  /** For export waits: the export that was still running, so the caller can resume polling it. */
  declare readonly exportId: string | undefined;
  declare readonly timeoutMs: number;
  /** For a request that got no answer in time: the operation that was called (see {@link APIError.operation}). */
  declare readonly operation: OperationInfo | undefined;
  /** The project the call or the wait was for (see {@link APIError.project}). */
  declare readonly project: ProjectRef | undefined;
  constructor(message: string, timeoutMs: number, exportId?: string, operation?: OperationInfo, project?: ProjectRef) {
    super(message);
    this.timeoutMs = timeoutMs;
    this.exportId = exportId;
    this.operation = operation;
    this.project = project;
  }
}

/** The caller aborted the operation through its `AbortSignal`. */
export class AbortError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'AbortError';
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
  static override readonly ['@loc/sdk.errorClass']: string = 'ContractError';
  declare readonly method: string;
  declare readonly path: string;
  declare readonly issues: ContractIssue[];
  /** The operation that was called (see {@link APIError.operation}). */
  declare readonly operation: OperationInfo | undefined;
  /** The project the call named (see {@link APIError.project}). */
  declare readonly project: ProjectRef | undefined;
  constructor(request: RequestInfo, issues: ContractIssue[]) {
    const listed = issues
      .slice(0, 5)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(`Unexpected response from ${request.method} ${request.path}: ${listed}${more}`);
    this.method = request.method;
    this.path = request.path;
    this.operation = request.operation;
    this.project = request.project;
    this.issues = issues;
  }
}

/** An export ended in ERROR (or was SKIPPED); `errorDetails` is the service's own explanation. */
export class ExportFailedError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'ExportFailedError';
  declare readonly exportId: string;
  declare readonly status: string;
  declare readonly errorDetails: string | null;
  /** The project of the export (see {@link APIError.project}). */
  declare readonly project: ProjectRef | undefined;
  constructor(exportId: string, status: string, errorDetails: string | null, project?: ProjectRef) {
    super(
      status === 'ERROR'
        ? `Export ${exportId} failed: ${errorDetails ?? 'the service gave no reason'}`
        : `Export ${exportId} ended as ${status}${errorDetails ? `: ${errorDetails}` : ' without a file to download'}`,
    );
    this.exportId = exportId;
    this.status = status;
    this.errorDetails = errorDetails;
    this.project = project;
  }
}

/** A download did not complete: cut short, wrong length, wrong checksum, expired URL or unsafe redirect. */
export class DownloadError extends LocError {
  static override readonly ['@loc/sdk.errorClass']: string = 'DownloadError';
  /** The HTTP status, when the download host answered with an error. */
  declare readonly status: number | undefined;
  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options);
    this.status = options?.status;
  }
}

/**
 * The reason phrases of the statuses the two APIs answer with (RFC 9110), for messages: the SDK's error
 * messages and the mock server's problem bodies read the same table.
 *
 * @example HTTP_STATUS_TEXT[429] // 'Too Many Requests'
 */
export const HTTP_STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
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
  const text = HTTP_STATUS_TEXT[status] ?? `HTTP ${status}`;
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
