// @loc/sdk/ota's trust rules as the built packages hold them, in Node and in a real headless Chromium
// (Debian's, driven by playwright-core; skipped with the reason when it is not installed), issue 42:
// - every redirect hop held to the URL rule, and each check sent once, where fetch does not show the hops
//   (point 2): a page served over plain http, as in development or Electron, on loopback servers; a name
//   that Chromium resolves to 127.0.0.1 stands for a host off loopback;
// - no user name, password or pre-signed query in any event or error (point 4);
// - one ZIP reading in every build (point 7): packages/sdk/test/ota-zip-corpus.ts through the Node build
//   and the browser build, each with the same verdict.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtaClient } from '@loc/sdk/ota';
import { CORPUS_STRINGS, zipCorpus } from '../packages/sdk/test/ota-zip-corpus';
import { CHROMIUM, hasChromium, launchChromium, writeHarnessPage } from './chromium';

const KEY = 'lh-cdn_trust_secret_42';
const corpus = zipCorpus();
const release = (filesUrl: string) => ({
  distributionReleaseId: 'rel_trust',
  name: 'Trust',
  createdAt: '2026-11-01T10:00:00Z',
  filesUrl,
});

/**
 * A fetch that is the CDN itself, in the page or in Node: each check answers a release whose bundle is the
 * corpus case `index`'s. No request leaves the process, so both builds read the very same bytes. Written
 * out in the page as its source (it closes over nothing).
 */
function corpusFetch(bundles: Uint8Array[], index: number): typeof fetch {
  return async (url) =>
    /\/(cdn\/check|v1\/distributions\/check)$/.test(String(url))
      ? new Response(
          JSON.stringify({
            distributionReleaseId: 'rel_trust',
            name: 'Trust',
            createdAt: '2026-11-01T10:00:00Z',
            filesUrl: 'https://files.test/bundle.zip',
          }),
          { headers: { 'content-type': 'application/json' } },
        )
      : new Response(bundles[index] as Uint8Array<ArrayBuffer>);
}

/** What a client of the case came to: 'applied', or the stage it failed in. */
type Verdict = 'applied' | string;

async function nodeVerdict(index: number): Promise<Verdict> {
  const fetch = corpusFetch(
    corpus.map((c) => c.bundle),
    index,
  );
  const ota = createOtaClient({ cdnKey: KEY, environment: 'PRODUCTION', type: 'NATIVE_FORMAT', fetch });
  const result = await ota.checkNow();
  if (result.status === 'updated' && ota.t('greeting', 'de') === CORPUS_STRINGS.greeting) return 'applied';
  return result.status === 'failed' ? result.failure.stage : result.status;
}

describe('one ZIP reading: the Node build (dist/ota.js) gives each verdict of the corpus', () => {
  it.each(corpus.map((c, i) => [c.name, c, i] as const))('%s', async (_name, { applies }, index) => {
    expect(await nodeVerdict(index)).toBe(applies ? 'applied' : 'unpack');
  });
});

/** The page: the browser build of the SDK, as an app bundles it, and the corpus's CDN. */
const HARNESS = `import * as ota from '@loc/sdk/ota';
window.ota = ota;
window.corpusFetch = ${corpusFetch.toString()};`;

/** Every request a loopback server saw, and the server. */
interface Recorded {
  server: Server;
  origin: string;
  seen: string[];
}

/**
 * A loopback server that records each request (`METHOD path`) and answers with `route`, allowing any
 * origin (as a CDN that a page may call does): a redirect the client follows is never stopped by CORS.
 */
async function recorded(
  route: (request: IncomingMessage, origin: string) => [number, Record<string, string>, string | Buffer],
) {
  const seen: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type, accept',
      'access-control-allow-methods': 'GET, POST',
    };
    if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    const [status, headers, body] = route(request, origin);
    response.writeHead(status, { ...cors, ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { server, origin, seen } satisfies Recorded;
}

let work: string;
let browser: Browser;
let page: Page;
let app: Recorded;
let hop: Recorded;
/** The name standing for a host off loopback: Chromium resolves it to 127.0.0.1 (--host-resolver-rules). */
const OFF_LOOPBACK = 'cdn.example';

describe.skipIf(!hasChromium)(`in a real Chromium (${CHROMIUM}: apt-get install chromium)`, () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'loc-ota-trust-'));
    await writeHarnessPage(work, HARNESS);
    const files: Record<string, string> = {
      '/': readFileSync(join(work, 'index.html'), 'utf8'),
      '/app.js': readFileSync(join(work, 'app.js'), 'utf8'),
    };
    hop = await recorded((_request) => [307, { location: `${app.origin}/final` }, '']);
    // The page's own origin (plain http, as in development) is the CDN: its check redirects to the hop.
    app = await recorded((request, origin) => {
      const path = request.url ?? '/';
      if (files[path] !== undefined)
        return [200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/html' }, files[path]!];
      const port = (hop.server.address() as { port: number }).port;
      if (path === '/cdn/check') return [307, { location: `http://${OFF_LOOPBACK}:${port}/hop` }, ''];
      if (path === '/check-with-password')
        return [
          200,
          { 'content-type': 'application/json' },
          JSON.stringify(release(`${origin.replace('//', '//user:hunter2@')}/files/r.zip?X-Amz-Signature=s3cr3t`)),
        ];
      if (path === '/final')
        return [200, { 'content-type': 'application/json' }, JSON.stringify(release(`${origin}/files/r.zip`))];
      if (path.startsWith('/files/')) return [200, {}, Buffer.from(corpus[0]!.bundle)];
      return [404, {}, ''];
    });
    browser = await launchChromium([`--host-resolver-rules=MAP ${OFF_LOOPBACK} 127.0.0.1`]);
    page = await (await browser.newContext()).newPage();
    await page.goto(`${app.origin}/`);
    await page.waitForFunction(() => 'ota' in window);
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of [app, hop]) await new Promise<void>((resolve) => (s ? s.server.close(() => resolve()) : resolve()));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('one ZIP reading: the browser build gives the Node build’s verdict on every case of the corpus', async () => {
    const bundles = corpus.map((c) => Buffer.from(c.bundle).toString('base64'));
    const verdicts = await page.evaluate(
      async ({ bundles, key, greeting }) => {
        const bytes = bundles.map((b) => Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));
        const out: string[] = [];
        for (let i = 0; i < bytes.length; i++) {
          const client = window.ota.createOtaClient({
            cdnKey: key,
            environment: 'PRODUCTION',
            type: 'NATIVE_FORMAT',
            fetch: window.corpusFetch(bytes, i),
          });
          const result = await client.checkNow();
          out.push(
            result.status === 'updated' && client.t('greeting', 'de') === greeting
              ? 'applied'
              : result.status === 'failed'
                ? result.failure.stage
                : result.status,
          );
        }
        return out;
      },
      { bundles, key: KEY, greeting: CORPUS_STRINGS.greeting },
    );
    const expected = corpus.map((c) => (c.applies ? 'applied' : 'unpack'));
    expect(Object.fromEntries(corpus.map((c, i) => [c.name, verdicts[i]]))).toEqual(
      Object.fromEntries(corpus.map((c, i) => [c.name, expected[i]])),
    );
    expect(await Promise.all(corpus.map((_c, i) => nodeVerdict(i)))).toEqual(verdicts);
  });

  it('a redirected check on a plain-http page: sent once, the hop never requested, a check failure', async () => {
    app.seen.length = 0;
    hop.seen.length = 0;
    const outcome = await page.evaluate(async (key) => {
      const client = window.ota.createOtaClient({
        cdnKey: key,
        baseUrl: location.origin,
        environment: 'PRODUCTION',
        type: 'NATIVE_FORMAT',
      });
      const result = await client.checkNow();
      return {
        status: result.status,
        stage: result.status === 'failed' ? result.failure.stage : undefined,
        message: result.status === 'failed' ? result.failure.error.message : undefined,
      };
    }, KEY);
    expect(outcome).toEqual({
      status: 'failed',
      stage: 'check',
      message: 'POST /cdn/check: refused a redirect it cannot see the hops of (docs/ota.md, "Redirects")',
    });
    expect(app.seen).toEqual(['POST /cdn/check']);
    expect(hop.seen).toEqual([]);
  });

  it('a filesUrl with a user name, password and signature: refused before any request; none of it in the event', async () => {
    app.seen.length = 0;
    const failure = await page.evaluate(async (key) => {
      const client = window.ota.createOtaClient({
        cdnKey: key,
        baseUrl: location.origin,
        checkPath: '/check-with-password',
        environment: 'PRODUCTION',
        type: 'NATIVE_FORMAT',
      });
      const events: string[] = [];
      client.onError(({ stage, error }) =>
        events.push(
          [
            stage,
            error.message,
            error.stack,
            String(error.cause),
            JSON.stringify(error),
            JSON.stringify({ stage, error }),
          ].join('\n'),
        ),
      );
      const result = await client.checkNow();
      return { status: result.status, events };
    }, KEY);
    expect(failure.status).toBe('failed');
    expect(failure.events).toHaveLength(1);
    expect(failure.events[0]).toMatch(/^download\nrefused to GET a URL with a user name or password \(never sent\)/);
    for (const secret of ['hunter2', 's3cr3t', KEY]) expect(failure.events[0]).not.toContain(secret);
    expect(app.seen).toEqual(['POST /check-with-password']);
  });
});

declare global {
  interface Window {
    ota: typeof import('@loc/sdk/ota');
    corpusFetch: (bundles: Uint8Array[], index: number) => typeof fetch;
  }
}
