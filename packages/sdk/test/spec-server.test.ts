// The built package against a plain node:http server written from spec.md alone: the CDN check and the
// export workflow, over a real loopback socket, exactly as a user's script would call them.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as Sdk from '../src/node';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/node.js');
let sdk: typeof Sdk;
let server: Server;
let base: string;
/** What the next requests of a route answer: a queue of [status, body, headers]. */
let script: Record<string, [number, unknown?, Record<string, string>?][]> = {};
const hits: Record<string, number> = {};

function problem(status: number, detail: string, field?: string, info?: string) {
  return { type: 'about:blank', status, detail, errors: field ? [{ field, infos: [info] }] : [] };
}

function send(res: ServerResponse, [status, body, headers = {}]: [number, unknown?, Record<string, string>?]) {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  for await (const _ of req); // drain the body
  const key = `${req.method} ${new URL(req.url!, 'http://x').pathname}`;
  hits[key] = (hits[key] ?? 0) + 1;
  const queue = script[key];
  if (!queue?.length) return send(res, [404, { error: `no scripted answer for ${key}` }]);
  send(res, queue.length > 1 ? queue.shift()! : queue[0]!);
}

beforeAll(async () => {
  sdk = await import(pathToFileURL(dist).href);
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = {};
  for (const k of Object.keys(hits)) delete hits[k];
});

const check = {
  distributionEnvironment: 'PRODUCTION',
  distributionType: 'MOBILE_SDK_IOS',
  clientVersion: '1.2.3',
} as const;
const release = {
  distributionReleaseId: 'a1b2',
  name: 'Spring release',
  createdAt: '2026-03-01T12:00:00.000+01:00',
  filesUrl: 'https://storage.example/bundle.zip?X-Amz-Signature=abc',
};
const exportPath = '/v1/acme/projects/app/exports';
const job = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'e-42',
  status,
  resourceExports: [],
  errorDetails: null,
  filePath: null,
  downloadUrl: null,
  triggerType: 'API_V1',
  createdAt: '2026-03-01T12:00:00.000+01:00',
  ...extra,
});

describe('CDN check against a spec.md server', () => {
  const loc = () => sdk.createClient({ baseUrl: base, cdnKey: 'lh-cdn_abc', token: 't' });

  it('200 → the release; 204 → null', async () => {
    script['POST /cdn/check'] = [[200, release]];
    await expect(loc().cdn.check(check)).resolves.toEqual(release);
    script['POST /cdn/check'] = [[204]];
    await expect(loc().cdn.check(check)).resolves.toBeNull();
  });

  it.each([
    [401, 'AuthenticationError', 'AUTHORIZATION', 'CDN_KEY_NOT_FOUND'],
    [404, 'NotFoundError', 'DISTRIBUTION', 'DISTRIBUTION_NOT_FOUND'],
    [422, 'UnprocessableEntityError', undefined, undefined],
  ] as const)('%i → %s with its problem body', async (status, name, field, info) => {
    script['POST /cdn/check'] = [[status, problem(status, 'x', field, info)]];
    const error = await loc()
      .cdn.check(check)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk[name]);
    expect((error as Sdk.APIError).codes).toEqual(info ? [info] : []);
    expect(hits['POST /cdn/check']).toBe(1);
  });

  it('429 USAGE_LIMIT_EXCEEDED → RateLimitError at once, with the reset time; never retried', async () => {
    script['POST /cdn/check'] = [
      [429, problem(429, 'Too Many Requests', 'USAGE', 'USAGE_LIMIT_EXCEEDED'), { 'retry-after': '3600' }],
      [200, release],
    ];
    const error = await loc()
      .cdn.check(check)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.RateLimitError);
    expect(error).toMatchObject({ codes: ['USAGE_LIMIT_EXCEEDED'], budgetExceeded: true, retryAfterMs: 3_600_000 });
    expect((error as Sdk.RateLimitError).resetAt).toBeInstanceOf(Date);
    expect(hits['POST /cdn/check']).toBe(1);
  });

  it('503 with Retry-After: 0, then 200 → the release, after one retry', async () => {
    script['POST /cdn/check'] = [
      [503, problem(503, 'Service Unavailable'), { 'retry-after': '0' }],
      [200, release],
    ];
    await expect(loc().cdn.check(check)).resolves.toEqual(release);
    expect(hits['POST /cdn/check']).toBe(2);
  });
});

describe('exports against a spec.md server', () => {
  const loc = () => sdk.createClient({ baseUrl: base, token: 'user-token' });
  const poll = { intervalMs: 20, maxIntervalMs: 40, timeoutMs: 5_000 };

  it('PROCESSING → SUCCESS: createAndWait resolves with the download URL', async () => {
    script[`POST ${exportPath}`] = [[200, job('PROCESSING')]];
    script[`GET ${exportPath}/e-42`] = [
      [200, job('PROCESSING')],
      [200, job('PROCESSING')],
      [
        200,
        job('SUCCESS', {
          filePath: 'app.zip',
          downloadUrl: 'https://storage.example/app.zip?sig=1',
          resourceExports: [{ filePath: 'de/app.json', iso2Slug: 'de', status: 'SUCCESS', downloadUrl: null }],
        }),
      ],
    ];
    const done = await loc().exports.createAndWait('acme', 'app', { iso2Slugs: ['de'] }, poll);
    expect(done).toMatchObject({
      status: 'SUCCESS',
      filePath: 'app.zip',
      downloadUrl: 'https://storage.example/app.zip?sig=1',
    });
    expect(hits[`GET ${exportPath}/e-42`]).toBe(3);
  });

  it('PROCESSING → ERROR: ExportFailedError with errorDetails', async () => {
    script[`POST ${exportPath}`] = [[200, job('PROCESSING')]];
    script[`GET ${exportPath}/e-42`] = [
      [200, job('PROCESSING')],
      [200, job('ERROR', { errorDetails: 'Unsupported export format' })],
    ];
    const error = await loc()
      .exports.createAndWait('acme', 'app', { exportFormat: sdk.customId('nope') }, poll)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.ExportFailedError);
    expect(error).toMatchObject({ exportId: 'e-42', errorDetails: 'Unsupported export format' });
  });

  it('401, 403 and 404 on /v1 → their errors, not retried', async () => {
    for (const [status, name] of [
      [401, 'AuthenticationError'],
      [403, 'PermissionDeniedError'],
      [404, 'NotFoundError'],
    ] as const) {
      script[`GET ${exportPath}/e-42`] = [[status, { error: `status ${status}` }]];
      hits[`GET ${exportPath}/e-42`] = 0;
      await expect(loc().exports.get('acme', 'app', 'e-42')).rejects.toBeInstanceOf(sdk[name]);
      expect(hits[`GET ${exportPath}/e-42`]).toBe(1);
    }
  });
});
