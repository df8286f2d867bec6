import { describe, expect, it } from 'vitest';
import { envProxyRoute } from './env-proxy';

const PROXY = 'http://proxy.test:3128';
const route = (url: string, agentProxyEnv: Record<string, string> | undefined, env = {}, node = '26.0.0') =>
  envProxyRoute(new URL(url), agentProxyEnv, env, node);

describe('envProxyRoute', () => {
  it('goes through node:http where Node gave its global agent the environment (NODE_USE_ENV_PROXY=1)', () => {
    expect(route('http://cdn.test/a.zip', { HTTP_PROXY: PROXY })).toBe('node:http');
    expect(route('https://cdn.test/a.zip', { HTTPS_PROXY: PROXY })).toBe('node:http');
    expect(route('http://cdn.test/a.zip', { http_proxy: PROXY, HTTP_PROXY: '' })).toBe('node:http');
  });

  it('connects directly where Node would: no proxy for the scheme, a proxy that is not http(s), no agent proxy', () => {
    // Node takes only HTTPS_PROXY for https URLs (undici's fetch would take HTTP_PROXY too).
    expect(route('https://cdn.test/a.zip', { HTTP_PROXY: PROXY })).toBeUndefined();
    expect(route('http://cdn.test/a.zip', { HTTPS_PROXY: PROXY })).toBeUndefined();
    expect(route('http://cdn.test/a.zip', { HTTP_PROXY: 'socks5://proxy.test:1080' })).toBeUndefined();
    // Node 22 before 22.21 (no proxy in its agents), or NODE_USE_ENV_PROXY unset: Node ignores HTTP_PROXY,
    // and so does the SDK.
    expect(route('http://cdn.test/a.zip', undefined, { HTTP_PROXY: PROXY }, '22.19.0')).toBeUndefined();
    expect(
      route('http://cdn.test/a.zip', undefined, { HTTP_PROXY: PROXY, NODE_USE_ENV_PROXY: '1' }, '22.19.0'),
    ).toBeUndefined();
    expect(route('http://cdn.test/a.zip', undefined, { HTTP_PROXY: PROXY })).toBeUndefined();
  });

  it('bypasses the proxy for NO_PROXY hosts by the entries Node matches', () => {
    const bypassed = (url: string, noProxy: string) =>
      route(url, { HTTP_PROXY: PROXY, HTTPS_PROXY: PROXY, NO_PROXY: noProxy }) === undefined;
    expect(bypassed('http://127.0.0.1:8080/a.zip', 'localhost, 127.0.0.1')).toBe(true);
    expect(bypassed('http://127.0.0.1:8080/a.zip', '127.0.0.1:8080')).toBe(true);
    expect(bypassed('http://127.0.0.1:8080/a.zip', '127.0.0.1:9090')).toBe(false);
    expect(bypassed('https://files.CDN.test/a.zip', '.cdn.test')).toBe(true);
    expect(bypassed('https://cdn.test/a.zip', '.cdn.test')).toBe(true);
    expect(bypassed('https://files.cdn.test/a.zip', '*.cdn.test')).toBe(true);
    expect(bypassed('https://notcdn.test/a.zip', '.cdn.test,*.cdn.test')).toBe(false);
    expect(bypassed('http://[::1]:8080/a.zip', '::1')).toBe(true);
    expect(bypassed('http://anything.test/a.zip', '*')).toBe(true);
    // no_proxy wins over NO_PROXY, as in Node.
    expect(route('http://cdn.test/a.zip', { HTTP_PROXY: PROXY, no_proxy: 'other.test', NO_PROXY: 'cdn.test' })).toBe(
      'node:http',
    );
    // An IPv4 range is left to node:http, which applies it itself: the SDK only ever errs towards node:http.
    expect(route('http://10.0.0.7/a.zip', { HTTP_PROXY: PROXY, NO_PROXY: '10.0.0.0-10.0.0.255' })).toBe('node:http');
  });

  it('goes through fetch where only fetch honours the environment (Node 24.0–24.4), which applies NO_PROXY itself', () => {
    const env = { NODE_USE_ENV_PROXY: '1', HTTP_PROXY: PROXY, NO_PROXY: 'cdn.test' };
    expect(route('https://cdn.test/a.zip', undefined, env, '24.4.1')).toBe('fetch');
    expect(route('https://cdn.test/a.zip', undefined, { ...env, NODE_USE_ENV_PROXY: '' }, '24.4.1')).toBeUndefined();
  });
});
