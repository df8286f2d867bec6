import { refusedDownloadUrl } from '@loc/sdk/internal';
import { REFUSED } from '../run/refused';
import { HttpHeaders } from './http-headers';

/**
 * One request on the wire. A redirect's request is made only from the one before it (by
 * {@link redirectedRequest}), never from the caller's init again: a header dropped at one hop stays
 * dropped on every hop after it, even back on the first origin, as fetch does.
 */
export interface Hop {
  readonly url: URL;
  readonly method: string;
  readonly headers: HttpHeaders;
  readonly body: Buffer | undefined;
}

/** A refused redirect, as fetch reports it (a TypeError), with its code. */
const refusedRedirect = (message: string) =>
  Object.assign(new TypeError(`fetch failed: ${message}`), { code: REFUSED.redirect });

/** As fetch: at most 20 redirects are followed. */
const MAX_REDIRECTS = 20;

/**
 * Request headers bound to the origin they were given for. fetch drops Authorization on a redirect to
 * another origin, and undici Cookie, Proxy-Authorization and Host with it: the next host is the
 * answering server's choice, not the caller's.
 */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'host'];
/** Fields that describe the body: dropped with it when a redirect turns the request into a GET (fetch's "request-body-header names"). */
const BODY_HEADERS = ['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length'];

/** The redirect statuses fetch follows. */
function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The part of fetch's init that loc's clients take. */
export interface FetchInit {
  method?: string;
  headers?: unknown;
  body?: unknown;
  signal?: AbortSignal | null;
  redirect?: 'follow' | 'manual' | 'error';
}

/** What the redirect loop reads of an answer. */
interface AnswerHead {
  status: number;
  location: string | null | undefined;
  /** Drops the body of a redirect that is followed. */
  discard(): void;
}

/**
 * Sends `init` to `url` with `exchange` (one request, no redirect followed) and follows redirects as
 * `init.redirect` asks, each hop made by {@link redirectedRequest}. Answers the last response with the
 * hop that brought it and how many redirects came before.
 */
export async function sendFollowing<R>(
  url: URL,
  init: FetchInit,
  exchange: (hop: Hop, signal: AbortSignal | undefined) => Promise<R>,
  head: (response: R) => AnswerHead,
): Promise<{ response: R; hop: Hop; redirects: number }> {
  const signal = init.signal ?? undefined;
  let hop = firstHop(url, init);
  for (let redirects = 0; ; redirects++) {
    const response = await exchange(hop, signal);
    const answer = head(response);
    if (!isRedirect(answer.status) || !answer.location || init.redirect === 'manual')
      return { response, hop, redirects };
    answer.discard();
    if (init.redirect === 'error') throw new TypeError('fetch failed: redirect refused (redirect: "error")');
    hop = redirectedRequest(hop, answer.status, answer.location, redirects);
  }
}

/**
 * The first request, from the caller's URL and init. The init is read here only: every later hop is
 * made from the hop before it.
 */
function firstHop(url: URL, init: FetchInit): Hop {
  return {
    url: checkRequestUrl(url),
    method: (init.method ?? 'GET').toUpperCase(),
    headers: new HttpHeaders(init.headers as HeadersInit | undefined),
    body: bodyBytes(init.body),
  };
}

/** The request body as bytes: strings, bytes and URLSearchParams, what the SDK sends. */
function bodyBytes(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body));
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('loc’s HTTP client sends string and byte bodies only');
}

/**
 * A URL fetch would send: http(s) and no user name or password (node:http would send those as Basic
 * credentials; fetch refuses them).
 */
function checkRequestUrl(url: URL): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`fetch failed: ${url.protocol} URLs are not supported`);
  if (url.username || url.password)
    throw refusedRedirect('a URL that includes credentials (user:password@) is not sent');
  return url;
}

/**
 * The request that follows `hop` after a `status` answer with `location`, by fetch's rules (WHATWG
 * fetch, "HTTP-redirect fetch"): origin-bound headers are dropped when the origin changes; 303 (and 301
 * or 302 after a POST) becomes a GET without body; 307 and 308 keep method and body. Stricter than
 * fetch: each hop is held to @loc/sdk's download URL rule (base/cdn-url-rule.ts): to plain http only
 * from plain http on loopback to loopback, never from https (it would send the request, and whatever
 * credentials the next hops add, in clear text), never out of loopback in clear text; and a count over
 * {@link MAX_REDIRECTS} is refused.
 *
 * @example redirectedRequest(hop, 302, 'https://cdn.example/file').headers.has('authorization') // false when the hop was to another origin
 */
function redirectedRequest(hop: Hop, status: number, location: string, count: number): Hop {
  if (count >= MAX_REDIRECTS) throw refusedRedirect('too many redirects');
  let next: URL;
  try {
    next = new URL(location, hop.url);
  } catch {
    throw refusedRedirect('a redirect to an invalid URL');
  }
  checkRequestUrl(next);
  const refused = refusedDownloadUrl(next.href, hop.url.href);
  if (refused) throw refusedRedirect(`refused a redirect from ${hop.url.protocol.slice(0, -1)} to ${refused}`);
  const headers = new HttpHeaders(hop.headers);
  if (next.origin !== hop.url.origin) for (const name of ORIGIN_BOUND_HEADERS) headers.delete(name);
  const toGet =
    (status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') ||
    ((status === 301 || status === 302) && hop.method === 'POST');
  if (!toGet) return { url: next, method: hop.method, headers, body: hop.body };
  for (const name of BODY_HEADERS) headers.delete(name);
  return { url: next, method: 'GET', headers, body: undefined };
}
