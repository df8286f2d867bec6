// `loc cdn check`: what a mobile build step sees — exit codes to branch on, and --download that skips an unchanged release.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, tempDir } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir('loc-cdn-');
});
afterEach(() => dir.remove());

const IOS = ['cdn', 'check', '--environment', 'PRODUCTION', '--type', 'MOBILE_SDK_IOS'];
const cdn = (args: string[], key: string = CDN_KEYS.acme) =>
  service.loc(args, { env: { LOC_CDN_KEY: key, LOC_API_TOKEN: undefined } });

describe('loc cdn check', () => {
  it('exits 0 with the newest release for the client version', async () => {
    const result = await cdn([...IOS, '--client-version', '2.1.0', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { release } = result.json();
    expect(release.distributionReleaseId).toBe('rel_ios_2_1');
    expect(release.filesUrl).toMatch(/^http:\/\/127\.0\.0\.1/);
  });

  it('offers older apps only the releases made for them', async () => {
    const result = await cdn([...IOS, '--client-version', '1.4.0', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().release.distributionReleaseId).toBe('rel_ios_1_9');
  });

  it('hides the pre-signed URL’s signature in human output', async () => {
    const result = await cdn([...IOS, '--client-version', '2.1.0']);
    expect(result.stdout).toMatch(/Release .+ \(rel_ios_2_1\)/);
    expect(result.stdout).not.toMatch(/signature=|sig=|expires=/i);
  });

  it('exits 20 when the client already has the newest release', async () => {
    const result = await cdn([...IOS, '--client-version', '2.1.0', '--client-release', 'rel_ios_2_1']);
    expect(result.code, result.stderr).toBe(20);
    expect(result.stdout).toMatch(/Up to date/);
  });

  it('downloads and unzips, then skips the unchanged release (exit 20)', async () => {
    const out = join(dir.path, 'Strings');
    const first = await cdn([...IOS, '--client-version', '2.1.0', '--download', out]);
    expect(first.code, first.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, '.loc-release.json'), 'utf8'));
    expect(manifest.distributionReleaseId).toBe('rel_ios_2_1');
    for (const file of manifest.files) expect(existsSync(join(out, file.path))).toBe(true);

    const second = await cdn([...IOS, '--client-version', '2.1.0', '--download', out, '--json']);
    expect(second.code, second.stderr).toBe(20);
    expect(second.json()).toMatchObject({ upToDate: true, downloaded: false });
  });

  it('downloads again when a file of the release went missing', async () => {
    const out = join(dir.path, 'Strings');
    await cdn([...IOS, '--client-version', '2.1.0', '--download', out]);
    const { files } = JSON.parse(readFileSync(join(out, '.loc-release.json'), 'utf8'));
    rmSync(join(out, files[0].path));
    const again = await cdn([...IOS, '--client-version', '2.1.0', '--download', out, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().downloaded).toBe(true);
    expect(existsSync(join(out, files[0].path))).toBe(true);
  });

  it('downloads again when the folder holds another release', async () => {
    const out = join(dir.path, 'Strings');
    await cdn([...IOS, '--client-version', '1.0.0', '--download', out]);
    const manifest = JSON.parse(readFileSync(join(out, '.loc-release.json'), 'utf8'));
    // Pretend the folder holds an older release: the service offers the newer one again.
    writeFileSync(join(out, '.loc-release.json'), JSON.stringify({ ...manifest, distributionReleaseId: 'rel_older' }));
    const again = await cdn([...IOS, '--client-version', '1.0.0', '--download', out, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().downloaded).toBe(true);
  });

  it.each([
    ['an unknown key', 'lh-cdn_nope', 3, /CDN key was refused/],
    ['an expired key', CDN_KEYS.expired, 3, /CDN key was refused/],
    ['a revoked key', CDN_KEYS.revoked, 3, /CDN key was refused/],
  ])('exits 3 for %s', async (_, key, code, message) => {
    const result = await cdn([...IOS], key);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain(key);
  });

  it('exits 5 when there is no such distribution', async () => {
    const result = await cdn(['cdn', 'check', '--environment', 'TEST', '--type', 'MOBILE_SDK_IOS', '--json']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.json().error.codes).toContain('DISTRIBUTION_NOT_FOUND');
  });

  it('exits 2 for a client version that is not semantic, before the check is sent', async () => {
    const result = await cdn([...IOS, '--client-version', 'two']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--client-version 'two' is not a semantic version/);
  });

  it('exits 7 when the workspace’s usage budget is used up', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await cdn(['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_ANDROID'], CDN_KEYS.globex)).code ?? -1,
      );
    }
    expect(codes).toContain(7);
    const last = await cdn(['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_ANDROID'], CDN_KEYS.globex);
    expect(last.code, last.stderr).toBe(7);
    expect(last.stderr).toMatch(/USAGE_LIMIT_EXCEEDED/);
  });

  it('exits 3 with what to do when no CDN key is set', async () => {
    const result = await service.loc([...IOS], { env: { LOC_CDN_KEY: undefined } });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/LOC_CDN_KEY/);
  });

  it('requires --environment and --type even at a terminal', async () => {
    const result = await cdn(['cdn', 'check']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--environment, --type/);
  });

  it('gives up after --timeout with exit 8 when the service hangs', async () => {
    const hanging = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      const result = await service.loc([...IOS, '--timeout', '1s'], {
        env: { LOC_BASE_URL: url, LOC_CDN_KEY: CDN_KEYS.acme },
      });
      expect(result.code, result.stderr).toBe(8);
      expect(result.stderr).toMatch(/did not finish within 1\.0 s/);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  // Issue 42, point 2: "plain http only on loopback" held to every hop. A name reserved for tests (.test) is
  // off loopback to the rule (isLoopbackHost) and resolves nowhere: a download that followed the hop would
  // fail to resolve it, which the message tells apart from the refusal; no traffic leaves loopback.
  it('--download refuses a loopback filesUrl that redirects to plain http off loopback: exit 9, the hop never made', async () => {
    const seen: string[] = [];
    const cdnHost = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.host?.split(':')[0]} ${req.url}`);
      const port = (cdnHost.address() as AddressInfo).port;
      if (req.url === '/cdn/check') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            distributionReleaseId: 'rel_x',
            name: 'X',
            createdAt: '2026-11-01T10:00:00Z',
            filesUrl: `http://127.0.0.1:${port}/files/r.zip`,
          }),
        );
      } else if (req.url === '/files/r.zip') {
        res.writeHead(302, { location: `http://files.off-loopback.test:${port}/files/r.zip?signature=s3cr3t` }).end();
      } else res.writeHead(200, { 'content-type': 'application/zip' }).end('PK\x05\x06'.padEnd(22, '\0'));
    });
    await new Promise<void>((resolve) => cdnHost.listen(0, '127.0.0.1', resolve));
    try {
      const out = join(dir.path, 'Hopped');
      const result = await service.loc([...IOS, '--download', out], {
        env: {
          LOC_BASE_URL: `http://127.0.0.1:${(cdnHost.address() as AddressInfo).port}`,
          LOC_CDN_KEY: CDN_KEYS.acme,
        },
      });
      expect(result.code, result.stderr).toBe(9);
      expect(result.stderr).toMatch(/Refused a redirect to a plain http: URL/);
      expect(result.stderr).not.toContain('s3cr3t');
      expect(seen).toEqual(['POST 127.0.0.1 /cdn/check', 'GET 127.0.0.1 /files/r.zip']);
      expect(existsSync(join(out, '.loc-release.json'))).toBe(false);
    } finally {
      cdnHost.closeAllConnections();
      await new Promise((resolve) => cdnHost.close(resolve));
    }
  });

  // Issue 32, item 7: the check's answer is untrusted input, held to @loc/sdk's one rule (cdn-url-rule.ts).
  it.each([
    ['a plain http: URL off loopback', 'http://files.example/r.zip?signature=s3cr3t', /plain http: URL/],
    ['a file: URL', 'file:///etc/passwd', /a file: URL/],
    ['a data: URL', 'data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', /a data: URL/],
  ])(
    '--download refuses %s in the check’s answer: exit 9, nothing fetched or written',
    async (_name, filesUrl, reason) => {
      const seen: string[] = [];
      const cdnHost = createServer((req, res) => {
        seen.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ distributionReleaseId: 'rel_x', name: 'X', createdAt: '2026-11-01T10:00:00Z', filesUrl }),
        );
      });
      await new Promise<void>((resolve) => cdnHost.listen(0, '127.0.0.1', resolve));
      try {
        const out = join(dir.path, 'Strings');
        const result = await service.loc([...IOS, '--download', out], {
          env: {
            LOC_BASE_URL: `http://127.0.0.1:${(cdnHost.address() as AddressInfo).port}`,
            LOC_CDN_KEY: CDN_KEYS.acme,
          },
        });
        expect(result.code, result.stderr).toBe(9);
        expect(result.stderr).toMatch(reason);
        expect(result.stderr).toMatch(/Nothing was downloaded or written/);
        expect(result.stderr).not.toContain('s3cr3t');
        expect(seen).toEqual(['POST /cdn/check']);
        expect(existsSync(join(out, '.loc-release.json'))).toBe(false);
      } finally {
        cdnHost.closeAllConnections();
        await new Promise((resolve) => cdnHost.close(resolve));
      }
    },
  );
});
