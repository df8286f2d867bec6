import { describe, expect, it } from 'vitest';
import type { ClientOptions } from '../src/index';
import {
  AuthenticationError,
  NotFoundError,
  RateLimitError,
  UnprocessableEntityError,
  InternalServerError,
  ContractError,
  createCdnClient,
} from '../src/index';
import {
  BASE,
  CDN_KEY,
  HttpResponse,
  TOKEN,
  cdnProblem,
  client as fullClient,
  http,
  release,
  useMsw,
} from './fixtures';

const server = useMsw();
const body = {
  distributionEnvironment: 'PRODUCTION',
  distributionType: 'MOBILE_SDK_IOS',
  clientVersion: '1.4.0',
} as const;

// The check of `createClient` goes through ofetch, `createCdnClient`'s over the runtime's fetch
// (src/request/http.ts): both must send the same request and give the same answers.
const clients = {
  createClient: (options: ClientOptions = {}) => fullClient(options),
  createCdnClient: (options: ClientOptions = {}) => ({
    cdn: createCdnClient({ baseUrl: BASE, token: TOKEN, cdnKey: CDN_KEY, ...options }),
  }),
};

describe.each(Object.entries(clients))('cdn.check of %s', (_, client) => {
  it('returns the release and sends the CDN key (not the API token) as a Bearer token', async () => {
    let seen: { authorization: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${BASE}/cdn/check`, async ({ request }) => {
        const [authorization, type] = [request.headers.get('authorization'), request.headers.get('content-type')];
        seen = { authorization, type, body: await request.json() };
        return HttpResponse.json(release);
      }),
    );
    await expect(client().cdn.check(body)).resolves.toEqual(release);
    expect(seen).toEqual({ authorization: `Bearer ${CDN_KEY}`, type: 'application/json', body });
    expect(seen!.authorization).not.toContain(TOKEN);
  });

  it('resolves to null on 204 (no newer release)', async () => {
    server.use(http.post(`${BASE}/cdn/check`, () => new HttpResponse(null, { status: 204 })));
    await expect(client().cdn.check(body)).resolves.toBeNull();
  });

  it.each([
    [401, AuthenticationError, 'AUTHORIZATION', 'CDN_KEY_NOT_FOUND'],
    [404, NotFoundError, 'DISTRIBUTION', 'DISTRIBUTION_NOT_FOUND'],
    [429, RateLimitError, 'USAGE', 'USAGE_LIMIT_EXCEEDED'],
  ] as const)('maps %i to its error with the problem fields and codes', async (status, Class, field, info) => {
    server.use(
      http.post(`${BASE}/cdn/check`, () =>
        HttpResponse.json(cdnProblem(status, 'x', field, info), {
          status,
          headers: { 'content-type': 'application/problem+json' },
        }),
      ),
    );
    const error = await client({ maxRetries: 0 })
      .cdn.check(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toMatchObject({
      status,
      method: 'POST',
      path: '/cdn/check',
      fieldErrors: [{ field, infos: [info] }],
      codes: [info],
      operation: { id: 'checkDistribution', api: 'cdn', permission: undefined },
    });
    expect((error as Error).message).toContain(info);
  });

  it('maps 422 and 500 problem bodies without errors entries', async () => {
    server.use(
      http.post(`${BASE}/cdn/check`, () => HttpResponse.json(cdnProblem(422, 'Unprocessable Entity'), { status: 422 })),
    );
    await expect(client().cdn.check({ ...body, clientVersion: 'one' })).rejects.toBeInstanceOf(
      UnprocessableEntityError,
    );
    server.use(
      http.post(`${BASE}/cdn/check`, () =>
        HttpResponse.json(cdnProblem(500, 'Internal Server Error'), { status: 500 }),
      ),
    );
    const error = await client({ maxRetries: 0 })
      .cdn.check(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ codes: [], detail: 'Internal Server Error' });
  });

  it('parses the older {error_message} body', async () => {
    server.use(
      http.post(`${BASE}/cdn/check`, () => HttpResponse.json({ error_message: 'key revoked' }, { status: 401 })),
    );
    await expect(client().cdn.check(body)).rejects.toThrow(/key revoked/);
  });

  it('raises a ContractError for a release without filesUrl', async () => {
    const { filesUrl: _, ...withoutUrl } = release;
    server.use(http.post(`${BASE}/cdn/check`, () => HttpResponse.json(withoutUrl)));
    const error = await client()
      .cdn.check(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues[0]!.path).toBe('$.filesUrl');
  });

  it('keeps filesSha256 and unknown fields', async () => {
    server.use(
      http.post(`${BASE}/cdn/check`, () => HttpResponse.json({ ...release, filesSha256: 'ab', region: 'eu' })),
    );
    await expect(client().cdn.check(body)).resolves.toMatchObject({ filesSha256: 'ab', region: 'eu' });
  });

  it('can point at another CDN host and path; the API token never goes there', async () => {
    const cdnBase = 'http://127.0.0.2:4999';
    let authorization: string | null = null;
    server.use(
      http.post(`${cdnBase}/v1/distributions/check`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await client({ cdnBaseUrl: cdnBase, cdnCheckPath: '/v1/distributions/check' }).cdn.check(body);
    expect(authorization).toBe(`Bearer ${CDN_KEY}`);
  });

  it('names the operation on its errors whatever the route (cdnCheckPath), not by the path', async () => {
    server.use(
      http.post(`${BASE}/releases/newest`, () =>
        HttpResponse.json(cdnProblem(401, 'x', 'AUTHORIZATION', 'CDN_KEY_NOT_FOUND'), { status: 401 }),
      ),
    );
    const error = await client({ cdnCheckPath: '/releases/newest' })
      .cdn.check(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ path: '/releases/newest', operation: { id: 'checkDistribution', api: 'cdn' } });
  });

  it("sends the caller's content type instead of the default one, not beside it", async () => {
    let type: string | null = null;
    server.use(
      http.post(`${BASE}/cdn/check`, ({ request }) => {
        type = request.headers.get('content-type');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await client({ headers: { 'Content-Type': 'application/json; charset=utf-8' } }).cdn.check(body);
    expect(type).toBe('application/json; charset=utf-8');
  });

  it('asks for a CDN key before sending anything', async () => {
    await expect(client({ cdnKey: undefined }).cdn.check(body)).rejects.toThrow(/LOC_CDN_KEY/);
  });
});
