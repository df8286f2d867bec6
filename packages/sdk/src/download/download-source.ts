// The modules themselves, not their named exports: a test tool replaces `request` on them (msw, nock),
// and only a property read sees the replacement.
import type { IncomingMessage } from 'node:http';
import { envProxyRoute } from './env-proxy';
import { nodeHttp, nodeHttps } from './node-http';
import { DownloadError } from '../base/errors';
import { SDK_VERSION } from '../request/config';
import { redactUrl } from '../base/url';
import { refusedDownloadUrl } from '../base/cdn-url-rule';
import { safeCause } from '../request/network-failure';
import type { HashingWriter } from './hashing-writer';
import { requestOverSocket } from './socket-download';

/** How many redirects a download follows (never from https to http). */
export const MAX_DOWNLOAD_REDIRECTS = 5;

/** An opened download: the final answer's status line and headers; its body waits for `pipeTo`. */
export interface DownloadSource {
  status: number;
  header(name: string): string | null;
  /**
   * Reads the body into `writer`, calling `onBody` with the length of each part as it arrives (it may
   * throw to stop the download). Resolves when the body has ended.
   */
  pipeTo(writer: HashingWriter, onBody: (length: number) => void): Promise<void>;
  /** Drops the body without reading it. */
  discard(): void;
}

type Open = (url: string, signal: AbortSignal | undefined) => Promise<DownloadSource>;

const HEADERS = {
  accept: 'application/zip, application/octet-stream, */*',
  'user-agent': `loc-sdk/${SDK_VERSION}`,
};
// identity: the bytes on the wire are the file's bytes (Content-Length counts them, no zlib pass).
const NODE_HEADERS = { ...HEADERS, 'accept-encoding': 'identity' };

/**
 * GETs `url` with no credential (a pre-signed URL carries its own), following at most
 * {@link MAX_DOWNLOAD_REDIRECTS} redirects; each hop, the first included, is held to the download URL rule
 * (base/cdn-url-rule.ts: `https:`, plain `http:` only on loopback and only from loopback, no user name
 * or password) before it is sent. A non-2xx answer is a DownloadError. Without `fetchImpl` it reads the answer off a socket of its own straight into the
 * file's write batch (socket-download.ts: constant memory, faster than node:http and fetch), unless a
 * test tool intercepts node:http (then through node:http, so msw's `setupServer` and nock see it) or
 * Node routes the URL through the proxy of the environment (`NODE_USE_ENV_PROXY`: then through the
 * client of Node's that does, env-proxy.ts). A given fetch (a proxy-aware one) is used as is.
 */
export async function openDownload(
  url: string,
  fetchImpl: typeof globalThis.fetch | undefined,
  signal: AbortSignal | undefined,
): Promise<DownloadSource> {
  const open: Open = fetchImpl
    ? (u, s) => openWithFetch(fetchImpl, u, s)
    : nodeHttpIntercepted()
      ? openWithNodeHttp
      : openDirectOrThroughEnvProxy;
  const refused = refusedDownloadUrl(url);
  if (refused) throw refusedUrl(`Refused to download from ${redactUrl(url)}: it is ${refused}.`);
  let current = new URL(url).href;
  for (let hop = 0; hop <= MAX_DOWNLOAD_REDIRECTS; hop++) {
    const source = await open(current, signal);
    const location = source.header('location');
    if (source.status >= 300 && source.status < 400 && location) {
      source.discard();
      current = redirectTarget(url, current, location);
      continue;
    }
    if (source.status < 200 || source.status >= 300) {
      source.discard();
      const hint =
        source.status === 403 || source.status === 410
          ? ' The pre-signed URL has expired or was altered: ask the service for a new one (check the CDN again, or get the export again).'
          : '';
      throw new DownloadError(`Downloading ${redactUrl(url)} failed with HTTP ${source.status}.${hint}`, {
        status: source.status,
      });
    }
    return source;
  }
  throw new DownloadError(`Too many redirects while downloading ${redactUrl(url)}.`);
}

/** The body's length from Content-Length, when it is the length of the bytes we will see. */
export function contentLength(source: DownloadSource): number | undefined {
  const encoding = source.header('content-encoding');
  // fetch decodes a compressed body, so its Content-Length is not the length we count.
  if (encoding && encoding !== 'identity') return undefined;
  const text = source.header('content-length');
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Whether a test tool replaced node:http's `request` to intercept requests (msw's interceptors wrap it in
 * a Proxy, nock in a function of its own): Node's own is `function request(url, options, cb)`.
 */
function nodeHttpIntercepted(): boolean {
  return ![nodeHttp().request, nodeHttps().request].every((f) =>
    Function.prototype.toString.call(f).startsWith('function request('),
  );
}

/** The SDK's socket, or the client of Node's that goes through the environment's proxy for this URL (each hop anew). */
function openDirectOrThroughEnvProxy(url: string, signal: AbortSignal | undefined): Promise<DownloadSource> {
  const route = envProxyRoute(new URL(url));
  if (route === 'node:http') return openWithNodeHttp(url, signal);
  if (route === 'fetch') return openWithFetch(globalThis.fetch, url, signal);
  return openWithSocket(url, signal);
}

async function openWithSocket(url: string, signal: AbortSignal | undefined): Promise<DownloadSource> {
  const response = await requestOverSocket(new URL(url), NODE_HEADERS, signal);
  refuseEncoded(response.status, response.headers.get('content-encoding'), () => response.discard());
  return {
    status: response.status,
    header: (name) => response.headers.get(name.toLowerCase()) ?? null,
    pipeTo: (writer, onBody) => response.pipeTo(writer, onBody),
    discard: () => response.discard(),
  };
}

function openWithNodeHttp(url: string, signal: AbortSignal | undefined): Promise<DownloadSource> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? nodeHttps().request : nodeHttp().request;
    const request = send(url, { method: 'GET', headers: NODE_HEADERS, signal });
    request.once('error', reject);
    request.once('response', (response: IncomingMessage) => {
      try {
        refuseEncoded(response.statusCode ?? 0, response.headers['content-encoding'], () => response.destroy());
      } catch (error) {
        reject(error);
        return;
      }
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
        pipeTo: (writer, onBody) => pipeChunks(response, writer, onBody),
        discard: () => response.destroy(),
      });
    });
    request.end();
  });
}

/** We asked for the bytes as they are (`accept-encoding: identity`): a compressed 2xx body is refused. */
function refuseEncoded(status: number, encoding: string | undefined, discard: () => void): void {
  if (encoding && encoding !== 'identity' && status >= 200 && status < 300) {
    discard();
    throw new DownloadError(
      `The download host sent the file ${encoding}-encoded although it was asked not to; try again.`,
    );
  }
}

/** A body that comes as chunks of its own: each is copied into the writer. */
async function pipeChunks(
  body: AsyncIterable<Uint8Array>,
  writer: HashingWriter,
  onBody: (length: number) => void,
): Promise<void> {
  for await (const chunk of body) {
    onBody(chunk.length);
    writer.write(chunk);
  }
}

async function openWithFetch(
  fetchImpl: typeof globalThis.fetch,
  url: string,
  signal: AbortSignal | undefined,
): Promise<DownloadSource> {
  const response = await fetchImpl(url, { redirect: 'manual', signal, headers: HEADERS });
  const body = response.body;
  return {
    status: response.status,
    header: (name) => response.headers.get(name),
    // Node's (and undici's) web streams are async iterables; the DOM typings do not say so.
    pipeTo: (writer, onBody) =>
      pipeChunks(body ? (body as unknown as AsyncIterable<Uint8Array>) : emptyBody(), writer, onBody),
    discard: () => void body?.cancel().catch(() => {}),
  };
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}

/**
 * Where a redirect from `current` to `location` leads, held to the download URL rule against `current`
 * (a chain that downgrades in the middle stops there); `url`, the download's own, is what messages name.
 */
function redirectTarget(url: string, current: string, location: string): string {
  let next: string;
  try {
    next = new URL(location, current).href;
  } catch {
    throw refusedUrl(`Refused a redirect to an invalid URL while downloading ${redactUrl(url)}.`);
  }
  const refused = refusedDownloadUrl(next, current);
  if (refused) throw refusedUrl(`Refused a redirect to ${refused} while downloading ${redactUrl(url)}.`);
  return next;
}

/**
 * The code of a download refused for its URL, on the error's `cause`: the host (or the service that gave
 * the URL) is to blame, not the network. The CLI's error table knows it (cli/src/net/redirects.ts, REFUSED).
 */
const URL_REFUSED = 'ERR_LOC_REDIRECT_REFUSED';

function refusedUrl(message: string): DownloadError {
  return new DownloadError(message, { cause: safeCause({ code: URL_REFUSED, message }) });
}
