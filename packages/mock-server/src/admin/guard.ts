// Where a request to the control API may come from. A web page the developer opens while tests run can
// make the browser send requests to 127.0.0.1 (a form, fetch with text/plain) or, after DNS rebinding,
// under its own host name: the control API answers neither. It refuses a request addressed to a host that
// is not this machine's loopback (or the name the mock was told it has), and a request a browser sent for
// a page of another origin. The body's JSON content type is checked with the body (admin/http.ts).
import { isLoopbackHost } from '@loc/sdk/internal';
import { hostOfHeader } from '../rules/loopback';

/** What the control API knows of its own address: its port, and the names it was given. */
export interface AdminSite {
  /** The port the server listens on. */
  port: number;
  /** Host names besides loopback that address the mock (from `--public-url` and `--host`), lower case. */
  names: ReadonlySet<string>;
  /** Origins besides `http://<loopback or name>:<port>` that are the mock's own (the public URL's). */
  origins: ReadonlySet<string>;
}

/** Listening addresses that name no host (any interface): they add no name to the site. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The site of a mock listening on `port` at `host`, told its public URL.
 *
 * @example adminSite(4010, '127.0.0.1') // loopback names on port 4010 only
 */
export function adminSite(port: number, host: string, publicUrl?: string): AdminSite {
  const names = new Set<string>();
  const origins = new Set<string>();
  if (!ANY_ADDRESS.has(host)) names.add(bracketed(host.toLowerCase()));
  if (publicUrl) {
    const url = new URL(publicUrl);
    names.add(url.hostname.toLowerCase());
    origins.add(url.origin);
  }
  return { port, names, origins };
}

/** An IPv6 address as URLs and Host headers write it. */
function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Whether a host name (no port) addresses the mock: loopback, or one of its names. */
function addressesSite(site: AdminSite, host: string): boolean {
  return isLoopbackHost(host) || site.names.has(host.toLowerCase());
}

/** The headers the rule reads (node:http's lower-case names). */
export interface RequestOrigin {
  host?: string | undefined;
  origin?: string | undefined;
  'sec-fetch-site'?: string | undefined;
}

/** Sec-Fetch-Site values of a request the user made, or a page of the mock's own origin. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Why the control API refuses a request for where it comes from, or undefined when it may come in:
 * a Host that is not loopback nor the mock's name, an Origin that is not the mock's own (`null` included),
 * or a browser's `Sec-Fetch-Site` saying another site sent it.
 *
 * @example foreignRequest(site, { host: '127.0.0.1:4010', origin: 'https://evil.example' }) // 'The Origin …'
 */
export function foreignRequest(site: AdminSite, headers: RequestOrigin): string | undefined {
  const { host, origin } = headers;
  const fetchSite = headers['sec-fetch-site'];
  if (host !== undefined) {
    const name = hostOfHeader(host);
    if (name === undefined || !addressesSite(site, name))
      return `The control API answers requests addressed to this machine only (127.0.0.1, localhost, [::1]${[...site.names].map((n) => `, ${n}`).join('')}), not Host ${JSON.stringify(host.slice(0, 100))}. Reaching the mock by another name? Start it with --public-url http://<that name>:${site.port}.`;
  }
  if (origin !== undefined && !isOwnOrigin(site, origin))
    return `The control API refuses requests a browser sends for a page of another origin (Origin ${JSON.stringify(origin.slice(0, 100))}): it is for tests, not web pages. Call it from your test code, or from a page served by the mock's own origin.`;
  if (fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite))
    return `The control API refuses requests a browser sends for another site (Sec-Fetch-Site: ${fetchSite.slice(0, 40)}): it is for tests, not web pages.`;
  return undefined;
}

/** Whether an Origin header names the mock itself: http on one of its names and its port, or its public URL. */
function isOwnOrigin(site: AdminSite, origin: string): boolean {
  if (site.origins.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed frame, a file: page) and anything else that is not an origin
  }
  if (url.origin !== origin || url.protocol !== 'http:') return false;
  return addressesSite(site, url.hostname) && Number(url.port || 80) === site.port;
}
