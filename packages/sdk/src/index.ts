/**
 * The client of the localization service for Node, browsers and edge runtimes: {@link createClient}, the
 * errors it throws, the zod schemas of every body and small helpers.
 *
 * @example
 * import { createClient } from '@loc/sdk';
 * const loc = createClient({ token: process.env.LOC_API_TOKEN });
 * const { members } = await loc.projects.list();
 *
 * @module @loc/sdk
 */
export { createCdnClient, createClient, type LocClient } from './client';
export {
  DEFAULT_BASE_URL,
  DEFAULT_CDN_CHECK_PATH,
  DEFAULT_TIMEOUT_MS,
  SDK_VERSION,
  type ClientOptions,
} from './core/config';
export type { ClientHooks, RequestEvent, RequestOptions, ResponseEvent, RetryEvent } from './core/request';
export {
  CDN_MAX_RETRIES,
  CDN_MAX_RETRY_AFTER_MS,
  CDN_RETRY_DELAY_RANGE_MS,
  CDN_RETRYABLE_STATUSES,
  DEFAULT_MAX_RETRIES,
  INITIAL_RETRY_DELAY_MS,
  MAX_RETRIES_LIMIT,
  MAX_RETRY_AFTER_MS,
  MAX_RETRY_DELAY_MS,
  NEVER_RETRIED_CODES,
  RETRYABLE_STATUSES,
  UNSENT_CONNECTION_CODES,
} from './core/retry';
export { MAX_TIMER_MS } from './duration';
export {
  DEFAULT_MAX_POLL_INTERVAL_MS,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_POLL_TIMEOUT_MS,
  pollUntil,
  type PollOptions,
} from './core/poll';
export { encodePath, redactUrl } from './core/url';
export { jsonPath } from './core/validate';
export * from './errors';
export * from './export-formats';
export * from './locales';
export * from './schemas/common';
export * from './schemas/projects';
export * from './schemas/cdn';
export * from './schemas/exports';
export {
  OPERATIONS,
  PATH_PARAMETERS,
  listOperations,
  pathOf,
  pathParameterNames,
  type NamedSchema,
  type OperationCall,
  type Operation,
  type OperationBody,
  type OperationId,
  type OperationParams,
  type OperationRequestBody,
  type OperationResponse,
  type OperationResult,
  type PathParams,
} from './operations';
export * from './resources/projects';
export * from './resources/cdn';
export * from './resources/exports';
