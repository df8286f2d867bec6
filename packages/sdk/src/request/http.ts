/**
 * How the transport sends one request (request.ts), in two builds: through ofetch, the SDK's HTTP
 * layer ({@link ofetchHttp}, what `createClient` uses), or through the runtime's own `fetch`
 * ({@link fetchHttp}, what `createCdnClient` uses). The transport passes neither any of ofetch's options
 * (it retries, times out, serializes, parses and reads errors itself), so the two send the same request and
 * give the same answer; an app that only checks the CDN then carries no ofetch (~1.8 KB of its bundle,
 * gzipped: docs/sdk.md, "Size and start-up"). test/cdn.test.ts runs the check through both.
 */

/**
 * One request as the transport builds it: the body is JSON text already, and the headers name its type; a
 * form, whose type (with its boundary) fetch writes; or a form's bytes the SDK encoded, the headers naming
 * its type (base/multipart.ts).
 */
export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | FormData | Uint8Array<ArrayBuffer> | undefined;
  signal: AbortSignal | undefined;
}

/** An answer: the response, and its body read to its end as text ('' when there is none). */
export interface HttpAnswer {
  response: Response;
  text: string;
}

/** Sends one request (never following a redirect); rejects only when no answer came or its body broke off. */
export type Send = (url: string, request: HttpRequest) => Promise<HttpAnswer>;

/** Makes the sender of a client: with the `fetch` of its options, else the global one, looked up per call. */
export type HttpLayer = (fetch: typeof globalThis.fetch | undefined) => Send;

let ofetchModule: Promise<typeof import('./ofetch')> | undefined;
/**
 * ofetch is loaded with the first request, not with the SDK: its module reads `globalThis.fetch`, which
 * makes Node load its whole HTTP client (undici, 30–100 ms) — a cost an app that imports the SDK and
 * sends nothing (or not yet) should not pay.
 */
function loadOfetch() {
  return (ofetchModule ??= import('./ofetch'));
}

/** Through ofetch, loaded with the first request. */
export const ofetchHttp: HttpLayer = (fetch) => {
  let created: Promise<typeof import('./ofetch')['ofetch']> | undefined;
  const fetcher = () =>
    (created ??= loadOfetch().then(({ ofetch }) =>
      ofetch.create(
        { retry: 0, ignoreResponseError: true, responseType: 'text', redirect: 'manual' },
        fetch ? { fetch } : {},
      ),
    ));
  return async (url, request) => {
    const response = await (await fetcher()).raw<string, 'text'>(url, request);
    return { response, text: response._data ?? '' };
  };
};

/** Through the runtime's `fetch`. */
export const fetchHttp: HttpLayer = (fetch) => async (url, request) => {
  const response = await (fetch ?? globalThis.fetch)(url, { ...request, redirect: 'manual' });
  return { response, text: await response.text() };
};
