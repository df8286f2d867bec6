import { ConfigurationError } from '../base/errors';
import { pathOf, type OperationCall } from '../schemas/operations';
import { withQuery } from '../base/url';
import type { ResolvedConfig } from './config';
import { CDN_RETRY_POLICY, V1_RETRY_POLICY, type RetryPolicy } from './retry';

/**
 * What the transport knows of one API: where its requests go, the credential they carry, how an
 * operation's path is built, and its retry policy. A client's transport is given the APIs it calls:
 * `createCdnClient()`'s knows only the CDN's, so an app that only checks for a release carries none of
 * the `/v1` API's code (docs/sdk.md, "Size and start-up").
 */
export interface Api {
  baseUrl: (config: ResolvedConfig) => string;
  /** The credential of its requests; a ConfigurationError when the client has none. */
  credential: (config: ResolvedConfig) => string;
  /** An operation's path with its parameters filled in, and its query (parameters without a value left out). */
  path: (
    operation: OperationCall,
    params: Record<string, string>,
    query?: Record<string, string | undefined>,
  ) => string;
  retry: RetryPolicy;
  /**
   * The settings an error of this API tells the user to check, by their option and environment variable
   * (ClientOptions, docs/sdk.md "Configuration"): [where requests go, its variable, the credential, its
   * variable]. A tuple of strings: an app that only checks the CDN carries them (docs/sdk.md, "Size and start-up").
   */
  settings: readonly ['baseUrl' | 'cdnBaseUrl', string, 'token' | 'cdnKey', string];
}

/** The `/v1` API: `baseUrl`, the API token, path parameters, the `/v1` retry policy. */
export const V1_API: Api = {
  baseUrl: (config) => config.baseUrl,
  credential: (config) => {
    if (config.token) return config.token;
    throw new ConfigurationError('No API token: pass `token` to createClient() or set LOC_API_TOKEN.');
  },
  path: (operation, params, query) => withQuery(pathOf(operation, params), query),
  retry: V1_RETRY_POLICY,
  settings: ['baseUrl', 'LOC_BASE_URL', 'token', 'LOC_API_TOKEN'],
};

/** The distribution check: `cdnBaseUrl`, the CDN key, the budget-aware CDN retry policy. */
export const CDN_API: Api = {
  baseUrl: (config) => config.cdnBaseUrl,
  credential: (config) => {
    if (config.cdnKey) return config.cdnKey;
    throw new ConfigurationError('No CDN key: pass `cdnKey` to createClient() or set LOC_CDN_KEY.');
  },
  // Its route has no parameters nor query (and the Cdn resource passes the configured `cdnCheckPath`).
  path: (operation) => operation.path,
  retry: CDN_RETRY_POLICY,
  settings: ['cdnBaseUrl', 'LOC_CDN_BASE_URL', 'cdnKey', 'LOC_CDN_KEY'],
};
