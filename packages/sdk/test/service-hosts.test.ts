// Where requests go by default, and the one rule of where a CDN check goes (src/base/service-hosts.ts):
// the service's hosts with only credentials, spec.md's /cdn/check on any other host. Nothing is sent: each
// client is given a fetch of its own that records the URL and answers at once.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_HOSTS, isLoopbackHostname } from '../../../scripts/known-hosts.mjs';
import { createCdnClient, createClient, DEFAULT_BASE_URL, NotFoundError } from '../src/index';
import { createOtaClient } from '../src/ota/index';
import * as hosts from '../src/base/service-hosts';
import { cdnCheckTarget } from '../src/base/service-hosts';

const body = { distributionEnvironment: 'PRODUCTION', distributionType: 'NATIVE_FORMAT' } as const;

/** A fetch that answers at once and records each URL asked: nothing leaves the process. */
function recordingFetch() {
  const urls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    urls.push(url);
    return url.includes('/projects') ? Response.json({ members: [] }) : new Response(null, { status: 204 });
  }) as typeof globalThis.fetch;
  return { urls, fetch };
}

beforeEach(() => {
  // The machine's own settings must not decide what the defaults are.
  for (const name of ['LOC_BASE_URL', 'LOC_CDN_BASE_URL', 'LOC_CDN_CHECK_PATH', 'LOC_API_TOKEN', 'LOC_CDN_KEY'])
    vi.stubEnv(name, '');
});
afterEach(() => vi.unstubAllEnvs());

describe('the defaults: the service', () => {
  it('createClient with only a token and a CDN key reaches api.lingohub.com and cdn.lingohub.com', async () => {
    const { urls, fetch } = recordingFetch();
    const loc = createClient({ token: 't0ken-123', cdnKey: 'lh-cdn_k', fetch, maxRetries: 0 });
    await loc.projects.list();
    await loc.cdn.check(body);
    expect(urls).toEqual(['https://api.lingohub.com/v1/projects', 'https://cdn.lingohub.com/v1/distributions/check']);
    expect([loc.baseUrl, loc.cdnBaseUrl]).toEqual(['https://api.lingohub.com', 'https://cdn.lingohub.com']);
  });

  it('createCdnClient and the over-the-air client check the service’s CDN host', async () => {
    const cdn = recordingFetch();
    await createCdnClient({ cdnKey: 'lh-cdn_k', fetch: cdn.fetch, maxRetries: 0 }).check(body);
    const ota = recordingFetch();
    const client = createOtaClient({
      cdnKey: 'lh-cdn_k',
      environment: 'PRODUCTION',
      type: 'NATIVE_FORMAT',
      fetch: ota.fetch,
    });
    expect(await client.checkNow()).toEqual({ status: 'current' });
    expect([...cdn.urls, ...ota.urls]).toEqual([
      'https://cdn.lingohub.com/v1/distributions/check',
      'https://cdn.lingohub.com/v1/distributions/check',
    ]);
  });

  it('LOC_BASE_URL of another host (loc-mock) sends the check to spec.md’s /cdn/check there', async () => {
    vi.stubEnv('LOC_BASE_URL', 'http://127.0.0.1:4010');
    const { urls, fetch } = recordingFetch();
    await createClient({ cdnKey: 'lh-cdn_k', fetch, maxRetries: 0 }).cdn.check(body);
    expect(urls).toEqual(['http://127.0.0.1:4010/cdn/check']);
  });

  it('every URL the SDK defines is a host of the service’s or loopback (a default of someone else’s fails here)', () => {
    const urls = [
      DEFAULT_BASE_URL,
      ...Object.values(hosts as Record<string, unknown>).filter((v): v is string => /^https?:/.test(String(v))),
    ];
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      const { hostname } = new URL(url);
      expect(KNOWN_HOSTS.service.some((h) => h.host === hostname) || isLoopbackHostname(hostname), url).toBe(true);
    }
  });
});

describe('cdnCheckTarget: the one rule', () => {
  it.each([
    // [base URL, CDN base URL given, path given] → [CDN base URL, path, where each came from]
    [['https://api.lingohub.com'], ['https://cdn.lingohub.com', '/v1/distributions/check', 'service', 'service']],
    [['https://api.lingohub.com/'], ['https://cdn.lingohub.com', '/v1/distributions/check', 'service', 'service']],
    [['http://127.0.0.1:4010'], ['http://127.0.0.1:4010', '/cdn/check', 'baseUrl', 'spec']],
    [['https://staging.example.test'], ['https://staging.example.test', '/cdn/check', 'baseUrl', 'spec']],
    // The service's CDN host given alone gets the service's path: no 404 for a path it does not serve.
    [
      ['http://127.0.0.1:4010', 'https://cdn.lingohub.com/'],
      ['https://cdn.lingohub.com', '/v1/distributions/check', 'given', 'service'],
    ],
    [
      ['https://api.lingohub.com', 'https://cdn.example.test'],
      ['https://cdn.example.test', '/cdn/check', 'given', 'spec'],
    ],
    [
      ['https://api.lingohub.com', undefined, '/x/check'],
      ['https://cdn.lingohub.com', '/x/check', 'service', 'given'],
    ],
    // Another port or scheme is another host.
    [['http://api.lingohub.com'], ['http://api.lingohub.com', '/cdn/check', 'baseUrl', 'spec']],
    [['https://api.lingohub.com:8443'], ['https://api.lingohub.com:8443', '/cdn/check', 'baseUrl', 'spec']],
  ] as const)('%j → %j', ([baseUrl, cdnBaseUrl, cdnCheckPath], [url, path, hostFrom, pathFrom]) => {
    expect(cdnCheckTarget({ baseUrl, cdnBaseUrl, cdnCheckPath })).toEqual({
      cdnBaseUrl: url,
      cdnCheckPath: path,
      from: { cdnBaseUrl: hostFrom, cdnCheckPath: pathFrom },
    });
  });

  it('never picks a host it was not given, but the service’s CDN host for the service’s API (property, fixed seed)', () => {
    const origin = fc.oneof(
      fc.webUrl({ withQueryParameters: false, withFragments: false }).map((u) => new URL(u).origin),
      fc.constantFrom('https://api.lingohub.com', 'https://cdn.lingohub.com', 'http://127.0.0.1:4010'),
    );
    fc.assert(
      fc.property(
        origin,
        fc.option(origin, { nil: undefined }),
        fc.option(fc.constantFrom('/x', '/cdn/check'), { nil: undefined }),
        (baseUrl, cdnBaseUrl, cdnCheckPath) => {
          const target = cdnCheckTarget({ baseUrl, cdnBaseUrl, cdnCheckPath });
          const allowed = cdnBaseUrl ?? (baseUrl === 'https://api.lingohub.com' ? 'https://cdn.lingohub.com' : baseUrl);
          expect(target.cdnBaseUrl).toBe(allowed.replace(/\/+$/, ''));
          expect(target.cdnCheckPath).toBe(
            cdnCheckPath ??
              (target.cdnBaseUrl === 'https://cdn.lingohub.com' ? '/v1/distributions/check' : '/cdn/check'),
          );
        },
      ),
      { seed: 20260411, numRuns: 500 },
    );
  });

  it('the client applies it: a CDN base URL of the service’s CDN host alone gets its path', async () => {
    const { urls, fetch } = recordingFetch();
    await createCdnClient({ cdnBaseUrl: 'https://cdn.lingohub.com', cdnKey: 'k-123456', fetch, maxRetries: 0 }).check(
      body,
    );
    expect(urls).toEqual(['https://cdn.lingohub.com/v1/distributions/check']);
  });
});

describe('a CDN check’s 404 that is not the CDN’s answer', () => {
  const answering = (body: string) =>
    (async () => new Response(body, { status: 404, headers: { 'content-type': 'application/json' } })) as typeof fetch;

  it('names the host and path asked, and where the host came from', async () => {
    const cdn = createCdnClient({
      cdnBaseUrl: 'https://proxy.example.test/edge',
      cdnKey: 'k-123456',
      fetch: answering('{"error":"Not found"}'),
      maxRetries: 0,
    });
    const error = await cdn.check(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain(
      '— no CDN check at https://proxy.example.test/edge/cdn/check (cdnBaseUrl from the option): check cdnBaseUrl and cdnCheckPath.',
    );
  });

  it('says nothing of the kind for the CDN’s own DISTRIBUTION_NOT_FOUND', async () => {
    const problem = JSON.stringify({
      type: 'about:blank',
      status: 404,
      detail: 'Not Found',
      errors: [{ field: 'DISTRIBUTION', infos: ['DISTRIBUTION_NOT_FOUND'] }],
    });
    const cdn = createCdnClient({
      cdnBaseUrl: 'http://127.0.0.1:9',
      cdnKey: 'k-123456',
      fetch: answering(problem),
      maxRetries: 0,
    });
    const error = await cdn.check(body).catch((e: unknown) => e);
    expect((error as NotFoundError).codes).toEqual(['DISTRIBUTION_NOT_FOUND']);
    expect((error as Error).message).not.toMatch(/no CDN check at/);
  });
});
