import { describe, expect, it } from 'vitest';
import { refusedCdnUrl } from './cdn-url-rule';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost: the one loopback rule (the CDN URL rule, loc-mock’s control API and CORS)', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'app.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '[::1]',
    '::1',
    '[::ffff:7f00:1]',
    '::ffff:127.0.0.1',
  ])('%s is this machine', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each([
    'evil.example',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    '128.0.0.1',
    '[::2]',
    '0.0.0.0',
    '[::ffff:8.8.8.8]',
    '',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false));
  it('is the rule the CDN URL rule applies to hosts as WHATWG URL writes them', () => {
    const check = 'http://127.0.0.1:4010/cdn/check';
    expect(refusedCdnUrl('http://[::ffff:127.0.0.1]:4010/r.zip', check)).toBeUndefined();
    expect(refusedCdnUrl('http://0x7f.1:4010/r.zip', check)).toBeUndefined();
    expect(refusedCdnUrl('http://[::ffff:808:808]/r.zip', check)).toMatch(/plain http/);
  });
});
