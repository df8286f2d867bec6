import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from './http-fetch';
import { proxyFetch } from './proxy';
import { REFUSED } from '../run/refused';
import { type Hop, sendFollowing } from './redirects';
import { TEST_CERT, TEST_KEY } from './test-certificate';

// Two loopback servers on two ports: two origins. Each records what reached it; a path `/to/<where>`
// answers a redirect there with the status given in `?status=` (302 by default).
interface Seen {
  server: 'a' | 'b' | 'tls';
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
const origins: Record<'a' | 'b' | 'tls', string> = { a: '', b: '', tls: '' };

function recorder(name: Seen['server']) {
  return (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      seen.push({ server: name, method: req.method!, path: req.url!, headers: req.headers, body });
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/to') {
        const status = Number(url.searchParams.get('status') ?? 302);
        return res.writeHead(status, { location: url.searchParams.get('location')! }).end('moved');
      }
      if (url.pathname.startsWith('/loop/')) {
        const left = Number(url.pathname.slice(6));
        return res.writeHead(302, { location: left > 0 ? `/loop/${left - 1}` : '/end' }).end();
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${name}:${req.method}:${body}`);
    });
  };
}

const servers: Server[] = [];
beforeAll(async () => {
  const listen = async (name: Seen['server'], server: Server, scheme: string) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origins[name] = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  await listen('a', createServer(recorder('a')), 'http');
  await listen('b', createServer(recorder('b')), 'http');
  await listen('tls', createHttpsServer({ key: TEST_KEY, cert: TEST_CERT }, recorder('tls')), 'https');
});
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});
afterEach(() => {
  seen.length = 0;
});

/** A URL on server `from` that redirects to `to` with `status`. */
const via = (from: keyof typeof origins, to: string, status = 302) =>
  `${origins[from]}/to?status=${status}&location=${encodeURIComponent(to)}`;

const CREDENTIALS = {
  authorization: 'Bearer loc_secret_token',
  cookie: 'session=secret',
  'proxy-authorization': 'Basic c2VjcmV0',
  'x-request-id': 'kept',
};

// The same rules for loc's own client and for the proxy-aware one (undici through EnvHttpProxyAgent; the
// loopback is in NO_PROXY, so it connects directly and only the redirect rules are under test; undici
// refuses a Proxy-Authorization header of the caller's, so that one is left out there).
const PROXY_ENV = { HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' };
const clients: [string, () => Promise<typeof fetch>, Record<string, string>][] = [
  ['createHttpFetch', async () => createHttpFetch(), CREDENTIALS],
  [
    'proxyFetch',
    proxyFetch,
    Object.fromEntries(Object.entries(CREDENTIALS).filter(([name]) => name !== 'proxy-authorization')),
  ],
];
const savedEnv = Object.fromEntries(Object.keys(PROXY_ENV).map((name) => [name, process.env[name]]));
beforeAll(() => {
  Object.assign(process.env, PROXY_ENV);
});
afterAll(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe.each(clients)('%s follows redirects as fetch does', (_name, make, CREDENTIALS) => {
  let fetch: typeof globalThis.fetch;
  beforeAll(async () => {
    fetch = await make();
  });

  it('drops Authorization, Cookie and Proxy-Authorization on a redirect to another origin', async () => {
    const response = await fetch(via('a', `${origins.b}/file`), { headers: CREDENTIALS });
    expect(await response.text()).toBe('b:GET:');
    const atB = seen.find((s) => s.server === 'b')!;
    expect(atB.headers.authorization).toBeUndefined();
    expect(atB.headers.cookie).toBeUndefined();
    expect(atB.headers['proxy-authorization']).toBeUndefined();
    expect(atB.headers['x-request-id']).toBe('kept');
    expect(seen.find((s) => s.server === 'a')!.headers.authorization).toBe('Bearer loc_secret_token');
  });

  it('keeps them on the same origin, and does not send them again once dropped, even back on the first origin', async () => {
    await (await fetch(via('a', '/file'), { headers: CREDENTIALS })).text();
    expect(seen.map((s) => [s.server, s.headers.authorization])).toEqual([
      ['a', 'Bearer loc_secret_token'],
      ['a', 'Bearer loc_secret_token'],
    ]);
    seen.length = 0;
    await (await fetch(via('a', via('b', `${origins.a}/file`)), { headers: CREDENTIALS })).text();
    expect(seen.map((s) => [s.server, s.headers.authorization ?? null, s.headers.cookie ?? null])).toEqual([
      ['a', 'Bearer loc_secret_token', 'session=secret'],
      ['b', null, null],
      ['a', null, null],
    ]);
  });

  it('a port is part of the origin: another port on the same host is another origin', async () => {
    expect(new URL(origins.a).hostname).toBe(new URL(origins.b).hostname);
    await (await fetch(via('a', `${origins.b}/file`, 307), { headers: CREDENTIALS })).text();
    expect(seen.find((s) => s.server === 'b')!.headers.authorization).toBeUndefined();
  });

  it('refuses a redirect from https to http, sending nothing to the http host', async () => {
    // The test's certificate is self-signed: trust it for this test only.
    const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      const error = await fetch(via('tls', `${origins.b}/file`), { headers: CREDENTIALS }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).toMatch(/from https to a plain http: URL/);
      expect(seen.map((s) => s.server)).toEqual(['tls']);
    } finally {
      if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
    }
  });

  it('refuses a Location with a user name or password (it would be sent as Basic credentials)', async () => {
    const target = `http://user:pass@${new URL(origins.b).host}/file`;
    const error = await fetch(via('a', target)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(seen.map((s) => s.server)).toEqual(['a']);
  });

  it('turns a 303 after PUT into a GET without body and without the fields that described the body', async () => {
    const response = await fetch(via('a', `${origins.a}/done`, 303), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-language': 'de' },
      body: '{"a":1}',
    });
    expect(await response.text()).toBe('a:GET:');
    const second = seen[1]!;
    expect(second.headers['content-type']).toBeUndefined();
    expect(second.headers['content-language']).toBeUndefined();
    expect(second.headers['content-length']).toBeUndefined();
  });

  it('turns a 301 or 302 after POST into a GET, but keeps PUT with its body (fetch changes only POST)', async () => {
    expect(await (await fetch(via('a', '/x', 301), { method: 'POST', body: 'p' })).text()).toBe('a:GET:');
    expect(await (await fetch(via('a', '/x', 302), { method: 'PUT', body: 'p' })).text()).toBe('a:PUT:p');
    expect(await (await fetch(via('a', '/x', 301), { method: 'DELETE' })).text()).toBe('a:DELETE:');
  });

  it('keeps method and body on 307 and 308', async () => {
    expect(await (await fetch(via('a', '/x', 307), { method: 'POST', body: 'p' })).text()).toBe('a:POST:p');
    expect(await (await fetch(via('a', '/x', 308), { method: 'PUT', body: 'q' })).text()).toBe('a:PUT:q');
  });

  it('follows at most 20 redirects', async () => {
    expect(await (await fetch(`${origins.a}/loop/19`)).text()).toBe('a:GET:');
    seen.length = 0;
    await expect(fetch(`${origins.a}/loop/20`)).rejects.toThrow(/too many redirects/);
    expect(seen).toHaveLength(21);
  });

  it('follows no redirect with redirect: manual, and refuses one with redirect: error', async () => {
    const manual = await fetch(via('a', `${origins.b}/file`), { redirect: 'manual', headers: CREDENTIALS });
    expect(manual.status).toBe(302);
    await manual.text();
    await expect(fetch(via('a', `${origins.b}/file`), { redirect: 'error' })).rejects.toThrow(TypeError);
    expect(seen.every((s) => s.server === 'a')).toBe(true);
  });
});

// Issue 42, point 2: each hop is held to the download URL rule (@loc/sdk base/cdn-url-rule.ts), not only
// the step from https to http. An exchange of the test's own answers each hop from a table: nothing reaches
// the network, and `asked` shows which hops would have.
describe('sendFollowing holds every hop to the URL rule', () => {
  const follow = async (chain: readonly string[]) => {
    const asked: string[] = [];
    const next = Object.fromEntries(chain.slice(0, -1).map((url, i) => [url, chain[i + 1]!]));
    const exchange = async (hop: Hop) => {
      asked.push(hop.url.href);
      return next[hop.url.href];
    };
    const head = (location: string | undefined) => ({ status: location ? 302 : 200, location, discard: () => {} });
    const outcome = await sendFollowing(new URL(chain[0]!), {}, exchange, head).catch((e: unknown) => e);
    return { asked, outcome };
  };

  it.each([
    ['loopback to plain http off loopback', ['http://127.0.0.1:9/a', 'http://files.example/b?sig=s3cr3t'], 1],
    ['a downgrade in the middle of a chain', ['https://a.example/1', 'https://b.example/2', 'http://c.example/3'], 2],
    ['https to plain http on loopback', ['https://a.example/1', 'http://127.0.0.1:9/2'], 1],
    ['plain http off loopback to another', ['http://a.example/1', 'http://b.example/2'], 1],
  ] as const)('refuses %s at that hop, before it is sent', async (_what, chain, refusedAt) => {
    const { asked, outcome } = await follow(chain);
    expect(outcome).toBeInstanceOf(TypeError);
    expect(outcome).toMatchObject({ code: REFUSED.redirect });
    expect(String(outcome)).toMatch(/a plain http: URL/);
    expect(String(outcome)).not.toContain('s3cr3t');
    expect(asked).toEqual(chain.slice(0, refusedAt));
  });

  it('follows loopback to loopback, and up to https', async () => {
    const chain = ['http://127.0.0.1:9/1', 'http://localhost:8/2', 'https://files.example/3'];
    const { asked, outcome } = await follow(chain);
    expect(outcome).toMatchObject({ redirects: 2 });
    expect(asked).toEqual(chain);
  });
});
