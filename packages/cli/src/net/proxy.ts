/**
 * A fetch that goes through the proxy of HTTPS_PROXY / HTTP_PROXY and honours NO_PROXY (undici's
 * EnvHttpProxyAgent reads them). Called only when settings.ts found a proxy variable; undici is loaded
 * only then.
 */
export async function proxyFetch(): Promise<typeof fetch> {
  const undici = await import('undici');
  const dispatcher = new undici.EnvHttpProxyAgent();
  const proxied = (input: unknown, init?: unknown) =>
    undici.fetch(input as Parameters<typeof undici.fetch>[0], {
      ...(init as Parameters<typeof undici.fetch>[1]),
      dispatcher,
    });
  return proxied as unknown as typeof fetch;
}
