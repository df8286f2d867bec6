// Bad input over a real socket: never a crash, never an unplanned 5xx, always a clear status and body.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listOperations } from '@loc/sdk/internal';
import { CdnErrorDetailSchema } from '@loc/sdk/schemas';
import { DEMO } from '../src';
import { useServer } from './helpers';

const api = useServer({ maxBodyBytes: 64 * 1024 });
const token = DEMO.tokens.admin;

/** Writes raw bytes to the server and resolves with the status line's code (0 when the socket closes without one). */
function raw(bytes: string | Buffer): Promise<number> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    // An idle socket is given up on only long after any busy machine would have answered.
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(bytes);
  });
}

/** A small seeded PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('bad input', () => {
  it.each([
    ['malformed JSON', '{"title": "x",', 400],
    ['JSON that is not an object', '[1,2,3]', 422],
    ['wrong types', '{"title": 42, "resourceType": ["x"], "sourceLanguageCode": null}', 422],
    ['missing fields', '{}', 422],
    ['an unknown resource type', '{"title":"T1","resourceType":"docx","sourceLanguageCode":"en"}', 422],
    ['an invalid language code', '{"title":"T2","resourceType":"json.standard","sourceLanguageCode":"english!"}', 422],
  ])('create project with %s → %i and a message', async (_, body, status) => {
    const result = await api.call('POST', '/v1/acme/projects', {
      token,
      raw: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(status);
    expect(result.json.error).toEqual(expect.any(String));
  });

  it('answers 422 for a duplicate project URL', async () => {
    const body = { title: 'Twice', resourceType: 'json.standard', sourceLanguageCode: 'en' };
    expect((await api.call('POST', '/v1/acme/projects', { token, body })).status).toBe(200);
    const again = await api.call('POST', '/v1/acme/projects', { token, body });
    expect(again.status).toBe(422);
    expect(again.json.error).toMatch(/twice/i);
  });

  it('answers 413 for a body above the limit', async () => {
    const result = await api.call('POST', '/v1/acme/projects', {
      token,
      raw: JSON.stringify({ title: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(413);
    expect(result.json.error).toMatch(/limit/);
  });

  it('answers 413 on /cdn/check with a problem body, for a declared length and for a chunked body', async () => {
    const declared = await api.call('POST', '/cdn/check', {
      token: DEMO.cdnKeys.valid,
      raw: 'x'.repeat(70_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(declared.status).toBe(413);
    expect(CdnErrorDetailSchema.parse(declared.json)).toMatchObject({
      status: 413,
      detail: 'Payload Too Large',
      errors: [],
    });
    const chunk = 'x'.repeat(16_384);
    const chunked = `POST /cdn/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEMO.cdnKeys.valid}\r\nTransfer-Encoding: chunked\r\n\r\n${`4000\r\n${chunk}\r\n`.repeat(5)}0\r\n\r\n`;
    expect(await raw(chunked)).toBe(413);
    expect((await api.call('GET', '/v1/projects', { token })).status).toBe(200);
  });

  it('answers a body just under the limit normally', async () => {
    const body = JSON.stringify({
      title: 'Big',
      resourceType: 'json.standard',
      sourceLanguageCode: 'en',
      description: 'd'.repeat(1_990),
    });
    const result = await api.call('POST', '/v1/acme/projects', {
      token,
      raw: `${body}${' '.repeat(64 * 1024 - body.length)}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(200);
  });

  it('answers broken percent-encoding with 400 in the format of the API', async () => {
    const v1 = await api.call('GET', '/v1/%E0%A4%A/projects', { token });
    expect(v1.status).toBe(400);
    expect(v1.json.error).toMatch(/malformed percent-encoding/);
    const cdn = await api.call('POST', '/cdn/%ZZ', { token: DEMO.cdnKeys.valid });
    expect(cdn.status).toBe(400);
    expect(CdnErrorDetailSchema.parse(cdn.json).status).toBe(400);
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const unknown = await api.call('GET', '/v2/projects', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual(expect.any(String));
    const wrong = await api.call('DELETE', '/v1/acme/projects', { token });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toMatch(/POST/);
    const cdn = await api.call('GET', '/cdn/check');
    expect(cdn.status).toBe(405);
    expect(cdn.headers.get('allow')).toBe('POST');
    expect(CdnErrorDetailSchema.parse(cdn.json).status).toBe(405);
    expect((await api.call('GET', '/cdn/elsewhere')).json).toMatchObject({ type: 'about:blank', status: 404 });
    // The methods the table has for the path (an endpoint added on it changes them, and this with it).
    const exportsPath = '/v1/{workspaceUrl}/projects/{projectUrl}/exports';
    const both = await api.call('PUT', '/v1/acme/projects/web-frontend/exports', { token });
    expect(both.status).toBe(405);
    expect(both.headers.get('allow')).toBe(
      listOperations()
        .filter((op) => op.path === exportsPath)
        .map((op) => op.method)
        .join(', '),
    );
  });

  it('survives garbage paths, percent-encoding and broken HTTP', async () => {
    for (const path of [
      '/v1/%ZZ/projects',
      '/v1/acme/projects/%00',
      '/v1/acme/projects/..%2f..%2fetc',
      '/v1//projects',
      `/v1/${'a'.repeat(5000)}/projects`,
    ]) {
      const result = await api.call('GET', path, { token });
      expect(result.status, path).toBeLessThan(500);
    }
    expect(await raw('THIS IS NOT HTTP\r\n\r\n')).toBe(400);
    expect(await raw('POST /v1/acme/projects HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n')).toBe(400);
  });

  it('answers a few thousand random requests without a 5xx, and still works afterwards', async () => {
    const next = random(20261122);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    // Every operation's path (from the SDK's table, so a new one is in at once), and paths no operation has.
    const filled: Record<string, string> = {
      workspaceUrl: 'acme',
      projectUrl: 'mobile-ios',
      id: 'x',
      fileName: 'Localizable.strings',
    };
    const paths = [
      ...new Set(
        listOperations().map((op) =>
          op.path.replace(/\{(\w+)\}/g, (_, name: string) => filled[name] ?? expect.fail(`no value for {${name}}`)),
        ),
      ),
      '/_storage/exports/x.zip',
      '/',
      '/v1',
      '/v1/%E0%A4%A/x',
    ];
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
    const tokens = [undefined, token, DEMO.tokens.viewer, 'garbage', DEMO.cdnKeys.valid, ''];
    const bodies = [
      undefined,
      '{',
      '{}',
      'null',
      '"x"',
      '[]',
      '{"title":1}',
      '{"distributionEnvironment":"PRODUCTION","distributionType":"MOBILE_SDK_IOS","clientVersion":"x"}',
      '{"iso2Slugs":[1]}',
      '\u0000\uffff',
      '{"exportFormat":"strings.ios","filePaths":[]}',
    ];
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 60; batch++) {
      const results = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const method = pick(methods);
          const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies);
          const key = pick(tokens);
          const response = await fetch(`${api.url}${pick(paths)}${next() < 0.2 ? '?x=%FF&y' : ''}`, {
            method,
            headers: {
              ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
              ...(body ? { 'content-type': pick(['application/json', 'text/plain']) } : {}),
            },
            ...(body === undefined ? {} : { body }),
          });
          const text = await response.text();
          // Every answer has the body its API promises: a ZIP, nothing, a problem under /cdn, else {error}.
          const type = response.headers.get('content-type') ?? '';
          if (response.status === 204 || method === 'HEAD') expect(text).toBe('');
          else if (type === 'application/zip') expect(response.status).toBe(200);
          else if (new URL(response.url).pathname.startsWith('/cdn/') && response.status !== 200) {
            expect(CdnErrorDetailSchema.safeParse(JSON.parse(text)).success, text).toBe(true);
          } else if (response.status >= 400) expect(typeof JSON.parse(text).error, text).toBe('string');
          else expect(() => JSON.parse(text)).not.toThrow();
          return response.status;
        }),
      );
      for (const status of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(2400);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    for (let i = 0; i < 50; i++) await raw(Buffer.from(Array.from({ length: 200 }, () => Math.floor(next() * 256))));
    expect((await api.call('GET', '/v1/projects', { token })).status).toBe(200);
    // Bounded by count (2,400 requests + 50 raw); ~4 s on a quiet 2-core machine, so a wide margin for a busy one.
  }, 120_000);
});
