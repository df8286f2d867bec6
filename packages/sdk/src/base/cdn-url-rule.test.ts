// Issue 42, point 2: every hop of a download is held to the one URL rule, not only the first and the last.
import { describe, expect, it } from 'vitest';
import { refusedCdnUrl, refusedDownloadUrl } from './cdn-url-rule';

const LOOP = 'http://127.0.0.1:4010';

describe('refusedDownloadUrl: one hop of a download, from the hop before it', () => {
  it.each([
    // The first hop: https anywhere, plain http only on loopback.
    ['https://files.test/r.zip', undefined, undefined],
    [`${LOOP}/r.zip`, undefined, undefined],
    ['http://[::1]:1/r.zip', undefined, undefined],
    ['http://files.test/r.zip', undefined, /plain http:/],
    ['http://192.168.1.5:4010/r.zip', undefined, /plain http:/],
    // Redirects: never a downgrade, the loopback exception only from loopback to loopback.
    ['https://b.test/r.zip', 'https://a.test/r.zip', undefined],
    ['https://b.test/r.zip', `${LOOP}/r.zip`, undefined],
    [`${LOOP}/b.zip`, `${LOOP}/a.zip`, undefined],
    ['http://localhost:9/b.zip', `${LOOP}/a.zip`, undefined],
    ['http://files.test/r.zip', `${LOOP}/a.zip`, /plain http:/],
    ['http://files.test/r.zip', 'https://a.test/r.zip', /plain http:/],
    [`${LOOP}/b.zip`, 'https://a.test/r.zip', /plain http:/],
    [`${LOOP}/b.zip`, 'http://files.test/r.zip', /plain http:/],
    ['http://files.test/b.zip', 'http://files.test/a.zip', /plain http:/],
    // Never another scheme, a relative URL or credentials in the URL.
    ['file:///etc/passwd', `${LOOP}/a.zip`, /a file: URL/],
    ['data:application/zip;base64,UEsFBgA=', undefined, /a data: URL/],
    ['/r.zip', undefined, /not absolute/],
    ['https://user:s3cret@files.test/r.zip', undefined, /user name or password/],
    ['https://:s3cret@files.test/r.zip', 'https://a.test/', /user name or password/],
  ] as const)('%s from %s', (url, from, refused) => {
    const reason = refusedDownloadUrl(url, from);
    if (refused) expect(reason).toMatch(refused);
    else expect(reason).toBeUndefined();
    expect(reason ?? '').not.toContain('s3cret');
  });

  it('a chain is refused at the hop that downgrades, wherever it is', () => {
    const chain = ['https://a.test/1', 'https://b.test/2', 'http://c.test/3', 'https://d.test/4'];
    const refusedAt = chain.findIndex((url, i) => refusedDownloadUrl(url, chain[i - 1]) !== undefined);
    expect(refusedAt).toBe(2);
    const local = [`${LOOP}/1`, 'http://localhost:2/2', 'https://e.test/3', `${LOOP}/4`];
    expect(local.findIndex((url, i) => refusedDownloadUrl(url, local[i - 1]) !== undefined)).toBe(3);
  });
});

describe('refusedCdnUrl: the files of a CDN check, and their redirects', () => {
  it('refuses a URL with credentials as it refuses plain http', () => {
    expect(refusedCdnUrl('https://u:p@files.test/r.zip', 'https://cdn.test/cdn/check')).toMatch(/user name/);
  });
});
