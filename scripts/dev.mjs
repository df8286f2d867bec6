#!/usr/bin/env node
// The one entry point behind the root scripts. It needs nothing but Node and npm, so that
// `npm test` and `npm run demo` work on a machine that has never seen pnpm: it brings the pinned
// pnpm from the npm registry (through npx), installs, builds, and runs the task.
//
//   node scripts/dev.mjs setup        install dependencies only
//   node scripts/dev.mjs test         build, typecheck, lint, then every test on Node 20 and Node 24
//   node scripts/dev.mjs demo         build, then the demo against the embedded mock server
//   node scripts/dev.mjs bench        build, then the benchmarks
//   node scripts/dev.mjs run <cmd…>   install, then run a command of node_modules/.bin
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinnedPnpm = pkg.packageManager.replace(/^pnpm@/, '');
/** The Node majors the test suite runs on: the oldest supported line and the current LTS. */
const TEST_NODE_MAJORS = [20, 24];
const MIN_NODE = [20, 18, 1];

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

function checkNode() {
  const have = process.versions.node.split('.').map(Number);
  const differing = MIN_NODE.findIndex((n, i) => have[i] !== n);
  if (differing !== -1 && have[differing] < MIN_NODE[differing]) {
    process.stderr.write(
      `✖ Node ${process.versions.node} is older than ${MIN_NODE.join('.')}. Run \`bash .ci/run\`, which brings Node 24 from the npm registry, or install Node 24 LTS.\n`,
    );
    process.exit(2);
  }
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
  log(`Installing dependencies with pnpm ${pinnedPnpm}`);
  must(command, [...prefix, 'install', '--prefer-offline', ...frozen]);
}

function turbo(...tasks) {
  must('turbo', ['run', ...tasks, '--output-logs=errors-only']);
}

/** A `node` binary of the given major: this one, or one from the npm registry's `node` package. */
function nodeCommand(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return [process.execPath];
  return ['npx', '--yes', `node@${major}`];
}

function test() {
  log('Building, type-checking and linting every package');
  turbo('build', 'typecheck', 'lint');
  const reports = mkdtempSync(join(tmpdir(), 'loc-test-'));
  const totals = { passed: 0, failed: 0, skipped: 0 };
  let failedRun = false;
  try {
    for (const major of TEST_NODE_MAJORS) {
      const [command, ...prefix] = nodeCommand(major);
      const report = join(reports, `node${major}.json`);
      log(`Running the test suite on Node ${major}`);
      const status = run(command, [
        ...prefix,
        join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ]);
      if (status !== 0) failedRun = true;
      if (!existsSync(report)) {
        process.stderr.write(`✖ The run on Node ${major} wrote no report (exit code ${status}).\n`);
        failedRun = true;
        continue;
      }
      const r = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
      totals.skipped += r.numPendingTests + r.numTodoTests;
    }
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
  if (totals.passed + totals.failed === 0) failedRun = true;
  process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  process.exit(failedRun || totals.failed > 0 ? 1 : 0);
}

const [task = 'test', ...rest] = process.argv.slice(2);
checkNode();
install();
switch (task) {
  case 'setup':
    break;
  case 'test':
    test();
    break;
  case 'demo':
    log('Building');
    turbo('build');
    must(process.execPath, [join(root, 'scripts', 'demo.mjs'), ...rest]);
    break;
  case 'bench':
    log('Building');
    turbo('build');
    must(process.execPath, [join(root, 'bench', 'run.mjs'), ...rest]);
    break;
  case 'run':
    must(rest[0], rest.slice(1));
    break;
  default:
    process.stderr.write(`Unknown task ${JSON.stringify(task)}: expected setup, test, demo, bench or run <command>.\n`);
    process.exit(2);
}
