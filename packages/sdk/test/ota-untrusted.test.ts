// The CDN's answer as untrusted input (issue 32, items 5 and 7): a bundle nested deeper than the client
// serves, keys that would flatten to more than memory holds, a stored release that an older client kept,
// and every URL the answer may name. Then fuzzing with fast-check at the same boundary: arbitrary JSON
// through apply, restart and t(), arbitrary check answers, and mutated ZIPs through unpacking and the client.
//
// Deterministic: a fixed seed, overridable with FUZZ_SEED (and the count with FUZZ_RUNS) to explore:
//   cd packages/sdk && FUZZ_SEED=$RANDOM FUZZ_RUNS=1000 ../../node_modules/.bin/vitest run test/ota-untrusted.test.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { HttpResponse, http } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { LocError } from '../src/base/errors';
import { refusedCdnUrl } from '../src/base/cdn-url-rule';
import { DEFAULT_ZIP_LIMITS, unzip } from '../src/ota/index';
import { fileStorage } from '../src/ota/file-storage';
import { MAX_NESTING_DEPTH, flattenedSize, localeOfPath, readBundle } from '../src/ota/parse';
import { useMsw } from './fixtures';
import { CHECK_URL, OTA_BASE, OTA_KEY, bundle, faultyStorage, otaClient, useCdn } from './ota-fixtures';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

const server = useMsw();
const v1 = { de: { greeting: 'Hallo', nested: { title: 'Kasse' } }, en: { greeting: 'Hello' } };
const fallback = { de: { greeting: 'Hallo (app)', onlyBundled: 'Nur im App-Paket' } };
const PREFIX = 'loc-ota:NATIVE_FORMAT:PRODUCTION:';

/** JSON text of objects nested `levels` deep (`{"k":{"k":…"x"}}`): its depth is `levels`. */
const nested = (levels: number, leaf = '"x"') => `${'{"k":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
const zipOf = (text: string) => zipSync({ 'locales/de.json': strToU8(text) });

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('a bundle nested deeper than the client serves', () => {
  it('5,000 levels (a ZIP of a few hundred bytes): an unpack event, the current release stays, t() never throws', async () => {
    const zip = zipOf(nested(5000));
    expect(zip.length).toBeLessThan(400);
    useCdn(server, [
      { id: 'r1', zip: bundle(v1) },
      { id: 'deep', zip },
    ]);
    const ota = otaClient({ storage: faultyStorage(), fallback });
    expect((await ota.checkNow()).status).toBe('updated');
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'unpack' } });
    expect(ota.failures.map((f) => f.error.message)).toEqual([
      `unpack: locales/de.json nests deeper than ${MAX_NESTING_DEPTH} levels`,
    ]);
    expect(ota.currentRelease?.id).toBe('r1');
    expect([ota.t('greeting'), ota.t('onlyBundled'), ota.t('k.k')]).toEqual(['Hallo', 'Nur im App-Paket', 'k.k']);
  });

  it(`${MAX_NESTING_DEPTH} levels are served, ${MAX_NESTING_DEPTH + 1} (arrays count too) are not`, async () => {
    const deepest = Array.from({ length: MAX_NESTING_DEPTH }, () => 'k').join('.');
    useCdn(server, [
      { id: 'r32', zip: zipOf(nested(MAX_NESTING_DEPTH)) },
      { id: 'r33', zip: zipOf(nested(MAX_NESTING_DEPTH + 1)) },
      { id: 'arrays', zip: zipOf(`{"a":${'['.repeat(MAX_NESTING_DEPTH)}${']'.repeat(MAX_NESTING_DEPTH)}}`) },
    ]);
    const ota = otaClient();
    expect((await ota.checkNow()).status).toBe('updated');
    expect(ota.t(deepest)).toBe('x');
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'unpack' } });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'unpack' } });
    expect(ota.currentRelease?.id).toBe('r32');
  });

  it('after a restart with fileStorage and the CDN offline, a too-deep stored release is ignored: fallback keys serve', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loc-ota-deep-'));
    folders.push(dir);
    const storage = fileStorage(dir);
    // As a client without the depth rule stored it: the files' texts, then the pointer.
    await storage.setItem(
      `${PREFIX}release:deep`,
      `{"files":{"de":[${nested(5000)}]},"id":"deep","name":"Deep","createdAt":"2026-11-01T10:00:00Z","locales":["de"]}`,
    );
    await storage.setItem(`${PREFIX}current`, '"deep"');
    server.use(http.post(CHECK_URL, () => HttpResponse.error()));
    const ota = otaClient({ storage, fallback });
    await ota.ready;
    expect(ota.currentRelease).toBeUndefined();
    expect([ota.t('greeting'), ota.t('k'), ota.t('greeting', 'en')]).toEqual(['Hallo (app)', 'k', 'greeting']);
    expect({ ...ota.strings() }).toEqual(fallback.de);
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    // Once the CDN answers again (a refresh ends the offline pause), its release replaces the ignored one,
    // which was not sent as clientRelease.
    const journal = useCdn(server, [{ id: 'r1', zip: bundle(v1) }]);
    expect((await ota.checkNow()).status).toBe('updated');
    expect(journal.checks[0]).not.toHaveProperty('clientRelease');
    expect(ota.t('greeting')).toBe('Hallo');
  });

  it('the app’s own fallback, not held to the limit, flattens at any depth (no recursion)', async () => {
    const deep = JSON.parse(nested(10_000, '{"x":"tief"}')) as Record<string, unknown>;
    const ota = otaClient({ fallback: { de: { greeting: 'Hallo (app)', deep } } });
    expect(ota.t('greeting')).toBe('Hallo (app)');
    expect(ota.t(`deep.${Array.from({ length: 10_000 }, () => 'k').join('.')}.x`)).toBe('tief');
  });

  it('a filesSha256 that is not a text fails as a mismatch: a verify event', async () => {
    const zip = bundle(v1);
    server.use(
      http.post(CHECK_URL, () =>
        HttpResponse.json({
          distributionReleaseId: 'r1',
          name: 'R1',
          createdAt: '2026-11-01T10:00:00Z',
          filesUrl: `${OTA_BASE}/files/r1.zip`,
          filesSha256: 12345,
        }),
      ),
      http.get(`${OTA_BASE}/files/r1.zip`, () => new HttpResponse(zip)),
    );
    const ota = otaClient();
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'verify' } });
    expect(ota.failures[0]!.error.message).toMatch(/SHA-256/);
  });
});

describe('keys that would flatten to more than memory holds', () => {
  it('a long key above many short ones (a few kilobytes zipped, terabytes flattened) is refused at unpacking', async () => {
    // Flattened, each of the 64 leaves repeats the 1 MiB key: 65 MiB of keys, over the 32 MiB limit.
    const leaves = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [i, 'x']));
    const zip = zipOf(JSON.stringify({ ['k'.repeat(1 << 20)]: leaves }));
    expect(zip.length).toBeLessThan(8 * 1024);
    useCdn(server, [
      { id: 'r1', zip: bundle(v1) },
      { id: 'wide', zip },
    ]);
    const ota = otaClient();
    await ota.checkNow();
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'unpack' } });
    expect(ota.failures[0]!.error.message).toBe(
      `unpack: the bundle's keys, flattened, take more than ${DEFAULT_ZIP_LIMITS.maxTotalBytes} characters`,
    );
    expect(ota.t('greeting')).toBe('Hallo');
  });

  it('the limit is zipLimits.maxTotalBytes, for a bundle and for a stored release', async () => {
    // Flattened, the long key is repeated: more characters of keys than bytes of file.
    const text = JSON.stringify({ sectionsection: { a: 'x', b: 'y', c: 'z' } });
    const keys = flattenedSize(JSON.parse(text));
    expect([text.length, keys]).toEqual([44, 62]);
    useCdn(server, [{ id: 'r1', zip: zipOf(text) }]);
    const storage = faultyStorage();
    const roomy = otaClient({ storage, zipLimits: { maxEntries: 10, maxTotalBytes: keys } });
    expect((await roomy.checkNow()).status).toBe('updated');
    const stricter = otaClient({ storage, zipLimits: { maxEntries: 10, maxTotalBytes: keys - 1 } });
    await stricter.ready;
    expect(stricter.currentRelease).toBeUndefined();
    expect(await stricter.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'unpack' } });
    expect(stricter.failures[0]!.error.message).toMatch(/keys, flattened, take more than 61 characters/);
  });
});

describe('the URLs a check answer names (src/base/cdn-url-rule.ts)', () => {
  it.each([
    ['https://files.test/r.zip', 'https://cdn.test/cdn/check', undefined],
    ['https://files.test/r.zip', `${OTA_BASE}/cdn/check`, undefined],
    [`${OTA_BASE}/files/r.zip`, `${OTA_BASE}/cdn/check`, undefined],
    ['http://localhost:1/r.zip', 'http://[::1]:2/cdn/check', undefined],
    // WHATWG URL writes IPv4 out: what fetch would connect to.
    ['http://127.1/r.zip', 'http://0x7f.0.0.1/cdn/check', undefined],
    ['http://files.test/r.zip', 'https://cdn.test/cdn/check', /plain http:/],
    [`${OTA_BASE}/files/r.zip`, 'https://cdn.test/cdn/check', /plain http:/],
    ['http://files.test/r.zip', `${OTA_BASE}/cdn/check`, /plain http:/],
    ['http://127.0.0.1.files.test/r.zip', `${OTA_BASE}/cdn/check`, /plain http:/],
    ['http://localhost.files.test/r.zip', `${OTA_BASE}/cdn/check`, /plain http:/],
    [`${OTA_BASE}/files/r.zip`, 'http://cdn.test/cdn/check', /plain http:/],
    ['data:application/zip;base64,UEsFBgA=', `${OTA_BASE}/cdn/check`, /a data: URL/],
    ['file:///etc/passwd', `${OTA_BASE}/cdn/check`, /a file: URL/],
    ['blob:https://cdn.test/0b1c', 'https://cdn.test/cdn/check', /a blob: URL/],
    ['ftp://files.test/r.zip', 'https://cdn.test/cdn/check', /a ftp: URL/],
    ['javascript:alert(1)', 'https://cdn.test/cdn/check', /a javascript: URL/],
    ['/files/r.zip', `${OTA_BASE}/cdn/check`, /not absolute/],
    ['//files.test/r.zip', 'https://cdn.test/cdn/check', /not absolute/],
  ] as const)('%s after a check at %s', (url, check, refused) => {
    const reason = refusedCdnUrl(url, check);
    if (refused) expect(reason).toMatch(refused);
    else expect(reason).toBeUndefined();
  });

  it('a redirect never goes from https: to http:, on loopback too', () => {
    expect(refusedCdnUrl(`${OTA_BASE}/b`, `${OTA_BASE}/cdn/check`, 'https://files.test/a')).toMatch(/plain http:/);
    expect(refusedCdnUrl(`${OTA_BASE}/b`, `${OTA_BASE}/cdn/check`, `${OTA_BASE}/a`)).toBeUndefined();
  });

  it.each([
    ['http: from an https check', 'https://cdn.test', 'http://files.test/r2.zip?signature=s3cr3t', /plain http:/],
    ['http: on loopback from an https check', 'https://cdn.test', `${OTA_BASE}/files/r2.zip`, /plain http:/],
    ['http: off loopback from a loopback check', OTA_BASE, 'http://files.test/r2.zip', /plain http:/],
    ['data:', OTA_BASE, `data:application/zip;base64,${Buffer.from(bundle(v1)).toString('base64')}`, /a data: URL/],
    ['file:', OTA_BASE, 'file:///etc/passwd', /a file: URL/],
    ['a relative URL', OTA_BASE, '/files/r2.zip', /not absolute/],
  ])('%s: an onError event, the current release stays, nothing is fetched', async (_name, base, filesUrl, reason) => {
    const good = bundle(v1);
    let checks = 0;
    server.use(
      http.post(`${base}/cdn/check`, () =>
        HttpResponse.json({
          distributionReleaseId: checks ? 'r2' : 'r1',
          name: 'Release',
          createdAt: '2026-11-01T10:00:00Z',
          filesUrl: checks++ ? filesUrl : `${base}/files/r1.zip`,
        }),
      ),
      http.get(`${base}/files/r1.zip`, () => new HttpResponse(good)),
      http.get('*', () => new HttpResponse(good)),
    );
    const fetched: string[] = [];
    const ota = otaClient({
      baseUrl: base,
      fetch: (input, init) => {
        fetched.push(String(input));
        return globalThis.fetch(input, init);
      },
    });
    expect((await ota.checkNow()).status).toBe('updated');
    fetched.length = 0;
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
    expect(fetched).toEqual([`${base}/cdn/check`]);
    expect(ota.failures).toHaveLength(1);
    const { message } = ota.failures[0]!.error;
    expect(message).toMatch(/^refused to GET /);
    expect(message).toMatch(reason);
    expect(message).not.toContain('s3cr3t');
    expect(message).not.toContain('base64,');
    expect(ota.currentRelease?.id).toBe('r1');
    expect(ota.t('greeting')).toBe('Hallo');
  });
});

/** The strings of parsed files as the recursive flatten made them before (the reference of the property). */
function reference(values: unknown[], fallbackStrings: Record<string, unknown>): Record<string, string> {
  const strings: Record<string, string> = Object.create(null);
  const walk = (value: unknown, prefix: string) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof inner === 'string' || typeof inner === 'number' || typeof inner === 'boolean')
        strings[path] ??= String(inner);
      else walk(inner, path);
    }
  };
  for (const value of [...values, fallbackStrings]) walk(value, '');
  return { ...strings };
}

/** How deep a parsed JSON value nests objects and arrays (iteratively: values here nest thousands deep). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [inner, depth] = stack.pop()!;
    if (typeof inner !== 'object' || inner === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(inner)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** JSON texts: any JSON value, shallow or nested up to thousands of levels (objects, arrays, or both). */
const jsonText = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  fc
    .record({
      levels: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 3000 })),
      key: fc.string({ maxLength: 4 }),
      leaf: fc.jsonValue({ maxDepth: 2 }),
      arrays: fc.boolean(),
    })
    .map(({ levels, key, leaf, arrays }) => {
      const open = arrays ? '[' : `{${JSON.stringify(key)}:`;
      const close = arrays ? ']' : '}';
      return `{"top":${open.repeat(levels)}${JSON.stringify(leaf)}${close.repeat(levels)},"greeting":"Hallo"}`;
    }),
);

describe('fuzz: arbitrary JSON through apply, restart and t() (fast-check)', () => {
  it('t() and strings() never throw; what apply takes, a restart serves the same; deeper than the limit is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(jsonText, { minLength: 1, maxLength: 3 }),
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
        async (texts, keys) => {
          server.resetHandlers();
          const files = Object.fromEntries(texts.map((text, i) => [`locales/de/${i}.json`, strToU8(text)]));
          useCdn(server, [{ id: 'r1', zip: zipSync(files) }]);
          const storage = faultyStorage();
          const ota = otaClient({ storage, fallback });
          const result = await ota.checkNow();
          const values = texts.map((text) => JSON.parse(text) as unknown);
          const tooDeep = values.some((value) => depthOf(value) > MAX_NESTING_DEPTH);
          expect(result.status).toBe(tooDeep ? 'failed' : 'updated');
          if (tooDeep) expect(ota.failures.map((f) => f.stage)).toEqual(['unpack']);
          const expected = tooDeep ? reference([], fallback.de) : reference(values, fallback.de);
          server.use(http.post(CHECK_URL, () => HttpResponse.error()));
          const restarted = otaClient({ storage, fallback });
          await restarted.ready;
          for (const client of [ota, restarted]) {
            expect({ ...client.strings() }).toEqual(expected);
            expect(client.strings('en')).toEqual({});
            for (const key of [...keys, 'greeting', 'top', '__proto__', 'constructor'])
              expect(client.t(key)).toBe(Object.hasOwn(expected, key) ? expected[key] : key);
            expect(client.currentRelease?.id).toBe(tooDeep ? undefined : 'r1');
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe('fuzz: arbitrary check answers (fast-check)', () => {
  it('checkNow() never rejects, every URL fetched passes the URL rule, t() never throws', async () => {
    const good = bundle(v1);
    const filesUrl = fc.oneof(
      fc.constant(`${OTA_BASE}/files/r.zip`),
      fc.constantFrom(
        'data:application/zip;base64,UEsFBgA=',
        'file:///etc/passwd',
        '/files/r.zip',
        'http://files.test/r.zip',
      ),
      fc.webUrl(),
      fc.string(),
      fc.jsonValue(),
    );
    const answer = fc.oneof(
      fc.record(
        {
          distributionReleaseId: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue()),
          name: fc.jsonValue(),
          createdAt: fc.jsonValue(),
          filesUrl,
          filesSha256: fc.jsonValue(),
        },
        { requiredKeys: ['distributionReleaseId', 'filesUrl'] },
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(answer, fc.constantFrom(200, 201, 400, 404, 429), async (body, status) => {
        server.resetHandlers();
        server.use(
          http.post(CHECK_URL, () => HttpResponse.json(body as never, { status })),
          http.get(`${OTA_BASE}/files/r.zip`, () => new HttpResponse(good)),
          http.all('*', () => HttpResponse.error()),
        );
        const fetched: string[] = [];
        const ota = otaClient({
          fallback,
          fetch: (input, init) => {
            fetched.push(String(input));
            return globalThis.fetch(input, init);
          },
        });
        const result = await ota.checkNow();
        expect(['updated', 'current', 'none', 'failed']).toContain(result.status);
        for (const url of fetched.filter((u) => u !== CHECK_URL)) expect(refusedCdnUrl(url, CHECK_URL)).toBeUndefined();
        for (const failure of ota.failures) expect(failure.error).toBeInstanceOf(LocError);
        expect(typeof ota.t('greeting')).toBe('string');
        expect(typeof ota.strings()).toBe('object');
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

/** A bundle to mutate: two locales, nested keys, deflated. */
const GOOD_ZIP = zipSync(
  {
    'locales/de.json': strToU8(JSON.stringify(v1.de)),
    'locales/en.json': strToU8(JSON.stringify(v1.en)),
    'README.md': strToU8('strings'),
  },
  { level: 6 },
);

/** ZIPs a CDN could send: the good one with bytes flipped, fields overwritten (sizes, offsets), cut short, or noise. */
const mutatedZip = fc.oneof(
  fc
    .array(fc.record({ at: fc.nat(GOOD_ZIP.length - 1), xor: fc.integer({ min: 1, max: 255 }) }), {
      minLength: 1,
      maxLength: 6,
    })
    .map((flips) => {
      const zip = GOOD_ZIP.slice();
      for (const { at, xor } of flips) zip[at]! ^= xor;
      return zip;
    }),
  fc
    .record({
      at: fc.nat(GOOD_ZIP.length - 4),
      value: fc.oneof(fc.constant(0xffffffff), fc.constant(0x7fffffff), fc.nat(), fc.nat(0xffff)),
    })
    .map(({ at, value }) => {
      const zip = GOOD_ZIP.slice();
      new DataView(zip.buffer).setUint32(at, value >>> 0, true);
      return zip;
    }),
  fc.nat(GOOD_ZIP.length).map((length) => GOOD_ZIP.slice(0, length)),
  fc.uint8Array({ maxLength: 600 }),
);

describe('fuzz: mutated ZIPs through unpacking and the client (fast-check)', () => {
  const limits = { maxEntries: 50, maxTotalBytes: 64 * 1024 };

  it('unpacking takes a ZIP or refuses it with an Error naming why, never more than its limits', () => {
    fc.assert(
      fc.property(mutatedZip, (zip) => {
        let files: Map<string, Uint8Array>;
        try {
          files = unzip(zip, limits);
        } catch (error) {
          // A refusal, not a crash of the reader (a read past the end would be a RangeError).
          expect(error).toBeInstanceOf(Error);
          expect(error).not.toBeInstanceOf(RangeError);
          expect((error as Error).message).not.toBe('');
          return;
        }
        expect(files.size).toBeLessThanOrEqual(limits.maxEntries);
        expect([...files.values()].reduce((sum, bytes) => sum + bytes.length, 0)).toBeLessThanOrEqual(
          limits.maxTotalBytes,
        );
        try {
          const { values } = readBundle(files, localeOfPath, limits.maxTotalBytes);
          const size = Object.values(values)
            .flat()
            .reduce((sum: number, value) => sum + flattenedSize(value), 0);
          expect(size).toBeLessThanOrEqual(limits.maxTotalBytes);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect(error).not.toBeInstanceOf(RangeError);
        }
      }),
      { seed: SEED, numRuns: RUNS * 10, endOnFailure: true },
    );
  });

  it('the client reports each as one event (a LocError, no key), keeps its release, and t() never throws', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedZip, async (zip) => {
        server.resetHandlers();
        useCdn(server, [
          { id: 'r1', zip: GOOD_ZIP },
          { id: 'r2', zip, sha: false },
        ]);
        const ota = otaClient({ zipLimits: limits, fallback });
        expect((await ota.checkNow()).status).toBe('updated');
        const result = await ota.checkNow();
        expect(['updated', 'failed']).toContain(result.status);
        if (result.status === 'failed') {
          expect(ota.failures).toHaveLength(1);
          expect(ota.failures[0]!.error).toBeInstanceOf(LocError);
          expect(['unpack']).toContain(ota.failures[0]!.stage);
          expect(JSON.stringify(ota.failures) + ota.failures[0]!.error.message).not.toContain(OTA_KEY);
          expect(ota.currentRelease?.id).toBe('r1');
        }
        expect(typeof ota.t('greeting')).toBe('string');
        expect(typeof ota.t('nested.title', 'en')).toBe('string');
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
