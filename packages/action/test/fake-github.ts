// GitHub's REST API for one repository (acme/app), on loopback, answering as GitHub does: its headers
// (x-ratelimit-*, x-github-request-id, link on lists), its error bodies (message, documentation_url,
// status; a 422's errors[]; 401 Bad credentials; 404 for a repository the token cannot see), and state —
// the pull requests, their comments, labels, reviewers and assignees. The Git data API (blobs, trees,
// commits, refs: sign-commits) works on the bare repository that is the checkout's origin.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const GITHUB_TOKEN = 'ghs_test_github_token_never_printed';

export interface FakePull {
  number: number;
  head: string;
  base: string;
  title: string;
  body: string;
  draft: boolean;
  state: 'open' | 'closed';
  labels: string[];
  comments: string[];
  reviewers: string[];
  teamReviewers: string[];
  assignees: string[];
}

/** One answer given instead of the route's, once (a 502, a secondary rate limit …). */
export interface Fault {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Only for requests whose `METHOD /path` matches. */
  match?: RegExp;
  /** The request is carried out, and this answer given instead of its own (a gateway timing out late). */
  afterTheFact?: boolean;
}

const DOCS = 'https://docs.github.com/rest';

export async function startFakeGitHub() {
  const state = {
    pulls: [] as FakePull[],
    /** `METHOD /path?query`, each request in order. */
    requests: [] as string[],
    /** Each request's Authorization header. */
    authorizations: [] as string[],
    /** The permissions GET /repos/acme/app answers; `private`: 404, as for a repository the token cannot see. */
    repo: { push: true, private: false },
    /** 403 Resource not accessible by integration, on every write. */
    refuseWrites: false,
    faults: [] as Fault[],
    /** The bare repository behind the Git data API. */
    origin: '',
    /** Logins GitHub would not request a review from (422). */
    unknownUsers: new Set<string>(['nobody']),
  };
  let requestId = 0;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: state.origin, encoding: 'utf8' }).trim();

  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const line = `${request.method} ${url.pathname}${url.search}`;
      state.requests.push(line);
      state.authorizations.push(request.headers.authorization ?? '');
      const headers = (extra: Record<string, string> = {}) => ({
        'content-type': 'application/json; charset=utf-8',
        'x-github-api-version-selected': '2022-11-28',
        'x-github-request-id': `F00D:${++requestId}`,
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': String(5000 - requestId),
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
        'x-ratelimit-used': String(requestId),
        'x-ratelimit-resource': 'core',
        ...extra,
      });
      const send = (status: number, body?: unknown, extra?: Record<string, string>) => {
        response.writeHead(status, headers(extra));
        response.end(body === undefined ? '' : JSON.stringify(body));
      };
      const error = (status: number, message: string, errors?: unknown[]) =>
        send(status, { message, ...(errors ? { errors } : {}), documentation_url: DOCS, status: String(status) });

      const fault = state.faults.findIndex((f) => !f.match || f.match.test(line));
      let after: Fault | undefined;
      if (fault >= 0) {
        const [f] = state.faults.splice(fault, 1);
        // A gateway that times out after the work is done: the request is carried out, the answer lost.
        if (f!.afterTheFact) after = f;
        else return send(f!.status, f!.body ?? { message: 'Server Error' }, f!.headers);
      }
      if (after) {
        const realEnd = response.end.bind(response);
        response.writeHead = (() => response) as unknown as typeof response.writeHead;
        response.end = (() => {
          response.statusCode = after!.status;
          for (const [k, v] of Object.entries(after!.headers ?? {})) response.setHeader(k, v);
          response.setHeader('content-type', 'application/json');
          return realEnd(JSON.stringify(after!.body ?? { message: 'Server Error' }));
        }) as unknown as typeof response.end;
      }
      if (request.headers.authorization !== `Bearer ${GITHUB_TOKEN}`) return error(401, 'Bad credentials');
      const body = text ? JSON.parse(text) : {};
      if (state.repo.private) return error(404, 'Not Found');
      if (state.refuseWrites && request.method !== 'GET') return error(403, 'Resource not accessible by integration');
      const asJson = (p: FakePull) => ({
        url: `https://api.github.test/repos/acme/app/pulls/${p.number}`,
        number: p.number,
        state: p.state,
        html_url: `https://github.test/acme/app/pull/${p.number}`,
        title: p.title,
        body: p.body,
        draft: p.draft,
        head: { ref: p.head, label: `acme:${p.head}` },
        base: { ref: p.base, label: `acme:${p.base}` },
      });
      const pull = (n: string) => state.pulls.find((p) => p.number === Number(n));
      const route = `${request.method} ${url.pathname}`;
      let m: RegExpExecArray | null;

      if (route === 'GET /repos/acme/app')
        return send(200, {
          id: 1,
          full_name: 'acme/app',
          private: false,
          default_branch: 'main',
          permissions: { admin: false, maintain: false, push: state.repo.push, triage: true, pull: true },
        });
      if (route === 'GET /repos/acme/app/pulls') {
        const head = url.searchParams.get('head')?.split(':')[1];
        const open = state.pulls.filter((p) => p.state === url.searchParams.get('state') && p.head === head);
        const link = `<https://api.github.test/repositories/1/pulls?page=2>; rel="next", <https://api.github.test/repositories/1/pulls?page=2>; rel="last"`;
        return send(200, open.slice(0, 1).map(asJson), open.length > 1 ? { link } : {});
      }
      if (route === 'POST /repos/acme/app/pulls') {
        if (state.pulls.some((p) => p.state === 'open' && p.head === body.head))
          return error(422, 'Validation Failed', [
            {
              resource: 'PullRequest',
              code: 'custom',
              message: `A pull request already exists for acme:${body.head}.`,
            },
          ]);
        const p: FakePull = {
          number: state.pulls.length + 1,
          head: body.head,
          base: body.base,
          title: body.title,
          body: body.body,
          draft: body.draft === true,
          state: 'open',
          labels: [],
          comments: [],
          reviewers: [],
          teamReviewers: [],
          assignees: [],
        };
        state.pulls.push(p);
        return send(201, asJson(p));
      }
      if (request.method === 'PATCH' && (m = /^\/repos\/acme\/app\/pulls\/(\d+)$/.exec(url.pathname))) {
        const p = pull(m[1]!)!;
        Object.assign(p, body);
        return send(200, asJson(p));
      }
      if (request.method === 'POST' && (m = /^\/repos\/acme\/app\/issues\/(\d+)\/labels$/.exec(url.pathname))) {
        const p = pull(m[1]!)!;
        p.labels = [...new Set([...p.labels, ...body.labels])];
        return send(
          200,
          p.labels.map((name, id) => ({ id, name, color: 'ededed', default: false })),
        );
      }
      if (request.method === 'POST' && (m = /^\/repos\/acme\/app\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
        pull(m[1]!)!.comments.push(body.body);
        return send(201, { id: 1, body: body.body });
      }
      if (request.method === 'POST' && (m = /^\/repos\/acme\/app\/issues\/(\d+)\/assignees$/.exec(url.pathname))) {
        const p = pull(m[1]!)!;
        p.assignees.push(...body.assignees);
        return send(201, asJson(p));
      }
      if (
        request.method === 'POST' &&
        (m = /^\/repos\/acme\/app\/pulls\/(\d+)\/requested_reviewers$/.exec(url.pathname))
      ) {
        const unknown = (body.reviewers as string[]).filter((r) => state.unknownUsers.has(r));
        if (unknown.length)
          return error(
            422,
            'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the acme/app repository.',
          );
        const p = pull(m[1]!)!;
        p.reviewers.push(...body.reviewers);
        p.teamReviewers.push(...(body.team_reviewers ?? []));
        return send(201, asJson(p));
      }
      // The Git data API, on the bare repository.
      if (route === 'POST /repos/acme/app/git/blobs') {
        const sha = execFileSync('git', ['hash-object', '-w', '--stdin'], {
          cwd: state.origin,
          input: Buffer.from(body.content, body.encoding === 'base64' ? 'base64' : 'utf8'),
          encoding: 'utf8',
        }).trim();
        return send(201, { url: `https://api.github.test/repos/acme/app/git/blobs/${sha}`, sha });
      }
      if (route === 'POST /repos/acme/app/git/trees') {
        const scratch = mkdtempSync(join(tmpdir(), 'fake-github-index-'));
        try {
          const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
          const run = (...args: string[]) => execFileSync('git', args, { cwd: state.origin, env, encoding: 'utf8' });
          if (body.base_tree) run('read-tree', body.base_tree);
          for (const entry of body.tree as { path: string; mode: string; sha: string | null }[]) {
            if (entry.sha === null) run('update-index', '--force-remove', '--', entry.path);
            else run('update-index', '--add', '--cacheinfo', `${entry.mode},${entry.sha},${entry.path}`);
          }
          const sha = run('write-tree').trim();
          return send(201, { sha, url: `https://api.github.test/repos/acme/app/git/trees/${sha}`, truncated: false });
        } finally {
          rmSync(scratch, { recursive: true, force: true });
        }
      }
      if (request.method === 'GET' && (m = /^\/repos\/acme\/app\/git\/commits\/([0-9a-f]{40})$/.exec(url.pathname))) {
        let tree: string;
        try {
          tree = git('rev-parse', `${m[1]}^{tree}`);
        } catch {
          return error(404, 'Not Found');
        }
        return send(200, {
          sha: m[1],
          tree: { sha: tree, url: `https://api.github.test/repos/acme/app/git/trees/${tree}` },
        });
      }
      if (route === 'POST /repos/acme/app/git/commits') {
        const sha = execFileSync(
          'git',
          ['commit-tree', body.tree, ...body.parents.flatMap((p: string) => ['-p', p]), '-m', body.message],
          {
            cwd: state.origin,
            encoding: 'utf8',
            env: {
              ...process.env,
              GIT_AUTHOR_NAME: 'GitHub',
              GIT_AUTHOR_EMAIL: 'noreply@github.com',
              GIT_COMMITTER_NAME: 'GitHub',
              GIT_COMMITTER_EMAIL: 'noreply@github.com',
            },
          },
        ).trim();
        return send(201, { sha, tree: { sha: body.tree }, verification: { verified: true, reason: 'valid' } });
      }
      if (request.method === 'PATCH' && (m = /^\/repos\/acme\/app\/git\/refs\/heads\/(.+)$/.exec(url.pathname))) {
        try {
          git('rev-parse', '--verify', `refs/heads/${m[1]}`);
        } catch {
          return error(422, 'Reference does not exist');
        }
        git('update-ref', `refs/heads/${m[1]}`, body.sha);
        return send(200, { ref: `refs/heads/${m[1]}`, object: { sha: body.sha, type: 'commit' } });
      }
      if (route === 'POST /repos/acme/app/git/refs') {
        git('update-ref', body.ref, body.sha);
        return send(201, { ref: body.ref, object: { sha: body.sha, type: 'commit' } });
      }
      error(404, 'Not Found');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset(origin = '') {
      state.pulls = [];
      state.requests = [];
      state.authorizations = [];
      state.repo = { push: true, private: false };
      state.refuseWrites = false;
      state.faults = [];
      state.origin = origin;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>;
