// The HTTP control API under /__admin/: one route per control of the table (admin/controls.ts), JSON in
// and out, and a problem+json body (RFC 9457) naming each bad field for bad input.
import { timingSafeEqual } from 'node:crypto';
import { HTTP_STATUS_TEXT, MAX_NESTING_DEPTH, nestsDeeperThan } from '@loc/sdk/internal';
import type { IncomingHttpHeaders } from 'node:http';
import { ControlError, type BadInput } from '../rules/control-error';
import { CONTROLS, runControl, type ControlName, type ControlTarget } from './controls';
import { foreignRequest, type AdminSite } from './guard';

export const ADMIN_PREFIX = '/__admin';

/** An answer of the control API, for the real server to write. */
export interface AdminAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Who may use the control API: everyone who reaches the server, those with the token, or nobody. */
export type AdminAccess = { mode: 'open' } | { mode: 'token'; token: string } | { mode: 'off' };

/** What decides whether a request may use the control API: who (the access) and from where (the site). */
export interface AdminGate {
  access: AdminAccess;
  site: AdminSite;
}

/**
 * The largest body the control API reads, whatever the client sends (`Expect: 100-continue` or not): a
 * seed of a large project, with room to spare (the scale seed of 10,000 keys × 30 locales is ~25 MB).
 */
export const MAX_ADMIN_BODY_BYTES = 32 * 1024 * 1024;

/** A JSON media type: `application/json` or `application/<anything>+json`, with parameters or not. */
const JSON_MEDIA_TYPE = /^application\/(?:json|[\w.+-]+\+json)\s*(?:;|$)/i;

function json(status: number, body: unknown, headers: Record<string, string> = {}): AdminAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** A problem+json answer naming what is wrong, field by field. */
function problemAnswer(
  status: number,
  detail: string,
  errors: readonly BadInput[] = [],
  headers?: Record<string, string>,
) {
  const answer = json(
    status,
    { type: 'about:blank', title: HTTP_STATUS_TEXT[status] ?? 'Error', status, detail, errors },
    headers,
  );
  answer.headers['content-type'] = 'application/problem+json';
  return answer;
}

/** The control routes, matched by method and path (a `{name}` segment takes one path segment). */
const ROUTES = (Object.keys(CONTROLS) as ControlName[]).map((name) => {
  const c = CONTROLS[name];
  const names: string[] = [];
  const pattern = new RegExp(
    `^${c.path.replace(/\{(\w+)\}/g, (_, n: string) => {
      names.push(n);
      return '([^/]+)';
    })}$`,
  );
  return { name, method: c.method, from: c.from, pattern, names };
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Answers a request to the control API.
 *
 * @example
 * adminAnswer(target, gate, 'POST', new URL('http://127.0.0.1:4010/__admin/reset'), Buffer.from('{}'), {
 *   host: '127.0.0.1:4010',
 *   'content-type': 'application/json',
 * })
 */
export function adminAnswer(
  target: ControlTarget,
  { access, site }: AdminGate,
  method: string,
  url: URL,
  body: Uint8Array,
  headers: IncomingHttpHeaders,
): AdminAnswer {
  const foreign = foreignRequest(site, headers);
  if (foreign) return problemAnswer(403, foreign);
  if (access.mode === 'off')
    return problemAnswer(
      403,
      'The control API is off: loc-mock listens beyond loopback without an admin token. Start it with --admin-token <secret> (or LOC_MOCK_ADMIN_TOKEN) and send "Authorization: Bearer <secret>".',
    );
  if (access.mode === 'token') {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, access.token))
      return problemAnswer(401, 'The control API needs the admin token: send "Authorization: Bearer <token>".', [], {
        'www-authenticate': 'Bearer realm="loc-mock admin"',
      });
  }
  // `/__admin` is the index's address too (the banner prints `/__admin/`; people type either).
  const pathname = url.pathname === ADMIN_PREFIX ? `${ADMIN_PREFIX}/` : url.pathname;
  const onPath = ROUTES.map((r) => ({ r, m: r.pattern.exec(pathname) })).filter((x) => x.m);
  const found = onPath.find(({ r }) => r.method === method);
  if (!found) {
    if (onPath.length) {
      const allow = onPath.map(({ r }) => r.method).join(', ');
      return problemAnswer(405, `${method} is not allowed on ${url.pathname}; use ${allow}.`, [], { allow });
    }
    return problemAnswer(
      404,
      `No control ${method} ${url.pathname}. The controls: ${ROUTES.map((r) => `${r.method} ${CONTROLS[r.name].path}`).join(', ')} (GET /__admin/ lists them with what each does).`,
    );
  }
  const { r, m } = found;
  const text = new TextDecoder().decode(body);
  let input: unknown = {};
  if (text.trim() !== '') {
    if (r.from !== 'body')
      return problemAnswer(400, `${method} ${CONTROLS[r.name].path} takes no body.`, [
        { field: '$', message: 'expected no body' },
      ]);
    const type = headers['content-type'] ?? '';
    if (!JSON_MEDIA_TYPE.test(type))
      return problemAnswer(
        415,
        `The body must be sent as JSON, with "Content-Type: application/json"${type ? ` (not ${JSON.stringify(type.slice(0, 100))})` : ''}.`,
        [],
        { 'accept-post': 'application/json' },
      );
    try {
      input = JSON.parse(text);
    } catch {
      return problemAnswer(400, 'The body is not JSON.', [{ field: '$', message: 'expected a JSON value' }]);
    }
    if (nestsDeeperThan(input))
      return problemAnswer(400, `The body nests deeper than ${MAX_NESTING_DEPTH} levels.`, [
        { field: '$', message: `expected JSON nested at most ${MAX_NESTING_DEPTH} levels deep` },
      ]);
  } else if (r.from === 'query') {
    input = Object.fromEntries(url.searchParams);
  } else if (r.from === 'path') {
    input = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m![i + 1]!)]));
  }
  try {
    return json(200, runControl(r.name, target, input));
  } catch (error) {
    if (error instanceof ControlError)
      return problemAnswer(error.status, `Bad input to ${r.name}: ${error.message}`, error.errors);
    throw error;
  }
}

/**
 * The control API's answer to a body over its limit (the connection is closed after it).
 *
 * @example adminTooLarge(MAX_ADMIN_BODY_BYTES).status // 413
 */
export function adminTooLarge(limit: number): AdminAnswer {
  return problemAnswer(
    413,
    `The body is larger than the control API's limit of ${limit} bytes. Load a larger seed at start instead: loc-mock serve --seed <file>.`,
    [{ field: '$', message: `expected at most ${limit} bytes` }],
    { connection: 'close' },
  );
}
