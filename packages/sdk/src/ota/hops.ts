/**
 * Where a redirect of the over-the-air client leads, outside a browser (Node, React Native's fetch aside):
 * the next hop's URL, which http.ts holds to the URL rule before it is requested, and the request to send
 * there. The browser build (the package's `browser` condition; tsup.config.ts) takes ./hops.browser.ts
 * instead, which follows no redirect: a browser's fetch never shows one.
 */

/**
 * The hop that `location`, a redirect answer to `from`, leads to: its URL (as it came when it is not one:
 * the rule refuses it) and the request `init` to send there, without the credential when the hop leaves
 * `from`'s origin (it belongs to the first host only). `init`'s headers are http.ts's own: a plain object
 * with lower-case names, or none.
 *
 * @example nextHop('/r.zip', 'https://cdn.example/a', init) // ['https://cdn.example/r.zip', init]
 */
export function nextHop(location: string, from: string, init: RequestInit): [string, RequestInit] | undefined {
  const url = URL.parse(location, from)?.href ?? location;
  if (URL.parse(url)?.origin === new URL(from).origin) return [url, init];
  const { authorization: _, ...kept } = (init.headers ?? {}) as Record<string, string>;
  return [url, { ...init, headers: kept }];
}
