/**
 * Which URLs that a CDN check's answer hands out may be fetched: a release's `filesUrl` and every redirect
 * on the way to it. One rule for the over-the-air client (`@loc/sdk/ota`) and `loc cdn check --download`.
 * The answer is untrusted input: a compromised or spoofed CDN, or a network attacker without
 * `filesSha256` to stop them, could otherwise send the bundle over plain text, or point at `data:`,
 * `file:` or a relative URL. The browser bundle of `@loc/sdk/ota` carries it: it imports only the loopback rule.
 */
// Hosts that are this machine: a check there is a test or loc-mock, never a stranger's network.
import { isLoopbackHost } from './loopback';

/**
 * Why a URL from the answer of the check sent to `checkUrl` must not be fetched, or undefined when it
 * may: `https:` always; plain `http:` only on loopback, when the check itself was plain `http:` on
 * loopback (tests, loc-mock) and so was `from`, the URL that redirected to it (none goes from HTTPS to
 * HTTP); nothing else (`data:`, `file:`, relative URLs, a user name or password in the URL). WHATWG URL
 * parsing writes IPv4 hosts out (`127.1`, `0x7f.0.0.1` → `127.0.0.1`): they are compared as the fetch
 * sends them.
 *
 * @example refusedCdnUrl('http://cdn.example/r.zip', 'https://api.loc.dev/cdn/check') // 'a plain http: URL (…)'
 */
export function refusedCdnUrl(url: string, checkUrl: string, from = checkUrl): string | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'a URL that is not absolute';
  }
  const { protocol } = target;
  if (protocol !== 'https:' && protocol !== 'http:') return `a ${protocol} URL (only https: is fetched)`;
  if (target.username || target.password) return 'a URL with a user name or password (never sent)';
  if (protocol === 'https:') return undefined;
  const plainLoopback = (u: string) => {
    const { protocol, hostname } = new URL(u);
    return protocol === 'http:' && isLoopbackHost(hostname);
  };
  if (isLoopbackHost(target.hostname) && plainLoopback(checkUrl) && plainLoopback(from)) return undefined;
  return 'a plain http: URL (only on loopback, after a plain http: check on loopback)';
}
