// How a user tests their own code against @loc/mock-server: msw intercepts the SDK's requests, the
// mock's state is readable and changeable from the test, and one-off faults come from `faults`.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '@loc/mock-server';
import { createClient, RateLimitError } from '@loc/sdk';

const BASE = 'http://127.0.0.1:4010'; // msw intercepts it; nothing listens there
const mock = createMockService({ baseUrl: BASE, exportDelayMs: 0 });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  mock.reset();
});
afterAll(() => server.close());

/** The code under test: a small function of the user's own. */
async function germanProgress(token: string): Promise<number> {
  const loc = createClient({ baseUrl: BASE, token });
  const projects = await loc.projects.workspaceStatus('acme');
  const counts = projects.flatMap((p) => p.locales.filter((l) => l.languageCode === 'de').map((l) => l.statuses));
  const total = counts.reduce((n, c) => n + Object.values(c).reduce((a, b) => a + b, 0), 0);
  return total === 0 ? 1 : counts.reduce((n, c) => n + c.APPROVED, 0) / total;
}

describe('testing your code with the mock', () => {
  it('answers like the service', async () => {
    const share = await germanProgress('loc_test_developer');
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
  });

  it('enforces permissions', async () => {
    await expect(germanProgress('loc_test_outsider')).rejects.toMatchObject({ status: 403 });
  });

  it('runs exports to completion', async () => {
    const loc = createClient({ baseUrl: BASE, token: 'loc_test_developer' });
    const done = await loc.exports.createAndWait('acme', 'web-frontend', { iso2Slugs: ['de'] }, { intervalMs: 10 });
    expect(done.resourceExports.length).toBeGreaterThan(0);
    expect(done.downloadUrl).toMatch(/^http:\/\/127\.0\.0\.1:4010\//);
  });

  it('spends the CDN usage budget', async () => {
    const loc = createClient({ baseUrl: BASE, cdnKey: 'lh-cdn_demo_globex', maxRetries: 0 });
    const check = () =>
      loc.cdn
        .check({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_ANDROID' })
        .catch((e: unknown) => e);
    let last: unknown;
    for (let i = 0; i < 20 && !(last instanceof RateLimitError); i++) last = await check();
    expect(last).toBeInstanceOf(RateLimitError);
    expect((last as RateLimitError).codes).toEqual(['USAGE_LIMIT_EXCEEDED']);
  });
});
