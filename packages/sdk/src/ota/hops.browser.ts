/**
 * ./hops.ts in the browser build: no redirect is followed. A browser's fetch shows none (with `redirect:
 * 'manual'` it answers an opaque redirect), and a `fetch` of the app's that shows one is refused it all the
 * same (http.ts), so that the two builds' browsers behave alike.
 */

/**
 * No next hop: the redirect is refused.
 *
 * @example nextHop() // undefined
 */
export function nextHop(): [string, RequestInit] | undefined {
  return undefined;
}
