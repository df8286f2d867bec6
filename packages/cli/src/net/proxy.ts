/** The proxy variables undici's EnvHttpProxyAgent reads (NO_PROXY / no_proxy lists the exceptions). */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

/** Which proxy variable is set, for `--verbose` (its value may hold a password: never printed). */
export function proxyVariable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return PROXY_VARIABLES.find((name) => env[name]);
}

/**
 * A fetch that goes through the proxy of HTTPS_PROXY / HTTP_PROXY and honours NO_PROXY, or undefined
 * when no proxy is set (then the global fetch is used). undici is loaded only when a proxy is set.
 */
export async function proxyFetch(env: NodeJS.ProcessEnv = process.env): Promise<typeof fetch | undefined> {
  if (!proxyVariable(env)) return undefined;
  const undici = await import('undici');
  const dispatcher = new undici.EnvHttpProxyAgent();
  const proxied = (input: unknown, init?: unknown) =>
    undici.fetch(input as Parameters<typeof undici.fetch>[0], {
      ...(init as Parameters<typeof undici.fetch>[1]),
      dispatcher,
    });
  return proxied as unknown as typeof fetch;
}
