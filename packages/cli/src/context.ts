import { createClient, DEFAULT_BASE_URL, type ClientHooks, type LocClient } from '@loc/sdk';
import { findConfigFile, loadConfigFile, type LoadedConfig } from './config/project-config';
import { DEFAULT_PROFILE, openCredentials, type CredentialStore, type Profile } from './config/credentials';
import { CredentialsError, UsageError } from './errors';
import { proxyFetch, proxyVariable } from './net/proxy';
import { Output } from './output';
import { VERSION } from './version';

/** The global flags, as commander parses them (docs/cli.md#global-flags). */
export interface GlobalOptions {
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  color?: boolean;
  baseUrl?: string;
  token?: string;
  cdnKey?: string;
  profile?: string;
  config?: string;
}

/** Where a setting came from, for messages (never the value of a credential). */
export type Source = 'flag' | 'environment' | 'profile' | 'default';

export interface Settings {
  profile: string;
  baseUrl: string;
  baseUrlSource: Source;
  token: string | undefined;
  tokenSource: Source | undefined;
  cdnKey: string | undefined;
  cdnKeySource: Source | undefined;
}

/** True when the CI variable is set to anything but false. */
export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * Everything a command needs from its surroundings: the output, whether a person is there to answer
 * prompts, the interrupt signal (Ctrl-C), the project config and a client built from flags, environment
 * and stored profile, in that order.
 */
export class Context {
  readonly out: Output;
  /** A person at a terminal: prompts and animated spinners are allowed. */
  readonly interactive: boolean;
  readonly signal: AbortSignal;
  readonly cwd = process.cwd();
  private loadedConfig: LoadedConfig | undefined | null = null;
  private store: CredentialStore | undefined;
  private proxiedFetch: Promise<typeof fetch | undefined> | undefined;

  constructor(
    readonly options: GlobalOptions,
    signal: AbortSignal,
    readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.out = new Output({
      json: options.json === true,
      quiet: options.quiet === true,
      verbose: options.verbose === true,
      color: options.color !== false,
    });
    this.interactive =
      process.stdin.isTTY === true && process.stdout.isTTY === true && !isCI(env) && !this.out.json;
    this.signal = signal;
  }

  /** The nearest loc.config.json (or the one of --config), read once. */
  projectConfig(): LoadedConfig | undefined {
    if (this.loadedConfig === null) {
      const path = this.options.config ?? findConfigFile(this.cwd);
      this.loadedConfig = path ? loadConfigFile(path) : undefined;
      if (this.loadedConfig) this.out.debug(`config: ${this.loadedConfig.path}`);
    }
    return this.loadedConfig;
  }

  async credentials(): Promise<CredentialStore> {
    this.store ??= await openCredentials(this.env.LOC_CONFIG_DIR);
    return this.store;
  }

  /**
   * Flags, then environment, then the stored profile, then defaults. A stored token is used only for
   * the base URL it was stored for: pointing `--base-url` elsewhere never sends it to another host.
   * The store is not even read when flags and environment give all that `needs` asks for (CI).
   */
  async settings(needs: 'token' | 'cdnKey' | 'none' = 'none'): Promise<Settings> {
    const { options, env } = this;
    const explicitProfile = options.profile ?? env.LOC_PROFILE;
    const given = {
      baseUrl: options.baseUrl ?? env.LOC_BASE_URL,
      credential: needs === 'token' ? (options.token ?? env.LOC_API_TOKEN) : needs === 'cdnKey' ? (options.cdnKey ?? env.LOC_CDN_KEY) : 'none',
    };
    const store = explicitProfile || !given.baseUrl || !given.credential ? await this.credentials() : undefined;
    const profileName = explicitProfile ?? store?.current() ?? DEFAULT_PROFILE;
    if (store && explicitProfile && !store.get(profileName) && profileName !== DEFAULT_PROFILE) {
      const known = store.names();
      throw new UsageError(
        `No profile named '${profileName}'.`,
        known.length ? `Known profiles: ${known.join(', ')}. Create one with \`loc login --profile ${profileName}\`.` : `Create it with \`loc login --profile ${profileName}\`.`,
      );
    }
    const profile: Profile | undefined = store?.get(profileName);

    const [baseUrl, baseUrlSource] = pick<string>([
      [options.baseUrl, 'flag'],
      [env.LOC_BASE_URL, 'environment'],
      [profile?.baseUrl, 'profile'],
    ]) ?? [DEFAULT_BASE_URL, 'default'];
    const normalized = normalizeBaseUrl(baseUrl);
    const sameHost = profile !== undefined && sameOrigin(profile.baseUrl, normalized);

    const token = pick<string>([
      [options.token, 'flag'],
      [env.LOC_API_TOKEN, 'environment'],
      [sameHost ? profile?.token : undefined, 'profile'],
    ]);
    const cdnKey = pick<string>([
      [options.cdnKey, 'flag'],
      [env.LOC_CDN_KEY, 'environment'],
      [sameHost ? profile?.cdnKey : undefined, 'profile'],
    ]);
    if (!token && profile?.token && !sameHost) {
      this.out.debug(`profile '${profileName}' belongs to ${profile.baseUrl}; its token is not sent to ${normalized}`);
    }
    return {
      profile: profileName,
      baseUrl: normalized,
      baseUrlSource,
      token: token?.[0],
      tokenSource: token?.[1],
      cdnKey: cdnKey?.[0],
      cdnKeySource: cdnKey?.[1],
    };
  }

  /** A client for the API. `needs` names the credential the command cannot go without. */
  async client(needs: 'token' | 'cdnKey' | 'none' = 'token'): Promise<{ client: LocClient; settings: Settings }> {
    const settings = await this.settings(needs);
    if (needs === 'token' && !settings.token) {
      throw new CredentialsError(
        `No API token for ${settings.baseUrl}.`,
        'Run `loc login`, or set LOC_API_TOKEN (in CI, from a secret).',
      );
    }
    if (needs === 'cdnKey' && !settings.cdnKey) {
      throw new CredentialsError(
        `No CDN key for ${settings.baseUrl}.`,
        'Pass --cdn-key, set LOC_CDN_KEY, or store one with `loc login --cdn-key <key>`.',
      );
    }
    const fetch = await this.fetch();
    const client = createClient({
      baseUrl: settings.baseUrl,
      ...(this.env.LOC_CDN_BASE_URL ? { cdnBaseUrl: this.env.LOC_CDN_BASE_URL } : {}),
      ...(settings.token ? { token: settings.token } : {}),
      ...(settings.cdnKey ? { cdnKey: settings.cdnKey } : {}),
      ...(fetch ? { fetch } : {}),
      headers: { 'User-Agent': `loc-cli/${VERSION} node/${process.versions.node}` },
      hooks: this.verboseHooks(),
    });
    this.out.debug(
      `base URL ${settings.baseUrl} (${settings.baseUrlSource}); token: ${settings.tokenSource ?? 'none'}; CDN key: ${settings.cdnKeySource ?? 'none'}; profile ${settings.profile}`,
    );
    return { client, settings };
  }

  /**
   * The proxy-aware fetch, when a proxy is configured; used for API calls and downloads alike. Made once
   * per command, so calls and downloads share one proxy agent (and its connections).
   */
  fetch(): Promise<typeof fetch | undefined> {
    this.proxiedFetch ??= (() => {
      const variable = proxyVariable(this.env);
      if (variable) this.out.debug(`using the proxy of ${variable} (NO_PROXY honoured)`);
      return proxyFetch(this.env);
    })();
    return this.proxiedFetch;
  }

  /** --verbose: each request, response and retry on stderr. The SDK never shows hooks a header or a query. */
  private verboseHooks(): ClientHooks {
    if (!this.out.verbose) return {};
    return {
      onRequest: (e) => this.out.debug(`→ ${e.method} ${e.url}${e.attempt ? ` (retry ${e.attempt})` : ''}`),
      onResponse: (e) => this.out.debug(`← ${e.status} ${e.method} ${e.url} ${Math.round(e.durationMs)} ms`),
      onRetry: (e) => this.out.debug(`↻ ${e.method} ${e.url}: ${e.reason}; retrying in ${Math.round(e.delayMs)} ms`),
    };
  }
}

function pick<T>(candidates: [T | undefined, Source][]): [T, Source] | undefined {
  for (const [value, source] of candidates) {
    if (value !== undefined && value !== '') return [value, source];
  }
  return undefined;
}

/** A base URL as given, checked: http(s), no credentials, no query; without a trailing slash. */
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
    throw new UsageError('The base URL must not carry a user name or password.', 'Pass the token with `loc login` or LOC_API_TOKEN.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
