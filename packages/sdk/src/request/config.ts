import { ConfigurationError } from '../base/errors';
import { readEnv } from '../base/env';
import { DEFAULT_MAX_RETRIES, MAX_RETRIES_LIMIT } from './retry';
import { checkCount, checkDuration } from '../base/options';
import { createLog, type Log, type Logger, type LogLevel } from './log';
import type { ClientHooks } from './hooks';
import { version } from '../../package.json';
import { cdnCheckTarget, SERVICE_API_URL } from '../base/service-hosts';

/** Where the service lives (`https://api.lingohub.com`); every test and the CLI's demo point elsewhere. */
// Its value spelled in its type, so the API reference shows it; the compiler holds it to service-hosts.ts.
export const DEFAULT_BASE_URL: 'https://api.lingohub.com' = SERVICE_API_URL;
/** Timeout of one attempt of a request, in milliseconds (`timeoutMs`). */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The version of this package, as sent in the `User-Agent` header. */
export const SDK_VERSION: string = version;

/**
 * Options of {@link createClient}; each falls back to its environment variable, then to its default.
 *
 * @example
 * const loc = createClient({ baseUrl: 'http://127.0.0.1:4010', token: process.env.LOC_API_TOKEN, maxRetries: 0 });
 */
export interface ClientOptions {
  /** Base URL of the service. Env: `LOC_BASE_URL`. Default: {@link DEFAULT_BASE_URL}. */
  baseUrl?: string | undefined;
  /** API token for `/v1`, sent as `Authorization: Bearer <token>` to `baseUrl` only. Env: `LOC_API_TOKEN`. */
  token?: string | undefined;
  /** CDN key for the distribution check, sent as a Bearer token to `cdnBaseUrl` only. Env: `LOC_CDN_KEY`. */
  cdnKey?: string | undefined;
  /**
   * Base URL of the CDN check. Env: `LOC_CDN_BASE_URL`. Default: `https://cdn.lingohub.com` (the service's
   * CDN host) when `baseUrl` is the service's, else `baseUrl` (loc-mock, a proxy, a staging host).
   */
  cdnBaseUrl?: string | undefined;
  /**
   * Path of the CDN check below `cdnBaseUrl`. Env: `LOC_CDN_CHECK_PATH`. Default: `/v1/distributions/check`
   * on the service's CDN host, else `/cdn/check` (spec.md's route).
   */
  cdnCheckPath?: string | undefined;
  /** Timeout of each attempt, in milliseconds (1 to 2^31 − 1). Default: 30 000. */
  timeoutMs?: number | undefined;
  /** Retries of requests that are safe to repeat (0 to 10; the CDN check retries at most once). Default: 2. */
  maxRetries?: number | undefined;
  /** A fetch implementation (a proxy-aware one, or a test double). Default: the global fetch, looked up per call. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Extra headers for every API request (never for downloads). */
  headers?: Record<string, string> | undefined;
  /** Observers of each request, response and retry; they are never shown credentials. */
  hooks?: ClientHooks | undefined;
  /**
   * Where log lines go (each request, response, retry, wait and poll of an export). Default: `console.error`
   * (standard error, whatever the level: a program's standard output stays its own).
   * Lines never hold a credential, a header or a signed query string.
   */
  logger?: Logger | undefined;
  /**
   * What is logged: `debug` (each request, answer and wait), `info` (each poll of an export), `warn` (each
   * retry), `error` or `off` (nothing: a failure is the error the call throws). Env: `LOC_LOG`. Default:
   * `off` (silent), or `info` when a `logger` is given.
   */
  logLevel?: LogLevel | undefined;
}

/**
 * Where a setting's value came from, as a message says it after "from": `the option`, `LOC_BASE_URL`, `the
 * default` (and for a `cdnBaseUrl` that falls back, `baseUrl from LOC_BASE_URL`, or `the service's CDN host
 * for baseUrl from the default`). Errors say it so that a user knows which of the three to check.
 */
export type SettingSource = string;

export interface ResolvedConfig {
  baseUrl: string;
  cdnBaseUrl: string;
  cdnCheckPath: string;
  token: string | undefined;
  cdnKey: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  fetch: typeof globalThis.fetch | undefined;
  headers: Record<string, string>;
  hooks: ClientHooks;
  log: Log;
  /** Where each URL and credential came from (never the credential itself). */
  from: Record<'baseUrl' | 'cdnBaseUrl' | 'token' | 'cdnKey', SettingSource | undefined>;
}

/** Options, then environment, then defaults: the one place where the client's settings are decided. */
export function resolveConfig(options: ClientOptions = {}): ResolvedConfig {
  const base = setting(options.baseUrl, 'LOC_BASE_URL') ?? { value: DEFAULT_BASE_URL, from: 'the default' };
  const baseUrl = checkUrl('baseUrl', base.value);
  const givenCdnBase = setting(options.cdnBaseUrl, 'LOC_CDN_BASE_URL');
  const givenPath = options.cdnCheckPath ?? readEnv('LOC_CDN_CHECK_PATH');
  // The one rule of where a check goes (base/service-hosts.ts); a given CDN host is checked first.
  const cdn = cdnCheckTarget({
    baseUrl,
    cdnBaseUrl: givenCdnBase && checkUrl('cdnBaseUrl', givenCdnBase.value),
    cdnCheckPath: givenPath,
  });
  const cdnBaseFrom =
    givenCdnBase?.from ??
    `${cdn.from.cdnBaseUrl === 'service' ? "the service's CDN host for " : ''}baseUrl from ${base.from}`;
  const token = setting(options.token, 'LOC_API_TOKEN');
  const cdnKey = setting(options.cdnKey, 'LOC_CDN_KEY');
  const timeoutMs = checkDuration('timeoutMs', options.timeoutMs) ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = checkCount('maxRetries', options.maxRetries, 0, MAX_RETRIES_LIMIT) ?? DEFAULT_MAX_RETRIES;
  return {
    baseUrl,
    cdnBaseUrl: cdn.cdnBaseUrl,
    cdnCheckPath: checkPath('cdnCheckPath', cdn.cdnCheckPath),
    token: token?.value,
    cdnKey: cdnKey?.value,
    timeoutMs,
    maxRetries,
    fetch: options.fetch,
    headers: {
      accept: 'application/json',
      'user-agent': `loc-sdk/${SDK_VERSION}`,
      ...ownHeaders(options.headers),
    },
    hooks: options.hooks ?? {},
    log: createLog(options),
    from: {
      baseUrl: base.from,
      cdnBaseUrl: cdnBaseFrom,
      token: token?.from,
      cdnKey: cdnKey?.from,
    },
  };
}

/** The option, else the environment variable: the value and where it came from; undefined when neither is set. */
function setting(option: string | undefined, env: string): { value: string; from: SettingSource } | undefined {
  if (option !== undefined) return { value: option, from: 'the option' };
  const value = readEnv(env);
  return value === undefined ? undefined : { value, from: env };
}

function checkUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(
      `${name} ${JSON.stringify(value)} is not a URL: expected for example ${SERVICE_API_URL}`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`${name} must be an http(s) URL, got ${url.protocol}`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError(
      `${name} must not carry credentials, a query or a fragment: pass the token as \`token\`.`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

function checkPath(name: string, value: string): string {
  if (!value.startsWith('/') || value.startsWith('//') || /[?#\s]/.test(value)) {
    throw new ConfigurationError(
      `${name} ${JSON.stringify(value)} is not a path: expected one that starts with / and has no query, for example /v1/distributions/check.`,
    );
  }
  return value;
}

/**
 * The caller's headers, names in lower case (so that one of theirs replaces a default rather than joining
 * it: `Accept`), without `authorization`: the credential header is the transport's alone, which picks the
 * one that belongs to each host.
 */
function ownHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .map(([name, value]) => [name.toLowerCase(), value])
      .filter(([name]) => name !== 'authorization'),
  );
}
