// Issue 42, point 8: proxy variables judged as undici (the HTTP client `loc` sends through a proxy with) will
// read them. Each value is given to undici's own ProxyAgent, of the major loc depends on, and loc's verdict
// must be the same: a value undici refuses is exit 2 naming the variable, never "Unexpected error".
import { ProxyAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../run/errors';
import { checkProxyVariables } from './settings';

/** Whether undici takes `value` as a proxy, as EnvHttpProxyAgent hands it to ProxyAgent. */
function undiciTakes(value: string): boolean {
  try {
    void new ProxyAgent({ uri: value }).close();
    return true;
  } catch {
    return false;
  }
}

const VALUES = [
  'garbage',
  'proxy.corp.example:3128',
  'localhost:3128',
  'user:s3cret@proxy.corp.example:3128',
  'bad host',
  '::not a url::',
  '//proxy.corp.example:3128',
  'http://',
  'http://proxy.corp.example:99999',
  'http://proxy.corp.example:3128/',
  'http://proxy.corp.example:3128',
  'http://proxy.corp.example:3128/path',
  'http://proxy.corp.example:3128?x=1',
  'http://proxy.corp.example:3128#x',
  'http://proxy.corp.example:3128?',
  'http://proxy.corp.example:3128/%2e',
  'http://user:s3cret@proxy.corp.example:3128',
  'https://proxy.corp.example',
  ' http://proxy.corp.example:3128 ',
  'HTTP://PROXY.CORP.EXAMPLE:3128',
  'http:proxy.corp.example:3128',
  'http://[::1]:3128',
  'ftp://proxy.corp.example',
  'file:///etc/passwd',
  'socks5://proxy.corp.example:1080',
  'socks://proxy.corp.example',
];

describe('checkProxyVariables', () => {
  it.each(VALUES)('judges HTTP_PROXY=%j as undici does', (value) => {
    const check = () => checkProxyVariables({ HTTP_PROXY: value });
    if (undiciTakes(value)) expect(check).not.toThrow();
    else {
      expect(check).toThrow(UsageError);
      expect(check).toThrow(/^HTTP_PROXY is not a proxy URL/);
    }
  });

  it('says why without the value, which may hold a password', () => {
    const why = (value: string) => {
      try {
        checkProxyVariables({ HTTPS_PROXY: value });
      } catch (error) {
        return `${(error as UsageError).message} ${(error as UsageError).hint}`;
      }
      return undefined;
    };
    expect(why('garbage')).toMatch(/is not a URL/);
    expect(why('user:s3cret@proxy.corp.example:3128')).toMatch(/starts with no http:\/\/ or https:\/\//);
    expect(why('http://user:s3cret@proxy.corp.example:3128/p')).toMatch(/has a path, a query or a fragment/);
    for (const value of ['user:s3cret@proxy.corp.example:3128', 'http://user:s3cret@proxy.corp.example:3128/p'])
      expect(why(value)).not.toMatch(/s3cret|proxy\.corp/);
  });

  it('refuses a SOCKS proxy without a host, which undici takes and then cannot reach', () => {
    expect(undiciTakes('socks5://')).toBe(true);
    expect(() => checkProxyVariables({ https_proxy: 'socks5://' })).toThrow(/^https_proxy is not a proxy URL/);
  });

  it('judges the variable undici reads: the lower-case one first, and an empty one hides the other', () => {
    expect(() =>
      checkProxyVariables({ http_proxy: 'http://proxy.corp.example:3128', HTTP_PROXY: 'garbage' }),
    ).not.toThrow();
    expect(() => checkProxyVariables({ http_proxy: '', HTTP_PROXY: 'garbage' })).not.toThrow();
    expect(() => checkProxyVariables({ http_proxy: 'garbage', HTTP_PROXY: 'http://proxy.corp.example:3128' })).toThrow(
      /^http_proxy is not/,
    );
    expect(() =>
      checkProxyVariables({ https_proxy: 'http://p:1', HTTPS_PROXY: 'proxy.corp.example:3128' }),
    ).not.toThrow();
    expect(() => checkProxyVariables({ HTTPS_PROXY: 'proxy.corp.example:3128' })).toThrow(/^HTTPS_PROXY is not/);
    expect(() => checkProxyVariables({})).not.toThrow();
  });
});
