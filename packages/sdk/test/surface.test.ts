// The SDK as an application meets it: a small root export, ids one property away, closed lists of known
// values with one way out, the HTTP answer beside the data, and a logger that never shows a secret.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as root from '../src/index';
import {
  ConfigurationError,
  ContractError,
  customId,
  type CdnCheckRequest,
  type CreateProjectRequest,
  type ExportRequest,
  type LocClient,
} from '../src/index';
import {
  BASE,
  CDN_KEY,
  HttpResponse,
  TOKEN,
  client,
  exportJob,
  http,
  projectList,
  release,
  resourceStatus,
  sequence,
  useMsw,
} from './fixtures';

const server = useMsw();

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the root export', () => {
  it('holds at most 40 runtime names: clients, errors, the values programs branch on', () => {
    const names = Object.keys(root);
    expect(names.length).toBeLessThanOrEqual(40);
    expect(names).toEqual(expect.arrayContaining(['createClient', 'createCdnClient', 'APIError', 'customId']));
    // Internals live in @loc/sdk/internal, schemas in @loc/sdk/schemas, locale helpers in @loc/sdk/locales.
    for (const internal of ['HTTP_STATUS_TEXT', 'UNSENT_CONNECTION_CODES', 'OPERATIONS', 'pathOf', 'openEnum'])
      expect(names).not.toContain(internal);
    expect(names.filter((n) => n.endsWith('Schema'))).toEqual([]);
    expect(names).not.toContain('androidQualifier');
  });
});

/** Never called: its body is only type-checked (`pnpm typecheck` covers this file). */
export async function obviousLoop(loc: LocClient): Promise<unknown[]> {
  const out: unknown[] = [];
  // Under strict tsc: no helper, no `!`, no `?.` — every id a later call needs is one property away.
  for (const p of (await loc.projects.list()).members) out.push(await loc.projects.status(p.workspace, p.project));
  return out;
}

/** Never called: a typo in a known value does not compile; `customId` takes a value this SDK does not list. */
export function typos(): unknown[] {
  return [
    // @ts-expect-error the format is `strings.ios`
    { exportFormat: 'strings-ios' } satisfies ExportRequest,
    // @ts-expect-error the environment is `PRODUCTION`
    { distributionEnvironment: 'PROD', distributionType: 'NATIVE_FORMAT' } satisfies CdnCheckRequest,
    // @ts-expect-error the type is `MOBILE_SDK_IOS`
    { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_IOS' } satisfies CdnCheckRequest,
    // @ts-expect-error the resource type is `json.standard`
    { title: 'X', resourceType: 'json-standard', sourceLanguageCode: 'en' } satisfies CreateProjectRequest,
    // The known values, and the way out for one that is not listed yet, compile.
    { exportFormat: 'strings.ios' } satisfies ExportRequest,
    { exportFormat: customId('json.flat-v2') } satisfies ExportRequest,
    { distributionEnvironment: customId('CANARY'), distributionType: 'NATIVE_FORMAT' } satisfies CdnCheckRequest,
  ];
}

describe('projects.list()', () => {
  it('gives each entry its workspace and project slugs beside the raw fields', async () => {
    const list = {
      members: [
        ...projectList.members,
        { title: 'Web', links: [{ rel: 'self', href: `${BASE}/v1/acme%20corp/projects/web%2Fapp/` }], extra: 1 },
      ],
    };
    server.use(http.get(`${BASE}/v1/projects`, () => HttpResponse.json(list)));
    const { members } = await client().projects.list();
    expect(members).toEqual([
      { ...projectList.members[0], workspace: 'acme', project: 'mobile-app' },
      { ...list.members[1], workspace: 'acme corp', project: 'web/app' },
    ]);
  });

  it('refuses an entry without a usable self link: a ContractError that names it', async () => {
    const list = { members: [...projectList.members, { title: 'Odd', links: [{ rel: 'self', href: '/elsewhere' }] }] };
    server.use(http.get(`${BASE}/v1/projects`, () => HttpResponse.json(list)));
    const error = await client()
      .projects.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues).toEqual([
      { path: '$.members[1].links', message: expect.stringContaining('no self link') },
    ]);
  });
});

describe('.withResponse()', () => {
  it('gives the data with the status, headers and request id of its answer, from one request', async () => {
    const answer = sequence(() =>
      HttpResponse.json(projectList, { headers: { 'x-request-id': 'req-7', 'x-ratelimit-remaining': '41' } }),
    );
    server.use(http.get(`${BASE}/v1/projects`, answer));
    const { data, response } = await client().projects.list().withResponse();
    expect(data.members[0]?.project).toBe('mobile-app');
    expect(response.status).toBe(200);
    expect(response.requestId).toBe('req-7');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('41');
    expect(answer.calls).toBe(1);
    // Awaited as it is, a call gives the data alone.
    server.use(http.get(`${BASE}/v1/acme/projects/app/status`, () => HttpResponse.json(resourceStatus)));
    await expect(client().projects.status('acme', 'app')).resolves.toMatchObject({ repositoryConnected: true });
  });

  it('works on every call: a 204 of the CDN check (data null) and the last poll of a wait', async () => {
    server.use(http.post(`${BASE}/cdn/check`, () => new HttpResponse(null, { status: 204 })));
    const check = await client()
      .cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'NATIVE_FORMAT' })
      .withResponse();
    expect(check).toMatchObject({ data: null, response: { status: 204, requestId: undefined } });

    const path = `${BASE}/v1/acme/projects/app/exports`;
    server.use(
      http.post(path, () => HttpResponse.json(exportJob('PROCESSING'))),
      http.get(
        `${path}/:id`,
        sequence(
          () => HttpResponse.json(exportJob('PROCESSING')),
          () =>
            HttpResponse.json(exportJob('SUCCESS', { downloadUrl: 'https://storage.test/x.zip?sig=1' }), {
              headers: { 'x-request-id': 'req-last' },
            }),
        ),
      ),
    );
    const done = await client().exports.createAndWait('acme', 'app', {}, { intervalMs: 1 }).withResponse();
    expect(done.data.downloadUrl).toBe('https://storage.test/x.zip?sig=1');
    expect(done.response.requestId).toBe('req-last');
  });

  it('rejects once, with the same error the awaited call gives', async () => {
    server.use(http.get(`${BASE}/v1/projects`, () => HttpResponse.json({ error: 'nope' }, { status: 404 })));
    await expect(client().projects.list().withResponse()).rejects.toMatchObject({ status: 404 });
    await expect(client().projects.list()).rejects.toMatchObject({ status: 404 });
  });
});

describe('logger', () => {
  const SIGNATURE = 'X-Amz-Signature=SECRETSIG';

  /** A run that logs every kind of line (request, response, retry, wait, poll), a redirect and a failure. */
  async function logged(options: Parameters<typeof client>[0]): Promise<string[]> {
    const lines: string[] = [];
    const logger = {
      debug: (m: string) => lines.push(`debug ${m}`),
      info: (m: string) => lines.push(`info ${m}`),
      warn: (m: string) => lines.push(`warn ${m}`),
      error: (m: string) => lines.push(`error ${m}`),
    };
    const path = `${BASE}/v1/acme/projects/app/exports`;
    server.use(
      http.get(
        `${BASE}/v1/projects`,
        sequence(
          () => HttpResponse.json({ error: 'busy' }, { status: 503, headers: { 'retry-after-ms': '0' } }),
          () => HttpResponse.json(projectList),
        ),
      ),
      http.post(path, () => HttpResponse.json(exportJob('PROCESSING'))),
      http.get(
        `${path}/:id`,
        sequence(
          () => HttpResponse.json(exportJob('PROCESSING')),
          () => HttpResponse.json(exportJob('SUCCESS', { downloadUrl: `https://storage.test/x.zip?${SIGNATURE}` })),
        ),
      ),
      http.post(`${BASE}/cdn/check`, () =>
        HttpResponse.json(release, { status: 302, headers: { location: `https://cdn.test/r.zip?${SIGNATURE}` } }),
      ),
      http.get(`${BASE}/v1/acme/projects/gone`, () => HttpResponse.json({ error: 'no such project' }, { status: 404 })),
    );
    const loc = client({ logger, ...options });
    await loc.projects.list();
    await loc.exports.createAndWait('acme', 'app', {}, { intervalMs: 1 });
    await loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'NATIVE_FORMAT' }).catch(() => {});
    await loc.projects.get('acme', 'gone').catch(() => {});
    return lines;
  }

  it('logs each request, retry, wait and poll, and never a credential or a signed query string', async () => {
    const lines = await logged({ logLevel: 'debug' });
    const text = lines.join('\n');
    expect(text).toContain('debug @loc/sdk → GET /v1/projects');
    expect(text).toContain('debug @loc/sdk ← 200 GET /v1/projects');
    expect(text).toMatch(/warn @loc\/sdk ↻ GET \/v1\/projects: 503 .*; retry 1 in 0 ms/);
    expect(text).toMatch(/info @loc\/sdk export reg_\S+: PROCESSING \(poll 1, /);
    expect(text).toMatch(/debug @loc\/sdk export reg_\S+: polling again in 1 ms/);
    for (const secret of [TOKEN, CDN_KEY, 'SECRETSIG', 'authorization', 'Bearer']) expect(text).not.toContain(secret);
  });

  it('is silent by default; a level keeps what is at least as severe; LOC_LOG sets it', async () => {
    const consoleCalls = ['debug', 'info', 'warn', 'error', 'log'].map((m) =>
      vi.spyOn(console, m as 'log').mockImplementation(() => {}),
    );
    const loc = client();
    server.use(http.get(`${BASE}/v1/projects`, () => HttpResponse.json(projectList)));
    await loc.projects.list();
    for (const spy of consoleCalls) expect(spy).not.toHaveBeenCalled();

    const warnings = await logged({ logLevel: 'warn' });
    expect(warnings.map((l) => l.split(' ')[0])).toEqual(['warn']);

    vi.stubEnv('LOC_LOG', 'info');
    const info = await logged({});
    expect(new Set(info.map((l) => l.split(' ')[0]))).toEqual(new Set(['info', 'warn']));

    // Without a logger, every level goes to standard error: a program's standard output stays its own.
    vi.stubEnv('LOC_LOG', 'debug');
    server.use(http.get(`${BASE}/v1/projects`, () => HttpResponse.json(projectList)));
    await client().projects.list();
    const [debugSpy, infoSpy, warnSpy, errorSpy, logSpy] = consoleCalls;
    for (const spy of [debugSpy, infoSpy, warnSpy, logSpy]) expect(spy).not.toHaveBeenCalled();
    expect(errorSpy?.mock.calls.map(([line]) => String(line))).toEqual([
      '@loc/sdk → GET /v1/projects',
      expect.stringMatching(/^@loc\/sdk ← 200 GET \/v1\/projects in \d+ ms$/),
    ]);
    vi.stubEnv('LOC_LOG', 'verbose');
    expect(() => client()).toThrow(ConfigurationError);
    expect(() => client()).toThrow(
      'logLevel (or LOC_LOG) must be one of debug, info, warn, error, off, got "verbose".',
    );
  });
});
