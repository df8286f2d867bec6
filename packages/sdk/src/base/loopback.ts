/**
 * "Reachable from this machine only": one rule for the names and addresses of loopback, for every surface
 * that decides by it — which plain `http:` URLs a CDN answer may send a client to (cdn-url-rule.ts), and who
 * is local to loc-mock (its control API's Host and Origin checks, the service's CORS). Kept free of imports:
 * the browser bundle of `@loc/sdk/ota` carries it.
 */

/**
 * Whether a host name or address (as in a URL or a Host header, without the port) names this machine's
 * loopback: `localhost` and its subdomains (RFC 6761 keeps them on loopback), 127.0.0.0/8, `::1`, and
 * 127.0.0.0/8 mapped into IPv6 (as WHATWG URL writes it: `[::ffff:7f00:1]`).
 *
 * @example isLoopbackHost('[::1]') // true; isLoopbackHost('evil.example') // false
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(name)
  );
}
