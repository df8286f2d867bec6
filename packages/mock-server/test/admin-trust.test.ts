// The control API (/__admin/) on a developer's machine, tried as a web page and a careless client would:
// a foreign Origin or Host, a text/plain "simple request", a clock moved past what JavaScript dates hold,
// a body over the limit sent without `Expect: 100-continue`, and a seeded fuzz of every control's input.
// Each is refused as problem+json, changes nothing, and never leaves the mock answering 5xx.
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS, startMockServer, type MockServer } from '../src';
import { MAX_ADMIN_BODY_BYTES } from '../src/admin/http';
import { buildAdminOpenApi } from '../src/service/admin-openapi';
import { send } from './helpers';

const JSON_TYPE = 'application/json';

describe('the control API refuses what a browser sends for a foreign page', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, exportDelayMs: 0 });
  });
  afterAll(() => server?.close());

  /** Whether the mock still has its one fault (a refused reset would have cleared it). */
  const faultKept = () => server.service.admin.listFaults().faults.length === 1;

  it.each([
    [
      'a foreign Origin with text/plain (a cross-origin simple request)',
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
    ],
    ['a foreign Origin with JSON', { origin: 'https://evil.example', 'content-type': JSON_TYPE }],
    ['Origin: null (a sandboxed frame, a file: page)', { origin: 'null', 'content-type': JSON_TYPE }],
    [
      'a loopback Origin on another port (another local app)',
      { origin: 'http://127.0.0.1:1', 'content-type': JSON_TYPE },
    ],
    ['an https Origin on its own name', { origin: 'https://127.0.0.1', 'content-type': JSON_TYPE }],
    ['Sec-Fetch-Site: cross-site (a no-cors request)', { 'sec-fetch-site': 'cross-site', 'content-type': JSON_TYPE }],
    ['a rebound Host (DNS rebinding)', { host: 'evil.example:4010', 'content-type': JSON_TYPE }],
    ['a Host that is not a host', { host: 'evil.example@127.0.0.1', 'content-type': JSON_TYPE }],
  ])('refuses %s: 403 problem+json, and nothing changes', async (_, headers) => {
    server.service.admin.reset();
    server.service.admin.addFault({ kind: 'STATUS', status: 503, path: '/nowhere' });
    const answer = await send(server.url, 'POST', '/__admin/reset', headers, '{}');
    expect(answer.status).toBe(403);
    expect(answer.type).toBe('application/problem+json');
    expect(answer.json.detail).toMatch(/Host|Origin|Sec-Fetch-Site/);
    expect(faultKept()).toBe(true);
    // A read is refused the same way: after DNS rebinding a page could read the state and the journal.
    const read = await send(server.url, 'GET', '/__admin/requests', headers);
    expect(read.status).toBe(403);
  });

  it('takes requests from its own origin, by any loopback name, and from clients that send no Origin', async () => {
    const port = new URL(server.url).port;
    for (const headers of [
      {},
      { origin: server.url },
      { origin: `http://localhost:${port}`, host: `localhost:${port}` },
      { origin: `http://[::1]:${port}`, host: `[::1]:${port}` },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ]) {
      const answer = await send(server.url, 'GET', '/__admin/state', headers as Record<string, string>);
      expect([JSON.stringify(headers), answer.status]).toEqual([JSON.stringify(headers), 200]);
    }
  });

  it('refuses a body that does not come as JSON with 415, and changes nothing', async () => {
    server.service.admin.reset();
    server.service.admin.addFault({ kind: 'STATUS', status: 503, path: '/nowhere' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      const answer = await send(server.url, 'POST', '/__admin/reset', headers, '{"to":"empty"}');
      expect([type, answer.status, answer.type]).toEqual([type, 415, 'application/problem+json']);
      expect(answer.json.detail).toContain('Content-Type: application/json');
      expect(faultKept()).toBe(true);
    }
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const answer = await send(server.url, 'POST', '/__admin/clock', { 'content-type': type }, '{"advanceMs":0}');
      expect([type, answer.status]).toEqual([type, 200]);
    }
  });

  it('answers to the name --public-url gives it, and to no other', async () => {
    const named = await startMockServer({ port: 0, publicUrl: 'http://loc-mock.test:4010' });
    try {
      const ok = await send(named.url, 'GET', '/__admin/state', {
        host: 'loc-mock.test:4010',
        origin: 'http://loc-mock.test:4010',
      });
      expect(ok.status).toBe(200);
      const other = await send(named.url, 'GET', '/__admin/state', { host: 'other.test:4010' });
      expect(other.status).toBe(403);
      expect(other.json.detail).toContain('--public-url');
    } finally {
      await named.close();
    }
  });

  it('keeps the service routes open to any Host (their answers carry no secret of the developer)', async () => {
    const answer = await send(server.url, 'GET', '/v1/projects', { host: 'evil.example', authorization: 'Bearer x' });
    expect(answer.status).toBe(401);
  });
});

describe('the clock', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, exportDelayMs: 0 });
  });
  afterAll(() => server?.close());

  it.each([
    [{ advanceMs: Number.MAX_SAFE_INTEGER }, '$.advanceMs'],
    [{ advanceMs: 8.64e15 }, '$.advanceMs'],
    [{ advanceMs: -Number.MAX_SAFE_INTEGER }, '$.advanceMs'],
    [{ set: '+275760-09-13T00:00:00.000Z' }, '$.set'],
    [{ set: '1969-12-31T23:59:59Z' }, '$.set'],
  ])('refuses %j with a 400 naming %s; the clock stays, and state and exports still answer', async (input, field) => {
    const before = server.service.admin.getClock().epochMs;
    const answer = await send(
      server.url,
      'POST',
      '/__admin/clock',
      { 'content-type': JSON_TYPE },
      JSON.stringify(input),
    );
    expect(answer.status).toBe(400);
    expect(answer.json.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    const after = server.service.admin.getClock().epochMs;
    expect(after - before).toBeGreaterThanOrEqual(0);
    expect(after - before).toBeLessThan(60_000);
    expect((await send(server.url, 'GET', '/__admin/state', {})).status).toBe(200);
    expect((await send(server.url, 'GET', '/__admin/clock', {})).status).toBe(200);
  });

  it('goes as far as the last millisecond of year 9999, and answers everything there', async () => {
    const set = await send(
      server.url,
      'POST',
      '/__admin/clock',
      { 'content-type': JSON_TYPE },
      '{"set":"9999-12-31T23:59:59.999Z"}',
    );
    expect(set.status).toBe(200);
    expect((await send(server.url, 'GET', '/__admin/state', {})).status).toBe(200);
    const exported = await send(
      server.url,
      'POST',
      '/v1/acme/projects/web-frontend/exports',
      { 'content-type': JSON_TYPE, authorization: 'Bearer loc_test_admin' },
      '{}',
    );
    expect(exported.status).toBe(200);
    const further = await send(
      server.url,
      'POST',
      '/__admin/clock',
      { 'content-type': JSON_TYPE },
      '{"advanceMs":1000}',
    );
    expect(further.status).toBe(400);
  });
});

/**
 * Sends a POST with a body of `size` bytes over a raw socket, as Python's urllib does (a Content-Length,
 * no `Expect: 100-continue`, the whole body written at once), and reads the answer.
 */
function rawPost(url: string, path: string, size: number, expectContinue: boolean) {
  const { hostname, port } = new URL(url);
  return new Promise<{ head: string; body: string; wroteBody: boolean }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let wroteBody = false;
    socket.on('error', reject);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString('latin1');
      if (expectContinue && !wroteBody && text.startsWith('HTTP/1.1 100')) {
        wroteBody = true;
        socket.write(Buffer.alloc(size, 0x20));
      }
    });
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      resolve({ head: text.slice(0, at), body: text.slice(at + 4), wroteBody });
      socket.end();
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n${expectContinue ? 'Expect: 100-continue\r\n' : ''}\r\n`,
    );
    if (!expectContinue) {
      wroteBody = true;
      // Written in pieces of 1 MiB, as a client streaming a file does.
      const piece = Buffer.alloc(1024 * 1024, 0x20);
      let left = size;
      const more = () => {
        while (left > 0) {
          const n = Math.min(left, piece.length);
          left -= n;
          if (!socket.write(n === piece.length ? piece : piece.subarray(0, n))) return void socket.once('drain', more);
        }
      };
      more();
    }
  });
}

describe('the control API’s body limit', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
  });
  afterAll(() => server?.close());

  it.each([false, true])(
    'is the same whether the client sends Expect: 100-continue (%s) or not: 413 problem+json, nothing kept',
    async (expectContinue) => {
      const answer = await rawPost(server.url, '/__admin/faults', MAX_ADMIN_BODY_BYTES + 1, expectContinue);
      expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.head.toLowerCase()).toContain('content-type: application/problem+json');
      const problem = JSON.parse(answer.body);
      expect(problem).toMatchObject({ status: 413, errors: [{ field: '$' }] });
      expect(problem.detail).toContain(String(MAX_ADMIN_BODY_BYTES));
      // With 100-continue the client is told before it sends a byte of the body.
      expect(answer.wroteBody).toBe(!expectContinue);
      expect(server.service.admin.listFaults().faults).toEqual([]);
      expect((await fetch(`${server.url}/__admin/state`)).status).toBe(200);
    },
  );

  it('is in the control API’s OpenAPI document, with the 403 and the 415, for every control that takes a body', () => {
    const doc = buildAdminOpenApi();
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item) as { requestBody?: unknown; responses: Record<string, any> }[]) {
        const statuses = op.requestBody ? ['400', '401', '403', '413', '415'] : ['400', '401', '403'];
        for (const status of statuses)
          expect(op.responses[status]?.content?.['application/problem+json'], status).toBeDefined();
      }
  });
});

describe('fuzzing the control API (fast-check, fixed seed)', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, exportDelayMs: 0 });
  });
  afterAll(() => server?.close());

  const doc = buildAdminOpenApi();
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as any })),
  );
  /** The field names a control's input has (from its schema), to make bodies that are nearly right. */
  const fieldsOf = (op: any): string[] => {
    const ref = op.requestBody?.content?.['application/json']?.schema?.$ref as string | undefined;
    const schema = ref ? (doc.components.schemas as Record<string, any>)[ref.split('/').at(-1)!] : undefined;
    const names = new Set<string>();
    for (const s of [schema, ...(schema?.oneOf ?? []), ...(schema?.anyOf ?? [])])
      for (const name of Object.keys(s?.properties ?? {})) names.add(name);
    return [...names];
  };
  const edgy = fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        Number.MAX_SAFE_INTEGER,
        -Number.MAX_SAFE_INTEGER,
        8.64e15,
        -8.64e15,
        1e308,
        0,
        -1,
        '',
        '(',
        '/',
        '.*',
        'all',
        '+275760-09-13T00:00:00.000Z',
        '9999-12-31T23:59:59.999Z',
        'acme/web-frontend',
        ...Object.keys(FAULT_KINDS),
      ),
    },
  );
  const nearlyRight = (fields: string[]) =>
    fc.dictionary(fc.oneof(fc.constantFrom(...fields, 'unknown'), fc.string({ maxLength: 5 })), edgy, {
      maxKeys: 5,
    });
  /** The control's documented example with one field (at the top or one level down) given an edgy value. */
  const exampleWithOneChange = (op: any) => {
    const example = op.requestBody?.content?.['application/json']?.example as Record<string, unknown> | undefined;
    if (!example || typeof example !== 'object') return fc.constant(example ?? {});
    const paths = Object.entries(example).flatMap(([k, v]) =>
      v && typeof v === 'object' && !Array.isArray(v) ? [[k], ...Object.keys(v).map((k2) => [k, k2])] : [[k]],
    );
    return fc.tuple(fc.constantFrom(...paths), edgy).map(([path, value]) => {
      const copy = structuredClone(example) as Record<string, any>;
      if (path.length === 1) copy[path[0]!] = value;
      else copy[path[0]!][path[1]!] = value;
      return copy;
    });
  };
  const deep = fc.integer({ min: 1, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
  const call = fc.constantFrom(...operations).chain((operation) =>
    fc.record({
      operation: fc.constant(operation),
      method: fc.oneof(
        { weight: 5, arbitrary: fc.constant(operation.method) },
        fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'),
      ),
      body: fc.option(
        fc.oneof(
          { weight: 3, arbitrary: exampleWithOneChange(operation.op).map((v) => JSON.stringify(v)) },
          nearlyRight(fieldsOf(operation.op).length ? fieldsOf(operation.op) : ['x']).map((v) => JSON.stringify(v)),
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
          deep,
          fc.string({ maxLength: 50 }),
          fc.constantFrom('null', '{', '""', '[]', '1e999', '{"__proto__":{"x":1}}'),
        ),
        { freq: 4 },
      ),
      query: fc.option(
        fc.dictionary(fc.constantFrom('limit', 'x', 'id'), fc.constantFrom('1', '-1', '0', 'a', '1e99', '')),
        { freq: 2 },
      ),
      id: fc.constantFrom('fault-1', 'x', '%E2%82%AC', '..', 'a%2Fb'),
      type: fc.constantFrom(
        JSON_TYPE,
        'application/json; charset=utf-8',
        'text/plain',
        'application/x+json',
        undefined,
      ),
      origin: fc.constantFrom(undefined, undefined, 'null', 'https://evil.example', 'http://127.0.0.1:1'),
      host: fc.constantFrom(undefined, undefined, 'evil.example', 'localhost', '[::1]', ''),
    }),
  );

  it('gives no 5xx for any generated body, headers, method or query, and the mock still answers after each', async () => {
    const base = server.url;
    await fc.assert(
      fc.asyncProperty(call, async ({ operation, method, body, query, id, type, origin, host }) => {
        const path = operation.path.replace('{id}', id) + (query ? `?${new URLSearchParams(query)}` : '');
        const headers: Record<string, string> = {};
        if (type !== undefined) headers['content-type'] = type;
        if (origin !== undefined) headers.origin = origin;
        if (host !== undefined) headers.host = host;
        const answer = await send(
          base,
          method,
          path,
          headers,
          method === 'GET' || method === 'HEAD' ? undefined : (body ?? undefined),
        );
        expect(
          answer.status,
          `${method} ${path} ${JSON.stringify(headers)} ${body}: ${JSON.stringify(answer.json)}`,
        ).toBeLessThan(500);
        if (answer.status >= 400 && method !== 'HEAD') expect(answer.type).toBe('application/problem+json');
        for (const after of ['/__admin/state', '/__admin/clock', '/__admin/requests'])
          expect((await send(base, 'GET', after, {})).status, after).toBe(200);
      }),
      { seed: 20261128, numRuns: 400 },
    );
    // And the service still serves.
    server.service.admin.reset();
    expect((await fetch(`${base}/v1/projects`, { headers: { authorization: 'Bearer loc_test_admin' } })).status).toBe(
      200,
    );
  });

  /** The controls that take a body, each sent as a client that means well would: JSON, no Origin. */
  const bodyOperations = operations.filter((o) => o.op.requestBody);
  const bodyCall = fc.constantFrom(...bodyOperations).chain((operation) =>
    fc.record({
      operation: fc.constant(operation),
      body: fc.oneof(
        { weight: 4, arbitrary: exampleWithOneChange(operation.op) },
        { weight: 1, arbitrary: nearlyRight(fieldsOf(operation.op)) },
      ),
    }),
  );

  it('gives no 5xx for any body near a control’s example, and the mock still answers after each', async () => {
    const base = server.url;
    await fc.assert(
      fc.asyncProperty(bodyCall, async ({ operation, body }) => {
        const text = JSON.stringify(body);
        const answer = await send(base, operation.method, operation.path, { 'content-type': JSON_TYPE }, text);
        expect(
          answer.status,
          `${operation.method} ${operation.path} ${text}: ${JSON.stringify(answer.json)}`,
        ).toBeLessThan(500);
        for (const after of ['/__admin/state', '/__admin/clock', '/__admin/requests'])
          expect((await send(base, 'GET', after, {})).status, `${after} after ${operation.path} ${text}`).toBe(200);
      }),
      { seed: 20261128, numRuns: 400 },
    );
  });
});
