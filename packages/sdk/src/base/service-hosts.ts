// Where the service lives and where its CDN checks go: the one rule the SDK's clients, the over-the-air
// client and the CLI (and through it the Action) apply (docs/decisions.md, "Credentials and hosts"). No zod
// and nothing else imported: `@loc/sdk/ota`'s browser bundle carries it.

/** The service's API (`/v1` below it): real-service-notes.md, "Hosts". */
export const SERVICE_API_URL = 'https://api.lingohub.com';
/** The host the service's official mobile SDKs send CDN checks to. */
export const SERVICE_CDN_URL = 'https://cdn.lingohub.com';
/** The CDN check's path on {@link SERVICE_CDN_URL}, as the official SDKs post to it. */
export const SERVICE_CDN_CHECK_PATH = '/v1/distributions/check';
/**
 * spec.md §4.2's route of the check below the base address: the `checkDistribution` operation's path, and
 * the path on every host but the service's CDN host (loc-mock, a proxy, a staging host).
 */
export const CDN_CHECK_PATH = '/cdn/check';

/**
 * Where the CDN host came from: given (an option, a variable, a config file), the service's CDN host
 * because the base URL is the service's API, or the base URL itself.
 */
export type CdnHostSource = 'given' | 'service' | 'baseUrl';
/** Where the CDN check's path came from: given, the service's CDN host's path, or spec.md's route. */
export type CdnPathSource = 'given' | 'service' | 'spec';

/** Where a CDN check goes, and where each part came from (for messages: never a credential). */
export interface CdnCheckTarget {
  /** Without a trailing slash. */
  cdnBaseUrl: string;
  cdnCheckPath: string;
  from: { cdnBaseUrl: CdnHostSource; cdnCheckPath: CdnPathSource };
}

/** Whether `url` is on `origin` (scheme, host and port); false for a value that is not a URL. */
function onOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Where a CDN check goes. The CDN host: the one given, else the service's CDN host when the base URL is the
 * service's API, else the base URL. The path: the one given, else the service's path on the service's CDN
 * host, else spec.md's `/cdn/check`. So a client given only credentials reaches the service, and one pointed
 * at any other host (loc-mock, a proxy) checks spec.md's route there, as before.
 *
 * @example
 * cdnCheckTarget({ baseUrl: 'https://api.lingohub.com' }).cdnBaseUrl // 'https://cdn.lingohub.com'
 * cdnCheckTarget({ baseUrl: 'http://127.0.0.1:4010' }).cdnCheckPath // '/cdn/check'
 */
export function cdnCheckTarget({
  baseUrl,
  cdnBaseUrl,
  cdnCheckPath,
}: {
  baseUrl: string;
  cdnBaseUrl?: string | undefined;
  cdnCheckPath?: string | undefined;
}): CdnCheckTarget {
  const host: CdnHostSource =
    cdnBaseUrl !== undefined ? 'given' : onOrigin(baseUrl, SERVICE_API_URL) ? 'service' : 'baseUrl';
  const url = (host === 'given' ? cdnBaseUrl! : host === 'service' ? SERVICE_CDN_URL : baseUrl).replace(/\/+$/, '');
  const path: CdnPathSource =
    cdnCheckPath !== undefined ? 'given' : onOrigin(url, SERVICE_CDN_URL) ? 'service' : 'spec';
  return {
    cdnBaseUrl: url,
    cdnCheckPath: path === 'given' ? cdnCheckPath! : path === 'service' ? SERVICE_CDN_CHECK_PATH : CDN_CHECK_PATH,
    from: { cdnBaseUrl: host, cdnCheckPath: path },
  };
}
