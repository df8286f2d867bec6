// Pre-signed storage URLs: the signature is the only credential; any change to path, expiry or signature,
// or the passing of time, turns the answer into 403.
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createClock, DEMO, EXPORT_URL_VALIDITY_MS, FILES_URL_VALIDITY_MS, startMockServer } from '../src';
import { createSigner } from '../src/handlers/signing';
import { useServer } from './helpers';

const clock = createClock({ frozen: true, start: Date.parse('2026-11-22T10:00:00Z') });
const SECRET = 'storage-test-secret';
const api = useServer({ clock, signingSecret: SECRET });
const token = DEMO.tokens.developer;

/** A fresh export's download URL (exportDelayMs is 0: the first GET finds it done). */
async function exportUrl(): Promise<string> {
  const created = await api.call('POST', '/v1/acme/projects/web-frontend/exports', {
    token,
    body: { iso2Slugs: ['de'] },
  });
  const done = await api.call('GET', `/v1/acme/projects/web-frontend/exports/${created.json.id}`, { token });
  expect(done.json.status).toBe('SUCCESS');
  return done.json.downloadUrl;
}

async function filesUrl(): Promise<{ filesUrl: string; filesSha256: string }> {
  const result = await api.call('POST', '/cdn/check', {
    token: DEMO.cdnKeys.valid,
    body: { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' },
  });
  expect(result.status).toBe(200);
  return result.json;
}

/** Flips one hex digit of the signature. */
const flip = (hex: string, at: number) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

describe('a valid pre-signed URL', () => {
  it('serves the export ZIP as application/zip with its length, with no credential sent', async () => {
    const url = await exportUrl();
    expect(new URL(url).pathname).toMatch(/^\/_storage\/exports\/web-frontend-reg_[\w-]+\.zip$/);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="web-frontend-reg_.*\.zip"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(Object.keys(unzipSync(bytes)).sort()).toEqual(['locales/de/checkout.json', 'locales/de/common.json']);
  });

  it('serves a release ZIP whose SHA-256 is the filesSha256 of the check', async () => {
    const { filesUrl: url, filesSha256 } = await filesUrl();
    expect(new URL(url).pathname).toBe('/_storage/releases/rel_ios_2_1.zip');
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(filesSha256);
    const files = unzipSync(bytes);
    // An iOS distribution carries .strings files at the root, every locale of the project, as the official
    // iOS SDK looks them up.
    expect(Object.keys(files).filter((f) => f.endsWith('Localizable.strings'))).toHaveLength(5);
    expect(strFromU8(files['ja.lproj/Localizable.strings']!)).toContain('"settings.title" = "設定";');
  });

  it('answers HEAD with the same headers and no body', async () => {
    const url = await exportUrl();
    const full = await fetch(url);
    const length = (await full.arrayBuffer()).byteLength;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/zip');
    expect(Number(head.headers.get('content-length'))).toBe(length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('can be fetched again and again until it expires', async () => {
    const url = await exportUrl();
    for (let i = 0; i < 3; i++) expect((await fetch(url)).status).toBe(200);
  });

  it('refuses other methods with 405 and Allow', async () => {
    const response = await fetch(await exportUrl(), { method: 'PUT', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('an altered pre-signed URL', () => {
  const TAMPER: [string, (url: URL) => void][] = [
    [
      'a flipped first digit of the signature',
      (u) => u.searchParams.set('signature', flip(u.searchParams.get('signature')!, 0)),
    ],
    [
      'a flipped last digit of the signature',
      (u) => u.searchParams.set('signature', flip(u.searchParams.get('signature')!, 63)),
    ],
    ['a shortened signature', (u) => u.searchParams.set('signature', u.searchParams.get('signature')!.slice(0, 63))],
    ['an upper-case signature', (u) => u.searchParams.set('signature', u.searchParams.get('signature')!.toUpperCase())],
    ['no signature', (u) => u.searchParams.delete('signature')],
    ['an empty signature', (u) => u.searchParams.set('signature', '')],
    ['a later expiry', (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 1))],
    ['an earlier expiry', (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) - 1))],
    ['an expiry that is not a number', (u) => u.searchParams.set('expires', '1e99')],
    ['no expiry', (u) => u.searchParams.delete('expires')],
    ['another file name', (u) => (u.pathname = u.pathname.replace(/\.zip$/, '-2.zip'))],
    ['another kind of object', (u) => (u.pathname = u.pathname.replace('/exports/', '/releases/'))],
    ['an encoded path', (u) => (u.pathname = u.pathname.replace('web-frontend', 'web%2Dfrontend'))],
  ];

  it.each(TAMPER)('with %s → 403, without a credential', async (_, tamper) => {
    const url = new URL(await exportUrl());
    tamper(url);
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/invalid: the URL was altered/);
  });

  it('stays 403 when an API token is sent along: a credential does not replace the signature', async () => {
    const url = new URL(await exportUrl());
    url.searchParams.delete('signature');
    const response = await fetch(url, { headers: { authorization: `Bearer ${DEMO.tokens.admin}` } });
    expect(response.status).toBe(403);
  });

  it('is refused when another signing secret made it', async () => {
    const other = await startMockServer({ port: 0, exportDelayMs: 0, signingSecret: 'another-secret' });
    try {
      const created = await fetch(`${other.url}/v1/acme/projects/web-frontend/exports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      const id = (await created.json()).id;
      const done = await (
        await fetch(`${other.url}/v1/acme/projects/web-frontend/exports/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      const foreign = new URL(done.downloadUrl);
      expect((await fetch(`${api.url}${foreign.pathname}${foreign.search}`)).status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('answers 404 when the signature is right but no such object exists', async () => {
    const signed = createSigner(SECRET).sign(api.url, '/_storage/exports/nothing-here.zip', clock.now() + 60_000);
    const response = await fetch(signed);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toBe('No such object.');
  });
});

describe('an expired pre-signed URL', () => {
  it('serves an export URL for an hour (to the second), then answers 403', async () => {
    const url = await exportUrl();
    clock.advance(EXPORT_URL_VALIDITY_MS - 1_000);
    expect((await fetch(url)).status).toBe(200);
    clock.advance(2_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toMatch(/expired/);
    // HEAD as well.
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(403);
  });

  it('is replaced by a new GET of the export, which signs a fresh one', async () => {
    const url = await exportUrl();
    const id = /reg_[\w-]+(?=\.zip)/.exec(url)![0];
    clock.advance(EXPORT_URL_VALIDITY_MS + 60_000);
    expect((await fetch(url)).status).toBe(403);
    const again = await api.call('GET', `/v1/acme/projects/web-frontend/exports/${id}`, { token });
    expect(again.json.downloadUrl).not.toBe(url);
    expect((await fetch(again.json.downloadUrl)).status).toBe(200);
  });

  it('serves a CDN filesUrl for 24 hours, then answers 403', async () => {
    const { filesUrl: url } = await filesUrl();
    clock.advance(FILES_URL_VALIDITY_MS - 1_000);
    expect((await fetch(url)).status).toBe(200);
    clock.advance(2_000);
    expect((await fetch(url)).status).toBe(403);
  });
});
