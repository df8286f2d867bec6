// A request's target (`/v1/projects?x=1`), read as a URL on the server's own origin (never the Host
// header's), checked, and kept: the requests that send the same target share one parsed URL (the handlers
// only read a request's parsed URL: see `urlOf` in request/socket-request.ts).
import { ADMIN_PREFIX } from '../admin/http';

/** A request target, parsed and checked: its URL, and whether it is the control API's. */
export interface RequestTarget {
  readonly url: URL;
  readonly isAdmin: boolean;
}

/** A target that is refused: not a URL (`url`), or a path whose percent-encoding is broken (`encoding`). */
export type RefusedTarget = { readonly refused: 'url' } | { readonly refused: 'encoding'; readonly pathname: string };

/** Distinct request URLs kept parsed; past this the memory starts over. */
const MAX_REMEMBERED_URLS = 1024;

const NOT_A_URL: RefusedTarget = { refused: 'url' };

/**
 * The target's URL on `origin`, and whether it is the control API's, from `known` when it was seen before;
 * or why it is refused.
 *
 * @example checkedTarget(new Map(), 'http://127.0.0.1:4010', '/__admin/requests') // { url, isAdmin: true }
 */
export function checkedTarget(
  known: Map<string, RequestTarget>,
  origin: string,
  target: string,
): RequestTarget | RefusedTarget {
  const seen = known.get(target);
  if (seen) return seen;
  let url: URL;
  try {
    // An absolute-form target (`GET http://elsewhere/v1/projects`) is read for its path and query only.
    const parsed = new URL(target, origin);
    url = new URL(`${parsed.pathname}${parsed.search}`, origin);
  } catch {
    return NOT_A_URL;
  }
  // msw's route matching decodes every path (wildcards too) and throws on broken percent-encoding
  // (`%ZZ`, a cut-off UTF-8 sequence): such a path names no resource, so it is a 400.
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return { refused: 'encoding', pathname: url.pathname };
  }
  const { pathname } = url;
  const isAdmin =
    pathname.startsWith(ADMIN_PREFIX) &&
    (pathname.length === ADMIN_PREFIX.length || pathname[ADMIN_PREFIX.length] === '/');
  if (known.size >= MAX_REMEMBERED_URLS) known.clear();
  const checked = { url, isAdmin };
  known.set(target, checked);
  return checked;
}
