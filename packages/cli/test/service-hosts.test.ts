// Where the built `loc` sends requests: the service's hosts with only credentials, spec.md's /cdn/check on
// any other host, and messages that name the host and path when a CDN check finds nothing there. Requests
// for the service's hosts stop at a loopback proxy that forwards nothing (startStoppingProxy): no test
// reaches api.lingohub.com or cdn.lingohub.com.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, runLoc, startStoppingProxy, tempDir, type StoppingProxy } from '@loc/test-utils';
import { version } from '../package.json';
import { useMock } from './helpers';

const service = useMock();
const IOS = ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS'];
let home: ReturnType<typeof tempDir>;
let proxy: StoppingProxy;
beforeEach(async () => {
  home = tempDir('loc-hosts-');
  proxy = await startStoppingProxy();
});
afterEach(async () => {
  home.remove();
  await proxy.close();
});

/** `loc` with nothing set but what the test gives: no base URL, its own config folder, the stopping proxy. */
const bare = (args: string[], env: Record<string, string> = {}) =>
  runLoc(args, { env: { LOC_CONFIG_DIR: home.path, CI: '1', HTTPS_PROXY: proxy.url, ...env } });

describe('the service by default', () => {
  it('loc whoami names api.lingohub.com and the CDN check at cdn.lingohub.com/v1/distributions/check', async () => {
    const result = await bare(['whoami', '--json']);
    expect(result.json()).toMatchObject({
      baseUrl: 'https://api.lingohub.com',
      baseUrlSource: 'default',
      cdnCheckUrl: 'https://cdn.lingohub.com/v1/distributions/check',
    });
    expect(proxy.asked).toEqual([]);
  });

  it('with only a token, loc projects list goes to api.lingohub.com:443 (stopped at the proxy)', async () => {
    const result = await bare(['projects', 'list'], { LOC_API_TOKEN: 'a-token-of-the-test' });
    expect(result.code).not.toBe(0);
    // The list is safe to repeat: the SDK retries it, always to the same host.
    expect(new Set(proxy.asked)).toEqual(new Set(['CONNECT api.lingohub.com:443']));
  });

  it('with only a CDN key, loc cdn check goes to cdn.lingohub.com:443 (stopped at the proxy)', async () => {
    const result = await bare(IOS, { LOC_CDN_KEY: 'lh-cdn_of-the-test' });
    expect(result.code).not.toBe(0);
    expect(proxy.asked).toEqual(['CONNECT cdn.lingohub.com:443']);
  });

  it('a CDN key stored by loc login --cdn-key alone goes to the service’s CDN host, and the check uses it', async () => {
    const login = await bare(['login', '--cdn-key', 'lh-cdn_stored-by-test', '--json']);
    expect(login.code, login.stderr).toBe(0);
    expect(login.json()).toMatchObject({ baseUrl: 'https://api.lingohub.com', cdnBaseUrl: 'https://cdn.lingohub.com' });
    const whoami = await bare(['whoami', '--json']);
    expect(whoami.json()).toMatchObject({ cdnKey: 'profile' });
    const check = await bare(IOS);
    expect(check.stderr).not.toMatch(/was not sent/);
    expect(proxy.asked).toEqual(['CONNECT cdn.lingohub.com:443']);
  });

  it('only the service’s CDN host as --cdn-base-url gets its path; another host gets /cdn/check', async () => {
    const service = await bare(['whoami', '--json', '--cdn-base-url', 'https://cdn.lingohub.com/']);
    expect(service.json().cdnCheckUrl).toBe('https://cdn.lingohub.com/v1/distributions/check');
    const other = await bare(['whoami', '--json', '--base-url', 'http://127.0.0.1:9']);
    expect(other.json().cdnCheckUrl).toBe('http://127.0.0.1:9/cdn/check');
    const path = await bare(['whoami', '--json', '--cdn-check-path', '/edge/check']);
    expect(path.json().cdnCheckUrl).toBe('https://cdn.lingohub.com/edge/check');
  });

  it('--help names the defaults', async () => {
    const help = (await runLoc(['--help'])).stdout;
    expect(help).toContain('https://api.lingohub.com');
    expect(help).toContain('https://cdn.lingohub.com');
    expect(help).toContain('/v1/distributions/check');
  });
});

describe('a CDN check that finds nothing at its host and path', () => {
  // A host that is not a CDN check: an API's JSON 404, an empty 404, a web server's page.
  let other: Server;
  let otherUrl: string;
  const asked: string[] = [];
  beforeAll(async () => {
    other = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      if (req.url?.startsWith('/json'))
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      else if (req.url?.startsWith('/empty')) res.writeHead(404).end();
      else if (req.url?.startsWith('/refused'))
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"error_message":"The CDN key lh-… is not known here"}');
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  const check = (cdnBaseUrl: string, extra: string[] = []) =>
    bare([...IOS, '--cdn-base-url', cdnBaseUrl, ...extra], { LOC_CDN_KEY: CDN_KEYS.acme });

  it.each([
    ['a JSON 404 of another API', '/json'],
    ['an empty 404', '/empty'],
  ])('%s: names the host and path asked, not "No such distribution"', async (_, prefix) => {
    const result = await check(`${otherUrl}${prefix}`);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(
      `POST ${otherUrl}${prefix}/cdn/check answered 404 without the CDN check's answer: no CDN check is served at that host and path.`,
    );
    expect(result.stderr).toMatch(/given with --cdn-base-url/);
    expect(result.stderr).toMatch(/--cdn-check-path/);
    expect(result.stderr).not.toMatch(/No such distribution/);
  });

  it('a web page’s 404 says the host is not the CDN check, with the path to set', async () => {
    const result = await check(otherUrl, ['--cdn-check-path', '/v1/distributions/check']);
    expect(result.stderr).toContain(
      `${otherUrl} does not look like the loc CDN check: POST /v1/distributions/check answered 404 with an HTML page.`,
    );
    expect(result.stderr).toMatch(/given with --cdn-check-path/);
  });

  it('loc-mock’s own 404 for a distribution it lacks is still "No such distribution"', async () => {
    const result = await service.loc(['cdn', 'check', '-e', 'TEST', '-t', 'MOBILE_SDK_IOS'], {
      env: { LOC_CDN_KEY: CDN_KEYS.acme },
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/No such distribution \(DISTRIBUTION_NOT_FOUND\)/);
  });

  it('a 401 keeps the service’s own text', async () => {
    const result = await check(`${otherUrl}/refused`);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('The CDN key was refused (401): The CDN key lh-… is not known here.');
  });
});

describe('what loc cdn check sends', () => {
  it('reaches loc-mock at the service’s CDN path too (--cdn-check-path /v1/distributions/check)', async () => {
    const result = await service.loc(
      [...IOS, '--client-version', '2.1.0', '--cdn-check-path', '/v1/distributions/check', '--json'],
      {
        env: { LOC_CDN_KEY: CDN_KEYS.acme },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().release.distributionReleaseId).toBe('rel_ios_2_1');
  });

  it('clientAgent loc-cli/<version>, to loc-mock’s /cdn/check', async () => {
    const result = await service.loc([...IOS, '--client-version', '2.1.0'], { env: { LOC_CDN_KEY: CDN_KEYS.acme } });
    expect(result.code, result.stderr).toBe(0);
    const journal = (await (await fetch(`${service.url}/__admin/requests`)).json()) as {
      requests: { path: string; body: { json?: { clientAgent?: string } } | null }[];
    };
    const checks = journal.requests.filter((r) => r.path === '/cdn/check');
    expect(checks.at(-1)?.body?.json?.clientAgent).toBe(`loc-cli/${version}`);
  });
});
