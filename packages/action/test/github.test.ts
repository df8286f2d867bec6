// The GitHub client's policy (src/github.ts) with GitHub-shaped answers and no real time: a fetch that
// answers from a list, and a sleep that records how long it was asked to wait.
import { describe, expect, it } from 'vitest';
import { createGitHub, GITHUB_TIMEOUT_MS, GitHubError, MAX_RATE_LIMIT_WAIT_MS } from '../src/github';

const TOKEN = 'ghs_unit_token_never_in_an_error';
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

function client(answers: Answer[], now = 1_700_000_000_000) {
  const waits: number[] = [];
  const calls: { url: string; init: RequestInit }[] = [];
  const github = createGitHub({
    token: TOKEN,
    api: 'https://api.github.test/',
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      if (answer instanceof Error) throw answer;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }) as unknown as typeof fetch,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    now: () => now,
  });
  return { github, waits, calls };
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitHubError);
  expect(JSON.stringify(error)).not.toContain(TOKEN);
  expect((error as Error).message).not.toContain(TOKEN);
  return error as GitHubError;
};

describe('the GitHub client', () => {
  it('sends the token, the API version and a timeout signal', async () => {
    const { github, calls } = client([{ status: 200, body: { ok: true } }]);
    expect((await github.request('GET', '/repos/acme/app')).data).toEqual({ ok: true });
    expect(calls[0]!.url).toBe('https://api.github.test/repos/acme/app');
    expect(calls[0]!.init.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'x-github-api-version': '2022-11-28',
    });
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('retries a 5xx twice with growing, jittered delays, or what Retry-After says; then names method, URL and status', async () => {
    const { github, waits } = client([
      { status: 502 },
      { status: 503, headers: { 'retry-after': '3' } },
      { status: 500, body: { message: 'Server Error' } },
    ]);
    const error = await failure(github.request('POST', '/repos/acme/app/pulls', {}));
    expect(waits).toEqual([1500, 3000]);
    expect(error).toMatchObject({ method: 'POST', status: 500, url: 'https://api.github.test/repos/acme/app/pulls' });
    expect(error.message).toBe(
      'GitHub answered POST https://api.github.test/repos/acme/app/pulls (500: Server Error).',
    );
  });

  it('a timeout: retried, then named with the time it waited', async () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const { github } = client([timeout, timeout, timeout]);
    const error = await failure(github.request('GET', '/repos/acme/app'));
    expect(error.status).toBe(0);
    expect(error.message).toContain(
      `GET https://api.github.test/repos/acme/app failed (no answer in ${GITHUB_TIMEOUT_MS / 1000} s)`,
    );
  });

  it('waits out a rate limit that resets within a minute; names when one resets later', async () => {
    const now = 1_700_000_000_000;
    const limited = (resetIn: number) => ({
      status: 403,
      body: {
        message: 'API rate limit exceeded for installation ID 1.',
        documentation_url: 'https://docs.github.com/rest',
      },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String((now + resetIn) / 1000) },
    });
    const soon = client([limited(20_000), { status: 200, body: [] }], now);
    await soon.github.request('GET', '/repos/acme/app/pulls');
    expect(soon.waits).toEqual([20_500]);
    const later = client([limited(MAX_RATE_LIMIT_WAIT_MS + 60_000)], now);
    const error = await failure(later.github.request('GET', '/repos/acme/app/pulls'));
    expect(error.message).toMatch(
      /^GitHub's API rate limit was reached: GET .* \(403: API rate limit exceeded for installation ID 1\.\)\. It resets in 120 s \(at 2023-11-14T22:15:20\.000Z\)/,
    );
  });

  it("a 422: GitHub's message and its errors[]", async () => {
    const { github } = client([
      {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [
            { resource: 'PullRequest', code: 'custom', message: 'No commits between main and loc/translations' },
            { resource: 'Label', field: 'name', code: 'invalid' },
          ],
          documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
          status: '422',
        },
      },
    ]);
    const error = await failure(github.request('POST', '/repos/acme/app/pulls', {}));
    expect(error.message).toBe(
      'GitHub answered POST https://api.github.test/repos/acme/app/pulls (422: Validation Failed: No commits between main and loc/translations: Label name invalid).',
    );
  });

  it('401 says the token is invalid or expired; 4xx other than rate limits are not retried', async () => {
    const { github, waits } = client([{ status: 401, body: { message: 'Bad credentials' } }]);
    const error = await failure(github.request('GET', '/repos/acme/app'));
    expect(error.message).toMatch(
      /^GitHub refused the token, which is invalid or expired: GET https:\/\/api\.github\.test\/repos\/acme\/app \(401: Bad credentials\)\./,
    );
    expect(waits).toEqual([]);
  });
});
