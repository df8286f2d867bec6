import { DEFAULT_BASE_URL } from '@loc/sdk';
import { DEFAULT_CDN_CHECK_PATH } from '@loc/sdk/internal';
import type { ProjectConfig } from './config/project-config';
import { DEFAULT_PROFILE, type CredentialStore, type Profile } from './config/credentials';
import { UsageError } from './errors';
import type { GlobalOptions, OptionSource } from './program';

/**
 * The one settings resolver: the only module that reads environment variables (besides commander's
 * `.env()` on the options that have one, declared in shared-options.ts). Each setting is taken from the
 * first of flag, environment, loc.config.json (CDN settings), stored profile, default.
 */

/** What `loc` reads from the environment that is not an option's value. */
export interface Environment {
  /** CI is set (to anything but false): never prompt, plain progress lines. */
  ci: boolean;
  /** LOC_CONFIG_DIR: where credentials are stored instead of the user's config folder. */
  configDir: string | undefined;
  /** NO_COLOR set and not empty. */
  noColor: boolean;
  /** FORCE_COLOR set and not 0. */
  forceColor: boolean;
  /** TERM=dumb. */
  dumbTerminal: boolean;
  /** The name of the proxy variable that is set (its value may hold a password: never printed). */
  proxyVariable: string | undefined;
  /** The environment itself, for the proxy agent (it reads HTTPS_PROXY / NO_PROXY). */
  raw: NodeJS.ProcessEnv;
}

/** The proxy variables undici's EnvHttpProxyAgent reads (NO_PROXY / no_proxy lists the exceptions). */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

/**
 * Reads the environment once.
 *
 * @example readEnvironment({ CI: 'true' }).ci // true
 */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const ci = env.CI;
  return {
    ci: ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false',
    configDir: env.LOC_CONFIG_DIR || undefined,
    noColor: env.NO_COLOR !== undefined && env.NO_COLOR !== '',
    forceColor: Boolean(env.FORCE_COLOR) && env.FORCE_COLOR !== '0',
    dumbTerminal: env.TERM === 'dumb',
    proxyVariable: PROXY_VARIABLES.find((name) => env[name]),
    raw: env,
  };
}

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
  /** Where CDN checks go: --cdn-base-url, LOC_CDN_BASE_URL, `cdn.baseUrl` in loc.config.json, else the base URL. */
  cdnBaseUrl: string;
  cdnBaseUrlSource: Source;
  /** The path of the check below it: --cdn-check-path, LOC_CDN_CHECK_PATH, `cdn.checkPath`, else /cdn/check. */
  cdnCheckPath: string;
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
  const baseUrl = normalizeBaseUrl(baseUrlValue);
  const sameHost = profile !== undefined && sameOrigin(profile.baseUrl, baseUrl);
  const stored = (value: string | undefined): [string, Source] | undefined =>
    sameHost && value ? [value, 'profile'] : undefined;
  const token = given('token') ?? stored(profile?.token);
  const cdnKey = given('cdnKey') ?? stored(profile?.cdnKey);
  if (!token && profile?.token && !sameHost) {
    input.debug(`profile '${profileName}' belongs to ${profile.baseUrl}; its token is not sent to ${baseUrl}`);
  }
  const fromConfig = (value: string | undefined): [string, Source] | undefined =>
    value ? [value, 'config'] : undefined;
  const [cdnBaseUrl, cdnBaseUrlSource] = given('cdnBaseUrl') ??
    fromConfig(input.config?.cdn?.baseUrl) ?? [baseUrl, baseUrlSource];
  const [cdnCheckPath] = given('cdnCheckPath') ?? fromConfig(input.config?.cdn?.checkPath) ?? [DEFAULT_CDN_CHECK_PATH];
  return {
    profile: profileName,
    baseUrl,
    baseUrlSource,
    token: token?.[0],
    tokenSource: token?.[1],
    cdnKey: cdnKey?.[0],
    cdnKeySource: cdnKey?.[1],
    cdnBaseUrl: normalizeBaseUrl(cdnBaseUrl),
    cdnBaseUrlSource,
    cdnCheckPath: checkPath(cdnCheckPath),
  };
}

/**
 * A base URL as given, checked: http(s), no credentials, no query; without a trailing slash.
 *
 * @example normalizeBaseUrl('https://api.loc.dev/') // 'https://api.loc.dev'
 */
export function normalizeBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`'${value}' is not a URL.`, 'Give the base URL in full, for example https://api.loc.dev.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`The base URL must use http or https, not ${url.protocol.slice(0, -1)}.`);
  }
  if (url.username || url.password) {
    throw new UsageError(
      'The base URL must not carry a user name or password.',
      'Pass the token with `loc login` or LOC_API_TOKEN.',
    );
  }
  if (url.search || url.hash) throw new UsageError(`The base URL must not carry a query or a fragment: '${value}'.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
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

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
