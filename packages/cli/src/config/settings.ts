import { cdnCheckTarget, DEFAULT_BASE_URL } from '@loc/sdk/internal';
import { checkConfigCdnBaseUrl, type ProjectConfig } from './project-config';
import { DEFAULT_PROFILE, type CredentialStore, type Profile } from './credentials';
import { CredentialsError, UsageError } from '../run/errors';
import { describeSource, settingToCheck, type Source } from '../run/setting-source';
import type { GlobalOptions, OptionSource } from '../options/shared-options';

/**
 * The one settings resolver: with environment.ts (CI, colours, proxy), the only module that reads
 * environment variables (besides commander's `.env()` on the options that have one, declared in
 * shared-options.ts). Each setting is taken from the first of flag, environment, loc.config.json (CDN
 * settings), stored profile, default.
 */

export interface Settings {
  profile: string;
  baseUrl: string;
  baseUrlSource: Source;
  token: string | undefined;
  tokenSource: Source | undefined;
  cdnKey: string | undefined;
  cdnKeySource: Source | undefined;
  /**
   * Where CDN checks go: --cdn-base-url, LOC_CDN_BASE_URL, `cdn.baseUrl` in loc.config.json, else the SDK's
   * rule (`cdnCheckTarget`): the service's CDN host for the service's base URL, else the base URL.
   */
  cdnBaseUrl: string;
  cdnBaseUrlSource: Source;
  /** No CDN base URL was set: CDN checks go where the base URL implies (and `cdnBaseUrlSource` is the base URL's). */
  cdnBaseUrlIsBase: boolean;
  /**
   * The path of the check below it: --cdn-check-path, LOC_CDN_CHECK_PATH, `cdn.checkPath`, else
   * /v1/distributions/check on the service's CDN host and /cdn/check on any other.
   */
  cdnCheckPath: string;
  cdnCheckPathSource: Source;
}

interface SettingsInput {
  options: GlobalOptions;
  sourceOf: (key: keyof GlobalOptions) => OptionSource;
  config: ProjectConfig | undefined;
  /** Opened only when flags and environment leave something to look up (CI never reads the file). */
  openStore: () => Promise<CredentialStore>;
  needs: 'token' | 'cdnKey' | 'none';
  debug: (text: string) => void;
}

/**
 * Flags, then environment, then loc.config.json, then the stored profile, then defaults. A stored
 * credential is used only for the base URL it was stored for: pointing `--base-url` elsewhere never
 * sends it to another host.
 */
export async function resolveSettings(input: SettingsInput): Promise<Settings> {
  const { options, sourceOf } = input;
  const given = <K extends keyof GlobalOptions>(key: K): [string, Source] | undefined => {
    const value = options[key];
    return typeof value === 'string' && value !== '' ? [value, sourceOf(key) ?? 'flag'] : undefined;
  };
  const credential =
    input.needs === 'token' ? given('token') : input.needs === 'cdnKey' ? given('cdnKey') : ['none', 'flag'];
  const explicitProfile = given('profile')?.[0];
  const store = explicitProfile || !given('baseUrl') || !credential ? await input.openStore() : undefined;
  const profileName = explicitProfile ?? store?.current() ?? DEFAULT_PROFILE;
  if (store && explicitProfile && !store.get(profileName) && profileName !== DEFAULT_PROFILE) {
    const known = store.names();
    throw new UsageError(
      `No profile named '${profileName}'.`,
      known.length
        ? `Known profiles: ${known.join(', ')}. Create one with \`loc login --profile ${profileName}\`.`
        : `Create it with \`loc login --profile ${profileName}\`.`,
    );
  }
  const profile: Profile | undefined = store?.get(profileName);

  const [baseUrlValue, baseUrlSource] =
    given('baseUrl') ?? (profile ? [profile.baseUrl, 'profile' as const] : [DEFAULT_BASE_URL, 'default' as const]);
  const baseUrl = normalizeBaseUrl(
    baseUrlValue,
    `The base URL (${describeSource(baseUrlSource, 'baseUrl', profileName)})`,
  );
  const sameHost = profile !== undefined && sameOrigin(profile.baseUrl, baseUrl);
  const stored = (value: string | undefined): [string, Source] | undefined =>
    sameHost && value ? [value, 'profile'] : undefined;
  const token = given('token') ?? stored(profile?.token);
  if (!token && profile?.token && !sameHost) {
    input.debug(`profile '${profileName}' belongs to ${profile.baseUrl}; its token is not sent to ${baseUrl}`);
  }
  const fromConfig = (value: string | undefined): [string, Source] | undefined =>
    value ? [value, 'config'] : undefined;
  const cdnBaseUrlFlag = given('cdnBaseUrl');
  const cdnBaseUrlGiven = cdnBaseUrlFlag ?? fromConfig(input.config?.cdn?.baseUrl);
  const cdnCheckPathGiven = given('cdnCheckPath') ?? fromConfig(input.config?.cdn?.checkPath);
  const checkedCdnBase = ([value, source]: [string, Source]) =>
    normalizeBaseUrl(value, `The CDN base URL (${describeSource(source, 'cdnBaseUrl', profileName)})`);
  // Where a check goes without them is the SDK's one rule (its base/service-hosts.ts).
  const cdn = cdnCheckTarget({
    baseUrl,
    cdnBaseUrl: cdnBaseUrlGiven && checkedCdnBase(cdnBaseUrlGiven),
    cdnCheckPath: cdnCheckPathGiven?.[0],
  });
  const cdnBaseUrl = cdn.cdnBaseUrl;
  const cdnBaseUrlSource: Source = cdnBaseUrlGiven?.[1] ?? baseUrlSource;
  // Where CDN checks go when loc.config.json says nothing: a host the repository's file did not choose.
  const unconfigured = cdnCheckTarget({
    baseUrl,
    cdnBaseUrl: cdnBaseUrlFlag && checkedCdnBase(cdnBaseUrlFlag),
  }).cdnBaseUrl;
  // A stored CDN key goes only to the origin it was stored for (the profile's CDN base URL, else the CDN host
  // its base URL implies): a cloned repository's `cdn.baseUrl` must never receive it. A key given as flag or
  // variable goes where the user points it.
  const keyOrigin = profile?.cdnKey ? (profile.cdnBaseUrl ?? cdnHostOf(profile.baseUrl)) : undefined;
  const cdnKey: [string, Source] | undefined =
    given('cdnKey') ??
    (profile?.cdnKey && keyOrigin && sameOrigin(keyOrigin, cdnBaseUrl) ? [profile.cdnKey, 'profile'] : undefined);
  if (!cdnKey && keyOrigin && input.needs === 'cdnKey') {
    throw new CredentialsError(
      `The stored CDN key of profile '${profileName}' belongs to ${originOf(keyOrigin)}; the CDN check would go to ${originOf(cdnBaseUrl)} (${describeSource(cdnBaseUrlSource, cdnBaseUrlGiven ? 'cdnBaseUrl' : 'baseUrl', profileName)}). The key was not sent.`,
      `If you trust ${originOf(cdnBaseUrl)}, pass its key with --cdn-key or LOC_CDN_KEY, or store one for it with \`loc login --cdn-key <key> --cdn-base-url ${originOf(cdnBaseUrl)}\`.`,
    );
  }
  if (cdnBaseUrlSource === 'config' && input.needs === 'cdnKey')
    checkConfigCdnBaseUrl(cdnBaseUrl, {
      trusted: [baseUrl, unconfigured],
      keyFrom: cdnKey?.[1] as 'flag' | 'environment' | 'profile' | undefined,
    });
  const origin = ([, source]: [string, Source], key: 'token' | 'cdnKey') =>
    settingToCheck(source, key) ?? describeSource(source, key, profileName);
  if (token) checkCredentialText(token[0], `The API token (${origin(token, 'token')})`);
  if (cdnKey) checkCredentialText(cdnKey[0], `The CDN key (${origin(cdnKey, 'cdnKey')})`);
  return {
    profile: profileName,
    baseUrl,
    baseUrlSource,
    token: token?.[0],
    tokenSource: token?.[1],
    cdnKey: cdnKey?.[0],
    cdnKeySource: cdnKey?.[1],
    cdnBaseUrl,
    cdnBaseUrlSource,
    cdnBaseUrlIsBase: cdnBaseUrlGiven === undefined,
    cdnCheckPath: checkPath(cdn.cdnCheckPath),
    cdnCheckPathSource: cdnCheckPathGiven?.[1] ?? 'default',
  };
}

/**
 * The CDN host a base URL implies when no CDN base URL is given (the SDK's rule): the service's CDN host for
 * the service's API, else the base URL itself.
 *
 * @example cdnHostOf('https://api.lingohub.com') // 'https://cdn.lingohub.com'
 */
export function cdnHostOf(baseUrl: string): string {
  return cdnCheckTarget({ baseUrl }).cdnBaseUrl;
}

/**
 * A base URL as given, checked: http(s), no credentials, no query; without a trailing slash. A refused
 * value is never echoed (a query or a user name may hold a key): `what` names the setting and its source.
 *
 * @example normalizeBaseUrl('https://api.lingohub.com/') // 'https://api.lingohub.com'
 */
export function normalizeBaseUrl(value: string, what = 'The base URL'): string {
  const example = `Give it in full, for example ${DEFAULT_BASE_URL} (the service) or http://127.0.0.1:4010 (loc-mock).`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`${what} is not a URL.`, example);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${what} must use http or https, not ${url.protocol.slice(0, -1)}.`, example);
  }
  if (url.username || url.password) {
    throw new UsageError(
      `${what} must not carry a user name or password (not shown here).`,
      'Pass the token with `loc login` or LOC_API_TOKEN.',
    );
  }
  if (url.search || url.hash) {
    throw new UsageError(
      `${what} must not carry a query or a fragment (not shown here: it may hold a key).`,
      `Give only its scheme, host and path: ${url.origin}${url.pathname.replace(/\/+$/, '')}.`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * A token or key as an HTTP header can carry it: printable ASCII, no space. One with a line break (a
 * secret file's trailing newline) or another character is malformed: said so here, never sent (it would
 * fail as "could not reach the server"). The value is never shown.
 */
export function checkCredentialText(value: string, what: string): void {
  if (/^[\x21-\x7e]+$/.test(value)) return;
  const why = /[\r\n]/.test(value)
    ? 'a line break'
    : /\s/.test(value)
      ? 'a space'
      : /[\u0000-\u001f\u007f]/.test(value)
        ? 'a control character'
        : 'a character outside ASCII';
  throw new UsageError(
    `${what} is malformed: it holds ${why}.`,
    'Copy it again without surrounding spaces or line breaks (a secret read from a file often ends in a newline).',
  );
}

/**
 * The proxy variables, judged as undici will read them (net/proxy.ts hands the environment to its
 * EnvHttpProxyAgent, which builds a ProxyAgent for each when it is made, before any request): a value it
 * would refuse is a usage error naming the variable (exit 2), never "Unexpected error: Invalid URL" (exit 1).
 * Never shows the value (it may hold a password), nor any part of it. undici 8 reads, for plain http,
 * `http_proxy`, else `HTTP_PROXY`; for https, `https_proxy`, else `HTTPS_PROXY` (`??`: a variable set to ''
 * hides the other one and means no proxy). Its ProxyAgent takes `new URL(value)` (so `proxy.corp:3128` is
 * the scheme `proxy.corp:`), then a pool for the proxy's origin: http: or https:, nothing after the port
 * (`util.parseOrigin`); socks5: and socks: go to its SOCKS agent instead. settings.test.ts gives each value
 * to undici's ProxyAgent and compares. Stricter in one case: a SOCKS URL without a host, which undici takes
 * and can never connect to.
 */
export function checkProxyVariables(env: NodeJS.ProcessEnv): void {
  for (const [lower, upper] of [
    ['http_proxy', 'HTTP_PROXY'],
    ['https_proxy', 'HTTPS_PROXY'],
  ] as const) {
    const name = env[lower] !== undefined ? lower : upper;
    const value = env[name];
    if (!value) continue;
    const why = refusedProxyUrl(value);
    if (why)
      throw new UsageError(
        `${name} is not a proxy URL: it ${why} (its value is not shown: it may hold a password).`,
        `Set ${name} to http://host:port (or http://user:password@host:port, with nothing after the port), or unset it.`,
      );
  }
}

/** Why undici's ProxyAgent would refuse `value` (or could never connect through it), or undefined. */
function refusedProxyUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol === 'socks5:' || url.protocol === 'socks:') return url.hostname ? undefined : 'names no host';
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'starts with no http:// or https:// (a bare host:port reads as a scheme of its own)';
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    return 'has a path, a query or a fragment after the host and port';
  return undefined;
}

/** A check path: absolute, no query. */
function checkPath(value: string): string {
  if (!/^\/[^?#\s]*$/.test(value)) {
    throw new UsageError(
      `The CDN check path must start with / and hold no query: '${value}'.`,
      'For example --cdn-check-path /v1/distributions/check.',
    );
  }
  return value;
}

function originOf(url: string): string {
  return new URL(url).origin;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
