// docs/ota.md's fake-timer recipe ("Fake timers in tests"), run as written: against a real loc-mock on a
// loopback port, with Node's own fetch and its sockets. The last test holds the page's block to the text
// between the recipe markers below, so that the page cannot drift from what runs here.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { createOtaClient } from '@loc/sdk/ota';
import { startMock } from '@loc/test-utils';

const running = await startMock();
process.env.LOC_MOCK_URL = running.url;
afterAll(() => running.stop());

// recipe:start
// Where `loc-mock serve --port 4010` listens; its demo seed has a DEVELOPMENT NATIVE_FORMAT release.
const mock = process.env.LOC_MOCK_URL ?? 'http://127.0.0.1:4010';
afterEach(() => vi.useRealTimers());

it('waits out a 429 pause, then applies the release', async () => {
  // Only Date: with a faked setTimeout, Node's fetch times out (or crashes) when the fake clock moves.
  vi.useFakeTimers({ toFake: ['Date'] });
  await fetch(`${mock}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'STATUS', status: 429, path: '/cdn/check' }),
  });
  const ota = createOtaClient({
    cdnKey: 'lh-cdn_demo_acme',
    baseUrl: mock,
    environment: 'DEVELOPMENT',
    type: 'NATIVE_FORMAT',
  });
  expect(await ota.checkNow()).toMatchObject({ status: 'failed', failure: { status: 429 } });
  // Nothing is sent for the interval: a day, stretched by up to 20 % (an hour at least, or Retry-After).
  expect(await ota.checkNow()).toMatchObject({ status: 'paused' });
  vi.setSystemTime(Date.now() + 2 * 24 * 60 * 60 * 1000);
  expect(await ota.checkNow()).toMatchObject({ status: 'updated' });
});
// recipe:end

it('docs/ota.md shows this recipe word for word', () => {
  const here = fileURLToPath(import.meta.url);
  const page = readFileSync(join(dirname(here), '..', 'docs', 'ota.md'), 'utf8');
  const start = page.indexOf('```ts\n', page.indexOf('<!-- ota-fake-timer-recipe:'));
  const block = page.slice(start + '```ts\n'.length, page.indexOf('\n```', start));
  const source = readFileSync(here, 'utf8');
  const recipe = source.slice(source.indexOf('// recipe:start\n') + 16, source.indexOf('// recipe:end'));
  // The block is the two imports of this file's recipe, then the recipe itself.
  expect(block).toBe(
    `import { afterEach, expect, it, vi } from 'vitest';\nimport { createOtaClient } from '@loc/sdk/ota';\n\n${recipe.trimEnd()}`,
  );
});
