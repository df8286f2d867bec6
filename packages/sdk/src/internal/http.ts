/**
 * How the transport sends one request (internal/request.ts): over the `fetch` of the client's options, else
 * the runtime's own, looked up per call (in Node, reading `globalThis.fetch` loads its HTTP client, undici:
 * an app that imports the SDK and sends nothing pays nothing). The transport retries, times out,
 * serializes, parses and reads errors itself, so no fetch wrapper sits between it and `fetch` (ofetch did
 * before issue 23 with none of its options, and was ~2 KB of a browser app's bundle, gzipped:
 * docs/decisions.md, "The SDK's weight"). The headers go as a plain object, which `fetch` takes as they are.
 */

/** One request as the transport builds it: the body is JSON text already, and the headers name its type. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

/** An answer: the response, and its body read to its end as text ('' when there is none). */
export interface HttpAnswer {
  response: Response;
  text: string;
}

/** Sends one request (never following a redirect); rejects only when no answer came or its body broke off. */
export type Send = (url: string, request: HttpRequest) => Promise<HttpAnswer>;

/** The sender of a client: with the `fetch` of its options, else the global one, looked up per call. */
export const fetchHttp =
  (fetch: typeof globalThis.fetch | undefined): Send =>
  async (url, request) => {
    const response = await (fetch ?? globalThis.fetch)(url, { ...request, redirect: 'manual' });
    return { response, text: await response.text() };
  };
