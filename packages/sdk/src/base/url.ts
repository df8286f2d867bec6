import { InvalidRequestError } from './errors';

/** Joins a base URL and a path without losing the base's own path (`https://h/api` + `/v1/x`). */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/**
 * Builds a path from a template, URL-encoding every interpolated segment. Empty, `.` and `..` segments
 * are refused: they would silently address another endpoint.
 *
 * @example encodePath`/v1/${workspace}/projects/${project}`
 */
export function encodePath(strings: TemplateStringsArray, ...segments: string[]): string {
  const shown = strings.join('…');
  return strings.reduce((out, part, i) => out + encodeSegment(segments[i - 1], shown) + part);
}

/** One segment of a path, URL-encoded; `shown` is the path as an error names it (`/v1/…/projects/…`). */
export function encodeSegment(segment: string | undefined, shown: string): string {
  if (typeof segment !== 'string' || segment === '' || segment === '.' || segment === '..') {
    throw new InvalidRequestError(
      `Invalid path segment ${JSON.stringify(segment)} in ${shown}: expected a non-empty slug or id.`,
    );
  }
  return encodeURIComponent(segment);
}

/**
 * `path` with the query parameters that have a value, in the order given.
 *
 * @example withQuery('/v1/a/projects/b/resources/x.json', { path: 'locales/de', iso2_slug: undefined })
 * // '/v1/a/projects/b/resources/x.json?path=locales%2Fde'
 */
export function withQuery(path: string, query: Record<string, string | undefined> | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A URL as it may be shown: origin and path, without the query (pre-signed URLs carry their signature there). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * `text` with every URL in it as {@link redactUrl} shows one: no user name or password, no query (a
 * pre-signed URL's signature), no fragment. For messages whose text comes from elsewhere (a fetch's error
 * that names the URL it failed on, as node-fetch's do).
 *
 * @example redactUrls('request to https://cdn.example/r.zip?X-Amz-Signature=s failed') // 'request to https://cdn.example/r.zip?… failed'
 */
export function redactUrls(text: string): string {
  return text.replace(/\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>`]+/gi, (match) => {
    // The sentence's own punctuation after the URL is no part of it.
    const url = match.replace(/[.,;:!?)\]}]+$/, '');
    const shown = url
      .replace(/^([a-z][a-z\d+.-]*:\/\/)[^/?#]*@/i, '$1')
      .replace(/\?[^#]*/s, (query) => (query.length > 1 ? '?…' : ''))
      .replace(/#.*$/s, '');
    return shown + match.slice(url.length);
  });
}
