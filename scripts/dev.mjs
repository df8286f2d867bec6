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
 * `--shard`) over 26, 22 and 24. So every test file runs on one of the lines people run, the SDK's on all
 * three. (The whole suite on 26 and the rest once more over 22 and 24 took over 20 minutes of CI on two
 * cores, where CI has 10.) Lines other than this Node's come from the npm registry's `node` package. Runs
 * with the same `together` run at the same time: the packed-tarball runs wait on npm more than on the CPU.
 * docs/development.md and the README state this matrix: change them together.
 */
const SPREAD = ['cli', 'mock-server', 'examples'];
const TEST_MATRIX = [
  { node: 26, projects: ['sdk'] },
  { node: 22, projects: ['sdk'] },
  { node: 24, projects: ['sdk'] },
  { node: 24, projects: ['action'] },
  { node: 26, projects: SPREAD, shard: '1/3' },
  { node: 22, projects: SPREAD, shard: '2/3' },
  { node: 24, projects: SPREAD, shard: '3/3', together: 'last' },
  // The packed tarballs installed with npm into empty folders, as users get them: on the oldest line with
  // msw 2 (the older major @loc/mock-server's peer range still covers) and on the Active LTS with msw 3.
  { node: 22, config: 'examples/vitest.pack.config.ts', what: 'the packed packages (msw 2)', together: 'last' },
  { node: 26, config: 'examples/vitest.pack.config.ts', what: 'the packed packages (msw 3)', together: 'last' },
];

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
    process.stderr.write(`› ${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
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
  step('build, typecheck and lint', () => {
    log('Building every package');
    turbo('build');
    log('Type-checking and linting every package');
    turbo('typecheck', 'lint');
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
  const runs = [];
  const logs = mkdtempSync(join(tmpdir(), 'loc-test-logs-'));
  // One run at a time, except the runs of one `together` group: they start at once, each writing its
  // output to a file that is printed when the group is done, so that the two never interleave.
  for (let i = 0; i < TEST_MATRIX.length; ) {
    const { together } = TEST_MATRIX[i];
    let end = i + 1;
    while (together && end < TEST_MATRIX.length && TEST_MATRIX[end].together === together) end++;
    const group = TEST_MATRIX.slice(i, end).map(({ node: major, projects = [], config, shard, what: described }, n) => {
      const what =
        (described ?? (projects.length ? projects.join(' + ') : 'the whole suite')) +
        (shard ? ` (shard ${shard})` : '');
      const label = `Node ${major}, ${what}`;
      return {
        major,
        projects,
        config,
        shard,
        what,
        label,
        logFile: end - i > 1 ? join(logs, `${i + n}.log`) : undefined,
      };
    });
    const done = await step(group.map((g) => g.label).join(' and '), () =>
      Promise.all(
        group.map(({ major, projects, config, shard, what, label, logFile }) => {
          log(`Running ${what} on Node ${major}`);
          const node = nodeBinary(major);
          log(`Node ${major} is ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()} (${node})`);
          const extraEnv = config ? { LOC_PACKED: packed } : {};
          return vitestRun(node, projects, label, { config, shard, logFile, extraEnv });
        }),
      ),
    );
    for (const { label, logFile } of group) {
      if (!logFile) continue;
      process.stderr.write(`\n› The output of ${label}:\n`);
      process.stderr.write(readFileSync(logFile, 'utf8'));
    }
    runs.push(...done);
    i = end;
  }
  rmSync(logs, { recursive: true, force: true });
  rmSync(packed, { recursive: true, force: true });
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
          return vitestRun(process.execPath, projects, label);
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
