// The modules themselves, taken when a download starts: that is when their global agents are read.
import { nodeHttp, nodeHttps } from './node-http';

/** Where Node reads its proxy settings: the environment, or the `proxyEnv` option of its global agent. */
type ProxyEnv = Record<string, string | undefined>;

/**
 * Which of Node's clients carries a download from `url` through the proxy of the environment, when Node
 * was told to honour it (`NODE_USE_ENV_PROXY=1` or `--use-env-proxy`, with `HTTP_PROXY` / `HTTPS_PROXY`
 * and `NO_PROXY`): `node:http` where Node's global agents honour it (Node 22.21+ and 24.5+: the agent
 * then has a `proxyEnv`), `fetch` where only fetch does (Node 24.0–24.4), undefined when no proxy applies
 * (the SDK's own socket connects directly, as Node itself would).
 *
 * When unsure, it answers a client: that client applies `NO_PROXY` itself, so a host it bypasses only
 * loses the socket's speed, where a wrong "no proxy" would connect directly past a proxy the network
 * requires.
 *
 * @example envProxyRoute(new URL('http://cdn.example/a.zip'), { HTTP_PROXY: 'http://proxy:3128', NO_PROXY: '.example' }) // undefined
 */
export function envProxyRoute(
  url: URL,
  agentProxyEnv: ProxyEnv | undefined = globalAgentProxyEnv(url),
  env: ProxyEnv = process.env,
  nodeVersion: string = process.versions.node,
): 'node:http' | 'fetch' | undefined {
  if (agentProxyEnv) {
    // Node's rules (lib/internal/http.js): https takes only the https proxy; a proxy that is not
    // http(s) is ignored; lower case wins.
    const proxy =
      url.protocol === 'https:'
        ? agentProxyEnv.https_proxy || agentProxyEnv.HTTPS_PROXY
        : agentProxyEnv.http_proxy || agentProxyEnv.HTTP_PROXY;
    if (!proxy || !/^https?:\/\//.test(proxy)) return undefined;
    return bypassedByNoProxy(url, agentProxyEnv.no_proxy || agentProxyEnv.NO_PROXY) ? undefined : 'node:http';
  }
  // Node 24.0–24.4 route only fetch through the proxy (undici's EnvHttpProxyAgent, which applies NO_PROXY
  // and also takes HTTP_PROXY for https).
  const fetchOnly = env.NODE_USE_ENV_PROXY === '1' && Number(nodeVersion.split('.')[0]) >= 24;
  return fetchOnly && (env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY) ? 'fetch' : undefined;
}

/** The `proxyEnv` of the global agent Node uses for `url`: set when Node honours the environment's proxy. */
function globalAgentProxyEnv(url: URL): ProxyEnv | undefined {
  const agent = (url.protocol === 'https:' ? nodeHttps() : nodeHttp()).globalAgent as {
    options?: { proxyEnv?: ProxyEnv | null };
  };
  return agent.options?.proxyEnv ?? undefined;
}

/**
 * Whether `NO_PROXY` surely bypasses the proxy for `url`, by the entries Node matches (`*`, `host`,
 * `host:port`, `.suffix`, `*.suffix`, case-insensitive). Node's IPv4 ranges (`a.b.c.d-e.f.g.h`) are
 * not matched here: node:http applies them itself.
 */
function bypassedByNoProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = (url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname).toLowerCase();
  const hostWithPort = url.port ? `${host}:${url.port}` : host;
  return noProxy
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => {
      if (entry === '*' || entry === host || entry === hostWithPort) return true;
      if (entry.startsWith('.')) {
        const suffix = entry.slice(1);
        return host === suffix || host.endsWith(`.${suffix}`);
      }
      return entry.startsWith('*.') && host.endsWith(entry.slice(1));
    });
}
