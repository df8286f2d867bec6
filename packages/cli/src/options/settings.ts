import { cdnCheckTarget, DEFAULT_BASE_URL } from '@loc/sdk/internal';
import type { ProjectConfig } from '../config/project-config';
import { DEFAULT_PROFILE, type CredentialStore, type Profile } from '../config/credentials';
import { CredentialsError, UsageError } from '../run/errors';
import { PROXY_VARIABLES } from './environment';
import type { GlobalOptions, OptionSource } from './shared-options';

/**
 * The one settings resolver: with environment.ts (CI, colours, proxy), the only module that reads
 * environment variables (besides commander's `.env()` on the options that have one, declared in
 * shared-options.ts). Each setting is taken from the first of flag, environment, loc.config.json (CDN
 * settings), stored profile, default.
 */

/** Where a setting came from, for messages (never the value of a credential). */
export type Source = 'flag' | 'environment' | 'config' | 'profile' | 'default';

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
  const baseUrl = normalizeBaseUrl(baseUrlValue, `The base URL (${describeSource(baseUrlSource, 'baseUrl')})`);
  const sameHost = profile !== undefined && sameOrigin(profile.baseUrl, baseUrl);
  const stored = (value: string | undefined): [string, Source] | undefined =>
    sameHost && value ? [value, 'profile'] : undefined;
  const token = given('token') ?? stored(profile?.token);
  if (!token && profile?.token && !sameHost) {
    input.debug(`profile '${profileName}' belongs to ${profile.baseUrl}; its token is not sent to ${baseUrl}`);
  }
  const fromConfig = (value: string | undefined): [string, Source] | undefined =>
    value ? [value, 'config'] : undefined;
  const cdnBaseUrlGiven = given('cdnBaseUrl') ?? fromConfig(input.config?.cdn?.baseUrl);
  const cdnCheckPathGiven = given('cdnCheckPath') ?? fromConfig(input.config?.cdn?.checkPath);
  // Where a check goes without them is the SDK's one rule (its internal/service-hosts.ts).
  const cdn = cdnCheckTarget({
    baseUrl,
    cdnBaseUrl:
      cdnBaseUrlGiven &&
      normalizeBaseUrl(cdnBaseUrlGiven[0], `The CDN base URL (${describeSource(cdnBaseUrlGiven[1], 'cdnBaseUrl')})`),
    cdnCheckPath: cdnCheckPathGiven?.[0],
  });
  const cdnBaseUrl = cdn.cdnBaseUrl;
  const cdnBaseUrlSource: Source = cdnBaseUrlGiven?.[1] ?? baseUrlSource;
  // A stored CDN key goes only to the origin it was stored for (the profile's CDN base URL, else the CDN host
  // its base URL implies): a cloned repository's `cdn.baseUrl` must never receive it. A key given as flag or
  // variable goes where the user points it.
  const keyOrigin = profile?.cdnKey ? (profile.cdnBaseUrl ?? cdnHostOf(profile.baseUrl)) : undefined;
  const cdnKey: [string, Source] | undefined =
    given('cdnKey') ??
    (profile?.cdnKey && keyOrigin && sameOrigin(keyOrigin, cdnBaseUrl) ? [profile.cdnKey, 'profile'] : undefined);
  if (!cdnKey && keyOrigin && input.needs === 'cdnKey') {
    throw new CredentialsError(
      `The stored CDN key of profile '${profileName}' belongs to ${originOf(keyOrigin)}; the CDN check would go to ${originOf(cdnBaseUrl)} (${describeSource(cdnBaseUrlSource, cdnBaseUrlGiven ? 'cdnBaseUrl' : 'baseUrl')}). The key was not sent.`,
      `If you trust ${originOf(cdnBaseUrl)}, pass its key with --cdn-key or LOC_CDN_KEY, or store one for it with \`loc login --cdn-key <key> --cdn-base-url ${originOf(cdnBaseUrl)}\`.`,
    );
  }
  if (token) checkCredentialText(token[0], `The API token (${credentialSource(token[1], '--token', 'LOC_API_TOKEN')})`);
  if (cdnKey)
    checkCredentialText(cdnKey[0], `The CDN key (${credentialSource(cdnKey[1], '--cdn-key', 'LOC_CDN_KEY')})`);
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

function credentialSource(source: Source, flag: string, variable: string): string {
  return source === 'flag' ? flag : source === 'environment' ? variable : 'the stored profile';
}

/**
 * The proxy variables that are set must hold URLs: a garbage value is a usage error naming the variable,
 * never its value (it may hold a password).
 */
export function checkProxyVariables(env: NodeJS.ProcessEnv): void {
  for (const name of PROXY_VARIABLES) {
    const value = env[name];
    if (!value) continue;
    let url: URL | undefined;
    try {
      url = new URL(value.includes('://') ? value : `http://${value}`);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      throw new UsageError(
        `${name} is not a proxy URL (its value is not shown: it may hold a password).`,
        `Set ${name} to http://host:port (or http://user:password@host:port), or unset it.`,
      );
    }
  }
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

/**
 * Where a setting came from, in words, for messages.
 *
 * @example describeSource('config', 'cdnBaseUrl') // 'from cdn.baseUrl of loc.config.json'
 */
export function describeSource(source: Source, key: 'baseUrl' | 'cdnBaseUrl'): string {
  const names = {
    baseUrl: { flag: '--base-url', environment: 'LOC_BASE_URL', config: 'loc.config.json' },
    cdnBaseUrl: { flag: '--cdn-base-url', environment: 'LOC_CDN_BASE_URL', config: 'cdn.baseUrl of loc.config.json' },
  }[key];
  if (source === 'profile') return 'from the stored profile';
  if (source === 'default') return 'the default';
  if (source === 'flag') return `given with ${names.flag}`;
  return `from ${names[source]}`;
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
