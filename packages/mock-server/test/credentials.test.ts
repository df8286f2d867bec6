// The request journal (/__admin/requests) never shows a credential: every form a client sends one in —
// headers, query parameters, JSON and form bodies — is fingerprinted. The names are held against the SDK's
// and the CLI's own sources: a credential header, query parameter or option they add fails this test until
// the journal's rule (src/rules/credentials.ts) covers it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../src';
import { isCredentialName } from '../src/rules/credentials';

const packages = new URL('../../', import.meta.url).pathname;

/** The non-test TypeScript sources of a package. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}
const sdkAndCli = [...sources(join(packages, 'sdk/src')), ...sources(join(packages, 'cli/src'))].join('\n');

/** Names that look like a credential's: what the SDK and CLI may send a secret under. */
const LOOKS_SECRET = /(?:auth|token|key|secret|password|cookie|signature|credential)/i;

/** Header names the SDK and CLI write (quoted, lower-case, dashed, as in `headers: { authorization: … }`). */
const headerNames = new Set(
  [
    ...sdkAndCli.matchAll(/['"]((?:x-)?[a-z][a-z0-9]*(?:-[a-z0-9]+)*)['"]\s*:/g),
    ...sdkAndCli.matchAll(/\b([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\s*:\s*`(?:Bearer|Basic|Token)\b/g),
    ...sdkAndCli.matchAll(/headers\.(?:set|append)\(\s*['"]([A-Za-z0-9-]+)['"]/g),
    ...sdkAndCli.matchAll(/['"]((?:proxy-)?authorization|cookie|x-[a-z0-9-]+)['"]/gi),
  ]
    .map((m) => m[1]!.toLowerCase())
    .filter((name) => LOOKS_SECRET.test(name)),
);

/** Query parameters the SDK and CLI add to a URL. */
const queryNames = new Set(
  [...sdkAndCli.matchAll(/searchParams\.(?:set|append)\(\s*['"]([^'"]+)['"]/g)]
    .map((m) => m[1]!)
    .filter((name) => LOOKS_SECRET.test(name)),
);

/** The credential options of the SDK's client and the CLI's stored credentials (`token`, `cdnKey`, …). */
const optionNames = new Set(
  [
    readFileSync(join(packages, 'sdk/src/request/config.ts'), 'utf8'),
    readFileSync(join(packages, 'cli/src/config/credentials.ts'), 'utf8'),
  ]
    .flatMap((text) => [...text.matchAll(/^\s+(?:readonly\s+)?(\w+)\??:\s*string\b/gm)].map((m) => m[1]!))
    .filter((name) => LOOKS_SECRET.test(name) && !/(?:Source|Url|Path|File)$/.test(name)),
);

/** What common clients send a credential as, beyond what @loc sends. */
const COMMON_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'private-token',
  'x-loc-token',
  'x-api-key',
  'x-auth-token',
  'x-access-token',
  'x-gitlab-token',
];
const COMMON_QUERY = [
  'access_token',
  'token',
  'api_key',
  'apikey',
  'key',
  'signature',
  'private_token',
  'X-Amz-Signature',
  'client_secret',
];
const COMMON_FIELDS = [
  'cdnKey',
  'token',
  'apiKey',
  'api_key',
  'password',
  'secret',
  'accessToken',
  'refresh_token',
  'clientSecret',
];

describe('the names the SDK and the CLI send credentials under', () => {
  it('are found in their sources (the scan works)', () => {
    expect([...headerNames]).toContain('authorization');
    expect([...optionNames]).toEqual(expect.arrayContaining(['token', 'cdnKey']));
  });

  it('are each a credential by the journal’s rule', () => {
    const names = [...headerNames, ...queryNames, ...optionNames, ...COMMON_HEADERS, ...COMMON_QUERY, ...COMMON_FIELDS];
    expect(names.filter((name) => !isCredentialName(name))).toEqual([]);
  });

  it('leave plain names alone', () => {
    const plain = [
      'content-type',
      'accept',
      'user-agent',
      'expires',
      'distributionType',
      'clientVersion',
      'title',
      'x-request-id',
      'limit',
      'iso2Slugs',
    ];
    expect(plain.filter(isCredentialName)).toEqual([]);
  });
});

describe('the journal', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
  });
  afterAll(() => server?.close());

  it('shows no credential whole: in any header, query parameter, JSON field (at any depth) or form field', async () => {
    const secrets: string[] = [];
    const secret = (name: string) => {
      const value = `s3cr3t-${name.toLowerCase().replace(/[^a-z0-9]/g, '')}-${secrets.length}`;
      secrets.push(value);
      return value;
    };
    server.service.admin.clearRequests();
    const headers: Record<string, string> = {};
    for (const name of new Set([...headerNames, ...COMMON_HEADERS]))
      headers[name] = name.endsWith('authorization') ? `Bearer ${secret(name)}` : secret(name);
    const query = new URLSearchParams();
    for (const name of new Set([...queryNames, ...COMMON_QUERY, ...optionNames])) query.append(name, secret(name));
    const fields: Record<string, unknown> = {};
    for (const name of new Set([...optionNames, ...COMMON_FIELDS])) fields[name] = secret(name);
    await fetch(`${server.url}/cdn/check?${query}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ distributionType: 'WEB', nested: [{ deeper: fields }], ...fields }),
    });
    const form = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    form.append('kept', 'visible');
    await fetch(`${server.url}/v1/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const text = await (await fetch(`${server.url}/__admin/requests`)).text();
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
    const [check, posted] = JSON.parse(text).requests;
    expect(check.headers['x-loc-token']).toMatch(/^x-loc-token:sha256:[0-9a-f]{12}$/);
    expect(check.headers.authorization).toMatch(/^Bearer api-token:sha256:[0-9a-f]{12}$/);
    expect(check.query.access_token).toMatch(/^access_token:sha256:[0-9a-f]{12}$/);
    expect(check.body.json.cdnKey).toMatch(/^cdnKey:sha256:[0-9a-f]{12}$/);
    expect(check.body.json.distributionType).toBe('WEB');
    expect(posted.body.text).toContain('kept=visible');
  });

  it('shows a body nested deeper than the mock reads by its checksum, and still answers', async () => {
    server.service.admin.clearRequests();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    await fetch(`${server.url}/cdn/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    const answer = await fetch(`${server.url}/__admin/requests`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).requests[0].body).toEqual({ bytes: deep.length, sha256: expect.any(String) });
  });

  it('still matches what the client sent in verify (the raw value), and shows it fingerprinted', async () => {
    server.service.admin.clearRequests();
    await fetch(`${server.url}/v1/projects?access_token=abc123def`, { headers: { 'private-token': 'glpat-xyz' } });
    const found = server.service.admin.verify({
      query: { access_token: 'abc123def' },
      headers: { 'private-token': 'glpat-xyz' },
    });
    expect(found.count).toBe(1);
    expect(JSON.stringify(found)).not.toMatch(/abc123def|glpat-xyz/);
  });
});
