// The real server's own request path, before the handlers: the URL it parses (once per Host and target)
// and the body it reads (in one chunk or several).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src';
import { useServer } from './helpers';

const api = useServer();
const iosCheck = JSON.stringify({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });

/** POSTs /cdn/check over node:http with these headers and the body written in `parts`: status and JSON answer. */
function postCheck(headers: Record<string, string>, parts: string[]): Promise<{ status: number; json: any }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/cdn/check',
        headers: { authorization: `Bearer ${DEMO.cdnKeys.valid}`, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

describe('the real server', () => {
  it('gives each Host its own origin for the same target, the first one again too', async () => {
    const a = await postCheck({ host: 'a.example:1234' }, [iosCheck]);
    const b = await postCheck({ host: 'b.example:99' }, [iosCheck]);
    const again = await postCheck({ host: 'a.example:1234' }, [iosCheck]);
    expect([a.status, b.status, again.status]).toEqual([200, 200, 200]);
    expect([a, b, again].map((r) => new URL(r.json.filesUrl).origin)).toEqual([
      'http://a.example:1234',
      'http://b.example:99',
      'http://a.example:1234',
    ]);
  });

  it('reads a body sent in several chunks whole, and checks it as the spec says', async () => {
    const whole = await postCheck({}, [iosCheck]);
    const chunked = { 'transfer-encoding': 'chunked' };
    const parts = await postCheck(chunked, [iosCheck.slice(0, 10), iosCheck.slice(10, 40), iosCheck.slice(40)]);
    expect(parts.status).toBe(200);
    expect([parts.json.distributionReleaseId, parts.json.filesSha256]).toEqual([
      whole.json.distributionReleaseId,
      whole.json.filesSha256,
    ]);
    const bad = await postCheck(chunked, [
      '{"distributionEnvironment":',
      '"NOPE","distributionType":"MOBILE_SDK_IOS"}',
    ]);
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ field: 'distributionEnvironment', infos: ['INVALID_VALUE'] }]);
  });
});
