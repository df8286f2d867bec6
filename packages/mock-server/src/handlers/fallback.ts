import { listOperations, pathsOf } from '@loc/sdk/internal';
import { http, matchRequestUrl } from 'msw';
import { urlOf } from '../request/socket-request';
import type { HandlerContext } from './context';
import { delivered } from './answers';
import { errorFor } from './errors';
import { routeOf } from './routes';

/** Every route of the mock, for the 405 answer's `Allow` header: the API's operations, then the object storage. */
const ROUTES: readonly [method: string, path: string][] = [
  ...listOperations().flatMap((op) => pathsOf(op).map((path) => [op.method, routeOf(path)] as [string, string])),
  ['GET', '/_storage/:kind/:name'],
  ['HEAD', '/_storage/:kind/:name'],
  ['GET', '/_storage/:kind/:name/*'],
  ['HEAD', '/_storage/:kind/:name/*'],
];

/** The last handler: an unknown path is 404, a known path with another method 405 with `Allow`. */
export function fallbackHandlers({ prefix }: HandlerContext) {
  return [http.all(`${prefix}/*`, ({ request }) => delivered(request, answerOf(request)))];
}

/** 405 with `Allow` when another method has the path, else 404. */
function answerOf(request: Request): Response {
  const url = urlOf(request);
  const allowed = ROUTES.filter(([, path]) => matchRequestUrl(url, `${url.origin}${path}`).matches).map(([m]) => m);
  if (allowed.length) {
    const allow = [...new Set(allowed)].join(', ');
    return errorFor(url.pathname, 405, `${request.method} is not allowed on ${url.pathname}; use ${allow}.`, {
      allow,
    });
  }
  return errorFor(
    url.pathname,
    404,
    `No route ${request.method} ${url.pathname}. The API lives under /v1 and /cdn, the CDN check at /cdn/check and /v1/distributions/check (see docs/openapi.json in the @loc/mock-server package).`,
  );
}
