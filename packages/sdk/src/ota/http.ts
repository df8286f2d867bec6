/**
 * The two requests of an over-the-air client, on plain fetch: the CDN check (the request shape of
 * `CdnCheckRequest`, the answers of `CdnRelease`: 200, 204 and the problem bodies) and the bundle download. Not the SDK's
 * validated transport: zod and ofetch would be most of an 8 KB bundle (docs/ota.md, "Weight"). Errors are
 * the SDK's own classes and hold no credential: they name the method and path, never a header or query.
 * An HTTP error of the check is a `LocError` with `status` and `codes` beside it, not `APIError.from`'s
 * subclass: those classes and their messages would be a sixth of the bundle.
 */
import { redactUrls } from '../base/url';
import { APIConnectionError, DownloadError, LocError, parseRetryAfter } from '../base/errors';
import { refusedCdnUrl } from '../base/cdn-url-rule';
import { networkFailureOf, safeCause } from '../request/network-failure';
import { nextHop } from './hops';
import type { CdnCheckRequest, CdnRelease } from '../schemas/cdn';

/** How many redirects a request follows; each is checked (../base/cdn-url-rule.ts). */
const MAX_REDIRECTS = 5;
/**
 * Most bytes of a check's answer that are read: a release or a problem is well under a kilobyte. A bigger
 * answer (a compromised CDN's endless body) is not read further: it counts as an answer without a release.
 */
const MAX_CHECK_ANSWER_BYTES = 64 * 1024;

/** The answer of one check. */
export type CheckAnswer =
  | { kind: 'release'; release: CdnRelease }
  /** 204: `clientRelease` is the newest, or no release matches. */
  | { kind: 'current' }
  | { kind: 'error'; error: LocError; status: number; codes: string[]; retryAfterMs: number | undefined };

export interface HttpConfig {
  fetch: typeof globalThis.fetch;
  now: () => number;
  /** Longest a request may take, its body included (a stalled download would hold every later check). */
  timeoutMs: number;
  /** The check's URL, as the app configured it: every URL fetched (this one too) is held to refusedCdnUrl against it. */
  checkUrl: string;
  /** The check's path below the base URL, as messages name it. */
  checkPath: string;
}

/**
 * Fetches `url`, following redirects itself so that every URL, the check's own and each hop's, passes
 * refusedCdnUrl before it is requested (https off loopback, plain http only from loopback to loopback,
 * never a downgrade, no user name or password; never `data:` or `file:`). A fetch that does not show a
 * redirect's hops (a browser's: `opaqueredirect`; one that follows them whatever it is told, React
 * Native's), and the browser build whatever its fetch shows, are refused the redirect: the hops cannot be
 * held to the rule, and the request is not sent again to follow it.
 */
async function fetchFollowing(config: HttpConfig, url: string, init: RequestInit, path: string): Promise<Response> {
  const info = { method: init.method ?? 'GET', path };
  const refuse = (why: string) => new DownloadError(`${info.method} ${path}: refused ${why}`);
  // One deadline for the redirects and the body; where AbortSignal.timeout is missing (old React Native), none.
  const signal = AbortSignal.timeout?.(config.timeoutMs);
  if (signal) init = { ...init, signal };
  for (let hop = 0, from = config.checkUrl; ; hop++) {
    const refused = refusedCdnUrl(url, config.checkUrl, from);
    // Not the URL itself in the message: a pre-signed query or a data: URL's content is no one's to read.
    if (refused)
      throw hop ? refuse(`a redirect to ${refused}`) : new DownloadError(`refused to ${info.method} ${refused}`);
    let response: Response;
    try {
      response = await config.fetch(url, { ...init, redirect: 'manual' });
    } catch (error) {
      const failure = networkFailureOf(error);
      // The runtime's text may quote the URL it failed on (a fetch polyfill's; one with a user name in it):
      // without its user info and query, in the message and the cause alike.
      failure.message = redactUrls(failure.message);
      throw new APIConnectionError(info, failure.message, { cause: safeCause(failure) });
    }
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    const next = location === null ? undefined : nextHop(location, url, init);
    // A browser's fetch does not show a redirect's hops (`opaqueredirect`: no status, no Location), one that
    // follows them whatever it is told (React Native's) shows only where they ended, and the browser build
    // follows none (./hops.browser.ts): the hops cannot be held to the rule one by one, so the redirect is
    // refused, and the request is not sent again to follow it.
    if (response.type === 'opaqueredirect' || response.redirected || (location !== null && !next))
      throw refuse('a redirect it cannot see the hops of (docs/ota.md, "Redirects")');
    if (!next) return response;
    if (hop >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} redirects`);
    from = url;
    [url, init] = next;
  }
}

/** The codes (`errors[].infos`) and message of a problem body, or of the older `{error_message}` one. */
function problemOf(body: { errors?: { infos?: unknown }[]; detail?: unknown; error_message?: unknown } | undefined): {
  codes: string[];
  detail: string;
} {
  const codes = (Array.isArray(body?.errors) ? body.errors.flatMap((e) => e?.infos) : []).filter(
    (code): code is string => typeof code === 'string',
  );
  const detail = [body?.detail ?? body?.error_message, ...codes].filter((s) => typeof s === 'string').join(', ');
  return { codes, detail };
}

/**
 * One CDN check. Resolves to the answer (an HTTP error, and a 200 without a release, too); rejects with
 * `APIConnectionError` when no answer came.
 */
export async function checkCdn(config: HttpConfig, cdnKey: string, body: CdnCheckRequest): Promise<CheckAnswer> {
  const path = config.checkPath;
  const response = await fetchFollowing(
    config,
    config.checkUrl,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${cdnKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    },
    path,
  );
  const { status } = response;
  if (status === 204) return { kind: 'current' };
  // The answer, parsed; none when it is not JSON, breaks off or is too big to be one (read no further).
  let answer: (Partial<CdnRelease> & Parameters<typeof problemOf>[0]) | undefined;
  try {
    answer = JSON.parse(new TextDecoder().decode(await readCapped(response, MAX_CHECK_ANSWER_BYTES)));
  } catch {}
  if (response.ok && typeof answer?.distributionReleaseId === 'string' && typeof answer.filesUrl === 'string')
    return { kind: 'release', release: answer as CdnRelease };
  const { codes, detail } = problemOf(answer);
  // spec.md §7.2: no distribution matches the environment, type and version. The official SDKs report it as
  // a failure: so does the client, naming what it asked for (the strings it has stay).
  const missing =
    status === 404 && codes.includes('DISTRIBUTION_NOT_FOUND')
      ? `: no release for ${body.distributionEnvironment} ${body.distributionType}${body.clientVersion ? ` ${body.clientVersion}` : ''}`
      : '';
  const error = new LocError(
    `${status} from POST ${path}${response.ok ? ' without a release' : ''}${missing}${detail && `: ${detail}`}`,
  );
  return { kind: 'error', error, status, codes, retryAfterMs: parseRetryAfter(response.headers, config.now()) };
}

/** Path of a download URL for messages: never its query (a pre-signed URL's signature is in it). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(not a URL)';
  }
}

/**
 * The bytes of a release bundle: no credential is sent. Rejects with `DownloadError`: an HTTP error
 * (`status`: 4xx is a pre-signed URL that expired), a bundle bigger than `maxBytes`, or a refused redirect.
 */
export async function downloadBundle(config: HttpConfig, url: string, maxBytes: number): Promise<Uint8Array> {
  const path = pathOf(url);
  const response = await fetchFollowing(config, url, { credentials: 'omit' }, path);
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new DownloadError(`GET ${path}: ${response.status}`, { status: response.status });
  }
  return readCapped(response, maxBytes, path);
}

/**
 * The body of `response`, read chunk by chunk and cancelled as soon as it passes `maxBytes`, whatever
 * `Content-Length` said or when there is none (a chunked answer): memory stays within `maxBytes` and one
 * chunk. Rejects with `DownloadError` past the limit. A fetch without streams (older React Native) reads
 * the whole body; the `Content-Length` check before it is all it has.
 */
async function readCapped(response: Response, maxBytes: number, path = ''): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length'));
  const tooBig = () => new DownloadError(`GET ${path}: more than the limit of ${maxBytes} bytes`);
  if (length > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooBig();
  }
  const reader = response.body?.getReader();
  if (!reader) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxBytes) throw tooBig();
    return bytes;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if ((size += chunk.value.length) > maxBytes) {
      // Not awaited: some fetches (msw's, a stalled socket) settle a cancel only when the body ends.
      reader.cancel().catch(() => {});
      throw tooBig();
    }
    chunks.push(chunk.value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  size = 0;
  for (const chunk of chunks) bytes.set(chunk, (size += chunk.length) - chunk.length);
  return bytes;
}

/** Hex SHA-256 of `bytes` (WebCrypto: browsers, Node, React Native with a polyfill). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
