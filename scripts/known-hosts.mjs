// The hosts the packages, their docs and the examples may name, each with its reason: the service's, the
// few real third-party hosts the docs and code must name, and names nobody can own (loopback, reserved
// example names, single-label names). Any other host (a domain someone else could register, as an earlier
// default was) is a mistake: examples/service-hosts.test.ts greps for them, and the SDK's tests hold its defaults
// to the service's hosts (packages/sdk/test/service-hosts.test.ts). Declared once, here.

/** Hosts by why they may be named. */
export const KNOWN_HOSTS = {
  /** The service itself: the only hosts a default may name. */
  service: [
    { host: 'api.lingohub.com', reason: 'the service’s API (/v1), the default base URL' },
    { host: 'cdn.lingohub.com', reason: 'the service’s CDN host, where the official SDKs post their checks' },
  ],
  /** Real hosts of others, named as links or as the services some code talks to; never a default of loc’s. */
  thirdParty: [
    { host: 'github.com', reason: 'the Action runs on GitHub: `uses:` lines, workflow docs, the Actions bot’s e-mail' },
    {
      host: 'api.github.com',
      reason: 'the GitHub REST API the Action opens pull requests with (GITHUB_API_URL’s default)',
    },
    { host: 'docs.github.com', reason: 'links to GitHub’s documentation' },
    { host: 'registry.npmjs.org', reason: 'the npm registry the packages are published to' },
    { host: 'unpkg.com', reason: 'a published version’s files: README links and a global install’s $schema' },
    { host: 'json-schema.org', reason: 'JSON Schema meta-schema ids ($schema), never fetched' },
    { host: 'www.w3.org', reason: 'XML namespace names (xliff, xml:lang), never fetched' },
    { host: 'www.apple.com', reason: 'the property list DTD name of Apple’s plist format' },
    { host: 'developer.mozilla.org', reason: 'links to MDN (Fetch, CORS) in the docs' },
    { host: 'www.i18next.com', reason: 'a link to i18next’s TypeScript docs' },
    { host: 'typedoc.org', reason: '$schema of typedoc.json, read by editors' },
    { host: 'turbo.build', reason: '$schema of turbo.json, read by editors' },
    {
      host: 'raw.githubusercontent.com',
      reason: 'the $id of ajv’s $data schema, inside conf, which the CLI bundles; an id, never fetched',
    },
  ],
};

/** Top-level names reserved for examples and tests (RFC 2606, RFC 6761): nobody can register them. */
const RESERVED_TOP_LEVEL = ['test', 'example', 'invalid', 'localhost'];
/** Second-level names reserved for documentation (RFC 2606). */
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

/**
 * Whether `hostname` is this machine: 127.0.0.0/8 (also spelled in hex, as a test of the loopback rule
 * writes it), ::1, localhost.
 *
 * @example isLoopbackHostname('127.0.0.1') // true
 */
export function isLoopbackHostname(hostname) {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  try {
    // IPv6 (`::1`, `::ffff:127.0.0.1`) as the URL parser writes it; IPv4 in any spelling (`0x7f.1`).
    const parsed = new URL(`http://${name.includes(':') ? `[${name}]` : name}/`).hostname;
    return parsed.startsWith('127.') || /^\[(::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/.test(parsed);
  } catch {
    return false;
  }
}

/**
 * Why `hostname` may be named, or undefined when it may not (a public name that is not in KNOWN_HOSTS).
 *
 * @example whyAllowed('cdn.example.com') // 'reserved for examples (RFC 2606)'
 */
export function whyAllowed(hostname) {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (isLoopbackHostname(name)) return 'loopback';
  const known = [...KNOWN_HOSTS.service, ...KNOWN_HOSTS.thirdParty].find((h) => h.host === name);
  if (known) return known.reason;
  if (
    RESERVED_TOP_LEVEL.includes(name.split('.').pop()) ||
    RESERVED_DOMAINS.some((d) => name === d || name.endsWith(`.${d}`))
  )
    return 'reserved for examples (RFC 2606, RFC 6761)';
  // A private address (a NO_PROXY range in a test) or a single label (`http://proxy:3128`, a compose service
  // such as `loc-mock`): no one on the internet can own either.
  if (/^(10|192\.168|172\.(1[6-9]|2\d|3[01]))\.[\d.]+$/.test(name)) return 'a private address';
  if (!name.includes('.')) return 'a single-label name (no public DNS name)';
  return undefined;
}
