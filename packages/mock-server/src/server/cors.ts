// Which web pages may call the service's routes (/v1, /cdn, /_storage) from a browser, and the CORS
// headers that say so. By default any page on this machine's loopback (a dev server on another port);
// `--cors-origin` narrows or widens that. The control API (/__admin/) never answers CORS: it is
// same-origin (admin/guard.ts).
import { isLoopbackHost } from '@loc/sdk/internal';

/** The origins allowed to read the service's answers in a browser. */
export interface CorsPolicy {
  /** Any origin (`*`). */
  readonly any: boolean;
  /** Any http(s) origin on a loopback name, any port (`loopback`). */
  readonly loopback: boolean;
  /** These exact origins. */
  readonly origins: ReadonlySet<string>;
}

/** What the service allows when no `--cors-origin` is given. */
export const DEFAULT_CORS_ORIGINS = ['loopback'] as const;

/**
 * The policy of `--cors-origin` values: `*`, `loopback`, `none`, or origins (`http://localhost:5173`).
 * Throws an Error naming a value that is none of these.
 *
 * @example corsPolicyOf(['loopback', 'https://app.example.test'])
 */
export function corsPolicyOf(values: readonly string[]): CorsPolicy {
  const origins = new Set<string>();
  let any = false;
  let loopback = false;
  for (const value of values) {
    if (value === '*') any = true;
    else if (value === 'loopback') loopback = true;
    else if (value === 'none') continue;
    else origins.add(originOf(value));
  }
  return { any, loopback, origins };
}

/** An origin as browsers send it (`http://localhost:5173`), or an Error naming the value. */
function originOf(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // named below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, ''))
    throw new Error(
      `--cors-origin ${value} is not an origin: give scheme, host and port only (http://localhost:5173), loopback, * or none.`,
    );
  return url.origin;
}

/**
 * Whether a page of `origin` may read the service's answers.
 *
 * @example allowsOrigin(corsPolicyOf(['loopback']), 'http://127.0.0.1:5173') // true
 */
export function allowsOrigin(policy: CorsPolicy, origin: string): boolean {
  if (policy.any) return true;
  if (policy.origins.has(origin)) return true;
  if (!policy.loopback) return false;
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) && url.origin === origin && isLoopbackHost(url.hostname);
  } catch {
    return false; // `null` (a sandboxed frame, a file: page): only `*` allows it
  }
}

/** Answer headers a page needs to read: the SDK reads Retry-After, downloads their length. */
const EXPOSED = 'Retry-After, Content-Length, Content-Type, Content-Disposition, X-Request-Id';
/** The methods of the service's routes. */
const METHODS = 'GET, HEAD, POST';
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** Headers of an answer to a request from an allowed origin. */
export function corsHeaders(policy: CorsPolicy, origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': policy.any && !policy.origins.has(origin) ? '*' : origin,
    'access-control-expose-headers': EXPOSED,
    vary: 'Origin',
  };
}

/** The request headers a preflight reads. */
export interface PreflightRequest {
  origin?: string | undefined;
  'access-control-request-method'?: string | undefined;
  'access-control-request-headers'?: string | undefined;
  'access-control-request-private-network'?: string | undefined;
}

/** Whether an OPTIONS request is a CORS preflight (the service has no OPTIONS routes of its own). */
export function isPreflight(method: string, headers: PreflightRequest): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}

/**
 * The answer to a preflight: 204 with what the page may send, or 403 saying which flag allows the origin.
 *
 * @example preflightAnswer(policy, { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' }).status // 204
 */
export function preflightAnswer(
  policy: CorsPolicy,
  headers: PreflightRequest,
): { status: 204 | 403; headers: Record<string, string>; message?: string } {
  const origin = headers.origin!;
  if (!allowsOrigin(policy, origin))
    return {
      status: 403,
      headers: { vary: 'Origin' },
      message: `Origin ${origin.slice(0, 100)} may not call loc-mock from a browser: start it with --cors-origin ${/^https?:\/\/[^/]+$/.test(origin) ? origin : '*'} (by default only pages on this machine's loopback may).`,
    };
  const out: Record<string, string> = {
    ...corsHeaders(policy, origin),
    'access-control-allow-methods': METHODS,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE),
  };
  const requested = headers['access-control-request-headers'];
  // Any header the page asks for: the mock checks credentials itself, and sends no cookie of its own.
  if (requested && /^[\w-]+(\s*,\s*[\w-]+)*$/.test(requested.trim())) out['access-control-allow-headers'] = requested;
  if (headers['access-control-request-private-network'] === 'true')
    out['access-control-allow-private-network'] = 'true';
  delete out['access-control-expose-headers'];
  return { status: 204, headers: out };
}
