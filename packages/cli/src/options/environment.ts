/**
 * What `loc` reads from the environment besides options and settings (config/settings.ts resolves those): CI,
 * the colour variables, the proxy. Kept apart from settings.ts so that output.ts can take its type
 * without importing the settings resolver (no import cycle: docs/development.md#import-cycles).
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
export const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

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
