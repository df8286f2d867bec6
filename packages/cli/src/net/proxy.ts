import { type FetchInit, type Hop, sendFollowing } from './redirects';

/**
 * A fetch that goes through the proxy of HTTPS_PROXY / HTTP_PROXY and honours NO_PROXY (undici's
 * EnvHttpProxyAgent reads them). Called only when config/settings.ts found a proxy variable; undici is loaded
 * only then. Redirects are followed here, hop by hop, by the same rules as loc's own client
 * (redirects.ts), not by undici, which would follow one from https to plain http.
 */
export async function proxyFetch(): Promise<typeof fetch> {
  const undici = await import('undici');
  const dispatcher = new undici.EnvHttpProxyAgent();
  const exchange = (hop: Hop, signal: AbortSignal | undefined) => {
    const headers: [string, string][] = [];
    hop.headers.forEach((value, name) => {
      headers.push([name, value]);
    });
    return undici.fetch(hop.url, {
      method: hop.method,
      headers,
      body: hop.body,
      signal,
      redirect: 'manual',
      dispatcher,
    });
  };
  const proxied = async (input: string | URL | { url: string }, init: FetchInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const { response } = await sendFollowing(url, init, exchange, (response) => ({
      status: response.status,
      location: response.headers.get('location'),
      discard: () => void response.body?.cancel().catch(() => {}),
    }));
    return response;
  };
  return proxied as unknown as typeof fetch;
}
