import { describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  APIConnectionError,
  ConfigurationError,
  RateLimitError,
  TimeoutError,
  createClient,
} from '../src/index';
import { parseRetryAfter } from '../src/internal';
import {
  BASE,
  CDN_KEY,
  HttpResponse,
  TOKEN,
  cdnProblem,
  client,
  http,
  projectList,
  sequence,
  useMsw,
} from './fixtures';

const server = useMsw();
const cdnBody = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' } as const;

describe('retries', () => {
  it('retries a GET after a 503 and succeeds', async () => {
    const resolver = sequence(
      () => HttpResponse.json({ error: 'maintenance' }, { status: 503 }),
      () => HttpResponse.json(projectList),
    );
    server.use(http.get(`${BASE}/v1/projects`, resolver));
    const onRetry = vi.fn();
    await expect(client({ hooks: { onRetry } }).projects.list()).resolves.toMatchObject(projectList);
    expect(resolver.calls).toBe(2);
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onRetry.mock.calls[0]![0].delayMs).toBeGreaterThanOrEqual(375);
  });

  it('retries a /v1 GET after a 429 and waits what Retry-After says', async () => {
    const resolver = sequence(
      () => HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '1' } }),
      () => HttpResponse.json(projectList),
    );
    server.use(http.get(`${BASE}/v1/projects`, resolver));
    const started = Date.now();
    await expect(client().projects.list()).resolves.toMatchObject(projectList);
    expect(resolver.calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not wait out a Retry-After over a minute: raises RateLimitError with retryAfterMs', async () => {
    const resolver = sequence(() =>
      HttpResponse.json(cdnProblem(429, 'Too Many Requests', 'USAGE', 'USAGE_LIMIT_EXCEEDED'), {
        status: 429,
        headers: { 'retry-after': '3600' },
      }),
    );
    server.use(http.post(`${BASE}/cdn/check`, resolver));
    const error = await client()
      .cdn.check(cdnBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(resolver.calls).toBe(1);
  });

  it('gives up after maxRetries and raises the last error', async () => {
    const resolver = sequence(() => HttpResponse.json({ error: 'bad gateway' }, { status: 502 }));
    server.use(http.get(`${BASE}/v1/projects`, resolver));
    await expect(client({ maxRetries: 1 }).projects.list()).rejects.toMatchObject({ status: 502 });
    expect(resolver.calls).toBe(2);
  });

  it('does not retry 500, 401 or 404', async () => {
    for (const status of [500, 401, 404]) {
      const resolver = sequence(() => HttpResponse.json({ error: 'no' }, { status }));
      server.use(http.get(`${BASE}/v1/projects`, resolver));
      await expect(client().projects.list()).rejects.toMatchObject({ status });
      expect(resolver.calls).toBe(1);
    }
  });

  it('retries a network error on an idempotent request', async () => {
    const resolver = sequence(
      () => HttpResponse.error(),
      () => HttpResponse.json(projectList),
    );
    server.use(http.get(`${BASE}/v1/projects`, resolver));
    await expect(client().projects.list()).resolves.toMatchObject(projectList);
    expect(resolver.calls).toBe(2);
  });

  it('raises APIConnectionError when the network keeps failing', async () => {
    server.use(http.get(`${BASE}/v1/projects`, () => HttpResponse.error()));
    const error = await client({ maxRetries: 0 })
      .projects.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(
      /GET \/v1\/projects: could not reach http:\/\/127\.0\.0\.1:4999 \(baseUrl from the option\)/,
    );
  });

  it('reads Retry-After as seconds, HTTP date or retry-after-ms', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 10:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '150' }), now)).toBe(150);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined();
  });
});

describe('timeouts and abort', () => {
  it('raises TimeoutError when an attempt takes longer than timeoutMs', async () => {
    server.use(
      http.get(`${BASE}/v1/projects`, async () => {
        await new Promise((r) => setTimeout(r, 500));
        return HttpResponse.json(projectList);
      }),
    );
    const error = await client({ timeoutMs: 50, maxRetries: 0 })
      .projects.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
  });

  it('stops at once when the caller aborts, also during a retry wait', async () => {
    const resolver = sequence(() =>
      HttpResponse.json({ error: 'x' }, { status: 503, headers: { 'retry-after': '50' } }),
    );
    server.use(http.get(`${BASE}/v1/projects`, resolver));
    const controller = new AbortController();
    // Abort when the client starts its 50 s retry wait: only a prompt abort settles within the test's timeout.
    const error = await client({ hooks: { onRetry: () => controller.abort() } })
      .projects.list({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(resolver.calls).toBe(1);
  }, 20_000);

  it('rejects an already aborted signal without sending', async () => {
    const resolver = sequence(() => HttpResponse.json(projectList));
    server.use(http.get(`${BASE}/v1/projects`, resolver));
    await expect(client().projects.list({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
    expect(resolver.calls).toBe(0);
  });
});

describe('credentials', () => {
  it('never puts a credential in an error message, toString or JSON', async () => {
    server.use(
      http.get(`${BASE}/v1/projects`, () => HttpResponse.json({ error: 'invalid token' }, { status: 401 })),
      http.post(`${BASE}/cdn/check`, () =>
        HttpResponse.json(cdnProblem(401, 'Unauthorized', 'AUTHORIZATION', 'CDN_KEY_NOT_FOUND'), { status: 401 }),
      ),
      http.get('http://127.0.0.1:1/v1/projects', () => HttpResponse.error()),
    );
    const errors = [
      await client()
        .projects.list()
        .catch((e: unknown) => e),
      await client()
        .cdn.check(cdnBody)
        .catch((e: unknown) => e),
      await client({ maxRetries: 0, baseUrl: 'http://127.0.0.1:1' })
        .projects.list()
        .catch((e: unknown) => e),
    ];
    for (const error of errors) {
      const shown = [String(error), (error as Error).message, (error as Error).stack, JSON.stringify(error)].join('\n');
      expect(shown).not.toContain(TOKEN);
      expect(shown).not.toContain(CDN_KEY);
    }
  });

  it('does not follow redirects with the token: the redirect is an error', async () => {
    server.use(
      http.get(
        `${BASE}/v1/projects`,
        () => new HttpResponse(null, { status: 302, headers: { location: 'http://127.0.0.3/v1/projects' } }),
      ),
    );
    await expect(client().projects.list()).rejects.toThrow(/redirect to http:\/\/127\.0\.0\.3\/v1\/projects/);
  });

  it('shows a redirect target without its query (a signed URL’s signature)', async () => {
    server.use(
      http.get(
        `${BASE}/v1/projects`,
        () =>
          new HttpResponse(null, {
            status: 302,
            headers: { location: 'http://127.0.0.3/v1/projects?signature=s3cr3t' },
          }),
      ),
    );
    const error: Error = await client()
      .projects.list()
      .then(
        () => new Error('no error'),
        (e: unknown) => e as Error,
      );
    const shown = [String(error), error.message, error.stack, JSON.stringify(error)].join('\n');
    expect(error.message).toMatch(/redirect to http:\/\/127\.0\.0\.3\/v1\/projects;/);
    expect(shown).not.toContain('s3cr3t');
  });

  it('ignores an Authorization header passed in `headers`', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(`${BASE}/v1/projects`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(projectList);
      }),
    );
    await client({ headers: { Authorization: 'Bearer other' } }).projects.list();
    expect(authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('reads the token and base URL from the environment when options do not give them', async () => {
    vi.stubEnv('LOC_BASE_URL', BASE);
    vi.stubEnv('LOC_API_TOKEN', 'env-token');
    let authorization: string | null = null;
    server.use(
      http.get(`${BASE}/v1/projects`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(projectList);
      }),
    );
    try {
      await createClient().projects.list();
      expect(authorization).toBe('Bearer env-token');
      await createClient({ token: 'option-token' }).projects.list();
      expect(authorization).toBe('Bearer option-token');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('explains a missing token and a bad base URL', async () => {
    vi.stubEnv('LOC_API_TOKEN', '');
    try {
      await expect(client({ token: undefined }).projects.list()).rejects.toThrow(/LOC_API_TOKEN/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(() => createClient({ baseUrl: 'not a url' })).toThrow(ConfigurationError);
    expect(() => createClient({ baseUrl: 'https://user:pw@example.test' })).toThrow(/credentials/);
  });

  it('tells the hooks the method, URL and status, never a header', async () => {
    server.use(http.get(`${BASE}/v1/projects`, () => HttpResponse.json(projectList)));
    const events: unknown[] = [];
    await client({ hooks: { onRequest: (e) => events.push(e), onResponse: (e) => events.push(e) } }).projects.list();
    expect(events).toMatchObject([
      { method: 'GET', url: `${BASE}/v1/projects`, attempt: 0 },
      { method: 'GET', url: `${BASE}/v1/projects`, status: 200 },
    ]);
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });
});
