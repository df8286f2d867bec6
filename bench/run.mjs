#!/usr/bin/env node
// `pnpm bench`: every figure is a ratio against a baseline measured in the same run, on the same
// machine, so the numbers mean the same on a laptop and on a 2-core CI box. All traffic is loopback;
// every loop is bounded in count.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const LOC = join(root, 'packages/cli/dist/bin.cjs');
const MOCK_BIN = join(root, 'packages/mock-server/dist/bin.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);

const { createClient } = await import(pathToFileURL(join(root, 'packages/sdk/dist/index.js')).href);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall time of `runs` spawns of a command, in ms. */
function timeCommand(args, env = {}, runs = RUNS) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { env: { ...process.env, CI: '1', ...env }, encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (result.status !== 0 && result.status !== 20) {
      throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    }
  }
  return median(times);
}

/** Median time of one call of `fn`, over `calls` sequential calls after a warm-up, in ms. */
async function timeCalls(fn, calls = CALLS) {
  for (let i = 0; i < 10; i++) await fn();
  const times = [];
  for (let i = 0; i < calls; i++) {
    const started = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

const rows = [];
function row(name, ms, baselineName, baselineMs) {
  rows.push({ name, ms, baselineName, baselineMs, ratio: ms / baselineMs });
}

/** loc-mock in its own process: spawnSync below blocks this one, so the server cannot live here. */
function startMock() {
  const child = spawn(process.execPath, [MOCK_BIN, 'serve', '--port', '0', '--export-delay', '0ms', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`loc-mock exited with code ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolvePromise({ url: line.split(' ').at(-1), close: () => child.kill('SIGTERM') }),
    );
  });
}

const mock = await startMock();
const home = mkdtempSync(join(tmpdir(), 'loc-bench-'));
try {
  const env = {
    LOC_BASE_URL: mock.url,
    LOC_API_TOKEN: 'loc_test_developer',
    LOC_CDN_KEY: 'lh-cdn_demo_acme',
    LOC_CONFIG_DIR: join(home, 'config'),
    HOME: home,
  };

  // Start-up: what a user waits for before anything happens.
  const nodeBare = timeCommand(['-e', '0']);
  row('loc --version', timeCommand([LOC, '--version']), 'node -e 0', nodeBare);
  row('loc --help', timeCommand([LOC, '--help']), 'node -e 0', nodeBare);
  row('loc projects list --json', timeCommand([LOC, 'projects', 'list', '--json'], env), 'node -e 0', nodeBare);

  // The SDK's cost per call (validation, retries machinery) over a bare fetch of the same endpoint.
  const loc = createClient({ baseUrl: mock.url, token: 'loc_test_developer' });
  const rawHeaders = { authorization: 'Bearer loc_test_developer', accept: 'application/json' };
  const rawList = await timeCalls(async () => (await fetch(`${mock.url}/v1/projects`, { headers: rawHeaders })).json());
  row('sdk projects.list()', await timeCalls(() => loc.projects.list()), 'fetch + JSON.parse', rawList);
  const rawStatus = await timeCalls(async () =>
    (await fetch(`${mock.url}/v1/acme/projects/mobile-ios/status`, { headers: rawHeaders })).json(),
  );
  row('sdk projects.status()', await timeCalls(() => loc.projects.status('acme', 'mobile-ios')), 'fetch + JSON.parse', rawStatus);

  // The whole job of a CI pipeline: export, wait, download, unzip, against the export request alone.
  const out = join(home, 'out');
  const exportOnce = timeCommand(
    [LOC, 'export', '--workspace', 'acme', '--project', 'mobile-ios', '--no-wait', '--json'],
    env,
    5,
  );
  row(
    'loc export (request, wait, download, unzip)',
    timeCommand([LOC, 'export', '--workspace', 'acme', '--project', 'mobile-ios', '--out', out, '--json'], env, 5),
    'loc export --no-wait',
    exportOnce,
  );
} finally {
  mock.close();
  rmSync(home, { recursive: true, force: true });
}

const pad = (s, n) => String(s).padEnd(n);
console.log(`\nBenchmarks (median of ${RUNS} runs for commands, ${CALLS} calls for SDK calls; Node ${process.versions.node})\n`);
console.log(`${pad('measure', 44)}${pad('median', 11)}${pad('baseline', 26)}${pad('baseline median', 17)}ratio`);
for (const r of rows) {
  console.log(
    `${pad(r.name, 44)}${pad(`${r.ms.toFixed(1)} ms`, 11)}${pad(r.baselineName, 26)}${pad(`${r.baselineMs.toFixed(1)} ms`, 17)}${r.ratio.toFixed(2)}×`,
  );
}
