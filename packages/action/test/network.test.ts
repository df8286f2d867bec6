// The Action on a real runner's network, run as the runner runs it (run-action.ts): git's smart HTTP with
// checkout's persisted token beside the Action's, proxies (a real CONNECT proxy on loopback that records
// what went through it), a GitHub API that cannot be reached, refuses the token or stumbles — and the
// messages each case gives.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, startProxy, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';
import { type FakeGitHub, GITHUB_TOKEN, startFakeGitHub } from './fake-github';
import { CONFIG, git, repository as makeRepository, runAction as run, secretsIn, trackedCopy } from './run-action';

const basic = (token: string) => `basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
const CHECKOUT_TOKEN = 'ghs_checkout_persisted_token';

/**
 * git's smart HTTP on loopback: `git http-backend` behind a small server that records the Authorization
 * of each request and takes either token (as GitHub would: both are valid, only one is meant).
 */
async function startGitServer(projectRoot: string) {
  const seen: { request: string; authorization: string }[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const authorization = request.headers.authorization ?? '';
    seen.push({ request: `${request.method} ${url.pathname}${url.search}`, authorization });
    if (![basic(GITHUB_TOKEN), basic(CHECKOUT_TOKEN)].includes(authorization.replace(/^Basic/i, 'basic'))) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
      return response.end();
    }
    const backend = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: projectRoot,
        GIT_HTTP_EXPORT_ALL: '1',
        REMOTE_USER: 'x-access-token',
        REMOTE_ADDR: '127.0.0.1',
        REQUEST_METHOD: request.method ?? 'GET',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
      },
    });
    request.pipe(backend.stdin);
    let head = Buffer.alloc(0);
    let started = false;
    backend.stdout.on('data', (chunk: Buffer) => {
      if (started) return void response.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      started = true;
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const [name, ...rest] = line.split(':');
        if (name!.toLowerCase() === 'status') status = Number.parseInt(rest.join(':').trim(), 10);
        else headers[name!] = rest.join(':').trim();
      }
      response.writeHead(status, headers);
      response.write(head.subarray(end + 4));
    });
    backend.stdout.on('end', () => response.end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const dir = tempDir('loc-action-net-');
let mock: RunningMock;
let github: FakeGitHub;
let action: string;
beforeAll(async () => {
  action = trackedCopy(join(dir.path, 'action'));
  [mock, github] = await Promise.all([startMock(['--export-delay', '20ms']), startFakeGitHub()]);
});
afterAll(async () => {
  await Promise.all([mock?.stop(), github?.close()]);
  dir.remove();
});

const repository = (name: string, config: object = CONFIG) => {
  const repo = makeRepository(dir.path, name, config);
  github.reset(repo.origin);
  return repo;
};
const runAction = (
  workspace: string,
  inputs: Record<string, string> = {},
  runner: Record<string, string | undefined> = {},
  githubUrl = github.url,
) =>
  run(
    { action, dir: dir.path, githubUrl },
    mock,
    workspace,
    { 'api-token': TOKENS.developer, 'create-pull-request': 'true', ...inputs },
    runner,
  );
const tip = (origin: string) =>
  git(origin, 'for-each-ref', '--format=%(objectname)', 'refs/heads/loc/translations').trim();

describe("the push: the Action's token, whatever actions/checkout persisted", () => {
  it("over git's smart HTTP with checkout's http.<url>.extraheader set: only the Action's token is sent, and the config is left as found", async () => {
    const server = await startGitServer(dir.path);
    try {
      const repo = repository('smart-http');
      const url = `${server.url}/smart-http.git`;
      git(repo.path, 'remote', 'set-url', 'origin', url);
      // As actions/checkout persists its token: a header scoped to the server's URL, in the local config.
      git(repo.path, 'config', '--local', `http.${server.url}/.extraheader`, `AUTHORIZATION: ${basic(CHECKOUT_TOKEN)}`);
      const config = readFileSync(join(repo.path, '.git', 'config'), 'utf8');

      const first = await runAction(repo.path);
      expect(first.code, first.printed).toBe(0);
      expect(first.outputs['pull-request-operation']).toBe('created');
      expect(tip(repo.origin)).not.toBe('');
      // Again, nothing new: the branch is read over HTTP too, with the same token, and nothing is pushed.
      const again = await runAction(repo.path);
      expect(again.outputs['pull-request-operation'], again.printed).toBe('unchanged');

      expect(server.seen.some((s) => s.request.includes('git-receive-pack'))).toBe(true);
      expect(new Set(server.seen.map((s) => s.authorization.replace(/^Basic/i, 'basic')))).toEqual(
        new Set([basic(GITHUB_TOKEN)]),
      );
      expect(
        server.seen.filter((s) => s.request.startsWith('POST') && s.request.includes('receive-pack')),
      ).toHaveLength(1);
      expect(readFileSync(join(repo.path, '.git', 'config'), 'utf8')).toBe(config);
      expect(secretsIn(first)).toEqual([]);
      expect(first.printed).not.toContain(CHECKOUT_TOKEN);
    } finally {
      await server.close();
    }
  });
});

describe('proxies', () => {
  it('goes through HTTPS_PROXY / HTTP_PROXY (a CONNECT proxy that records it) for loc and the GitHub API', async () => {
    const proxy = await startProxy();
    try {
      const repo = repository('proxied');
      const result = await runAction(repo.path, {}, { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
      expect(result.code, result.printed).toBe(0);
      expect(result.outputs['pull-request-operation']).toBe('created');
      // undici 8 sends a plain http: request to the proxy in absolute form (`GET http://host/…`) and tunnels
      // only https: (CONNECT): either way it went through the proxy.
      const through = (url: string) =>
        proxy.carried.some(
          (line) => line === `CONNECT ${new URL(url).host}` || line.includes(` ${new URL(url).origin}/`),
        );
      expect(through(mock.url), proxy.carried.join('\n')).toBe(true);
      expect(through(github.url), proxy.carried.join('\n')).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('passes by the proxy for the hosts NO_PROXY names, even when the proxy is not there', async () => {
    const proxy = await startProxy();
    try {
      const repo = repository('no-proxy');
      const result = await runAction(
        repo.path,
        {},
        { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' },
      );
      expect(result.code, result.printed).toBe(0);
      expect(result.printed).not.toMatch(/Cannot find module/);
      expect(proxy.carried).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe('the GitHub API: its failures, named, and nothing pushed', () => {
  it('cannot be reached: names the URL and the cause', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((done) => closed.close(() => done()));
    const repo = repository('unreachable');
    const result = await runAction(repo.path, {}, {}, url);
    expect(result.code).toBe(1);
    expect(result.printed).toContain(
      `::error::Could not reach the GitHub API: GET ${url}/repos/acme/app failed (ECONNREFUSED). Check GITHUB_API_URL`,
    );
    expect(tip(repo.origin)).toBe('');
  });

  it('401: the token is invalid or expired, said before anything is pushed', async () => {
    const repo = repository('expired');
    const result = await runAction(repo.path, { 'github-token': 'ghs_expired_token_never_printed' });
    expect(result.code).toBe(1);
    expect(result.printed).toMatch(
      /::error::GitHub refused the token, which is invalid or expired: GET http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/app \(401: Bad credentials\)\. Pass a valid token as github-token/,
    );
    expect(result.printed).not.toContain('ghs_expired_token_never_printed');
    expect(tip(repo.origin)).toBe('');
    expect(github.state.pulls).toEqual([]);
  });

  it('404 for a repository the token cannot see; a token without push access', async () => {
    const repo = repository('private');
    github.state.repo.private = true;
    const hidden = await runAction(repo.path);
    expect(hidden.code).toBe(1);
    expect(hidden.printed).toMatch(
      /::error::GitHub answered 404 to GET .*\/repos\/acme\/app: it does not exist, or the token cannot see it/,
    );
    github.state.repo = { push: false, private: false };
    const readOnly = await runAction(repo.path);
    expect(readOnly.code).toBe(1);
    expect(readOnly.printed).toContain('::error::The github-token cannot push to acme/app');
    expect(tip(repo.origin)).toBe('');
  });

  it('a 502 and a secondary rate limit are retried (Retry-After honoured); the pull request is opened once', async () => {
    const repo = repository('flaky');
    github.state.faults.push(
      { status: 502, match: /^POST \/repos\/acme\/app\/pulls$/, headers: { 'retry-after': '0' }, afterTheFact: true },
      {
        status: 403,
        match: /^POST \/repos\/acme\/app\/issues\/\d+\/labels$/,
        headers: { 'retry-after': '1' },
        body: {
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: 'https://docs.github.com/rest',
          status: '403',
        },
      },
    );
    const result = await runAction(repo.path, { labels: 'i18n' });
    expect(result.code, result.printed).toBe(0);
    expect(github.state.requests.filter((r) => r === 'POST /repos/acme/app/pulls')).toHaveLength(2);
    expect(github.state.requests.filter((r) => r.endsWith('/labels'))).toHaveLength(2);
    expect(github.state.pulls).toHaveLength(1);
    expect(github.state.pulls[0]!.labels).toEqual(['i18n']);
  });
});

describe('messages', () => {
  it('a refused loc token: said once, no `loc login`, what to store instead', async () => {
    const repo = repository('bad-api-token');
    const result = await runAction(repo.path, { 'api-token': 'loc_wrong_token', 'create-pull-request': 'false' });
    expect(result.code).toBe(1);
    const error = result.printed.split('\n').find((l) => l.startsWith('::error::'))!;
    expect(error).not.toContain('loc login');
    expect(error.match(/check the input api-token/gi) ?? []).toHaveLength(1);
    expect(error).toContain('Store a valid loc API token as the repository secret the step passes as api-token');
  });

  it('a misspelled input is warned about, with the input it is nearest to', async () => {
    const repo = repository('typo');
    const result = await runAction(repo.path, { 'create-pull-request': 'false', 'crete-pull-request': 'true' });
    expect(result.code, result.printed).toBe(0);
    expect(result.printed).toContain(
      "::warning::The input crete-pull-request is not one of this action's inputs, so it is ignored. Did you mean create-pull-request?",
    );
  });
});

it('the bundle requires nothing that is not in it (nothing is installed beside it)', () => {
  const out = execFileSync(
    process.execPath,
    [
      '-e',
      `require(${JSON.stringify(join(action, 'packages/action/bundle/loc/vendor-undici.cjs'))}).EnvHttpProxyAgent`,
    ],
    { encoding: 'utf8', cwd: dir.path },
  );
  expect(out).toBe('');
});
