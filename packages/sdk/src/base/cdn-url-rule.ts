/**
 * Which URLs a download may fetch, hop by hop: a release's `filesUrl` that a CDN check's answer hands out,
 * an export's `downloadUrl`, and every redirect on the way to either. One rule for the over-the-air client
 * (`@loc/sdk/ota`), the SDK's downloads (`@loc/sdk/node`) and the CLI's (`loc cdn check --download`, `loc
 * export`). The answers are untrusted input: a compromised or spoofed CDN, or a network attacker without
 * `filesSha256` to stop them, could otherwise send the bundle over plain text, point at `data:`, `file:` or
 * a relative URL, or lead a download that starts on loopback out to the network in clear text. The browser
 * bundle of `@loc/sdk/ota` carries it: it imports only the loopback rule.
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
 * @example refusedCdnUrl('http://cdn.example/r.zip', 'https://cdn.lingohub.com/v1/distributions/check') // 'a plain http: URL (…)'
 */
export function refusedCdnUrl(url: string, checkUrl: string, from = checkUrl): string | undefined {
  return refusedHop(url, [checkUrl, from], 'after a plain http: check on loopback');
}

/**
 * Why one hop of a download must not be made, or undefined when it may: `url` is the hop, `from` the URL
 * whose answer redirected to it (none for the first). `https:` always; plain `http:` only on loopback, and
 * after a redirect only from plain `http:` on loopback: never a downgrade from `https:`, never out of
 * loopback or into it over plain text; never another scheme, a relative URL, or a user name or password
 * (a pre-signed URL carries its own authorization). The SDK's and the CLI's downloads ask it for each hop
 * before they send it: a chain that downgrades in the middle stops there.
 *
 * @example refusedDownloadUrl('http://cdn.example/r.zip', 'http://127.0.0.1:4010/r.zip') // 'a plain http: URL (…)'
 */
export function refusedDownloadUrl(url: string, from?: string): string | undefined {
  return refusedHop(url, from === undefined ? [] : [from], 'reached from plain http: on loopback');
}

/** The rule for `url`, reached after each of `before` (the check, the hop that redirected to it). */
function refusedHop(url: string, before: readonly string[], loopbackCondition: string): string | undefined {
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
  if (isLoopbackHost(target.hostname) && before.every(plainLoopback)) return undefined;
  return `a plain http: URL (only on loopback${before.length ? `, ${loopbackCondition}` : ''})`;
}

function plainLoopback(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && isLoopbackHost(hostname);
  } catch {
    return false;
  }
}
