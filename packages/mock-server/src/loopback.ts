// "Reachable from this machine only": one rule for the names and addresses of loopback, used where the
// mock decides who is local (the control API's access, its Host and Origin checks, the service's CORS).

/**
 * Whether a host name or address (as in a URL or a Host header, without the port) names this machine's
 * loopback: `localhost` and its subdomains (RFC 6761 keeps them on loopback), 127.0.0.0/8, `::1`, and
 * 127.0.0.0/8 mapped into IPv6.
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

/**
 * The host of a Host header value (`127.0.0.1:4010` → `127.0.0.1`, `[::1]:4010` → `[::1]`), or undefined
 * when the value is not a host and an optional port (`a@b`, `a/b`, spaces: never a host).
 *
 * @example hostOfHeader('localhost:4010') // 'localhost'
 */
export function hostOfHeader(value: string): string | undefined {
  return /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/.exec(value)?.[1];
}
