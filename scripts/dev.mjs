#!/usr/bin/env node
// The one entry point behind the root scripts. It needs nothing but Node and npm, so that
// `npm test` and `npm run demo` work on a machine that has never seen pnpm: it brings the pinned
// pnpm from the npm registry (through npx), installs, builds, and runs the task.
//
//   node scripts/dev.mjs setup        install dependencies only
//   node scripts/dev.mjs test         build, typecheck, lint, then the test matrix (TEST_MATRIX below)
//   node scripts/dev.mjs stress [N] [project…]   build, then the suite (or the named vitest projects)
//                                     N times (default 3) beside two busy loops
//   node scripts/dev.mjs demo         build, then the demo against the embedded mock server
//   node scripts/dev.mjs bench        build, then the benchmarks
//   node scripts/dev.mjs regen        build, then rewrite every generated file (scripts/regen.mjs)
//   node scripts/dev.mjs run <cmd…>   install, then run a command of node_modules/.bin
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinnedPnpm = pkg.packageManager.replace(/^pnpm@/, '');
/**
 * The Active LTS line: the tasks run on it when this Node is older than the tools' floor (MIN_NODE), and
 * `bench` always does, so that its figures are of the line users are told to run.
 */
const ACTIVE_LTS = 26;
/**
 * The oldest Node the tools run on: vitest 5, tsup 9, @changesets/cli 3 and msw 3 need 22.12 to 22.18 (tsup:
 * ^22.18 || ^24.11), and the published packages' floor is 22.19 (undici 8, docs/decisions.md). On an older
 * Node (20, end of life, still this project's machines') every task runs under ACTIVE_LTS instead.
 */
const MIN_NODE = [22, 19, 0];
/**
 * Which parts of the suite run on which Node line: the SDK's tests whole on each of the three LTS lines (its
 * HTTP reader is checked against each line's llhttp), the Action's whole on 24, the Node its runners run it
 * on (`runs.using: node24`), and the CLI's, the mock's and the examples' test files in thirds (vitest's
 * `--shard`, balanced by each file's cost: scripts/test-shards.mjs) over 26, 22 and 24. So every test file
 * runs on one of the lines people run, the SDK's on all three. (The whole suite on 26 and the rest once more
 * over 22 and 24 took over 20 minutes of CI on two cores, where CI has 10.) Lines other than this Node's
 * come from the npm registry's `node` package. docs/development.md and the README state this matrix: change
 * them together.
 *
 * The runs share the machine (TEST_WORKERS): a run of e2e tests waits on its servers, its `loc`s, npm and
 * git more than it computes (a third of the suite with 3 workers kept 0.7 of 2 cores busy), so runs one
 * after the other left the cores idle for most of CI. `workers` is what a run keeps busy (its vitest
 * workers); `cost` orders them, longest first, so that the long ones (the packed tarballs: their files
 * one at a time) never start last.
 */
const SPREAD = ['cli', 'mock-server', 'examples'];
/** The SDK's two projects: its files in one module graph per worker, and the few that need one each. */
const SDK = ['sdk', 'sdk-isolated'];
const TEST_MATRIX = [
  // The packed tarballs installed with npm into empty folders, as users get them: on the oldest line with
  // msw 2 (the older major @loc/mock-server's peer range still covers) and on the Active LTS with msw 3.
  { node: 26, config: 'examples/vitest.pack.config.ts', what: 'the packed packages (msw 3)', workers: 2, cost: 100 },
  { node: 22, config: 'examples/vitest.pack.config.ts', what: 'the packed packages (msw 2)', workers: 2, cost: 90 },
  { node: 26, projects: SPREAD, shard: '1/3', workers: 3, cost: 80 },
  { node: 22, projects: SPREAD, shard: '2/3', workers: 3, cost: 80 },
  { node: 24, projects: SPREAD, shard: '3/3', workers: 3, cost: 80 },
  { node: 24, projects: ['action'], workers: 3, cost: 45 },
  { node: 26, projects: SDK, workers: 3, cost: 25 },
  { node: 22, projects: SDK, workers: 3, cost: 25 },
  { node: 24, projects: SDK, workers: 3, cost: 25 },
];
/**
 * How many vitest workers the runs at the same time may have together: about what keeps CI's two cores
 * busy, given how much of their time the runs wait (above). A run starts when the workers of those running
 * and its own fit, or when nothing runs. 15: the packed runs and the thirds at first; once the packed runs
 * are done, the Action and an SDK run beside the thirds (with 13 the SDK's waited for the thirds, and
 * ran last, alone).
 */
const TEST_WORKERS = Number(process.env.LOC_TEST_WORKERS ?? 15);

const env = {
  ...process.env,
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  COREPACK_ENABLE_STRICT: '0',
  npm_config_update_notifier: 'false',
};

function log(message) {
  process.stderr.write(`\n› ${message}\n`);
}

/** Runs `fn` (or the promise it returns) as a named step and says how long it took, so a slow CI run shows where the time went. */
function step(name, fn) {
  const started = performance.now();
  const done = () => process.stderr.write(`› ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  let result;
  try {
    result = fn();
  } catch (error) {
    done();
    throw error;
  }
  if (result instanceof Promise) return result.finally(done);
  done();
  return result;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    process.stderr.write(`\n✖ ${command} ${args.join(' ')} failed with exit code ${status}\n`);
    process.exit(status);
  }
}

const majorOf = (version) => Number(version.split('.')[0]);

function olderThanFloor(version) {
  const have = version.split('.').map(Number);
  const differing = MIN_NODE.findIndex((n, i) => have[i] !== n);
  return differing !== -1 && have[differing] < MIN_NODE[differing];
}

/**
 * Runs this same task again under the given Node line (from the npm registry) and exits with its code.
 * Its folder goes first on PATH, so that everything the task starts with `node` (npm, pnpm's scripts,
 * turbo's tasks, tsup, the demo's `loc`) runs on that Node too.
 */
function rerunUnder(line, why) {
  const node = nodeBinary(line);
  log(`${why}: running under Node ${line} from the npm registry (${node})`);
  const result = spawnSync(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: [dirname(node), process.env.PATH].join(delimiter) },
  });
  if (result.error) throw result.error;
  process.exit(result.status ?? 1);
}

/**
 * The pinned pnpm: the one on PATH when it is that version, else through npx (from the npm registry).
 * After the first install it is also in node_modules/.bin (a root devDependency), which is how turbo,
 * which needs a `pnpm` on PATH, finds it on a machine that never had one.
 */
function pnpm() {
  const probe = spawnSync('pnpm', ['--version'], { env, encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === pinnedPnpm) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${pinnedPnpm}`];
}

function install() {
  const [command, ...prefix] = pnpm();
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  if (task === 'demo')
    return quietly(`Installing dependencies with pnpm ${pinnedPnpm}`, command, [
      ...prefix,
      'install',
      '--prefer-offline',
      ...frozen,
    ]);
  log(`Installing dependencies with pnpm ${pinnedPnpm}`);
  must(command, [...prefix, 'install', '--prefer-offline', ...frozen]);
}

/**
 * Where `npm run demo` writes what its install and build print: a newcomer came for the demo, not for
 * ~200 lines of build log, which is shown only when a step fails.
 */
const DEMO_LOG = join(tmpdir(), 'loc-demo-build.log');

/** Runs a command with its output appended to DEMO_LOG; on failure, shows that log and exits with its code. */
function quietly(what, command, args) {
  process.stderr.write(`› ${what} (its output: ${DEMO_LOG})\n`);
  const fd = openSync(DEMO_LOG, 'a');
  let status;
  try {
    status = run(command, args, { stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  if (status !== 0) {
    process.stderr.write(
      `${readFileSync(DEMO_LOG, 'utf8')}\n✖ ${command} ${args.join(' ')} failed with exit code ${status} (the log above: ${DEMO_LOG})\n`,
    );
    process.exit(status);
  }
}

/**
 * Runs turbo tasks. A build shows what it builds as it goes (tsup's steps of each package not restored
 * from the cache; a cold build takes a minute or more, which looked like a hang when it was silent); the
 * checks show only what fails.
 */
function turbo(...tasks) {
  const logs = tasks.includes('build') ? 'new-only' : 'errors-only';
  must('turbo', ['run', ...tasks, `--output-logs=${logs}`]);
}

/**
 * The path of a `node` binary of the given major: this one, or the one the npm registry's `node` package
 * brings (through npx, cached after the first time). Spawning the binary itself, not npx's shim, keeps
 * vitest's workers and the `loc`/`loc-mock` children the tests spawn on that same Node.
 */
function nodeBinary(line) {
  if (majorOf(process.versions.node) === line) return process.execPath;
  const probe = spawnSync('npx', ['--yes', `node@${line}`, '-p', 'process.execPath'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const path = probe.stdout?.trim().split('\n').pop();
  if (probe.status !== 0 || !path || !existsSync(path)) {
    process.stderr.write(`✖ Could not get Node ${line} from the npm registry (npx node@${line}):\n${probe.stderr}\n`);
    process.exit(1);
  }
  return path;
}

/** `› Node 26, sdk: 10 passed, 0 failed, 0 skipped`: a run's own line, before the total. */
function printCounts(label, { passed, failed, skipped }) {
  process.stderr.write(`› ${label}: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
}

/**
 * One vitest run (all projects, or the named ones, or a shard of them) on the given Node binary; resolves
 * to its counts. The counts come from vitest's JSON report, so they do not depend on parsing its human
 * output. With `logFile`, the human output goes there (for runs that share the terminal with another).
 */
async function vitestRun(node, projects, label, { config, shard, logFile, extraEnv } = {}) {
  const reports = mkdtempSync(join(tmpdir(), 'loc-test-'));
  const report = join(reports, 'report.json');
  try {
    const output = logFile ? openSync(logFile, 'w') : 'inherit';
    const child = spawn(
      node,
      [
        join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        ...(config ? ['--config', join(root, config)] : []),
        ...projects.flatMap((p) => ['--project', p]),
        ...(shard ? [`--shard=${shard}`] : []),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', output, output] },
    );
    const status = await new Promise((done) => {
      child.once('error', () => done(1));
      child.once('close', (code) => done(code ?? 1));
    });
    if (typeof output === 'number') closeSync(output);
    if (!existsSync(report)) {
      process.stderr.write(`✖ ${label} wrote no report (exit code ${status}).\n`);
      return { passed: 0, failed: 0, skipped: 0, ok: false };
    }
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const counts = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
    return { ...counts, ok: status === 0 && counts.failed === 0 && counts.passed > 0 };
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
}

/** Adds up runs and prints the closing `N passed, N failed` line CI reads; exits non-zero on any failure. */
function finish(runs) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const r of runs) for (const key of Object.keys(totals)) totals[key] += r[key];
  const ok = runs.length > 0 && runs.every((r) => r.ok) && totals.failed === 0;
  process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  process.exit(ok ? 0 : 1);
}

async function test() {
  step('build and lint', () => {
    log('Building every package');
    turbo('build');
    log('Linting every package');
    turbo('lint');
  });
  // The tarballs, packed once for the runs that install them: two runs packing at the same time raced on
  // the package folders (one's postpack removed the docs/ the other's prepack was copying).
  const packed = mkdtempSync(join(tmpdir(), 'loc-packed-'));
  step('pack', () => {
    log('Packing the published packages');
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'pack-all.mjs'), packed], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`packing failed (exit code ${result.status ?? result.signal})`);
  });
  const logs = mkdtempSync(join(tmpdir(), 'loc-test-logs-'));
  // Each Node line once, before any run starts (npx fetches a line on first use).
  const nodes = new Map();
  for (const { node: major } of TEST_MATRIX) {
    if (nodes.has(major)) continue;
    const node = nodeBinary(major);
    log(`Node ${major} is ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()} (${node})`);
    nodes.set(major, node);
  }
  // The type-check beside the tests: tsc reads the sources and writes nothing (noEmit), where the lint packs
  // the packages (attw), which the tests must not see half done. `--only`: not the builds it depends on,
  // done above (turbo would put their cached dist/ back in place under the running tests). Its output is
  // printed when the tests are.
  log('Type-checking every package (beside the tests)');
  const typecheckLog = join(tmpdir(), `loc-typecheck-${process.pid}.log`);
  const typecheckStarted = performance.now();
  let typecheckTook = 0;
  const typecheck = new Promise((done) => {
    const output = openSync(typecheckLog, 'w');
    const child = spawn('turbo', ['run', 'typecheck', '--only', '--output-logs=errors-only'], {
      cwd: root,
      env,
      stdio: ['ignore', output, output],
    });
    child.once('error', () => done(1));
    child.once('close', (code) => {
      closeSync(output);
      typecheckTook = (performance.now() - typecheckStarted) / 1000;
      done(code ?? 1);
    });
  });
  const queue = TEST_MATRIX.map(({ node: major, projects = [], config, shard, what: described, workers, cost }, n) => {
    const what =
      (described ?? (projects.length ? projects.join(' + ') : 'the whole suite')) + (shard ? ` (shard ${shard})` : '');
    return { major, projects, config, shard, what, workers, cost, label: `Node ${major}, ${what}`, n };
  }).sort((a, b) => b.cost - a.cost);
  const runs = new Array(queue.length);
  // The runs share the terminal: each one's output goes to a file, printed whole when it is done.
  await step('the test runs', async () => {
    let busy = 0;
    const running = new Set();
    while (queue.length || running.size) {
      while (queue.length && (running.size === 0 || busy + queue[0].workers <= TEST_WORKERS)) {
        const run = queue.shift();
        busy += run.workers;
        const logFile = join(logs, `${run.n}.log`);
        log(`Running ${run.what} on Node ${run.major}`);
        const started = performance.now();
        const extraEnv = run.config ? { LOC_PACKED: packed } : {};
        const promise = vitestRun(nodes.get(run.major), run.projects, run.label, {
          config: run.config,
          shard: run.shard,
          logFile,
          extraEnv,
        }).then((counts) => {
          busy -= run.workers;
          running.delete(promise);
          runs[run.n] = counts;
          process.stderr.write(`\n› The output of ${run.label}:\n`);
          process.stderr.write(readFileSync(logFile, 'utf8'));
          printCounts(run.label, counts);
          process.stderr.write(`› ${run.label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
        });
        running.add(promise);
      }
      await Promise.race(running);
    }
  });
  rmSync(logs, { recursive: true, force: true });
  rmSync(packed, { recursive: true, force: true });
  const typechecked = await typecheck;
  process.stderr.write(`\n› The type-check:\n${readFileSync(typecheckLog, 'utf8')}`);
  process.stderr.write(`› typecheck: ${typecheckTook.toFixed(1)} s\n`);
  rmSync(typecheckLog, { force: true });
  if (typechecked !== 0) {
    process.stderr.write(`\n✖ turbo run typecheck failed with exit code ${typechecked}\n`);
    runs.push({ passed: 0, failed: 0, skipped: 0, ok: false });
  }
  finish(runs);
}

/**
 * The proof that no test depends on the machine's speed: the whole suite (or the named projects), `rounds`
 * times in a row, while two CPU-bound processes compete for this machine's cores (CI has two). Every round
 * must pass.
 */
async function stress(rounds, projects) {
  step('build', () => turbo('build'));
  const busy = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const stop = () => {
    for (const child of busy) child.kill('SIGKILL');
  };
  // Never leave a busy loop behind: not on a normal exit, nor when the run itself is interrupted.
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      stop();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
  const runs = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const what = projects.length ? projects.join(' + ') : 'whole suite';
      const label = `stress round ${round} of ${rounds}, ${what} (Node ${process.versions.node}, 2 busy loops)`;
      runs.push(
        await step(label, () => {
          log(label);
          return vitestRun(process.execPath, projects, label).then((counts) => {
            printCounts(label, counts);
            return counts;
          });
        }),
      );
    }
  } finally {
    stop();
  }
  finish(runs);
}

const [task = 'test', ...rest] = process.argv.slice(2);
if (olderThanFloor(process.versions.node))
  rerunUnder(ACTIVE_LTS, `Node ${process.versions.node} is older than the tools need (${MIN_NODE.join('.')})`);
if (task === 'bench' && majorOf(process.versions.node) !== ACTIVE_LTS)
  rerunUnder(ACTIVE_LTS, `The benchmarks measure the Active LTS, not Node ${process.versions.node}`);
if (task === 'demo') writeFileSync(DEMO_LOG, '');
step('install', install);
switch (task) {
  case 'setup':
    break;
  case 'test':
    await test();
    break;
  case 'stress': {
    const rounds = Number(rest[0] ?? 3);
    if (!Number.isInteger(rounds) || rounds < 1) {
      process.stderr.write(`✖ stress takes a number of rounds (a whole number ≥ 1), not ${JSON.stringify(rest[0])}.\n`);
      process.exit(2);
    }
    await stress(rounds, rest.slice(1));
    break;
  }
  case 'demo':
    step('build', () =>
      quietly('Building the packages (a minute or two the first time)', 'turbo', [
        'run',
        'build',
        '--output-logs=new-only',
      ]),
    );
    must(process.execPath, [join(root, 'scripts', 'demo.mjs'), ...rest]);
    break;
  case 'bench':
    log('Building');
    turbo('build');
    must(process.execPath, [join(root, 'bench', 'run.mjs'), ...rest]);
    break;
  case 'regen':
    log('Building');
    turbo('build');
    must(process.execPath, [join(root, 'scripts', 'regen.mjs'), ...rest]);
    break;
  case 'run':
    must(rest[0], rest.slice(1));
    break;
  default:
    process.stderr.write(
      `Unknown task ${JSON.stringify(task)}: expected setup, test, stress [rounds], demo, bench, regen or run <command>.\n`,
    );
    process.exit(2);
}
