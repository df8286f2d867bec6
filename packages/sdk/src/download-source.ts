import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DownloadError } from './errors';
import { SDK_VERSION } from './core/config';
import { redactUrl } from './core/url';

/** How many redirects a download follows (never from https to http). */
export const MAX_DOWNLOAD_REDIRECTS = 5;

/** An opened download: the final answer's status line and headers, and its body as chunks. */
export interface DownloadSource {
  status: number;
  header(name: string): string | null;
  body: AsyncIterable<Uint8Array>;
  /** Drops the body without reading it. */
  discard(): void;
}

type Open = (url: string, signal: AbortSignal | undefined) => Promise<DownloadSource>;

const HEADERS = {
  accept: 'application/zip, application/octet-stream, */*',
  'user-agent': `loc-sdk/${SDK_VERSION}`,
};

/**
 * GETs `url` with no credential (a pre-signed URL carries its own), following at most
 * {@link MAX_DOWNLOAD_REDIRECTS} redirects and never from https to http; a non-2xx answer is a
 * DownloadError. Without `fetchImpl` it uses node:http(s): its socket stream reaches the file with no web
 * stream in between (twice the throughput of fetch here). A given fetch (a proxy-aware one) is used as is.
 */
export async function openDownload(
  url: string,
  fetchImpl: typeof globalThis.fetch | undefined,
  signal: AbortSignal | undefined,
): Promise<DownloadSource> {
  const open: Open = fetchImpl ? (u, s) => openWithFetch(fetchImpl, u, s) : openWithNodeHttp;
  let current = checkDownloadUrl(url);
  for (let hop = 0; hop <= MAX_DOWNLOAD_REDIRECTS; hop++) {
    const source = await open(current, signal);
    const location = source.header('location');
    if (source.status >= 300 && source.status < 400 && location) {
      source.discard();
      const next = checkDownloadUrl(new URL(location, current).href);
      if (new URL(current).protocol === 'https:' && new URL(next).protocol !== 'https:') {
        throw new DownloadError(`Refused a redirect from https to http while downloading ${redactUrl(url)}.`);
      }
      current = next;
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

function openWithNodeHttp(url: string, signal: AbortSignal | undefined): Promise<DownloadSource> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    // identity: the bytes on the wire are the file's bytes (Content-Length counts them, no zlib pass).
    const request = send(url, { method: 'GET', headers: { ...HEADERS, 'accept-encoding': 'identity' }, signal });
    request.once('error', reject);
    request.once('response', (response: IncomingMessage) => {
      const encoding = response.headers['content-encoding'];
      if (encoding && encoding !== 'identity' && response.statusCode! >= 200 && response.statusCode! < 300) {
        response.destroy();
        reject(
          new DownloadError(
            `The download host sent the file ${encoding}-encoded although it was asked not to; try again.`,
          ),
        );
        return;
      }
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
        body: response,
        discard: () => response.destroy(),
      });
    });
    request.end();
  });
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
    body: body ? (body as unknown as AsyncIterable<Uint8Array>) : emptyBody(),
    discard: () => void body?.cancel().catch(() => {}),
  };
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}

function checkDownloadUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DownloadError(`Not a download URL: ${JSON.stringify(redactUrl(url))}.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new DownloadError(`Refused to download from a ${parsed.protocol} URL; expected http(s).`);
  }
  return parsed.href;
}
