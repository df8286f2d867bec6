// GitHub's own recorded answers (@octokit/fixtures, test/fixtures/octokit) replayed through the Action's
// GitHub client, and the fake GitHub API the Action's tests run against held to their headers: the fake
// cannot drift into answers GitHub never gives.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHub, GitHubError } from '../src/github';
import { type FakeGitHub, GITHUB_TOKEN, startFakeGitHub } from './fake-github';

interface Recorded {
  method: string;
  path: string;
  status: number;
  response: unknown;
  headers: Record<string, string>;
}
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'octokit');
const recorded = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Recorded[];

/** A client whose fetch answers each request with GitHub's recording of it. */
function replaying(answers: Recorded[]) {
  return createGitHub({
    token: 'ghp_recorded',
    api: 'https://api.github.com',
    sleep: async () => {},
    fetch: (async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      const answer = answers.find((a) => a.method.toUpperCase() === init.method && a.path === path);
      if (!answer) throw new Error(`no recording of ${init.method} ${path}`);
      const empty = answer.status === 204 || answer.response === '' || answer.response === undefined;
      return new Response(empty ? null : JSON.stringify(answer.response), {
        status: answer.status,
        headers: answer.headers,
      });
    }) as unknown as typeof fetch,
  });
}

describe("GitHub's recorded answers, through the Action's client", () => {
  it("a 422's message and errors[] name what was refused", async () => {
    const github = replaying(recorded('errors'));
    const error = await github.request('POST', '/repos/octokit-fixture-org/errors/labels', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubError);
    expect((error as GitHubError).message).toBe(
      'GitHub answered POST https://api.github.com/repos/octokit-fixture-org/errors/labels (422: Validation Failed: Label color invalid).',
    );
  });

  it("a repository's permissions (the token check) and a ref's commit (sign-commits)", async () => {
    const repo = await replaying(recorded('get-repository')).request<{ permissions?: { push?: boolean } }>(
      'GET',
      '/repos/octokit-fixture-org/hello-world',
    );
    expect(repo.data.permissions?.push).toBe(true);
    const refs = replaying(recorded('git-refs'));
    const created = await refs.request<{ object: { sha: string } }>(
      'POST',
      '/repos/octokit-fixture-org/git-refs/git/refs',
      {},
    );
    expect(created.data.object.sha).toMatch(/^[0-9a-f]{40}$/);
    const moved = await refs.request<{ object: { sha: string } }>(
      'PATCH',
      '/repos/octokit-fixture-org/git-refs/git/refs/heads/test',
      {},
    );
    expect(moved.status).toBe(200);
  });
});

describe('the fake GitHub API, held to the recordings', () => {
  let fake: FakeGitHub;
  beforeAll(async () => {
    fake = await startFakeGitHub();
  });
  afterAll(() => fake.close());

  const GITHUB_HEADERS = /^x-(ratelimit-|github-request-id)/;

  it('answers with the rate-limit and request-id headers GitHub sends, on success and on error', async () => {
    const wanted = Object.keys(recorded('get-repository')[0]!.headers)
      .filter((h) => GITHUB_HEADERS.test(h))
      .sort();
    expect(wanted.length).toBeGreaterThan(4);
    for (const token of [GITHUB_TOKEN, 'ghp_wrong']) {
      const response = await fetch(`${fake.url}/repos/acme/app`, { headers: { authorization: `Bearer ${token}` } });
      const names = [...response.headers.keys()].filter((h) => GITHUB_HEADERS.test(h)).sort();
      expect(names).toEqual(wanted);
    }
  });

  it("answers errors in GitHub's shape: message, documentation_url, and errors[] objects for a 422", async () => {
    const [github422] = recorded('errors');
    const shape = (body: Record<string, unknown>) => ({
      keys: Object.keys(body)
        .filter((k) => k !== 'status')
        .sort(),
      errorKeys: Array.isArray(body.errors) ? Object.keys(body.errors[0] as object).sort() : [],
    });
    fake.reset();
    const headers = { authorization: `Bearer ${GITHUB_TOKEN}`, 'content-type': 'application/json' };
    const pull = { head: 'loc/translations', base: 'main', title: 't', body: 'b' };
    await fetch(`${fake.url}/repos/acme/app/pulls`, { method: 'POST', headers, body: JSON.stringify(pull) });
    const again = await fetch(`${fake.url}/repos/acme/app/pulls`, {
      method: 'POST',
      headers,
      body: JSON.stringify(pull),
    });
    expect(again.status).toBe(422);
    const mine = shape((await again.json()) as Record<string, unknown>);
    const theirs = shape(github422!.response as Record<string, unknown>);
    expect(mine.keys).toEqual(theirs.keys);
    // GitHub's errors[] hold resource and code, and a field or a message.
    expect(mine.errorKeys).toEqual(expect.arrayContaining(['resource', 'code']));
    expect(theirs.errorKeys).toEqual(expect.arrayContaining(['resource', 'code']));
  });
});
