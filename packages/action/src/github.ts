// GitHub's REST API, one door for every call of the Action: the token, the timeout, the retries (a 5xx or
// a rate limit, honouring Retry-After and the rate-limit headers) and the errors, which name the method,
// the URL and the status, and say what to do — never holding the token.
import { PROXY_VARIABLES } from '../../cli/src/options/environment';

/** An answer taking longer than this fails the call (and is retried like a 5xx). */
export const GITHUB_TIMEOUT_MS = 30_000;
/** Retries after the first try, for the statuses below, a timeout or a rate limit. */
const GITHUB_RETRIES = 2;
/** Statuses worth a second try: GitHub's own hiccups. */
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);
/** The first retry's delay; each later one doubles it, with up to as much again of jitter. */
const RETRY_BASE_MS = 1_000;
/** A rate limit that resets later than this fails the step (saying when) rather than holding the job. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export interface GitHubOptions {
  token: string;
  /** GITHUB_API_URL: https://api.github.com, or a GitHub Enterprise Server's. */
  api: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface GitHubAnswer<T> {
  status: number;
  data: T;
}

/** A call that failed: its method, URL and status (0: no answer), and GitHub's message. */
export class GitHubError extends Error {
  override name = 'GitHubError';
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly githubMessage: string | undefined,
  ) {
    super(message);
  }
}

const PERMISSIONS =
  'Give the workflow `permissions: contents: write` and `pull-requests: write` (and allow GitHub Actions to create pull requests in the repository settings: Actions → General), or pass a github-token that has them.';

/** GitHub's error body: `message`, and for a 422 `errors[]` (objects with a code or message, or strings). */
function githubMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const details = Array.isArray(errors)
    ? errors.map((e) => {
        if (typeof e === 'string') return e;
        const { message: m, code, field, resource } = (e ?? {}) as Record<string, unknown>;
        return typeof m === 'string' ? m : [resource, field, code].filter((x) => typeof x === 'string').join(' ');
      })
    : [];
  const text = [typeof message === 'string' ? message : '', ...details.filter(Boolean)].filter(Boolean).join(': ');
  return text || undefined;
}

/** How long a rate limit asks to wait, from Retry-After (seconds) or x-ratelimit-reset (epoch seconds). */
function rateLimitWait(response: Response, body: unknown, now: number): number | undefined {
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter !== null && /^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
  const limited =
    response.status === 429 ||
    response.headers.get('x-ratelimit-remaining') === '0' ||
    /rate limit/i.test(githubMessage(body) ?? '');
  if (!limited) return undefined;
  const reset = response.headers.get('x-ratelimit-reset');
  if (reset !== null && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now);
  // A secondary rate limit without headers: GitHub asks for at least a minute.
  return MAX_RATE_LIMIT_WAIT_MS;
}

/** The proxy-aware fetch when a proxy variable is set (loc's own: undici's EnvHttpProxyAgent), else Node's. */
async function defaultFetch(): Promise<typeof fetch> {
  if (!PROXY_VARIABLES.some((name) => process.env[name])) return fetch;
  const { proxyFetch } = await import('../../cli/src/net/proxy');
  return proxyFetch();
}

/**
 * A client for one token.
 *
 * @example
 * const github = createGitHub({ token, api: 'https://api.github.com' });
 * const { data } = await github.request<{ permissions?: { push?: boolean } }>('GET', '/repos/acme/app');
 */
export function createGitHub(options: GitHubOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let fetcher: Promise<typeof fetch> | undefined;

  async function request<T>(method: string, path: string, body?: unknown): Promise<GitHubAnswer<T>> {
    const url = `${options.api.replace(/\/+$/, '')}${path}`;
    const doFetch = await (fetcher ??= options.fetch ? Promise.resolve(options.fetch) : defaultFetch());
    for (let attempt = 0; ; attempt++) {
      const last = attempt === GITHUB_RETRIES;
      const backoff = () => RETRY_BASE_MS * 2 ** attempt * (1 + random());
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: {
            accept: 'application/vnd.github+json',
            authorization: `Bearer ${options.token}`,
            'x-github-api-version': '2022-11-28',
            'user-agent': 'loc-action',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
        });
      } catch (error) {
        if (!last) {
          await sleep(backoff());
          continue;
        }
        throw new GitHubError(
          `Could not reach the GitHub API: ${method} ${url} failed (${causeOf(error)}). Check GITHUB_API_URL and the runner's network (and HTTPS_PROXY / NO_PROXY, when it needs a proxy).`,
          method,
          url,
          0,
          undefined,
        );
      }
      const text = await response.text().catch(() => '');
      let data: unknown = text;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: kept as text
      }
      if (response.ok) return { status: response.status, data: data as T };
      const wait =
        response.status === 403 || response.status === 429 ? rateLimitWait(response, data, now()) : undefined;
      if (!last && wait !== undefined && wait <= MAX_RATE_LIMIT_WAIT_MS) {
        await sleep(wait + random() * RETRY_BASE_MS);
        continue;
      }
      if (!last && RETRIED_STATUSES.has(response.status)) {
        const retryAfter = response.headers.get('retry-after');
        await sleep(retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : backoff());
        continue;
      }
      throw failure(method, url, response, data, wait, now());
    }
  }
  return { request };
}

export type GitHub = ReturnType<typeof createGitHub>;

function causeOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer in ${GITHUB_TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function failure(
  method: string,
  url: string,
  response: Response,
  body: unknown,
  wait: number | undefined,
  now: number,
): GitHubError {
  const { status } = response;
  const said = githubMessage(body);
  const saying = said ? `: ${said}` : '';
  const what = `${method} ${url} (${status}${saying})`;
  let message: string;
  if (status === 401)
    message = `GitHub refused the token, which is invalid or expired: ${what}. Pass a valid token as github-token (by default the workflow's \${{ github.token }}; a personal access token or an app's token from a secret).`;
  else if (wait !== undefined)
    message = `GitHub's API rate limit was reached: ${what}. It resets ${
      wait > 0 ? `in ${Math.ceil(wait / 1000)} s (at ${new Date(now + wait).toISOString()})` : 'now'
    }; run the workflow again then, or with a token of its own (github-token).`;
  else if (status === 403) message = `GitHub refused ${what}. ${PERMISSIONS}`;
  else if (status === 404)
    message = `GitHub answered 404 to ${method} ${url}: it does not exist, or the token cannot see it (a private repository needs a github-token with access to it).`;
  else message = `GitHub answered ${what}.`;
  return new GitHubError(message, method, url, status, said);
}
