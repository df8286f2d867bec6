// export-and-download.mjs behind Node's own proxy support (NODE_USE_ENV_PROXY=1 with HTTP_PROXY and
// NO_PROXY): the SDK's download must go where Node sends its requests, not past the proxy on a socket of
// its own. The proxy runs in this process, so the example runs as an asynchronous child.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock, startProxy, type RunningMock, type TestProxy } from '@loc/test-utils';

const here = dirname(fileURLToPath(import.meta.url));
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
// Node's http and https agents honour NODE_USE_ENV_PROXY from 22.21 and 24.5 on (fetch alone from 24.0).
const nodeHonoursEnvProxy = major > 24 || (major === 24 && minor >= 5) || (major === 22 && minor >= 21);

let mock: RunningMock;
let proxy: TestProxy;
let out: string;

beforeAll(async () => {
  if (!nodeHonoursEnvProxy) return;
  mock = await startMock(['--export-delay', '50ms']);
  proxy = await startProxy();
  out = mkdtempSync(join(tmpdir(), 'loc-env-proxy-'));
});
afterAll(async () => {
  await mock?.stop();
  await proxy?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});
beforeEach(() => {
  proxy?.carried.splice(0);
});

function runExample(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [join(here, 'export-and-download.mjs'), 'acme', 'mobile-ios', join(out, 'export.zip')],
    {
      env: { PATH: process.env.PATH ?? '', LOC_BASE_URL: mock.url, LOC_API_TOKEN: 'loc_test_developer', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** What the proxy carried of the download (the pre-signed URL of the export's ZIP under /_storage/). */
const downloadsCarried = () => proxy.carried.filter((line) => line.includes('/_storage/'));

describe.skipIf(!nodeHonoursEnvProxy)(
  `NODE_USE_ENV_PROXY (Node ${process.versions.node}; skipped below 22.21 and on 24.0–24.4, where node:http does not honour it)`,
  () => {
    it('downloads through the proxy of HTTP_PROXY when Node is told to use it', async () => {
      const result = await runExample({ NODE_USE_ENV_PROXY: '1', HTTP_PROXY: proxy.url });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/Downloaded \d+ files/);
      expect(statSync(join(out, 'export.zip')).size).toBeGreaterThan(22);
      // node:http sends the absolute URL to the proxy; the API calls went through it too (Node's fetch).
      expect(downloadsCarried().map((line) => line.startsWith(`GET ${mock.url}/_storage/`))).toEqual([true]);
    });

    it('goes around the proxy for a NO_PROXY host', async () => {
      const result = await runExample({ NODE_USE_ENV_PROXY: '1', HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/Downloaded \d+ files/);
      expect(proxy.carried).toEqual([]);
    });

    it("never shows the proxy's password, and leaves no file, when the proxy cannot be reached", async () => {
      // A port nothing listens on: the proxy's own, now closed.
      const closed = await startProxy();
      await closed.close();
      const script = `import { downloadToFile } from '@loc/sdk/node';
        await downloadToFile(process.argv[1], process.argv[2]).catch((e) => { console.error(JSON.stringify({ message: e.message, cause: e.cause?.message, stack: e.stack })); process.exitCode = 1; });`;
      const child = spawn(
        process.execPath,
        ['--input-type=module', '-e', script, `${mock.url}/_storage/x.zip?signature=s1gnature`, join(out, 'never.zip')],
        {
          cwd: here,
          env: {
            PATH: process.env.PATH ?? '',
            NODE_USE_ENV_PROXY: '1',
            HTTP_PROXY: closed.url.replace('http://', 'http://user:pa55word@'),
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      const status = await new Promise((resolve) => child.once('close', resolve));
      expect(status).toBe(1);
      expect(stderr).toMatch(/The download from .* failed: connect ECONNREFUSED/);
      expect(stderr).not.toMatch(/pa55word|s1gnature/);
      expect(readdirSync(out).filter((name) => name.includes('never'))).toEqual([]);
    });

    it('connects directly without NODE_USE_ENV_PROXY, as Node itself does', async () => {
      const result = await runExample({ HTTP_PROXY: proxy.url });
      expect(result.status, result.stderr).toBe(0);
      expect(proxy.carried).toEqual([]);
    });
  },
);
