// A CDN and a download host for the over-the-air client's tests, as msw handlers over loopback addresses.
import { createHash } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import { createOtaClient, type OtaFailure, type OtaOptions, type OtaStorage } from '../src/ota/index';

export const OTA_BASE = 'http://127.0.0.1:4998';
export const OTA_KEY = 'lh-cdn_ota_secret_789';
export const CHECK_URL = `${OTA_BASE}/cdn/check`;

/** A release ZIP: `locales/<locale>.json` per entry of `strings`, plus any extra entries. */
export function bundle(strings: Record<string, unknown>, extra: Zippable = {}): Uint8Array {
  const files: Zippable = { ...extra };
  for (const [locale, texts] of Object.entries(strings))
    files[`locales/${locale}.json`] = strToU8(JSON.stringify(texts));
  return zipSync(files);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What the CDN and the download host saw. */
export interface Journal {
  checks: Record<string, unknown>[];
  /** When each check came (Date.now(), faked or not). */
  times: number[];
  authorizations: (string | null)[];
  downloads: string[];
}

/**
 * The CDN: answers each check with the next of `answers` (the last repeats), serves `files` by path under
 * /files/. A release answer is `{ id, zip, sha? }`: the check gets its filesUrl (and filesSha256 unless
 * sha is false).
 */
export function useCdn(
  server: { use(...handlers: RequestHandler[]): void },
  answers: (Response | { id: string; zip: Uint8Array; sha?: string | false } | (() => Response))[],
) {
  const journal: Journal = { checks: [], times: [], authorizations: [], downloads: [] };
  const files = new Map<string, Uint8Array>();
  server.use(
    http.post(CHECK_URL, async ({ request }) => {
      journal.times.push(Date.now());
      journal.checks.push((await request.json()) as Record<string, unknown>);
      journal.authorizations.push(request.headers.get('authorization'));
      const answer = answers[Math.min(journal.checks.length - 1, answers.length - 1)]!;
      if (answer instanceof Response) return answer.clone();
      if (typeof answer === 'function') return answer();
      files.set(`${answer.id}.zip`, answer.zip);
      return HttpResponse.json({
        distributionReleaseId: answer.id,
        name: `Release ${answer.id}`,
        createdAt: '2026-11-01T10:00:00Z',
        filesUrl: `${OTA_BASE}/files/${answer.id}.zip?signature=s3cr3t`,
        ...(answer.sha === false ? {} : { filesSha256: answer.sha ?? sha256(answer.zip) }),
      });
    }),
    http.get(`${OTA_BASE}/files/:name`, ({ params }) => {
      journal.downloads.push(String(params.name));
      const zip = files.get(String(params.name));
      return zip ? new HttpResponse(zip, { status: 200 }) : new HttpResponse(null, { status: 404 });
    }),
  );
  return journal;
}

/**
 * The same handlers answered in this process, for tests that fake the clock: msw's `getResponse` resolves
 * each request the client hands to `fetch` (give the client `cdn.fetch`), with no interception of sockets in
 * between. msw 3's interception waits on timers of its own, which a faked `setTimeout` holds back until
 * the test moves the clock: a request then reached its handler seconds late. Here a request is answered
 * when the client sends it, whatever msw schedules. `use` adds handlers in front, as a server's does.
 */
export function inProcessCdn() {
  let handlers: RequestHandler[] = [];
  let listeners: ((request: Request) => void)[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    for (const listener of listeners) listener(request);
    const response = await getResponse(handlers, request);
    if (!response) throw new Error(`No handler for ${request.method} ${request.url}`);
    // HttpResponse.error(): what fetch does on a network failure.
    if (response.type === 'error') throw new TypeError('fetch failed');
    return response;
  };
  return {
    fetch,
    use: (...more: RequestHandler[]) => {
      handlers = [...more, ...handlers];
    },
    /** Calls `listener` with each request as the client sends it. */
    onRequest: (listener: (request: Request) => void) => {
      listeners.push(listener);
    },
    reset: () => {
      handlers = [];
      listeners = [];
    },
  };
}

/** A CDN problem body (spec.md 2.6) as a Response. */
export function problem(status: number, headers: Record<string, string> = {}, info?: string) {
  return HttpResponse.json(
    { type: 'about:blank', status, detail: 'x', errors: info ? [{ field: 'F', infos: [info] }] : [] },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );
}

/** A client of the test CDN that records its failures and updates. */
export function otaClient(options: Partial<OtaOptions> = {}) {
  const client = createOtaClient({
    cdnKey: OTA_KEY,
    environment: 'PRODUCTION',
    type: 'NATIVE_FORMAT',
    clientVersion: '1.2.0',
    languageCode: 'de',
    baseUrl: OTA_BASE,
    random: () => 0.5,
    ...options,
  });
  const failures: OtaFailure[] = [];
  const updates: string[] = [];
  client.onError((f) => failures.push(f));
  client.onUpdate((r) => updates.push(r.id));
  return Object.assign(client, { failures, updates });
}

/** A memory store whose writes can be made to fail, that counts what it holds. */
export function faultyStorage() {
  const map = new Map<string, string>();
  const faults = { set: undefined as ((key: string) => boolean) | undefined, get: false };
  const storage: OtaStorage & { map: typeof map; faults: typeof faults } = {
    map,
    faults,
    getItem(key) {
      if (faults.get) throw new Error('storage unavailable');
      return map.get(key) ?? null;
    },
    setItem(key, value) {
      if (faults.set?.(key)) throw new Error('QuotaExceededError: the quota has been exceeded');
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
  };
  return storage;
}
