// The over-the-air client end to end over msw: what it sends, what it serves, and every fault it must
// survive while the app keeps its last good release (issue 24, "Bad input and faults").
import { strToU8, zipSync } from 'fflate';
import { HttpResponse, http } from 'msw';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTA_CLIENT_AGENT, parseBundle, unzip } from '../src/ota/index';
import { fileStorage } from '../src/ota/file-storage';
import { crc32 } from '../src/ota/zip';
import { useMsw } from './fixtures';
import { CHECK_URL, OTA_BASE, OTA_KEY, bundle, faultyStorage, otaClient, useCdn } from './ota-fixtures';

const server = useMsw();
const v1 = { de: { greeting: 'Hallo', nested: { title: 'Kasse' } }, en: { greeting: 'Hello' } };
const v2 = { de: { greeting: 'Guten Tag' }, en: { greeting: 'Good day' } };

describe('@loc/sdk/ota: check, download, verify, apply', () => {
  it('sends the official SDKs’ check body, verifies the bundle and serves its strings', async () => {
    const journal = useCdn(server, [{ id: 'r1', zip: bundle(v1) }, new Response(null, { status: 204 })]);
    const ota = otaClient({
      fallback: { de: { greeting: 'Hallo (app)', onlyBundled: 'Nur im App-Paket', nested: { title: 'Kasse (app)' } } },
    });
    expect(ota.t('nested.title')).toBe('Kasse (app)');
    expect(ota.t('greeting')).toBe('Hallo (app)');
    expect(await ota.checkNow()).toMatchObject({ status: 'updated', release: { id: 'r1', locales: ['de', 'en'] } });
    expect(ota.t('greeting')).toBe('Hallo');
    expect(ota.t('nested.title')).toBe('Kasse');
    expect(ota.t('onlyBundled')).toBe('Nur im App-Paket');
    expect(ota.t('greeting', 'en')).toBe('Hello');
    expect(ota.t('missing.key')).toBe('missing.key');
    expect(ota.strings('fr')).toEqual({});
    expect(ota.updates).toEqual(['r1']);
    expect(await ota.checkNow()).toEqual({ status: 'current' });
    const [first, second] = journal.checks;
    expect(first).toEqual({
      distributionEnvironment: 'PRODUCTION',
      distributionType: 'NATIVE_FORMAT',
      clientVersion: '1.2.0',
      clientUser: expect.stringMatching(/^[0-9a-f-]{36}$/),
      clientAgent: OTA_CLIENT_AGENT,
      clientLanguageCode: 'de',
    });
    expect(OTA_CLIENT_AGENT).toMatch(/^@loc\/sdk-ota\/\d+\.\d+\.\d+/);
    expect(second).toEqual({ ...first, clientRelease: 'r1' });
    expect(journal.authorizations).toEqual([`Bearer ${OTA_KEY}`, `Bearer ${OTA_KEY}`]);
    expect(ota.failures).toEqual([]);
  });

  it('keeps one clientUser per install: a restart on the same storage reuses it, another install differs', async () => {
    const journal = useCdn(server, [new Response(null, { status: 204 })]);
    const storage = faultyStorage();
    await otaClient({ storage }).checkNow();
    await otaClient({ storage }).checkNow();
    await otaClient().checkNow();
    const users = journal.checks.map((c) => c.clientUser);
    expect(users[0]).toBe(users[1]);
    expect(users[2]).not.toBe(users[0]);
  });

  it('a restart serves the stored release at once, offline, and sends it as clientRelease', async () => {
    useCdn(server, [{ id: 'r1', zip: bundle(v1) }]);
    const storage = faultyStorage();
    await otaClient({ storage }).checkNow();
    server.use(http.post(CHECK_URL, () => HttpResponse.error()));
    const restarted = otaClient({ storage });
    await restarted.ready;
    expect(restarted.currentRelease?.id).toBe('r1');
    expect(restarted.t('greeting')).toBe('Hallo');
    expect(await restarted.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(restarted.t('greeting')).toBe('Hallo');
  });

  it('the stored release at start: from the first t() with a synchronous store, from ready with an asynchronous one; never an update event', async () => {
    useCdn(server, [{ id: 'r1', zip: bundle(v1) }]);
    const storage = faultyStorage();
    const folder = mkdtempSync(join(tmpdir(), 'loc-ota-start-'));
    try {
      const files = fileStorage(folder);
      await otaClient({ storage }).checkNow();
      await otaClient({ storage: files }).checkNow();
      server.use(http.post(CHECK_URL, () => HttpResponse.error()));
      // Synchronous (localStorage, memory): served before anything is awaited.
      const sync = otaClient({ storage });
      expect(sync.currentRelease?.id).toBe('r1');
      expect(sync.t('greeting')).toBe('Hallo');
      // Asynchronous (files, IndexedDB, AsyncStorage): served once ready resolves. The listener was added at
      // once (as examples/ota-web/app.js adds one before i18next's init): loading is not an update.
      const async = otaClient({ storage: files });
      expect(async.t('greeting')).toBe('greeting');
      await Promise.all([sync.ready, async.ready]);
      expect(async.t('greeting')).toBe('Hallo');
      expect([sync.updates, async.updates, sync.failures, async.failures]).toEqual([[], [], [], []]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a new release replaces the old one in the store; only the current one is kept', async () => {
    useCdn(server, [
      { id: 'r1', zip: bundle(v1) },
      { id: 'r2', zip: bundle(v2) },
    ]);
    const storage = faultyStorage();
    const ota = otaClient({ storage });
    await ota.checkNow();
    await ota.checkNow();
    expect(ota.t('greeting')).toBe('Guten Tag');
    expect(ota.updates).toEqual(['r1', 'r2']);
    expect([...storage.map.keys()].filter((k) => k.includes('release:'))).toEqual([
      'loc-ota:NATIVE_FORMAT:PRODUCTION:release:r2',
    ]);
  });
});

describe('@loc/sdk/ota: faults keep the last good release and are reported', () => {
  /** A client that already serves r1, then meets `next` as the second check's answer. */
  async function afterGoodRelease(next: Parameters<typeof useCdn>[1][number], storage = faultyStorage()) {
    const journal = useCdn(server, [{ id: 'r1', zip: bundle(v1) }, next]);
    const ota = otaClient({ storage });
    expect((await ota.checkNow()).status).toBe('updated');
    const result = await ota.checkNow();
    expect(ota.currentRelease?.id).toBe('r1');
    expect(ota.t('greeting')).toBe('Hallo');
    expect(ota.failures).toHaveLength(1);
    // No CDN key and no pre-signed signature in any message.
    const text = JSON.stringify(ota.failures) + ota.failures.map((f) => `${f.error.message} ${f.error.stack}`).join();
    expect(text).not.toContain(OTA_KEY);
    expect(text).not.toContain('s3cr3t');
    return { ota, result, failure: ota.failures[0]!, journal, storage };
  }

  it('a bundle whose SHA-256 is not the announced one', async () => {
    const { failure } = await afterGoodRelease({ id: 'r2', zip: bundle(v2), sha: 'ab'.repeat(32) });
    expect(failure.stage).toBe('verify');
    expect(failure.error.message).toMatch(/SHA-256/);
  });

  it.each([
    ['not a ZIP', strToU8('<html>Service Unavailable</html>'), /not a ZIP archive/],
    ['a truncated ZIP', bundle(v2).subarray(0, 60), /not a ZIP archive|damaged|cut short|missing/],
    ['an entry that climbs out (..)', zipSync({ '../de.json': strToU8('{}') }), /reads as "\." or "\.\."/],
    ['an absolute entry', zipSync({ '/etc/de.json': strToU8('{}') }), /absolute path/],
    ['a backslash entry', zipSync({ 'locales\\de.json': strToU8('{}') }), /backslash/],
    ['a control character', zipSync({ 'de\u0001.json': strToU8('{}') }), /control character/],
    [
      'a symbolic link entry',
      zipSync({ 'de.json': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] }),
      /symbolic link/,
    ],
    ['invalid JSON', zipSync({ 'locales/de.json': strToU8('{"greeting": ') }), /de\.json is not valid JSON/],
    ['no locale file', zipSync({ 'README.txt': strToU8('hi') }), /no JSON file named by a locale/],
  ] as const)('%s is refused (sha unknown)', async (_name, zip, message) => {
    const { failure } = await afterGoodRelease({ id: 'r2', zip, sha: false });
    expect(failure.stage).toBe('unpack');
    expect(failure.error.message).toMatch(message);
  });

  it('bounds the entry count and the total size', async () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`x/${i}.txt`, strToU8('x')]));
    useCdn(server, [{ id: 'r2', zip: zipSync({ ...many, 'de.json': strToU8('{"a":"b"}') }) }]);
    const ota = otaClient({ zipLimits: { maxEntries: 10, maxTotalBytes: 1000 } });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'unpack' } });
    expect(ota.failures[0]!.error.message).toMatch(/31 entries, more than the limit of 10/);
    useCdn(server, [{ id: 'r3', zip: bundle({ de: { big: 'x'.repeat(5000) } }) }]);
    await ota.checkNow();
    expect(ota.failures[1]!.error.message).toMatch(/more than 1000 bytes uncompressed/);
    expect(ota.currentRelease).toBeUndefined();
  });

  it('a bundle bigger than maxBundleBytes is not kept', async () => {
    useCdn(server, [{ id: 'r2', zip: bundle({ de: { big: 'x'.repeat(5000) } }), sha: false }]);
    const ota = otaClient({ maxBundleBytes: 100 });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
    expect(ota.failures[0]!.error.message).toMatch(/more than the limit of 100/);
  });

  it('a full storage: the new release is not applied, the old one still serves (and after a restart)', async () => {
    const storage = faultyStorage();
    storage.faults.set = (key) => key.endsWith('release:r2');
    const { failure } = await afterGoodRelease({ id: 'r2', zip: bundle(v2) }, storage);
    expect(failure.stage).toBe('store');
    expect(failure.error.message).toMatch(/QuotaExceeded/);
    const restarted = otaClient({ storage });
    await restarted.ready;
    expect(restarted.t('greeting')).toBe('Hallo');
  });

  it('a full storage that also refuses the state write after it: one failed check, one store event', async () => {
    // Chromium's quota can refuse the small state write right after the release's (its bookkeeping catches up
    // later), or not: either way the app is told once. afterGoodRelease holds the count to one.
    const storage = faultyStorage();
    let full = false;
    storage.faults.set = (key) => {
      if (key.endsWith('release:r2')) full = true;
      return full;
    };
    const { failure, result, ota } = await afterGoodRelease({ id: 'r2', zip: bundle(v2) }, storage);
    expect(result).toEqual({ status: 'failed', failure });
    expect(failure.stage).toBe('store');
    // The state write was tried (a later check still sees the pause state in memory), only not reported.
    expect(ota.failures.map((f) => f.stage)).toEqual(['store']);
    // A later check whose state write alone fails still reports it: quiet only after the release's failure.
    useCdn(server, [new Response(null, { status: 204 })]);
    expect(await ota.checkNow()).toEqual({ status: 'current' });
    expect(ota.failures.map((f) => f.stage)).toEqual(['store', 'store']);
  });

  it('a storage that throws on every call: strings still come from the network and the fallback', async () => {
    useCdn(server, [{ id: 'r1', zip: bundle(v1) }]);
    const storage = faultyStorage();
    storage.faults.get = true;
    storage.faults.set = () => true;
    const ota = otaClient({ storage, fallback: { de: { greeting: 'Hallo (app)' } } });
    await ota.ready;
    expect(ota.t('greeting')).toBe('Hallo (app)');
    expect(ota.failures.map((f) => f.stage)).toContain('load');
    const result = await ota.checkNow();
    expect(result).toMatchObject({ status: 'failed' });
    expect(ota.t('greeting')).toBe('Hallo (app)');
  });

  it('a release stored without files is ignored; t() works detached from the client', async () => {
    const storage = faultyStorage();
    storage.map.set('loc-ota:NATIVE_FORMAT:PRODUCTION:current', '"r9"');
    storage.map.set('loc-ota:NATIVE_FORMAT:PRODUCTION:release:r9', '{"id":"r9","files":null}');
    const ota = otaClient({ storage });
    await ota.ready;
    const { t } = ota;
    expect(t('greeting')).toBe('greeting');
    expect(ota.currentRelease).toBeUndefined();
  });

  it('damaged stored data (bad JSON, a pointer to a missing release) is ignored, never thrown', async () => {
    const storage = faultyStorage();
    storage.map.set('loc-ota:NATIVE_FORMAT:PRODUCTION:state', '{not json');
    storage.map.set('loc-ota:NATIVE_FORMAT:PRODUCTION:current', '"gone"');
    useCdn(server, [new Response(null, { status: 204 })]);
    const ota = otaClient({ storage });
    await ota.ready;
    expect(ota.t('greeting')).toBe('greeting');
    expect(await ota.checkNow()).toEqual({ status: 'current' });
  });

  it('two clients updating one store at once: one wins, the store stays whole', async () => {
    const storage = faultyStorage();
    useCdn(server, [{ id: 'r1', zip: bundle(v1) }]);
    await otaClient({ storage }).checkNow();
    useCdn(server, [{ id: 'r2', zip: bundle(v2) }]);
    const [a, b] = [otaClient({ storage }), otaClient({ storage })];
    const results = await Promise.all([a.checkNow(), b.checkNow()]);
    expect(results.map((r) => r.status)).toEqual(['updated', 'updated']);
    const fresh = otaClient({ storage });
    await fresh.ready;
    expect(fresh.currentRelease?.id).toBe('r2');
    expect(fresh.t('greeting')).toBe('Guten Tag');
    const pointer = JSON.parse(storage.map.get('loc-ota:NATIVE_FORMAT:PRODUCTION:current')!);
    expect(JSON.parse(storage.map.get(`loc-ota:NATIVE_FORMAT:PRODUCTION:release:${pointer}`)!).id).toBe(pointer);
    expect([a.failures, b.failures]).toEqual([[], []]);
  });

  it('merges a locale’s files (the first by path wins a key), over the fallback; a restart serves the same', async () => {
    const files = {
      'locales/de/a-common.json': strToU8('{ "greeting": "Hallo", "checkout": { "pay": "Zahlen" } }'),
      // Same keys again, one of them nested: the earlier file keeps them.
      'locales/de/b-checkout.json': strToU8('{"checkout.pay": "Bezahlen", "checkout": {"back": "Zurück"}, "n": 3}'),
      'locales/en/common.json': strToU8('{"greeting":"Hello"}'),
    };
    useCdn(server, [{ id: 'r1', zip: zipSync(files) }]);
    const storage = faultyStorage();
    const fallback = { de: { greeting: 'Hallo (app)', checkout: { cancel: 'Abbrechen' } } };
    const ota = otaClient({ storage, fallback });
    expect(await ota.checkNow()).toMatchObject({ status: 'updated', release: { locales: ['de', 'en'] } });
    const german = {
      greeting: 'Hallo',
      'checkout.pay': 'Zahlen',
      'checkout.back': 'Zurück',
      n: '3',
      'checkout.cancel': 'Abbrechen',
    };
    expect({ ...ota.strings('de') }).toEqual(german);
    // What parseBundle (the public parser) makes of the same files.
    expect(parseBundle(unzip(zipSync(files))).de).toEqual(
      Object.assign(Object.create(null), {
        greeting: 'Hallo',
        'checkout.pay': 'Zahlen',
        'checkout.back': 'Zurück',
        n: '3',
      }),
    );
    // Stored as the files' texts came, and read back to the same strings.
    const stored = storage.map.get('loc-ota:NATIVE_FORMAT:PRODUCTION:release:r1')!;
    expect(stored).toContain('{ "greeting": "Hallo", "checkout": { "pay": "Zahlen" } }');
    expect(JSON.parse(stored)).toMatchObject({ id: 'r1', locales: ['de', 'en'] });
    server.use(http.post(CHECK_URL, () => HttpResponse.error()));
    const restarted = otaClient({ storage, fallback });
    await restarted.ready;
    expect({ ...restarted.strings('de') }).toEqual(german);
    expect(restarted.t('greeting', 'en')).toBe('Hello');
  });

  it('locales and keys named like Object’s members, and damaged stored files, never throw', async () => {
    const zip = zipSync({
      'locales/de.json': strToU8('{"constructor":"Konstruktor","__proto__":"Proto","toString":{"x":"y"}}'),
    });
    useCdn(server, [{ id: 'r1', zip }]);
    const ota = otaClient();
    await ota.checkNow();
    expect([ota.t('constructor'), ota.t('__proto__'), ota.t('toString.x'), ota.t('hasOwnProperty')]).toEqual([
      'Konstruktor',
      'Proto',
      'y',
      'hasOwnProperty',
    ]);
    for (const locale of ['constructor', '__proto__', 'toString']) expect({ ...ota.strings(locale) }).toEqual({});
    const storage = faultyStorage();
    storage.map.set('loc-ota:NATIVE_FORMAT:PRODUCTION:current', '"r9"');
    storage.map.set('loc-ota:NATIVE_FORMAT:PRODUCTION:release:r9', '{"id":"r9","files":{"de":"not a list","en":7}}');
    const damaged = otaClient({ storage, fallback: { de: { greeting: 'Hallo (app)' } } });
    await damaged.ready;
    expect([damaged.t('greeting'), damaged.t('greeting', 'en'), damaged.t('x', 'constructor')]).toEqual([
      'Hallo (app)',
      'greeting',
      'x',
    ]);
  });

  it('a listener that throws neither breaks the client nor the other listeners', async () => {
    useCdn(server, [{ id: 'r1', zip: bundle(v1) }]);
    const ota = otaClient();
    ota.onUpdate(() => {
      throw new Error('app bug');
    });
    const seen: string[] = [];
    ota.onUpdate((r) => seen.push(r.id));
    expect((await ota.checkNow()).status).toBe('updated');
    expect(seen).toEqual(['r1']);
  });
});

describe('@loc/sdk/ota: redirects', () => {
  it('refuses a check redirected from HTTPS to HTTP, and never sends the key there', async () => {
    const seenOnHttp: (string | null)[] = [];
    server.use(
      http.post(
        'https://cdn.test/cdn/check',
        () => new HttpResponse(null, { status: 307, headers: { location: `${OTA_BASE}/cdn/check` } }),
      ),
      http.post(CHECK_URL, ({ request }) => {
        seenOnHttp.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const ota = otaClient({ baseUrl: 'https://cdn.test' });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(ota.failures[0]!.error.message).toMatch(/POST \/cdn\/check: refused a redirect to a plain http: URL/);
    expect(seenOnHttp).toEqual([]);
  });

  it('refuses a download redirected from HTTPS to HTTP', async () => {
    const zip = bundle(v1);
    server.use(
      http.post(CHECK_URL, () =>
        HttpResponse.json({
          distributionReleaseId: 'r1',
          name: 'R1',
          createdAt: '2026-11-01T10:00:00Z',
          filesUrl: 'https://files.test/r1.zip?signature=s3cr3t',
        }),
      ),
      http.get(
        'https://files.test/r1.zip',
        () => new HttpResponse(null, { status: 302, headers: { location: `${OTA_BASE}/files/r1.zip` } }),
      ),
      http.get(`${OTA_BASE}/files/r1.zip`, () => new HttpResponse(zip)),
    );
    const ota = otaClient();
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
    expect(ota.failures[0]!.error.message).toMatch(/GET \/r1.zip: refused a redirect to a plain http: URL/);
    expect(ota.failures[0]!.error.message).not.toContain('s3cr3t');
  });

  it('follows an HTTPS redirect to another host without the CDN key', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.post(
        CHECK_URL,
        () => new HttpResponse(null, { status: 308, headers: { location: 'https://other.test/cdn/check' } }),
      ),
      http.post('https://other.test/cdn/check', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    expect(await otaClient().checkNow()).toEqual({ status: 'current' });
    expect(authorization).toBeNull();
  });
});

describe('@loc/sdk/ota: every hop held to the URL rule, each check sent once (issue 42, point 2)', () => {
  /** A fetch that answers `respond` and records each URL it was asked for. */
  function recordingFetch(respond: (url: string) => Response) {
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      asked.push(String(input));
      return respond(String(input));
    };
    return { fetch, asked };
  }

  it('a fetch that hides a redirect (a browser’s opaqueredirect): refused, the check not sent again', async () => {
    // What a browser's fetch gives for `redirect: 'manual'`: no status, no Location, nothing to vet.
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, redirected: false, url: '', headers: new Headers() };
    const { fetch, asked } = recordingFetch(() => opaque as unknown as Response);
    const ota = otaClient({ fetch });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(asked).toEqual([CHECK_URL]);
    expect(ota.failures[0]!.error.message).toBe(
      'POST /cdn/check: refused a redirect it cannot see the hops of (docs/ota.md, "Redirects")',
    );
  });

  it('a fetch that followed redirects itself (React Native’s): refused, though where it ended passes the rule', async () => {
    const { fetch, asked } = recordingFetch(() => {
      const response = new Response(null, { status: 204 });
      Object.defineProperties(response, { redirected: { value: true }, url: { value: `${OTA_BASE}/elsewhere` } });
      return response;
    });
    const ota = otaClient({ fetch });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(asked).toEqual([CHECK_URL]);
  });

  it('a hop from loopback to plain http off loopback is never requested, even on its way back to loopback', async () => {
    const { fetch, asked } = recordingFetch((url) =>
      url === CHECK_URL
        ? new Response(null, { status: 307, headers: { location: 'http://cdn.example/hop' } })
        : new Response(null, { status: 307, headers: { location: `${OTA_BASE}/final` } }),
    );
    const ota = otaClient({ fetch });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(asked).toEqual([CHECK_URL]);
    expect(ota.failures[0]!.error.message).toMatch(/^POST \/cdn\/check: refused a redirect to a plain http: URL/);
  });

  it('the check’s own URL too: plain http off loopback is refused before any request, the key never sent', async () => {
    const { fetch, asked } = recordingFetch(() => new Response(null, { status: 204 }));
    const ota = otaClient({ fetch, baseUrl: 'http://cdn.example' });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(asked).toEqual([]);
    expect(ota.failures[0]!.error.message).toMatch(/^refused to POST a plain http: URL/);
  });
});

describe('@loc/sdk/ota: no credential in any event or error (issue 42, point 4)', () => {
  const secrets = ['hunter2', 's3cr3t', OTA_KEY];
  /** Every text an app or its logs may see of a failure: the message, the stack, the cause, the JSON. */
  const seen = (failure: { error: Error }) =>
    [
      failure.error.message,
      failure.error.stack,
      String((failure.error as { cause?: unknown }).cause),
      (failure.error.cause as Error | undefined)?.stack,
      JSON.stringify(failure),
      JSON.stringify(failure.error),
    ].join('\n');

  it('a filesUrl with a user name and password is refused before any request; nothing of it is shown', async () => {
    const downloads: string[] = [];
    server.use(
      http.post(CHECK_URL, () =>
        HttpResponse.json({
          distributionReleaseId: 'r1',
          name: 'R1',
          createdAt: '2026-11-01T10:00:00Z',
          filesUrl: 'https://user:hunter2@files.test/r1.zip?X-Amz-Signature=s3cr3t',
        }),
      ),
      http.get('https://files.test/r1.zip', ({ request }) => {
        downloads.push(request.url);
        return new HttpResponse(bundle(v1));
      }),
    );
    const ota = otaClient();
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
    expect(downloads).toEqual([]);
    expect(ota.failures[0]!.error.message).toBe('refused to GET a URL with a user name or password (never sent)');
    for (const secret of secrets) expect(seen(ota.failures[0]!)).not.toContain(secret);
  });

  it('a baseUrl with a user name and password: the check is refused before any request', async () => {
    const asked: string[] = [];
    const ota = otaClient({
      baseUrl: 'http://user:hunter2@127.0.0.1:4998',
      fetch: async (input) => {
        asked.push(String(input));
        return new Response(null, { status: 204 });
      },
    });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'check' } });
    expect(asked).toEqual([]);
    for (const secret of secrets) expect(seen(ota.failures[0]!)).not.toContain(secret);
  });

  it('a fetch whose error quotes the URL it failed on (a polyfill’s): shown without its query or user info', async () => {
    useCdn(server, [{ id: 'r1', zip: bundle(v1) }]);
    const ota = otaClient({
      fetch: async (input, init) => {
        const url = String(input);
        if (!url.includes('/files/')) return globalThis.fetch(input, init);
        throw new TypeError(`Network request failed for ${url.replace('//', '//user:hunter2@')}`, {
          cause: new Error(`connect ECONNRESET ${url}`),
        });
      },
    });
    expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { stage: 'download' } });
    const failure = ota.failures[0]!;
    for (const secret of secrets) expect(seen(failure)).not.toContain(secret);
    // What is left still says where: the origin and the path.
    expect(failure.error.message).toContain(`${OTA_BASE}/files/r1.zip?…`);
  });
});

/** Bytes that are the same on every run: a fixed pseudo-random sequence. */
const bytesOf = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, i) => (Math.imul(i + 1, 2654435761 ^ seed) >>> 13) & 0xff);

it('the JavaScript CRC-32 (browsers’) is zlib’s at every length around its four-byte steps and any offset', () => {
  const bytes = bytesOf(1_000_003, 3);
  for (let length = 0; length < 40; length++)
    for (const offset of [0, 1, 2, 3]) {
      const slice = bytes.subarray(offset, offset + length);
      expect(crc32(slice)).toBe(zlib.crc32(slice));
    }
  expect(crc32(bytes)).toBe(zlib.crc32(bytes));
});

// Node, Bun and Deno check with the runtime's zlib.crc32; browsers with the JavaScript one: both are tested.
describe.each([
  ['the runtime’s zlib.crc32', true],
  ['the JavaScript CRC-32 (no process.getBuiltinModule, as in a browser)', false],
])('@loc/sdk/ota: the ZIP reader checks each entry’s CRC-32 with %s', (_name, runtime) => {
  let native: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // process.getBuiltinModule('zlib') is the object that `import zlib from 'node:zlib'` is.
    native = vi.spyOn(zlib, 'crc32');
    if (!runtime) vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
  });
  afterEach(() => {
    expect(native.mock.calls.length > 0).toBe(runtime);
    vi.restoreAllMocks();
  });

  it('accepts fflate’s ZIPs of every length around the four-byte steps, stored and deflated', () => {
    for (let length = 0; length < 40; length++)
      for (const level of [0, 6] as const) {
        const files = { 'a.bin': bytesOf(length, 1), 'de.json': strToU8(JSON.stringify({ k: 'x'.repeat(length) })) };
        const read = unzip(zipSync(files, { level }));
        expect(read.get('a.bin')).toEqual(files['a.bin']);
      }
    expect(unzip(zipSync({ big: bytesOf(1_000_003, 2) })).get('big')?.length).toBe(1_000_003);
  });

  it('refuses an entry whose data does not match its CRC-32 (one bit flipped in the data)', () => {
    const zip = zipSync({ 'de.json': strToU8('{"k":"Hallo"}') }, { level: 0 });
    // Stored: the data follows the 30-byte local header and the name.
    zip[30 + 'de.json'.length + 6]! ^= 1;
    expect(() => unzip(zip)).toThrow('entry "de.json" does not have the CRC-32 its header states');
  });
});
