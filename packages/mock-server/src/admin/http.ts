// The HTTP control API under /__admin/: one route per control of the table (admin/controls.ts), JSON in
// and out, and a problem+json body (RFC 9457) naming each bad field for bad input.
import { timingSafeEqual } from 'node:crypto';
import { HTTP_STATUS_TEXT } from '@loc/sdk/internal';
import { ControlError, type BadInput } from '../control-error';
import { CONTROLS, runControl, type ControlName, type ControlTarget } from './controls';

export const ADMIN_PREFIX = '/__admin';

/** An answer of the control API, for the real server to write. */
export interface AdminAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Who may use the control API: everyone who reaches the server, those with the token, or nobody. */
export type AdminAccess = { mode: 'open' } | { mode: 'token'; token: string } | { mode: 'off' };

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
 * adminAnswer(target, { mode: 'open' }, 'POST', new URL('http://x/__admin/reset'), Buffer.from('{}'), undefined)
 */
export function adminAnswer(
  target: ControlTarget,
  access: AdminAccess,
  method: string,
  url: URL,
  body: Uint8Array,
  authorization: string | undefined,
): AdminAnswer {
  if (access.mode === 'off')
    return problemAnswer(
      403,
      'The control API is off: loc-mock listens beyond loopback without an admin token. Start it with --admin-token <secret> (or LOC_MOCK_ADMIN_TOKEN) and send "Authorization: Bearer <secret>".',
    );
  if (access.mode === 'token') {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
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
  let input: unknown = {};
  if (r.from === 'body') {
    const text = new TextDecoder().decode(body);
    if (text.trim() !== '') {
      try {
        input = JSON.parse(text);
      } catch {
        return problemAnswer(400, 'The body is not JSON.', [{ field: '$', message: 'expected a JSON value' }]);
      }
    }
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
