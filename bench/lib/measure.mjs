// Timing helpers of `pnpm bench`: every loop is bounded by a count, runs of the commands compared are
// interleaved (A B C A B C …) so that a burst of load from other work on the machine hits all of them.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Median, min and max of a list of numbers. */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)], min: sorted[0], max: sorted.at(-1), n: sorted.length };
}

/** `123 ms (110–150)`: a median with its spread. */
export function spread(s, unit = 'ms', digits = 0) {
  const f = (v) => v.toFixed(digits);
  return `${f(s.median)} ${unit} (${f(s.min)}–${f(s.max)})`;
}

/** The environment of the measured processes: NODE_EXTRA_CA_CERTS adds ~70 ms to every Node start. */
export function benchEnv(extra = {}) {
  const env = { ...process.env, CI: '1', NO_COLOR: '1', ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_OPTIONS;
  return env;
}

/**
 * Wall time of each command, `runs` times, interleaved. A command is `{ name, command, args, env?,
 * ok? }`; `ok(status)` says which exit codes are expected (default 0).
 * @returns {Record<string, ReturnType<typeof stats>>}
 */
export function timeInterleaved(commands, runs) {
  const times = Object.fromEntries(commands.map((c) => [c.name, []]));
  for (let i = 0; i < runs; i++) {
    for (const c of commands) {
      const started = process.hrtime.bigint();
      const result = spawnSync(c.command, c.args, {
        env: c.env ?? benchEnv(),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (result.error) throw new Error(`${c.name}: ${result.error.message}`);
      if (!(c.ok ?? ((s) => s === 0))(result.status)) {
        throw new Error(`${c.name} exited ${result.status}: ${(result.stderr || result.stdout).slice(0, 500)}`);
      }
      times[c.name].push(ms);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, stats(t)]));
}

/** Runs `command` under Python's getrusage: its exit status, wall time and CPU time (user + system, all threads), ms. */
const RUSAGE_PROBE = [
  'import resource, subprocess, sys, time',
  't = time.perf_counter()',
  'r = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
  'ms = (time.perf_counter() - t) * 1000',
  'sys.stderr.buffer.write(r.stderr[:2000])',
  // A failing command's output too: tsc, for one, writes its errors to stdout.
  'sys.stderr.buffer.write(r.stdout[:2000] if r.returncode else b"")',
  'u = resource.getrusage(resource.RUSAGE_CHILDREN)',
  'print(r.returncode, ms, (u.ru_utime + u.ru_stime) * 1000)',
].join('\n');

/**
 * Like {@link timeInterleaved}, with the CPU time of each run: the command's own (user + system, all its
 * processes and threads, from getrusage) and the server's it talks to (`server.cpuMs()` before and after,
 * /proc, 10 ms ticks). Wall time is taken around the command alone, Python's start-up left out.
 * @returns {Record<string, { wall: ReturnType<typeof stats>, cpu: ReturnType<typeof stats>, serverCpu: ReturnType<typeof stats>, totalCpu: ReturnType<typeof stats> }>}
 */
export function timeInterleavedWithCpu(commands, runs, server) {
  const seen = Object.fromEntries(commands.map((c) => [c.name, { wall: [], cpu: [], serverCpu: [], totalCpu: [] }]));
  for (let i = 0; i < runs; i++) {
    for (const c of commands) {
      const before = server.cpuMs();
      const result = spawnSync('python3', ['-c', RUSAGE_PROBE, c.command, ...c.args], {
        env: c.env ?? benchEnv(),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const serverCpu = server.cpuMs() - before;
      if (result.error) throw new Error(`${c.name}: ${result.error.message}`);
      const [status, ms, cpuMs] = result.stdout.trim().split(/\s+/).map(Number);
      if (!(c.ok ?? ((s) => s === 0))(status))
        throw new Error(`${c.name} exited ${status}: ${result.stderr.slice(0, 500)}`);
      const t = seen[c.name];
      t.wall.push(ms);
      t.cpu.push(cpuMs);
      t.serverCpu.push(serverCpu);
      t.totalCpu.push(cpuMs + serverCpu);
    }
  }
  return Object.fromEntries(
    Object.entries(seen).map(([name, t]) => [
      name,
      { wall: stats(t.wall), cpu: stats(t.cpu), serverCpu: stats(t.serverCpu), totalCpu: stats(t.totalCpu) },
    ]),
  );
}

/**
 * Runs a command once and returns its wall time (ms), peak RSS (MiB) and CPU time (user + system, ms, all
 * its threads), both from getrusage.
 */
export function timeWithRss(command, args, env = benchEnv()) {
  const probe = [
    'import resource, subprocess, sys, time',
    't = time.perf_counter()',
    'r = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
    'ms = (time.perf_counter() - t) * 1000',
    'sys.stderr.buffer.write(r.stderr)',
    'u = resource.getrusage(resource.RUSAGE_CHILDREN)',
    'print(r.returncode, ms, u.ru_maxrss, (u.ru_utime + u.ru_stime) * 1000)',
  ].join('\n');
  const result = spawnSync('python3', ['-c', probe, command, ...args], { env, encoding: 'utf8' });
  if (result.error) throw result.error;
  const [status, ms, rssKiB, cpuMs] = result.stdout.trim().split(/\s+/).map(Number);
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${status}: ${result.stderr.slice(0, 500)}`);
  return { ms, rssMiB: rssKiB / 1024, cpuMs };
}

/**
 * Starts a server process that prints a line ending in its URL; resolves once it has.
 * `cpuMs()` is the CPU time (user + system, all threads) the process has used so far.
 * @returns {Promise<{ url: string, pid: number, peakRssMiB: () => number, rssMiB: () => number, cpuMs: () => number, close: () => Promise<void> }>}
 */
export function startServer(command, args, { env = benchEnv(), timeoutMs = 120_000 } = {}) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const status = (field) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${command} ${args.join(' ')} printed no URL within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with code ${code}: ${stderr}`));
    });
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: line.split(' ').at(-1),
        pid: child.pid,
        rssMiB: () => status('VmRSS'),
        peakRssMiB: () => status('VmHWM'),
        cpuMs: () => cpuMsOf(child.pid),
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process so far, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Runs a Node script in its own process and parses the one JSON line it prints. */
export function runJson(script, args, env = benchEnv()) {
  const result = spawnSync(process.execPath, [script, ...args], { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${script} exited ${result.status}: ${result.stderr.slice(0, 800)}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}
