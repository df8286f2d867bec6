#!/usr/bin/env node
// `pnpm bench`: each figure is a ratio against a baseline measured in the same run, on the same machine
// (interleaved where they are commands), so that the figures mean the same on a laptop and on a busy
// 2-core box. Every figure is a median with its spread (min–max) over N runs. All traffic is loopback;
// every loop is bounded by a count. It prints the tables and writes docs/benchmarks.md.
//
// Knobs (environment): BENCH_RUNS (start-up runs, default 9), BENCH_REQUESTS (requests per throughput
// round of load.mjs, 10000), BENCH_AUTOCANNON_SECONDS (of each autocannon round, 3), BENCH_EXPORTS
// (exports of the scale seed, 100), BENCH_DOWNLOAD_MIB (200), BENCH_PEERS=0 (skip the peer CLIs),
// BENCH_RSS_EXPORTS (exports of the journal part's memory row, 1000), BENCH_RESET_REQUESTS (200),
// BENCH_OUT (where the report goes, docs/benchmarks.md), BENCH_ONLY=throughput,scale (only the parts
// whose names contain these words; the report then goes to a temporary file unless BENCH_OUT names one,
// so docs/benchmarks.md is always a whole run).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  benchEnv,
  runJson,
  spread,
  startServer,
  stats,
  timeInterleaved,
  timeInterleavedWithCpu,
  timeWithRss,
} from './lib/measure.mjs';
import { preparePeers } from './lib/peers.mjs';
import { prepareTypedKeysTools, writeTypedKeysApps } from './lib/typed-keys-apps.mjs';
import { SCALE, SCALE_CREDENTIALS, scaleSeed } from './scale-seed.mjs';

/**
 * `loc export download` at scale: its time beyond the demo project, as a share of the same beyond-the-demo
 * time of curl + Info-ZIP unzip of the same ZIPs (docs/benchmarks.md).
 */
const SCALE_DOWNLOAD_GOAL = 0.8;

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { version: autocannonVersion } = createRequire(import.meta.url)('autocannon/package.json');
const LOC = join(root, 'packages/cli/dist/bin.cjs');
const MOCK = join(root, 'packages/mock-server/dist/bin.js');
const LIB = join(root, 'bench/lib');
const num = (name, fallback) => Number(process.env[name] ?? fallback);
const RUNS = num('BENCH_RUNS', 9);
const REQUESTS = num('BENCH_REQUESTS', 10_000);
const AUTOCANNON_SECONDS = num('BENCH_AUTOCANNON_SECONDS', 3);
const EXPORTS = num('BENCH_EXPORTS', 100);
const DOWNLOAD_MIB = num('BENCH_DOWNLOAD_MIB', 200);
/** Exports of the scale seed for the journal part's memory row (its baseline: a tenth of them). */
const RSS_EXPORTS = num('BENCH_RSS_EXPORTS', 1000);
/** Interleaved runs of each tsc of the typed-keys row (each is seconds of CPU). */
const TSC_RUNS = num('BENCH_TSC_RUNS', 5);
/** Rounds of each side of the journal row. */
const JOURNAL_ROUNDS = 7;
/** Requests per round of the reset and GET /v1/projects rows. */
const RESET_REQUESTS = num('BENCH_RESET_REQUESTS', 200);
/** Measured rounds of the download clients, after one warm-up round. */
const DOWNLOAD_ROUNDS = 7;
/** A child's SHA-256 speed in MiB/s over argv[1] MiB already in memory: the hash alone, no I/O. */
const HASH_SPEED = `const b = Buffer.alloc(Number(process.argv[1]) * 1048576, 7); const t = performance.now();
require('node:crypto').createHash('sha256').update(b).digest();
process.stdout.write(String(Number(process.argv[1]) / ((performance.now() - t) / 1000)));`;
/** Whether this CPU has SHA instructions (Linux on x86: sha_ni; arm64: sha2), as /proc/cpuinfo says. */
function shaExtensions() {
  try {
    return /\b(sha_ni|sha2)\b/.test(readFileSync('/proc/cpuinfo', 'utf8')) ? 'yes' : 'no (/proc/cpuinfo has no sha_ni)';
  } catch {
    return 'not known';
  }
}
/** loc-mock's default export delay: the CI part's model of a service that assembles exports elsewhere. */
const ASSEMBLY_WAIT = '300ms';
const ONLY = process.env.BENCH_ONLY?.toLowerCase().split(',').filter(Boolean);
const OUT = process.env.BENCH_OUT ?? (ONLY ? join(tmpdir(), 'loc-benchmarks.md') : join(root, 'docs/benchmarks.md'));
const node = process.execPath;
const started = Date.now();
const loadBefore = loadavg();
const log = (line) => process.stderr.write(`› ${line}\n`);

/** The report: sections of rows `{ measure, value, baseline?, ratio?, goal?, met? }`. */
const sections = [];
function section(title, note) {
  const s = { title, note, rows: [] };
  sections.push(s);
  return s;
}
function ratioRow(s, measure, value, baselineName, baseline, goal) {
  const ratio = value.median / baseline.median;
  // Under contention a run only gets slower: the fastest runs show the intrinsic cost best.
  const ratioOfMin = value.min / baseline.min;
  s.rows.push({
    measure,
    value: spread(value),
    baseline: `${baselineName}: ${spread(baseline)}`,
    ratio,
    ratioOfMin,
    goal: goal?.text,
    met: goal ? goal.test(ratio) : undefined,
  });
  return ratio;
}
const atMost = (limit) => ({ text: `≤ ${limit}×`, test: (r) => r <= limit });

const work = mkdtempSync(join(tmpdir(), 'loc-bench-'));
const home = join(work, 'home');
mkdirSync(home);
const servers = [];
async function server(command, args, options) {
  const s = await startServer(command, args, options);
  servers.push(s);
  return s;
}
/** The scale seed's file, written once for every part that needs it (bench/scale-seed.mjs is deterministic). */
let scaleSeedPath;
function scaleSeedFile() {
  if (!scaleSeedPath) {
    scaleSeedPath = join(work, 'scale-seed.json');
    writeFileSync(scaleSeedPath, JSON.stringify(scaleSeed()));
  }
  return scaleSeedPath;
}
/** loc-mock on the scale seed, exports assembled at once (--export-delay 0ms). */
function scaleMock() {
  return server(node, [MOCK, 'serve', '--port', '0', '--export-delay', '0ms', '--quiet', '--seed', scaleSeedFile()]);
}
const failures = [];
async function part(name, body) {
  if (ONLY && !ONLY.some((word) => name.toLowerCase().includes(word))) return;
  try {
    await body();
  } catch (error) {
    failures.push(name);
    log(`${name} failed: ${error.stack ?? error}`);
    section(name, `Failed: ${String(error.message ?? error).split('\n')[0]}`);
  }
}

try {
  log('starting loc-mock (demo seed)');
  const demo = await server(node, [MOCK, 'serve', '--port', '0', '--export-delay', '0ms', '--quiet']);
  const cliEnv = (url, extra = {}) =>
    benchEnv({
      LOC_BASE_URL: url,
      LOC_API_TOKEN: 'loc_test_developer',
      LOC_CDN_KEY: 'lh-cdn_demo_acme',
      LOC_CONFIG_DIR: join(home, 'config'),
      HOME: home,
      ...extra,
    });
  const checkBody = JSON.stringify({ distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' });

  // 1. Start-up: what a user waits for. Node's own start is the floor.
  await part('Start-up', async () => {
    const s = section(
      'Start-up (wall time of one command)',
      `NODE_EXTRA_CA_CERTS is unset for these runs (this machine sets it; it adds ~70 ms to every Node start). ${RUNS} interleaved runs each. The requests go to loc-mock on loopback.`,
    );
    const peers = process.env.BENCH_PEERS === '0' ? [] : preparePeers(log);
    const env = cliEnv(demo.url);
    const cmd = (name, command, args, ok) => ({ name, command, args, env, ...(ok ? { ok } : {}) });
    const nodeOnce = join(LIB, 'http-once.mjs');
    const commands = [
      cmd('node -e 0', node, ['-e', '0']),
      cmd('node:http one request', node, [nodeOnce, `${demo.url}/cdn/check`, 'lh-cdn_demo_acme', checkBody]),
      cmd('curl one request', 'curl', [
        '-sf',
        '-o',
        '/dev/null',
        '-X',
        'POST',
        '-H',
        'authorization: Bearer lh-cdn_demo_acme',
        '-H',
        'content-type: application/json',
        '-d',
        checkBody,
        `${demo.url}/cdn/check`,
      ]),
      cmd('loc --version', node, [LOC, '--version']),
      cmd('loc --help', node, [LOC, '--help']),
      cmd('loc cdn check --json', node, [LOC, 'cdn', 'check', '--json', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS']),
      cmd('loc projects list --json', node, [LOC, 'projects', 'list', '--json']),
      cmd("import('@loc/sdk')", node, [
        '-e',
        `import(${JSON.stringify(pathToFileURL(join(root, 'packages/sdk/dist/index.js')).href)})`,
      ]),
      ...peers.filter((p) => p.command).map((p) => cmd(p.name, p.command, p.args)),
    ];
    log(`start-up: ${commands.length} commands × ${RUNS} runs`);
    const t = timeInterleaved(commands, RUNS);
    const floor = t['node -e 0'];
    s.rows.push({ measure: 'node -e 0', value: spread(floor) });
    ratioRow(s, 'node:http script, one POST /cdn/check', t['node:http one request'], 'node -e 0', floor);
    ratioRow(s, 'curl, one POST /cdn/check', t['curl one request'], 'node -e 0', floor);
    ratioRow(s, 'loc --version', t['loc --version'], 'node -e 0', floor, atMost(1.3));
    ratioRow(s, 'loc --help', t['loc --help'], 'node -e 0', floor);
    ratioRow(s, 'loc cdn check --json', t['loc cdn check --json'], 'node -e 0', floor, atMost(3));
    ratioRow(s, 'loc projects list --json', t['loc projects list --json'], 'node -e 0', floor, atMost(3));
    ratioRow(s, "import('@loc/sdk')", t["import('@loc/sdk')"], 'node -e 0', floor, atMost(2));
    ratioRow(
      s,
      'loc cdn check --json vs a node:http script',
      t['loc cdn check --json'],
      'node:http script',
      t['node:http one request'],
    );
    for (const p of peers) {
      if (!p.command) s.rows.push({ measure: `${p.name}`, value: `not measured: ${p.missing}` });
      else ratioRow(s, `${p.name} ${p.version} ${p.args.join(' ')}`, t[p.name], 'loc --version', t['loc --version']);
    }
  });

  // 1b. What the SDK costs a web page: the apps of packages/sdk/test/bundle-apps.mjs, bundled by esbuild.
  await part('SDK bundle', async () => {
    const s = section(
      'SDK in a browser bundle (esbuild, minified, gzip -9)',
      'Apps bundled from the built packages/sdk/dist the way a user bundler does it (packages/sdk/test/bundle-apps.mjs); sizes are deterministic.',
    );
    const { BUNDLE_APPS, bundleApp } = await import(
      pathToFileURL(join(root, 'packages/sdk/test/bundle-apps.mjs')).href
    );
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const rows = [
      // Issue 23's goals: 10 KB and 14 KB (from 11.7 KB and 16.0 KB).
      ['app that calls only the CDN check (createCdnClient)', 'cdnCheckApp', 10],
      // Retired goal (issue 35): createClient carries a token that may write, never shipped to a browser.
      ['app that calls one method of createClient', 'clientApp'],
      // Issue 24's goal: 8 KB. 8.5 KB with fflate's inflate after issue 32's trust rules; 7.0 KB since the
      // `browser` build inflates with DecompressionStream (issue 35): the whole bundle, no chunk left out.
      ['web app with over-the-air strings (@loc/sdk/ota, JSON bundles)', 'otaApp', 8],
      ['the whole SDK (export * from @loc/sdk)', 'wholeSdk', 30],
    ];
    for (const [measure, app, goalKb] of rows) {
      const { gzipped } = await bundleApp(BUNDLE_APPS[app]);
      s.rows.push({
        measure,
        value: kb(gzipped),
        ...(goalKb ? { goal: `≤ ${goalKb} KB`, met: gzipped <= goalKb * 1024 } : {}),
      });
    }
  });

  // 1c. What a fleet of @loc/sdk/ota installs costs the CDN (bench/ota-fleet.mjs: a model on a simulated clock).
  await part('OTA fleet', async () => {
    const s = section(
      'Over-the-air fleet: requests per hour to POST /cdn/check (bench/ota-fleet.mjs)',
      "A model, not a load test: 20,000 sampled installs run @loc/sdk/ota's own policy code (dist/ota.js) on a simulated clock, scaled to 1,000,000; a seeded random, so the figures are deterministic. Each install is one storage, shared by its page loads, restarts and open tabs. Web installs: 3 sessions a day (Poisson) of 10 minutes with 10 page loads each; servers and open tabs: always running. Baseline: a naive loop that checks on every start (page load). Budget assumption: the CDN budget's size is not published (spec.md §8); we assume it is sized for the official SDKs' sample apps on the same fleet, which check at most once a day (real-service-notes.md, \"CDN\"): one check per install per day, × 730 h a month. Goal: a month holding a release, a 1-hour 429 storm and a 1-hour outage, counted whole, stays within that budget + 1 %.",
    );
    const { simulateFleet } = await import(pathToFileURL(join(root, 'bench/ota-fleet.mjs')).href);
    const n = (x) => Math.round(x).toLocaleString('en-US');
    const moments = {
      steady: 'steady state (a day)',
      afterRelease: 'the hour after a release',
      storm: 'during a 1-hour 429 storm',
      afterStorm: 'the hour after the storm',
      outage: 'during a 1-hour outage (503)',
      afterOutage: 'the hour after the outage',
    };
    for (const [population, alwaysOn] of [
      ['web', false],
      ['servers', true],
    ]) {
      const result = await simulateFleet({ alwaysOn });
      for (const [key, label] of Object.entries(moments)) {
        const r = result[key];
        s.rows.push({
          measure: `${population}: ${label}`,
          value: `${n(r.checksPerHour)}/h`,
          ...(alwaysOn ? {} : { baseline: `naive: ${n(r.naivePerHour)}/h`, ratio: r.checksPerHour / r.naivePerHour }),
        });
      }
      const { checks, budget } = result.month;
      s.rows.push({
        measure: `${population}: a month with a release, a storm and an outage, over the budget (one check per install per day × 730 h)`,
        value: `${n(checks)} checks`,
        baseline: `budget: ${n(budget)}`,
        ratio: checks / budget,
        goal: '≤ 1.01×',
        met: checks / budget <= 1.01,
      });
    }
  });

  // 1d. Check + download + verify + apply of a 1 MiB bundle, against a hand-written script (bench/ota-apply.mjs).
  await part('OTA apply', async () => {
    const s = section(
      'Over-the-air apply of a 1 MiB release bundle (bench/ota-apply.mjs)',
      "@loc/sdk/ota's checkNow() (memoryStorage) against a hand-written script doing the same: fetch the check, fetch the ZIP, SHA-256 (WebCrypto), fflate's unzipSync, JSON.parse of each file, and JSON.stringify of the result to keep it for the next start (the client stores each release, as its files' texts). The client inflates with Node's zlib (since issue 42: each entry held to one whole deflate stream, as browsers hold it) and checks each entry's CRC-32 (Node's zlib.crc32), which unzipSync does not. A loopback server; 31 interleaved runs each after a warm-up.",
    );
    const { benchApply } = await import(pathToFileURL(join(root, 'bench/ota-apply.mjs')).href);
    const { ota, handWritten, zipBytes } = await benchApply({ runs: 31 });
    ratioRow(
      s,
      `@loc/sdk/ota checkNow(), ${(zipBytes / 2 ** 20).toFixed(2)} MiB ZIP`,
      stats(ota),
      'hand-written',
      stats(handWritten),
      atMost(1.2),
    );
  });

  // 2. The mock's real server under load, against a bare node:http server answering the same bytes.
  await part('Mock throughput', async () => {
    const s = section(
      'loc-mock throughput: POST /cdn/check',
      `Each round loads the server over keep-alive connections from a separate process: ${REQUESTS} requests over 16 connections from our own load loop (bench/lib/load.mjs); ${AUTOCANNON_SECONDS} s of autocannon over 10 connections (its default, what a reviewer runs first) and over 16. The bare server (bench/lib/bare-server.mjs) answers with the status, headers and body the mock gave. 3 rounds per load, mock and bare interleaved, after a warm-up.`,
    );
    const answer = await fetch(`${demo.url}/cdn/check`, {
      method: 'POST',
      headers: { authorization: 'Bearer lh-cdn_demo_acme', 'content-type': 'application/json' },
      body: checkBody,
    });
    const headers = {};
    answer.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) headers[k] = v;
    });
    const answerFile = join(work, 'answer.json');
    writeFileSync(
      answerFile,
      JSON.stringify({
        status: answer.status,
        headers,
        body: Buffer.from(await answer.arrayBuffer()).toString('base64'),
      }),
    );
    const bare = await server(node, [join(LIB, 'bare-server.mjs'), answerFile]);
    // Two load tools: ours (raw sockets, cheap per request) and autocannon, the one reviewers run, at
    // its default 10 connections and at 16: on 2 cores the ratio moved with the connection count.
    // load.mjs sends a count of requests; autocannon runs for a time (see bench/lib/autocannon.mjs).
    const round = (tool, url, requests, connections) =>
      runJson(join(LIB, tool), [
        JSON.stringify({
          url: `${url}/cdn/check`,
          method: 'POST',
          headers: { authorization: 'Bearer lh-cdn_demo_acme', 'content-type': 'application/json' },
          body: checkBody,
          requests,
          seconds: requests === REQUESTS ? AUTOCANNON_SECONDS : 1,
          connections,
        }),
      ]);
    const LOADS = [
      ['load.mjs', 'bench/lib/load.mjs', 16],
      ['autocannon.mjs', `autocannon ${autocannonVersion}, 10 connections`, 10],
      ['autocannon.mjs', `autocannon ${autocannonVersion}, 16 connections`, 16],
    ];
    const warm = new Set();
    for (const [tool, name, connections] of LOADS) {
      if (!warm.has(tool)) {
        warm.add(tool);
        round(tool, demo.url, 1000, connections);
        round(tool, bare.url, 1000, connections);
      }
      const mock = [];
      const floor = [];
      // With each round the server's CPU time per answered request (µs), from /proc: the figure that
      // other work on the machine moves least.
      const measured = (target, requests) => {
        const before = target.cpuMs();
        const r = round(tool, target.url, requests, connections);
        return { ...r, cpuUs: ((target.cpuMs() - before) * 1000) / r.requests };
      };
      for (let i = 0; i < 3; i++) {
        mock.push(measured(demo, REQUESTS));
        floor.push(measured(bare, REQUESTS));
      }
      for (const r of mock)
        if (!['200', '2xx'].includes(Object.keys(r.statuses).join()))
          throw new Error(`the mock answered ${JSON.stringify(r.statuses)}`);
      const perSecond = (rs) => stats(rs.map((r) => r.perSecond));
      const m = perSecond(mock);
      const b = perSecond(floor);
      s.rows.push({
        measure: `loc-mock, load from ${name}`,
        value: spread(m, 'req/s'),
        baseline: `bare node:http: ${spread(b, 'req/s')}`,
        ratio: m.median / b.median,
        // Issue 11 asked for 0.25×; issue 22 (the journal, the control API) for ≥ 0.6× still.
        goal: '≥ 0.6×',
        met: m.median / b.median >= 0.6,
      });
      const cpu = (rs) => stats(rs.map((r) => r.cpuUs));
      // Not for load.mjs: its rounds last a few hundred ms, too few of /proc's 10 ms ticks.
      if (tool === 'autocannon.mjs')
        s.rows.push({
          measure: `loc-mock CPU per request, user + system (${name})`,
          value: spread(cpu(mock), 'µs', 1),
          baseline: `bare node:http: ${spread(cpu(floor), 'µs', 1)}`,
          ratio: cpu(mock).median / cpu(floor).median,
        });
      s.rows.push({
        measure: `loc-mock latency p50 / p99 (${name})`,
        value: `${stats(mock.map((r) => r.p50Ms)).median.toFixed(1)} / ${stats(mock.map((r) => r.p99Ms)).median.toFixed(1)} ms`,
      });
      s.rows.push({
        measure: `bare latency p50 / p99 (${name})`,
        value: `${stats(floor.map((r) => r.p50Ms)).median.toFixed(1)} / ${stats(floor.map((r) => r.p99Ms)).median.toFixed(1)} ms`,
      });
    }
    await bare.close();
  });

  // 2b. The mock's request journal and control API: what they cost, and that memory levels off.
  await part('Mock journal', async () => {
    const s = section(
      'loc-mock journal and control API',
      `Journal: ${REQUESTS} POST /cdn/check over 16 connections (bench/lib/load.mjs) against two fresh loc-mocks, one with its journal (the default, 1,000 entries) and one with --journal-size 0, ${JOURNAL_ROUNDS} rounds interleaved (the order alternated) after a warm-up. Reset: POST /__admin/reset of the demo seed against GET /v1/projects, ${RESET_REQUESTS} requests over 1 connection each, 3 rounds interleaved. Memory: RSS of loc-mock on the scale seed after ${RSS_EXPORTS} exports against after a tenth of them.`,
    );
    // Two fresh servers, alike but for the journal: the demo server of the other parts has served hundreds
    // of thousands of requests by now (a larger heap, a full journal), which the row would measure too.
    const mockWith = (...extra) =>
      server(node, [MOCK, 'serve', '--port', '0', '--export-delay', '0ms', '--quiet', ...extra]);
    const withJournal = await mockWith();
    const off = await mockWith('--journal-size', '0');
    const check = (url, requests) =>
      runJson(join(LIB, 'load.mjs'), [
        JSON.stringify({
          url: `${url}/cdn/check`,
          method: 'POST',
          headers: { authorization: 'Bearer lh-cdn_demo_acme', 'content-type': 'application/json' },
          body: checkBody,
          requests,
          connections: 16,
        }),
      ]);
    check(withJournal.url, 1000);
    check(off.url, 1000);
    const on = [];
    const without = [];
    // Rounds of either server vary by ±30 % on 2 busy cores: 7 of each, the order alternated, so that the
    // medians do not follow a slow moment or the one that runs first.
    for (let i = 0; i < JOURNAL_ROUNDS; i++) {
      if (i % 2) without.push(check(off.url, REQUESTS).perSecond);
      on.push(check(withJournal.url, REQUESTS).perSecond);
      if (i % 2 === 0) without.push(check(off.url, REQUESTS).perSecond);
    }
    const journalRatio = stats(on).median / stats(without).median;
    s.rows.push({
      measure: 'POST /cdn/check with the journal on',
      value: spread(stats(on), 'req/s'),
      baseline: `journal off: ${spread(stats(without), 'req/s')}`,
      ratio: journalRatio,
      goal: '≥ 0.9×',
      met: journalRatio >= 0.9,
    });
    await off.close();
    await withJournal.close();

    // One connection: a reset and a GET each wait for the one before (a reset replaces the state).
    const timed = (path, method) =>
      runJson(join(LIB, 'load.mjs'), [
        JSON.stringify({
          url: `${demo.url}${path}`,
          method,
          headers: { authorization: 'Bearer loc_test_admin' },
          requests: RESET_REQUESTS,
          connections: 1,
        }),
      ]);
    const resets = [];
    const gets = [];
    for (let i = 0; i < 3; i++) {
      resets.push(1000 / timed('/__admin/reset', 'POST').perSecond);
      gets.push(1000 / timed('/v1/projects', 'GET').perSecond);
    }
    const resetRatio = stats(resets).median / stats(gets).median;
    s.rows.push({
      measure: 'POST /__admin/reset (demo seed), per request',
      value: spread(stats(resets), 'ms', 2),
      baseline: `GET /v1/projects: ${spread(stats(gets), 'ms', 2)}`,
      ratio: resetRatio,
      ratioOfMin: stats(resets).min / stats(gets).min,
      goal: '≤ 2×',
      met: resetRatio <= 2,
    });

    const scale = await scaleMock();
    const { token, workspace } = SCALE_CREDENTIALS;
    const exportsOf = (n) =>
      runJson(join(LIB, 'exports.mjs'), [
        JSON.stringify({
          url: scale.url,
          token,
          workspace,
          jobs: Array.from({ length: n }, () => ({ project: 'app-ios' })),
          probe: false,
        }),
      ]);
    const tenth = Math.max(1, Math.round(RSS_EXPORTS / 10));
    exportsOf(tenth);
    const early = scale.rssMiB();
    exportsOf(RSS_EXPORTS - tenth);
    const late = scale.rssMiB();
    s.rows.push({
      measure: `loc-mock RSS after ${RSS_EXPORTS} exports (scale seed)`,
      value: `${Math.round(late)} MiB`,
      baseline: `after ${tenth}: ${Math.round(early)} MiB`,
      ratio: late / early,
      goal: '≤ 1.1×',
      met: late / early <= 1.1,
    });
    await scale.close();
  });

  // 3. Scale: 10,000 keys × 30 locales; exports of every format, responsiveness, memory over many exports.
  await part('Scale', async () => {
    const s = section(
      `Scale seed: ${SCALE.keys.toLocaleString('en')} keys × ${SCALE.locales} locales (${SCALE.files * SCALE.locales} files per export)`,
      `bench/scale-seed.mjs makes the seed; loc-mock runs with --export-delay 0ms, so POST→SUCCESS is the assembly (5 exports of each format; the first of all also starts the build thread; the first of each format renders its files and makes its ZIP, the later ones get that ZIP again, as the mock keeps it while the project is unchanged). During the exports a probe asks GET /v1/projects every 10 ms; its baseline is the same probe while no export runs. Memory: peak RSS (VmHWM) of loc-mock over ${EXPORTS} exports in all. \`loc export download\` at scale is held to native tools doing the same work: its time beyond the demo project must stay ≤ ${SCALE_DOWNLOAD_GOAL}× that of curl + unzip (Info-ZIP) of the same ZIPs, since writing 120 files costs whoever writes them (the earlier goal, 1.5× the demo plus the transfer, counted that work against loc alone).`,
    );
    scaleSeedFile();
    const t0 = performance.now();
    const scale = await scaleMock();
    s.rows.push({
      measure: 'loc-mock start with the seed',
      value: `${Math.round(performance.now() - t0)} ms, RSS ${Math.round(scale.rssMiB())} MiB`,
    });

    const { token, workspace } = SCALE_CREDENTIALS;
    const { EXPORT_FORMATS, exportFormatsFor } = await import(
      pathToFileURL(join(root, 'packages/sdk/dist/index.js')).href
    );
    const formats = EXPORT_FORMATS.map((f) => ({
      format: f.id,
      project: exportFormatsFor('strings.ios').some((x) => x.id === f.id) ? 'app-ios' : 'app-android',
    }));
    // The probe's latency with no export being built: what this machine gives that request now.
    const idle = runJson(join(LIB, 'exports.mjs'), [
      JSON.stringify({ url: scale.url, token, workspace, jobs: [], idleProbes: 300 }),
    ]).probe;
    const reps = 5;
    const jobs = Array.from({ length: reps }, () => formats).flat();
    log(`scale: ${jobs.length} exports of every format`);
    const timed = runJson(join(LIB, 'exports.mjs'), [
      JSON.stringify({ url: scale.url, token, workspace, jobs, download: true }),
    ]);
    // The first export of each format renders and deflates its files and makes the ZIP; the mock keeps them
    // for the later ones of the unchanged project, which get that ZIP again. The goal is the assembly's: the first.
    for (const f of formats) {
      const [first, ...again] = timed.results.filter((r) => r.format === f.format).map((r) => r.ms);
      s.rows.push({
        measure: `export ${f.format} (${f.project}), POST→SUCCESS`,
        value: `${Math.round(first)} ms the first time; again, its ZIP kept: ${spread(stats(again))}`,
        goal: '≤ 2000 ms (the first)',
        met: first <= 2000,
      });
    }
    const probeText = (p) =>
      `p50 ${p.p50Ms.toFixed(1)} ms, p99 ${p.p99Ms.toFixed(1)} ms, worst ${p.maxMs.toFixed(0)} ms (${p.n} probes)`;
    s.rows.push({
      measure: 'GET /v1/projects while exports are assembled',
      value: probeText(timed.probe),
      baseline: `no export running: ${probeText(idle)}`,
      ratio: timed.probe.p99Ms / idle.p99Ms,
    });
    const rest = Math.max(0, EXPORTS - jobs.length);
    if (rest) {
      log(`scale: ${rest} more exports for the memory figure`);
      runJson(join(LIB, 'exports.mjs'), [
        JSON.stringify({
          url: scale.url,
          token,
          workspace,
          jobs: Array.from({ length: rest }, () => ({ project: 'app-ios' })),
          probe: false,
        }),
      ]);
    }
    s.rows.push({
      measure: `loc-mock memory after ${jobs.length + rest} exports`,
      value: `peak RSS ${Math.round(scale.peakRssMiB())} MiB, now ${Math.round(scale.rssMiB())} MiB`,
    });

    // The CLI on the big project against the demo's: its own work should not grow much with the data.
    const sample = timed.results.find((r) => r.format === 'strings.ios');
    const demoExport = runJson(join(LIB, 'exports.mjs'), [
      JSON.stringify({
        url: demo.url,
        token: 'loc_test_developer',
        workspace: 'acme',
        jobs: [{ project: 'mobile-ios' }],
        probe: false,
      }),
    ]).results[0];
    const out = (label) => (i) => join(work, `${label}-${i}-${Math.random().toString(36).slice(2)}`);
    const scaleEnv = cliEnv(scale.url, { LOC_API_TOKEN: token });
    const demoEnv = cliEnv(demo.url);
    const at = (env, label, args) => ({ name: label, command: node, args, env });
    const outScale = out('scale');
    const outDemo = out('demo');
    const runs = 5;
    const hasUnzip = spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;
    const curlUnzip = 'd=$(mktemp -d -p "$2") && curl -sf -o "$d/x.zip" "$1" && unzip -q "$d/x.zip" -d "$d/out"';
    const commands = [
      at(demoEnv, 'status demo', [LOC, 'status', '--workspace', 'acme', '--project', 'mobile-ios', '--json']),
      at(scaleEnv, 'status scale', [LOC, 'status', '--workspace', workspace, '--project', 'app-ios', '--json']),
      {
        name: 'curl status demo',
        command: 'curl',
        args: [
          '-sf',
          '-o',
          '/dev/null',
          '-H',
          'authorization: Bearer loc_test_developer',
          `${demo.url}/v1/acme/projects/mobile-ios/status`,
        ],
      },
      {
        name: 'curl status scale',
        command: 'curl',
        args: [
          '-sf',
          '-o',
          '/dev/null',
          '-H',
          `authorization: Bearer ${token}`,
          `${scale.url}/v1/${workspace}/projects/app-ios/status`,
        ],
      },
      { name: 'curl zip demo', command: 'curl', args: ['-sf', '-o', '/dev/null', demoExport.downloadUrl] },
      { name: 'curl zip scale', command: 'curl', args: ['-sf', '-o', '/dev/null', sample.downloadUrl] },
      // The floor of fetching and unpacking the same files with native tools (Info-ZIP), each run into
      // a folder of its own: what creating the export's files costs on this machine, whoever does it.
      ...(hasUnzip
        ? [
            { name: 'curl+unzip demo', command: 'sh', args: ['-c', curlUnzip, 'sh', demoExport.downloadUrl, work] },
            { name: 'curl+unzip scale', command: 'sh', args: ['-c', curlUnzip, 'sh', sample.downloadUrl, work] },
          ]
        : []),
    ];
    const status = timeInterleaved(commands, runs);
    // `loc export download` of a finished export: the CLI's part (poll, download, unzip, place).
    const downloads = { demo: [], scale: [] };
    for (let i = 0; i < runs; i++) {
      for (const [key, env, id, ws, project, dir] of [
        ['demo', demoEnv, demoExport.id, 'acme', 'mobile-ios', outDemo(i)],
        ['scale', scaleEnv, sample.id, workspace, 'app-ios', outScale(i)],
      ]) {
        const t = timeInterleaved(
          [
            at(env, key, [
              LOC,
              'export',
              'download',
              id,
              '--workspace',
              ws,
              '--project',
              project,
              '--out',
              dir,
              '--json',
            ]),
          ],
          1,
        );
        downloads[key].push(t[key].median);
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const transfer = (a, b) => Math.max(0, status[a].median - status[b].median);
    const statusLimit = 1.5 * status['status demo'].median + transfer('curl status scale', 'curl status demo');
    s.rows.push({
      measure: 'loc status --json, scale project',
      value: spread(status['status scale']),
      baseline: `demo project: ${spread(status['status demo'])}; transfer +${transfer('curl status scale', 'curl status demo').toFixed(0)} ms (curl)`,
      ratio: status['status scale'].median / status['status demo'].median,
      goal: `≤ 1.5× demo + transfer = ${statusLimit.toFixed(0)} ms`,
      met: status['status scale'].median <= statusLimit,
    });
    const d = { demo: stats(downloads.demo), scale: stats(downloads.scale) };
    s.rows.push({
      measure: 'loc export download <id> (wait, download, unzip, place), scale project',
      value: spread(d.scale),
      baseline: `demo project: ${spread(d.demo)}; transfer +${transfer('curl zip scale', 'curl zip demo').toFixed(0)} ms (curl, ${(sample.zipBytes / 1e6).toFixed(1)} MB)`,
      ratio: d.scale.median / d.demo.median,
      goal: 'information',
    });
    // The goal of this part: what loc adds for a big project, against native tools doing the same work.
    // Creating the files is work in proportion to the data, like the transfer: curl + Info-ZIP unzip pay
    // it too, so loc's time beyond the demo project is held to that of curl + unzip of the same ZIPs.
    const beyondDemo = {
      measure: '… its time beyond the demo project, against curl + unzip (Info-ZIP) of the same ZIPs',
      value: `+${(d.scale.median - d.demo.median).toFixed(0)} ms`,
      goal: `≤ ${SCALE_DOWNLOAD_GOAL}× curl + unzip`,
    };
    if (hasUnzip) {
      const unpack = transfer('curl+unzip scale', 'curl+unzip demo');
      const ratio = (d.scale.median - d.demo.median) / Math.max(1, unpack);
      s.rows.push({
        ...beyondDemo,
        baseline: `curl + unzip: scale ${spread(status['curl+unzip scale'])}, demo ${spread(status['curl+unzip demo'])}: +${unpack.toFixed(0)} ms`,
        ratio,
        met: ratio <= SCALE_DOWNLOAD_GOAL,
      });
    } else {
      s.rows.push({ ...beyondDemo, baseline: 'not measured: unzip (Info-ZIP) is not installed', met: false });
    }
    await scale.close();
  });

  // 3a. A push (issue 43): loc-mock importing the scale seed's 10,000 keys, uploaded as one JSON file, held
  // to JSON.parse of the same file in this process: what reading it costs at the least.
  await part('Resource import', async () => {
    const s = section(
      `Resource import: an upload of the scale seed's ${SCALE.keys.toLocaleString('en')} keys as one json.standard file (${SCALE.locales} locales)`,
      `POST …/resources → 200 of the source file into the scale seed's iOS project (a .json file there is json.standard: the upload makes a new file of ${SCALE.keys.toLocaleString('en')} segments, NOT_TRANSLATED in the ${SCALE.locales - 1} targets), the mock reset before each; then the same file again, where nothing changes; then its German translation. Baseline: JSON.parse of the same text in the bench's process (the floor of reading it). ${RUNS} interleaved rounds; the times include the loopback request and the multipart form.`,
    );
    const { token, workspace } = SCALE_CREDENTIALS;
    const seed = scaleSeed();
    const segments = seed.projects[0].files.flatMap((f) => f.segments);
    const source = JSON.stringify(Object.fromEntries(segments.map((g) => [g.key, g.source])), null, 2);
    const german = JSON.stringify(Object.fromEntries(segments.map((g) => [g.key, `${g.source} (de)`])), null, 2);
    const scale = await scaleMock();
    const upload = async (text, locale) => {
      const form = new FormData();
      form.append('iso2_slug', locale);
      form.append('path', `locales/${locale}`);
      form.append('file', new Blob([text]), 'strings.json');
      const t = performance.now();
      const response = await fetch(`${scale.url}/v1/${workspace}/projects/app-ios/resources`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const answer = await response.json();
      if (response.status !== 200) throw new Error(`upload: ${response.status} ${JSON.stringify(answer)}`);
      return { ms: performance.now() - t, segments: answer.segments };
    };
    const times = { create: [], again: [], target: [], parse: [] };
    let counts;
    for (let round = 0; round < RUNS; round++) {
      await fetch(`${scale.url}/__admin/reset`, { method: 'POST' });
      const created = await upload(source, 'en');
      counts = created.segments;
      times.create.push(created.ms);
      times.again.push((await upload(source, 'en')).ms);
      times.target.push((await upload(german, 'de')).ms);
      const t = performance.now();
      JSON.parse(source);
      times.parse.push(performance.now() - t);
    }
    if (counts.created !== SCALE.keys) throw new Error(`the upload created ${counts.created} segments`);
    const parse = stats(times.parse);
    ratioRow(
      s,
      `import as a new file (${counts.created.toLocaleString('en')} segments created)`,
      stats(times.create),
      'JSON.parse',
      parse,
    );
    ratioRow(s, 'the same file again (nothing changes)', stats(times.again), 'JSON.parse', parse);
    ratioRow(s, 'its German translation (every key created)', stats(times.target), 'JSON.parse', parse);
    s.rows.push({ measure: 'the file', value: `${(Buffer.byteLength(source) / 1024).toFixed(0)} KiB` });
    await scale.close();
  });

  // 3a'. loc push (issue 43): the scale seed's source files (10,000 keys, its iOS project's four .strings
  // files in the source locale) pushed by `loc push`, against curl uploading the same files to the same
  // loc-mock (`curl -F iso2_slug=… -F path=… -F file=@…`, the service's documented form, four requests in one
  // curl with --next), interleaved, with each run's CPU time (the command's and loc-mock's). The files are
  // what `loc export` wrote; after a first push of each the project holds them, so every measured import
  // changes nothing: the same work for both, the mock's import of 10,000 keys included.
  await part('Push', async () => {
    const s = section(
      `Push: the scale seed's source files (${SCALE.keys.toLocaleString('en')} keys, its iOS project's .strings and .stringsdict files) uploaded to loc-mock`,
      `\`loc push --workspace scale --project app-ios --out <folder>\` of the folder \`loc export --locale en\` wrote (it lists the project's files, GET …/resources twice, reads and checks each file, then uploads each: one POST …/resources per file, ${SCALE.files} \`.strings\` and the \`.stringsdict\` of their plurals beside each), against curl uploading the same files to the same loc-mock in one process (\`curl -F iso2_slug=en -F path=Resources/en.lproj -F file=@…\`, joined with --next); and one file of them (\`--file\`: its \`.strings\` and the \`.stringsdict\` beside it, two uploads) against curl uploading those two. ${RUNS} interleaved runs after one of each (the project then holds the files: every measured import changes nothing, the same work for both); wall time, and CPU (user + system) of the command and of loc-mock. The goal (issue 43): loc push at most 1.3× curl.`,
    );
    const { token, workspace } = SCALE_CREDENTIALS;
    const scale = await scaleMock();
    const env = cliEnv(scale.url, { LOC_API_TOKEN: token });
    const folder = join(work, 'push-scale');
    const exported = spawnSync(
      node,
      [LOC, 'export', '-w', workspace, '-p', 'app-ios', '--out', folder, '--locale', 'en', '--quiet'],
      {
        env,
        encoding: 'utf8',
      },
    );
    if (exported.status !== 0) throw new Error(`loc export: ${exported.stderr}`);
    // Every file the export wrote (the .strings, and the .stringsdict of their plurals beside them).
    const sourceDir = join(folder, 'Resources', 'en.lproj');
    const files = readdirSync(sourceDir)
      .sort()
      .map((name) => join(sourceDir, name));
    const url = `${scale.url}/v1/${workspace}/projects/app-ios/resources`;
    const curlArgs = (paths) =>
      paths.flatMap((file, i) => [
        ...(i ? ['--next'] : []),
        ...['-sf', '-o', '/dev/null', '-H', `authorization: Bearer ${token}`],
        ...['-F', 'iso2_slug=en', '-F', 'path=Resources/en.lproj', '-F', `file=@${file}`, url],
      ]);
    const push = ['push', '-w', workspace, '-p', 'app-ios', '--out', folder, '--quiet'];
    const one = ['--file', 'Resources/%{locale}.lproj/Strings1.strings'];
    const oneFile = files.filter((file) => /[/\\]Strings1\.[a-z]+$/.test(file));
    const commands = [
      { name: 'loc push', command: node, args: [LOC, ...push], env },
      { name: 'curl', command: 'curl', args: curlArgs(files) },
      // --json: what a script or CI job reads; no table (string-width's Unicode tables are a third of the rest).
      { name: 'loc push --json', command: node, args: [LOC, ...push, '--json'], env },
      { name: 'loc push, one file', command: node, args: [LOC, ...push, ...one], env },
      // What that push sends: the file, and the .stringsdict of its plurals beside it (the same file to the service).
      { name: 'curl, one file', command: 'curl', args: curlArgs(oneFile) },
      { name: 'node -e 0', command: node, args: ['-e', '0'] },
      // What any loc command that calls the API costs: start-up, settings, one request.
      { name: 'loc projects list', command: node, args: [LOC, 'projects', 'list', '--json'], env },
    ];
    // One run of each first: the project then holds what each sends.
    timeInterleaved(commands, 1);
    const t = timeInterleavedWithCpu(commands, RUNS, scale);
    ratioRow(
      s,
      `loc push, ${files.length} files (wall)`,
      t['loc push'].wall,
      `curl, ${files.length} uploads`,
      t.curl.wall,
      atMost(1.3),
    );
    ratioRow(
      s,
      `loc push --json, ${files.length} files (wall)`,
      t['loc push --json'].wall,
      `curl, ${files.length} uploads`,
      t.curl.wall,
      atMost(1.3),
    );
    ratioRow(
      s,
      `loc push, ${files.length} files (CPU, loc + loc-mock)`,
      t['loc push'].totalCpu,
      'curl + loc-mock',
      t.curl.totalCpu,
    );
    ratioRow(
      s,
      'loc push, one file (wall)',
      t['loc push, one file'].wall,
      `curl, ${oneFile.length} uploads`,
      t['curl, one file'].wall,
      atMost(1.3),
    );
    s.rows.push({
      measure: 'loc-mock CPU per run (the import)',
      value: `loc push: ${spread(t['loc push'].serverCpu)}; curl: ${spread(t.curl.serverCpu)}`,
    });
    ratioRow(
      s,
      'loc projects list --json (loc and one request)',
      t['loc projects list'].wall,
      `curl, ${files.length} uploads`,
      t.curl.wall,
    );
    ratioRow(
      s,
      'node -e 0 (the floor of any Node program)',
      t['node -e 0'].wall,
      `curl, ${files.length} uploads`,
      t.curl.wall,
    );
    await scale.close();
  });

  // 3b. CI pipelines (issue 21): --check, the change summary, several targets and the GitHub Action, each
  // against the plain `loc export` it builds on, interleaved, with the CPU time of every run (loc's and
  // loc-mock's). On the scale seed (the goals are judged there), then the six targets and the Action again on
  // the demo seed, where the export itself is small and the orchestration is what is measured. The mock runs
  // on the same machine with --export-delay 0ms, so its export work competes with loc's for the 2 cores:
  // a run cannot take less wall time than its CPU time (loc + mock) over the cores, and that bound is
  // reported beside each ratio. BENCH_CI_SEED=demo runs the demo seed only.
  await part('Typed keys', async () => {
    const calls = 100;
    const tools = prepareTypedKeysTools(log);
    const versionOf = (path) => JSON.parse(readFileSync(path, 'utf8')).version;
    const typescript6 = versionOf(join(root, 'node_modules/typescript/package.json'));
    const i18nextVersion = versionOf(join(root, 'examples/node_modules/i18next/package.json'));
    const s = section(
      `Typed keys: tsc with the file of \`loc export --types\` (scale seed, ${SCALE.keys.toLocaleString('en')} keys), TypeScript 6 and 7`,
      `The file is made by the built loc from the scale seed's source locale (json.nested for @loc/sdk/ota, json.i18next for i18next; 4 files, so 4 i18next namespaces). An app of ${calls} calls of \`t()\` (the same keys, with the values their texts need) is compiled by \`tsc -p\` (strict, skipLibCheck) of TypeScript ${typescript6} (the repository's) and ${tools.typescript} (what \`npm i typescript\` installs), with i18next ${i18nextVersion}: with the file, and without it (\`t()\` then takes any key); CPU time (user + system) of tsc, ${TSC_RUNS} interleaved runs, and type instantiations (\`tsc --extendedDiagnostics\`, counted: the same on any machine at any load). i18next's string keys are anchored on the file of i18next's own generator, i18next-resources-for-ts ${tools.generatorVersion} (\`interface\`), made from the same exported JSON, the app declaring the options loc's file declares (\`resources\`, \`strictInterpolationChecks\`; \`defaultNS\` both apps): the cost of string keys is i18next's \`ParseKeys\`, whichever file feeds it, and loc's file may cost at most 5 % more. The opt-in for very large projects (docs/cli.md#typed-keys), the app declaring \`enableSelector: 'optimize'\` and naming its i18next keys by selectors, and @loc/sdk/ota's typed \`t()\`, are judged against the app without the file.`,
    );
    const mock = await scaleMock();
    const env = cliEnv(mock.url, { LOC_API_TOKEN: SCALE_CREDENTIALS.token });
    const dir = join(work, 'typed-keys');
    const exportTypes = (format, out, types) => {
      const args = [LOC, 'export', '--workspace', SCALE_CREDENTIALS.workspace, '--project', 'app-ios'];
      args.push('--format', format, '--locale', 'en', '--out', join(dir, out), '--types', join(dir, types));
      const result = spawnSync(node, args, { env, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`loc export --types exited ${result.status}: ${result.stderr}`);
    };
    exportTypes('json.nested', 'nested', 'ota-keys.d.ts');
    exportTypes('json.i18next', 'i18next', 'loc-keys.d.ts');
    // The anchor: i18next's own generator over the same JSON files (one namespace a file, as loc's).
    const source = join(dir, 'i18next/Resources/en.lproj');
    const anchorTypes = join(dir, 'anchor', 'resources.d.ts');
    mkdirSync(join(dir, 'anchor'), { recursive: true });
    const generated = spawnSync(node, [tools.generator, 'interface', '-i', source, '-o', anchorTypes], {
      encoding: 'utf8',
    });
    if (generated.status !== 0)
      throw new Error(`i18next-resources-for-ts exited ${generated.status}: ${generated.stderr}`);
    const apps = writeTypedKeysApps({
      dir: join(dir, 'apps'),
      root,
      sourceFile: join(source, 'Strings1.json'),
      namespace: 'Strings1',
      otaTypes: join(dir, 'ota-keys.d.ts'),
      i18nextTypes: join(dir, 'loc-keys.d.ts'),
      anchorTypes,
      calls,
    });
    const compilers = { 6: join(root, 'node_modules/typescript/bin/tsc'), 7: tools.tsc7 };
    const variants = ['untyped', 'ota', 'i18next', 'anchor', 'i18nextSelector'];
    const t = timeInterleavedWithCpu(
      Object.entries(compilers).flatMap(([version, tsc]) =>
        variants.map((variant) => ({ name: `${version} ${variant}`, command: node, args: [tsc, '-p', apps[variant]] })),
      ),
      TSC_RUNS,
      { cpuMs: () => 0 },
    );
    /** Type instantiations of one compile: counted by tsc, so they do not move with the machine's load. */
    const instantiations = (tsc, folder) => {
      const result = spawnSync(node, [tsc, '-p', folder, '--extendedDiagnostics'], {
        encoding: 'utf8',
        env: benchEnv(),
      });
      const count = /Instantiations:\s+(\d+)/.exec(result.stdout)?.[1];
      if (result.status !== 0 || count === undefined)
        throw new Error(
          `tsc --extendedDiagnostics of ${folder} exited ${result.status}: ${result.stdout.slice(0, 500)}`,
        );
      return Number(count);
    };
    for (const [version, tsc] of Object.entries(compilers)) {
      const ts = `TypeScript ${version === '6' ? typescript6 : tools.typescript}`;
      const of = (variant) => t[`${version} ${variant}`].cpu;
      const without = of('untyped');
      ratioRow(
        s,
        `${ts}: loc's file, i18next's string keys: tsc CPU, ms`,
        of('i18next'),
        "i18next-resources-for-ts's file of the same strings",
        of('anchor'),
        atMost(1.05),
      );
      const counted = { loc: instantiations(tsc, apps.i18next), anchor: instantiations(tsc, apps.anchor) };
      const ratio = counted.loc / counted.anchor;
      s.rows.push({
        measure: `${ts}: loc's file, i18next's string keys: type instantiations`,
        value: counted.loc.toLocaleString('en'),
        baseline: `i18next-resources-for-ts's file: ${counted.anchor.toLocaleString('en')}`,
        ratio,
        goal: atMost(1.05).text,
        met: ratio <= 1.05,
      });
      ratioRow(
        s,
        `${ts}: loc's file, i18next's string keys: tsc CPU, ms (for information: i18next's cost)`,
        of('i18next'),
        'the app without the file',
        without,
      );
      ratioRow(
        s,
        `${ts}: loc's file, the app's \`enableSelector: 'optimize'\` (selector calls, \`$ => $.a.b\`): tsc CPU, ms`,
        of('i18nextSelector'),
        'the app without the file',
        without,
        atMost(1.5),
      );
      ratioRow(
        s,
        `${ts}: typedT<LocKeys>(ota) of @loc/sdk/ota: tsc CPU, ms`,
        of('ota'),
        'the app without the file',
        without,
        atMost(1.5),
      );
    }
  });

  await part('CI pipelines', async () => {
    const cores = cpus().length;
    const seeds = [];
    if (process.env.BENCH_CI_SEED !== 'demo') {
      const scale = await scaleMock();
      seeds.push({
        name: 'scale seed',
        server: scale,
        seedArgs: ['--seed', scaleSeedFile()],
        env: cliEnv(scale.url, { LOC_API_TOKEN: SCALE_CREDENTIALS.token }),
        workspace: SCALE_CREDENTIALS.workspace,
        projects: ['app-ios', 'app-android'],
        all: true,
      });
    }
    seeds.push({
      name: 'demo seed',
      server: demo,
      seedArgs: [],
      env: cliEnv(demo.url),
      workspace: 'acme',
      projects: ['mobile-ios', 'mobile-android'],
      all: false,
    });
    for (const seed of seeds) await ciRows(seed, cores);
  });

  /** The CI rows of one seed: its own section, its own runs. */
  async function ciRows({ name: seedName, server: mock, seedArgs, env, workspace, projects, all }, cores) {
    const loadStart = loadavg();
    const repo = join(work, `ci-repo-${seedName.split(' ')[0]}`);
    mkdirSync(repo);
    const formats = [
      [projects[0], undefined],
      [projects[0], 'json.standard'],
      [projects[0], 'yaml.standard'],
      [projects[1], undefined],
      [projects[1], 'json.nested'],
      [projects[1], 'properties'],
    ];
    const targets = formats.map(([project, format], i) => ({
      name: `t${i + 1}`,
      project,
      ...(format ? { format } : {}),
      out: `t${i + 1}`,
      pathTemplate: '{locale}/{path}',
    }));
    const configFile = join(repo, 'loc.config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        workspace,
        project: projects[0],
        export: { out: 'one', pathTemplate: '{locale}/{path}' },
        targets,
      }),
    );
    const config = ['--config', configFile];
    const run = (name, args, extra = {}) => ({ name, command: node, args, env: { ...env, ...extra } });
    const one = ['export', '--workspace', workspace, '--project', projects[0], '--out', join(repo, 'one')];
    one.push('--path-template', '{locale}/{path}', '--json');
    // The folders hold the files first: --check and the export then compare the same files.
    spawnSync(node, [LOC, ...one], { env, stdio: 'ignore' });
    spawnSync(node, [LOC, 'export', ...config, '--json'], { env, stdio: 'ignore' });
    const empty = ['export', '--workspace', workspace, '--project', projects[0], '--out', join(repo, 'empty')];
    empty.push('--path-template', '{locale}/{path}', '--check', '--json');
    const isOk = (code) => code === 0 || code === 12;
    const actionEnv = {
      INPUT_CHECK: 'true',
      'INPUT_API-TOKEN': env.LOC_API_TOKEN,
      'INPUT_BASE-URL': env.LOC_BASE_URL,
      'INPUT_SUMMARY-KEYS': '10',
      INPUT_WORKSPACE: workspace,
      INPUT_PROJECT: projects[0],
      INPUT_OUT: join(repo, 'one'),
      GITHUB_WORKSPACE: repo,
      GITHUB_OUTPUT: join(work, `ci-output-${seedName.split(' ')[0]}`),
      GITHUB_STEP_SUMMARY: join(work, `ci-step-summary-${seedName.split(' ')[0]}`),
      RUNNER_TEMP: work,
    };
    writeFileSync(actionEnv.GITHUB_OUTPUT, '');
    writeFileSync(actionEnv.GITHUB_STEP_SUMMARY, '');
    const t = timeInterleavedWithCpu(
      [
        ...(all
          ? [
              run('export', [LOC, ...one]),
              run('export --check', [LOC, ...one, '--check']),
              { ...run('check, empty folder', [LOC, ...empty]), ok: isOk },
              { ...run('check + summary, empty folder', [LOC, ...empty, '--summary-keys', '10']), ok: isOk },
            ]
          : []),
        run('six targets', [LOC, 'export', ...config, '--json']),
        ...targets.map((target) =>
          run(`target ${target.name}`, [LOC, 'export', ...config, '--target', target.name, '--json']),
        ),
        run('action, check, no change', [join(root, 'packages/action/bundle/index.cjs')], actionEnv),
        run('export --check (for the action)', [
          LOC,
          ...one,
          '--check',
          '--summary',
          join(work, 'ci-summary.md'),
          '--summary-keys',
          '10',
        ]),
      ],
      RUNS,
      mock,
    );
    const loadEnd = loadavg();
    const wall = (name) => t[name].wall;
    const cpu = (name) =>
      `CPU: loc ${t[name].cpu.median.toFixed(0)} ms + loc-mock ${t[name].serverCpu.median.toFixed(0)} ms = ${t[name].totalCpu.median.toFixed(0)} ms`;
    const s = section(
      `CI pipelines: ${all ? 'loc export --check, the change summary, ' : ''}six targets, the GitHub Action (${seedName})`,
      `loc-mock on the ${seedName}, --export-delay 0ms, on this machine; ${RUNS} interleaved runs each (every run requests a new export); load average (1, 5 min) ${loadStart[0].toFixed(1)}, ${loadStart[1].toFixed(1)} before and ${loadEnd[0].toFixed(1)}, ${loadEnd[1].toFixed(1)} after, on ${cores} cores. ${all ? '--check and the export run against a folder that already holds the files; the summary is measured with --check on an empty folder, where every file is new and read whole (the most a summary reads). ' : ''}Six targets: one loc.config.json with six targets (two projects, three formats each, --concurrency default 6), run in one loc process, against the slowest of them run alone. The Action: node packages/action/bundle/index.cjs as the runner starts it (INPUT_* variables, check: true, no change; loc runs inside its process), against loc export --check --summary run directly. CPU: user + system time of the command's processes (getrusage) and of loc-mock's (/proc, 10 ms ticks), medians. Six targets are judged by CPU (issue 35): their CPU (loc + loc-mock) at most 3.2× the slowest target's alone, and their wall-time ratio within 1.1× of the bound the cores set, that CPU ratio: busy (load average ≥ cores, as in CI), wall time follows CPU time; idle, loc's one thread, where each target's data work runs, bounds it about as tightly. The idle machine's other bound, the six's CPU spread over the ${cores} cores, is shown for information. A wall ratio near the cores' bound is the machine; well above it, our code.`,
    );
    if (all) {
      ratioRow(
        s,
        'loc export --check, files up to date',
        wall('export --check'),
        'loc export of the same files',
        wall('export'),
        atMost(1.1),
      );
      ratioRow(
        s,
        'loc export --check --summary-keys 10, every file new',
        wall('check + summary, empty folder'),
        'the same without the summary',
        wall('check, empty folder'),
        atMost(1.3),
      );
      // On a busy machine wall time follows CPU time: the summary's own cost is what its CPU adds.
      s.rows.push({
        measure: 'the summary: its CPU over the run without it',
        value: cpu('check + summary, empty folder'),
        baseline: cpu('check, empty folder'),
        ratio: t['check + summary, empty folder'].totalCpu.median / t['check, empty folder'].totalCpu.median,
      });
    }
    const slowestName = targets
      .map((target) => `target ${target.name}`)
      .sort((a, b) => wall(b).median - wall(a).median)[0];
    const slowest = wall(slowestName);
    // Issue 35 re-anchored this row to CPU: each target must inflate and compare its own files, so six cost
    // that work six times, and on 2 cores wall time cannot fall to 1.5× the slowest alone (docs/decisions.md,
    // "Six targets at scale"). Two goals instead: the six's CPU (loc + loc-mock) over the slowest target's
    // CPU alone, and the wall ratio within 1.1× of the bound the cores set in this same run, that CPU ratio
    // (on busy cores wall time follows CPU time; idle, loc's one thread, where the data work runs, bounds it
    // about as tightly).
    const sixCpu = t['six targets'].totalCpu;
    const cpuRatio = sixCpu.median / t[slowestName].totalCpu.median;
    ratioRow(
      s,
      'loc export, six targets in one run',
      wall('six targets'),
      `the slowest target alone (${slowestName.slice(7)})`,
      slowest,
      {
        text: `≤ 1.1× the cores' bound = ${(1.1 * cpuRatio).toFixed(2)}×`,
        test: (ratio) => ratio <= 1.1 * cpuRatio,
      },
    );
    s.rows.push({
      measure: "the cores' bound: six targets' CPU over the slowest target's CPU alone",
      value: cpu('six targets'),
      baseline: cpu(slowestName),
      ratio: cpuRatio,
      goal: '≤ 3.2×',
      met: cpuRatio <= 3.2,
    });
    // A model, beside the goal's row: a service that assembles its exports elsewhere, where the assembly is
    // a wait for the client and takes none of this machine's cores. loc-mock with its default delay (300 ms)
    // has every export wait that long; after the first exports its rendered files are kept, so the little
    // assembling it still does here overlaps the wait. The same config, folders and slowest target.
    const elsewhere = await server(node, [
      MOCK,
      'serve',
      '--port',
      '0',
      '--quiet',
      '--export-delay',
      ASSEMBLY_WAIT,
      ...seedArgs,
    ]);
    const elsewhereEnv = { ...env, LOC_BASE_URL: elsewhere.url };
    const modelled = timeInterleavedWithCpu(
      [
        { ...run('six targets', [LOC, 'export', ...config, '--json']), env: elsewhereEnv },
        {
          ...run(slowestName, [LOC, 'export', ...config, '--target', slowestName.slice(7), '--json']),
          env: elsewhereEnv,
        },
      ],
      RUNS,
      elsewhere,
    );
    await elsewhere.close();
    ratioRow(
      s,
      `model, not the goal's row: the same, against a service that assembles elsewhere (loc-mock --export-delay ${ASSEMBLY_WAIT}: each export a wait)`,
      modelled['six targets'].wall,
      `the slowest target alone (${slowestName.slice(7)}), same service`,
      modelled[slowestName].wall,
      { text: 'information', test: () => undefined },
    );
    s.rows.at(-1).baseline +=
      `; CPU: six ${modelled['six targets'].cpu.median.toFixed(0)} ms of loc, one ${modelled[slowestName].cpu.median.toFixed(0)} ms`;
    const alone = targets.reduce((sum, target) => sum + t[`target ${target.name}`].totalCpu.median, 0);
    s.rows.push({
      measure: `information, an idle machine's bound: six targets' CPU over ${cores} cores`,
      value: `${(sixCpu.median / cores).toFixed(0)} ms (${cpu('six targets')}; the six run alone: ${alone.toFixed(0)} ms)`,
      baseline: `the slowest target alone: ${spread(slowest)}`,
      ratio: sixCpu.median / cores / slowest.median,
    });
    ratioRow(
      s,
      'the Action (node bundle/index.cjs), check, no change',
      wall('action, check, no change'),
      'loc export --check --summary run directly',
      wall('export --check (for the action)'),
      atMost(1.3),
    );
    s.rows.push({
      measure: 'the Action: its CPU over the direct run’s',
      value: cpu('action, check, no change'),
      baseline: cpu('export --check (for the action)'),
      ratio: t['action, check, no change'].totalCpu.median / t['export --check (for the action)'].totalCpu.median,
    });
  }

  // 4. A 200 MiB download: the SDK against curl and plain Node.
  await part('Download', async () => {
    const s = section(
      `Download of ${DOWNLOAD_MIB} MiB over loopback`,
      `From a node:http server holding the bytes in memory (bench/lib/blob-server.mjs) to a file; one warm-up round of every client, then ${DOWNLOAD_ROUNDS} rounds, interleaved, each starting with the next client; the file is removed after each run. Peak RSS and CPU time (user + system, all threads) of each client process (getrusage); the SDK's own share is its peak less the peak of a process that only imports it. Ratio of minima: the fastest run over curl's fastest. The method is the same for every client, curl included; the SDK's bimodal figure of earlier runs (0.48× median, 0.91× best) was its own 1 MiB write calls, not the method (docs/decisions.md, "How a download writes the file"); the warm-up round keeps the first run's cold start (a few milliseconds, once ~40 ms) out of every client's figures.`,
    );
    const blob = await server(node, [join(LIB, 'blob-server.mjs'), String(DOWNLOAD_MIB)]);
    const file = join(work, 'download.bin');
    const clients = {
      'curl -o': ['curl', ['-sf', '-o', file, `${blob.url}/blob.zip`]],
      'node:http → file': [node, [join(LIB, 'download-clients.mjs'), 'http', `${blob.url}/blob.zip`, file]],
      'fetch → file': [node, [join(LIB, 'download-clients.mjs'), 'fetch', `${blob.url}/blob.zip`, file]],
      'SDK downloadToFile': [node, [join(LIB, 'download-clients.mjs'), 'sdk', `${blob.url}/blob.zip`, file]],
      'import @loc/sdk/node only': [node, [join(LIB, 'download-clients.mjs'), 'import', `${blob.url}/blob.zip`, file]],
    };
    const results = Object.fromEntries(Object.keys(clients).map((k) => [k, []]));
    // Each round starts with the next client: a client that runs right after another's 200 MiB of writes
    // meets the disk still flushing them, so a fixed order would favour whichever comes first.
    const order = Object.entries(clients);
    for (const [, [command, args]] of order) {
      timeWithRss(command, args);
      rmSync(file, { force: true });
    }
    for (let i = 0; i < DOWNLOAD_ROUNDS; i++) {
      for (const [name, [command, args]] of [...order.slice(i % order.length), ...order.slice(0, i % order.length)]) {
        results[name].push(timeWithRss(command, args));
        rmSync(file, { force: true });
      }
    }
    const speed = (name) => stats(results[name].map((r) => DOWNLOAD_MIB / (r.ms / 1000)));
    const rss = (name) => stats(results[name].map((r) => r.rssMiB));
    const cpu = (name) => stats(results[name].map((r) => r.cpuMs));
    const curl = speed('curl -o');
    const fetchSpeed = speed('fetch → file');
    for (const name of Object.keys(clients).filter((n) => n !== 'import @loc/sdk/node only')) {
      const v = speed(name);
      s.rows.push({
        measure: name,
        value: `${spread(v, 'MiB/s')}; peak RSS ${spread(rss(name), 'MiB')}; CPU ${spread(cpu(name))}`,
        baseline: name === 'curl -o' ? undefined : 'curl -o',
        ratio: name === 'curl -o' ? undefined : v.median / curl.median,
        // Speeds: the fastest run is the highest.
        ratioOfMin: name === 'curl -o' ? undefined : v.max / curl.max,
      });
    }
    const imported = rss('import @loc/sdk/node only');
    s.rows.push({
      measure: 'a process that only imports @loc/sdk/node',
      value: `peak RSS ${spread(imported, 'MiB')}; the download adds ${(rss('SDK downloadToFile').median - imported.median).toFixed(0)} MiB`,
    });
    const sdk = speed('SDK downloadToFile');
    s.rows.push({
      measure: 'SDK downloadToFile vs curl -o',
      value: `${(sdk.median / curl.median).toFixed(2)}×`,
      goal: '≥ 0.5×',
      met: sdk.median / curl.median >= 0.5,
    });
    s.rows.push({
      measure: 'SDK downloadToFile vs fetch → file',
      value: `${(sdk.median / fetchSpeed.median).toFixed(2)}×`,
      goal: '> 1×',
      met: sdk.median > fetchSpeed.median,
    });
    // The SDK hashes every byte it writes (the result's sha256; filesSha256 checked in the same pass), on
    // the thread that writes them: it can be no faster than SHA-256 on one core of this CPU. With SHA
    // extensions (x86's sha_ni) that is GB/s; without them a few hundred MiB/s, under half of curl's
    // loopback speed whatever the SDK does, and below fetch → file, which hashes nothing.
    const hashing = stats(
      Array.from({ length: 3 }, () => {
        const { stdout } = spawnSync(node, ['-e', HASH_SPEED, String(DOWNLOAD_MIB)], { encoding: 'utf8' });
        return Number(stdout);
      }),
    );
    s.rows.push({
      measure: `SHA-256 on one core of this CPU (node:crypto, ${DOWNLOAD_MIB} MiB in memory, 3 runs): the SDK's ceiling`,
      value: `${spread(hashing, 'MiB/s')}; SHA extensions: ${shaExtensions()}`,
      baseline: 'curl -o',
      ratio: hashing.median / curl.median,
    });
    s.rows.push({
      measure: 'SDK downloadToFile peak RSS',
      value: spread(rss('SDK downloadToFile'), 'MiB'),
      goal: '< 64 MiB',
      met: rss('SDK downloadToFile').median < 64,
    });
    await blob.close();
  });
} finally {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
}

// The report: on stdout, and as docs/benchmarks.md.
const loadAfter = loadavg();
const verdict = (r) => (r.met === undefined ? '' : r.met ? 'yes' : '**no**');
const lines = [
  '# Benchmarks',
  '',
  `Written by \`pnpm bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, in ${Math.round((Date.now() - started) / 1000)} s.`,
  '',
  `- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${process.platform} ${process.arch}`,
  `- Node ${process.versions.node}; autocannon ${autocannonVersion}; curl ${spawnSync('curl', ['--version'], { encoding: 'utf8' }).stdout?.split(' ')[1] ?? '?'}`,
  `- Load average (1 min) before / after: ${loadBefore[0].toFixed(1)} / ${loadAfter[0].toFixed(1)}. Absolute times move with the load of the machine; the ratios, measured interleaved, move much less.`,
  "- Each figure: median (min–max) of its runs. Ratio: median over the baseline's median (the goal is judged on it); ratio of minima: the fastest run over the baseline's fastest, which moves least with others' load.",
  '',
];
for (const s of sections) {
  lines.push(`## ${s.title}`, '', s.note, '');
  if (!s.rows.length) continue;
  const minima = s.rows.some((r) => r.ratioOfMin !== undefined);
  lines.push(
    `| measure | median (min–max) | baseline | ratio |${minima ? ' ratio of minima |' : ''} goal | met |`,
    `|---|---|---|---|${minima ? '---|' : ''}---|---|`,
  );
  const times = (ratio) => (ratio === undefined ? '' : `${ratio.toFixed(2)}×`);
  for (const r of s.rows) {
    lines.push(
      `| ${r.measure} | ${r.value} | ${r.baseline ?? ''} | ${times(r.ratio)} |${minima ? ` ${times(r.ratioOfMin)} |` : ''} ${r.goal ?? ''} | ${verdict(r)} |`,
    );
  }
  lines.push('');
}
const report = `${lines.join('\n')}\n`;
writeFileSync(OUT, report);
process.stdout.write(report);
log(`wrote ${OUT}`);
if (failures.length) {
  log(`failed: ${failures.join(', ')}`);
  process.exitCode = 1;
}
