// Helpers shared by the end-to-end tests: the real `loc-mock` binary on a loopback port and the real
// built `loc` binary as a child process. Both must be built first (`pnpm build`; `pnpm test` does it).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { DEMO } from '@loc/mock-server';

const require = createRequire(import.meta.url);

function built(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`pnpm build\` first.`);
  return path;
}

/**
 * loc's code cache in the tests (XDG_CACHE_HOME): one folder in the temporary directory, shared by the
 * test runs, so tests never write into the user's ~/.cache and still run loc with its cache as users do.
 * Its size is bounded by loc itself (a file per script and version; unused ones are removed).
 */
function testCacheHome(): string {
  const dir = join(tmpdir(), 'loc-test-code-cache');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

// The CLI is found beside this package, not as a dependency: @loc/cli's tests depend on this package.
export const LOC_BIN = built(fileURLToPath(new URL('../../cli/dist/bin.cjs', import.meta.url)));
export const MOCK_BIN = built(join(dirname(require.resolve('@loc/mock-server/package.json')), 'dist', 'bin.js'));

/** The demo seed's well-known credentials (docs/mock-server.md), named as the tests use them. */
export const TOKENS = DEMO.tokens;
export const CDN_KEYS = {
  acme: DEMO.cdnKeys.valid,
  expired: DEMO.cdnKeys.expired,
  revoked: DEMO.cdnKeys.revoked,
  globex: DEMO.cdnKeys.budget,
} as const;

export interface RunningMock {
  url: string;
  process: ChildProcess;
  stop(): Promise<number | null>;
  /**
   * With `{ log: true }`: every request served since the last call, as the mock logs it (`POST /v1/acme/projects/x/exports`),
   * without the status and timing. A marker request is sent first and waited for, so every earlier
   * request is in the list.
   */
  requests(): Promise<string[]>;
}

export interface StartMockOptions {
  /** Keep the mock's request log (for tests that count what a command sent). */
  log?: boolean;
}

const LOG_MARKER = '/_test-utils/log-marker';

/** Starts `loc-mock serve` on a free loopback port and resolves once it prints its URL. */
export function startMock(args: string[] = [], options: StartMockOptions = {}): Promise<RunningMock> {
  const child = spawn(
    process.execPath,
    [MOCK_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', ...(options.log ? [] : ['--quiet']), ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  const logged: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stderr! }).on('line', (line) => {
    const request = /^([A-Z]+ \S+) → \d+/.exec(line)?.[1];
    if (!request) return;
    logged.push(request);
    for (const wake of waiting) wake();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`loc-mock did not start within 60 s: ${stderr}`)), 60_000);
    void exited.then((code) => reject(new Error(`loc-mock exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      const url = line.split(' ').at(-1) ?? '';
      resolve({
        url,
        process: child,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
        requests: async () => {
          if (!options.log) throw new Error('startMock(args, { log: true }) keeps the request log');
          const marker = `GET ${LOG_MARKER}`;
          const seen = new Promise<void>((wake) => {
            const check = () => {
              if (logged.includes(marker)) {
                waiting.delete(check);
                wake();
              }
            };
            waiting.add(check);
          });
          await fetch(`${url}${LOG_MARKER}`).then((r) => r.body?.cancel());
          await seen;
          const all = logged.splice(0);
          return all.filter((r) => r !== marker);
        },
      });
    });
  });
}

export interface LocResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (throws with the output when it is not). */
  json<T = any>(): T;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  input?: string;
  timeoutMs?: number;
  /** Called with the child once it runs (to send it a signal). Implies `spawn`. */
  onSpawn?: (child: ChildProcess) => void;
  /**
   * Run a `loc` process of its own, for a test of the process itself: its start-up and code cache, its
   * exit, signals, pipes, what Node reads from the environment. Without it, the run goes to a runner
   * process that runs loc's `main` again and again (see `runLoc`).
   */
  spawn?: boolean;
}

/**
 * Runs the built `loc` without a terminal (so in CI mode: no prompt, no spinner), with a clean
 * environment: only PATH, HOME, a code-cache folder of its own and what the test gives. It resolves when
 * the run is over, as a process: its exit code, stdout and stderr.
 *
 * A test that is not about the process gets a runner (loc-runner.cjs): a process that has loaded
 * dist/program.cjs once and runs its `main` with each run's argv, environment, folder and stdin, and
 * answers once nothing of the run keeps its event loop alive, when a spawned `loc` would have exited. That
 * saves a Node start-up and a load of the program per run, most of what a short command costs. A run
 * beside another gets a runner of its own. `spawn: true` (or `onSpawn`) runs a process of its own, and so
 * does an environment with a variable Node or the C library reads at start-up (NODE_OPTIONS, LANG…).
 * `LOC_TEST_SPAWN=1` in the test's environment spawns every run (to tell whether a failure is the runner's).
 *
 * @example
 * const result = await runLoc(['export', 'formats', '--json']);
 * expect(result.json().formats).toHaveLength(11);
 */
export function runLoc(args: string[], options: RunOptions = {}): Promise<LocResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    XDG_CACHE_HOME: testCacheHome(),
    NO_COLOR: '1',
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const spawned =
    options.spawn ||
    options.onSpawn ||
    process.env.LOC_TEST_SPAWN === '1' ||
    Object.keys(env).some((key) => READ_AT_START_UP.test(key));
  return spawned ? spawnLoc(args, env, options) : runInRunner(args, env, options);
}

/** What Node (NODE_OPTIONS, NODE_USE_ENV_PROXY…), libuv and the C library (the locale, the zone) read once, at start-up. */
const READ_AT_START_UP = /^(NODE_|UV_|LC_|LANG$|LANGUAGE$|TZ$|OPENSSL_|SSL_CERT_)/;

function locResult(code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string): LocResult {
  return {
    code,
    signal,
    stdout,
    stderr,
    json() {
      try {
        return JSON.parse(stdout);
      } catch {
        throw new Error(`stdout is not JSON:\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

const notFinished = (args: string[], options: RunOptions, stdout: string, stderr: string) =>
  new Error(`loc ${args.join(' ')} did not finish within ${options.timeoutMs ?? 60_000} ms\n${stdout}\n${stderr}`);

function spawnLoc(args: string[], env: Record<string, string>, options: RunOptions): Promise<LocResult> {
  const child = spawn(process.execPath, [LOC_BIN, ...args], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  options.onSpawn?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(notFinished(args, options, stdout, stderr));
    }, options.timeoutMs ?? 60_000);
    // 'close' comes after both pipes are drained.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve(locResult(code, signal, stdout, stderr));
    });
  });
}

/** A runner process (loc-runner.cjs) and its answers: one run at a time. */
interface Runner {
  child: ChildProcess;
  ready: Promise<void>;
  answer?: (reply: { code: number; stdout: string; stderr: string }) => void;
  exited?: (code: number | null) => void;
}

const RUNNER = fileURLToPath(new URL('./loc-runner.cjs', import.meta.url));
/** The runners that are not running anything now (one per run at a time: most files need one). */
const idleRunners: Runner[] = [];
let runs = 0;

function startRunner(): Runner {
  // Started as a spawned loc is (a clean environment, no execArgv of the test's own process): each run
  // then sets the environment it is given.
  const child = fork(RUNNER, [LOC_BIN], {
    execArgv: [],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
    // Pipes, as a spawned loc's are (never the test's terminal): the runs' bytes go to the test through
    // the channel; anything written outside a run is passed on to this process's stderr.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    (stream as Socket).unref();
  }
  const runner: Runner = { child, ready: Promise.resolve() };
  runner.ready = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the loc runner exited with ${code} before it was ready`)));
    child.once('message', () => resolve());
  });
  child.on('message', (reply: { code: number; stdout: string; stderr: string; ready?: true }) => {
    if (!reply.ready) runner.answer?.(reply);
  });
  child.on('exit', (code) => {
    const at = idleRunners.indexOf(runner);
    if (at !== -1) idleRunners.splice(at, 1);
    runner.exited?.(code);
  });
  // An idle runner keeps no test process alive; it exits when the test's process is gone (the channel closes).
  child.unref();
  (child.channel as { unref?(): void } | undefined)?.unref?.();
  return runner;
}

async function runInRunner(args: string[], env: Record<string, string>, options: RunOptions): Promise<LocResult> {
  const runner = idleRunners.pop() ?? startRunner();
  await runner.ready;
  const channel = runner.child.channel as { ref?(): void; unref?(): void } | undefined;
  channel?.ref?.();
  try {
    const reply = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
      const timer = setTimeout(() => {
        runner.child.kill('SIGKILL');
        reject(notFinished(args, options, '', ''));
      }, options.timeoutMs ?? 60_000);
      runner.answer = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      runner.exited = (code) => {
        clearTimeout(timer);
        reject(new Error(`the loc runner exited with ${code} during loc ${args.join(' ')}`));
      };
      runner.child.send({ id: ++runs, args, env, cwd: options.cwd ?? process.cwd(), input: options.input ?? '' });
    });
    return locResult(reply.code, null, reply.stdout, reply.stderr);
  } finally {
    runner.answer = undefined;
    runner.exited = undefined;
    channel?.unref?.();
    if (runner.child.exitCode === null && runner.child.signalCode === null) idleRunners.push(runner);
  }
}

/** A fresh temporary folder, and its removal. */
export function tempDir(prefix = 'loc-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * A pseudo-terminal of 30 rows and argv[1] columns, in python's standard library (present wherever node-gyp
 * works): it runs argv[3:] on the terminal's slave side and copies the terminal's bytes to stdout. With
 * argv[2] `keys`, stdin's bytes are typed on the terminal; with `hang-up`, the first bytes on stdin close
 * the master side instead, as closing a terminal window or an ssh session does: the kernel sends SIGHUP,
 * and every later write to the terminal fails with EIO. Exits with the command's exit code.
 */
const PTY_SCRIPT = `
import os, pty, sys, fcntl, termios, struct, select
columns, mode = int(sys.argv[1]), sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 30, columns, 0, 0))
    os.execvp(sys.argv[3], sys.argv[3:])
inputs = [fd, 0]
while True:
    ready, _, _ = select.select(inputs, [], [])
    if fd in ready:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        os.write(1, data)
    if 0 in ready:
        data = os.read(0, 4096)
        if data and mode == 'hang-up':
            os.close(fd)
            break
        if data:
            os.write(fd, data)
        else:
            inputs = [fd]
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
`;

/**
 * Runs the built `loc` in a real pseudo-terminal of `columns` (stdin and stdout are TTYs: prompts and
 * spinners are on). `stdin: 'keys'` types what is written to the child's stdin; `'hang-up'` closes the
 * terminal at the first write. The child's exit code is loc's.
 */
export function spawnLocInTerminal(
  args: string[],
  options: { env: Record<string, string>; cwd?: string; columns?: number; stdin: 'keys' | 'hang-up' },
): ChildProcess & { stdin: NonNullable<ChildProcess['stdin']>; stdout: NonNullable<ChildProcess['stdout']> } {
  const script = ['-c', PTY_SCRIPT, String(options.columns ?? 120), options.stdin];
  return spawn('python3', [...script, process.execPath, LOC_BIN, ...args], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      XDG_CACHE_HOME: testCacheHome(),
      TERM: 'xterm-256color',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  }) as ReturnType<typeof spawnLocInTerminal>;
}

/**
 * Runs the built `loc` in a real pseudo-terminal (so stdin and stdout are TTYs: prompts and spinners
 * are on) of `columns` (120 unless given) and answers each prompt once its text is on the screen.
 */
export function runLocInTerminal(
  args: string[],
  answers: [RegExp, string][],
  env: Record<string, string>,
  cwd?: string,
  timeoutMs = 60_000,
  columns?: number,
): Promise<{ code: number | null; screen: string }> {
  const child = spawnLocInTerminal(args, {
    env,
    ...(cwd ? { cwd } : {}),
    ...(columns ? { columns } : {}),
    stdin: 'keys',
  });
  let screen = '';
  let next = 0;
  let consumed = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    const answer = answers[next];
    if (answer?.[0].test(screen.slice(consumed))) {
      next++;
      consumed = screen.length;
      // No delay needed: clack switches the terminal to raw mode before it draws a prompt, so once the
      // prompt is on the screen the answer is read as keys (and a secret is not echoed).
      child.stdin.write(answer[1]);
    }
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

/**
 * The lines a terminal shows of what `runLocInTerminal` read: colour and cursor codes dropped, and of a
 * line a spinner redrew (`\r`), what it last wrote.
 *
 * @example screenLines(screen).filter((line) => line.startsWith('created'))
 */
export function screenLines(screen: string): string[] {
  return stripVTControlCharacters(screen)
    .split(/\r?\n/)
    .map((line) => line.split('\r').at(-1) ?? '');
}

/** A forward proxy on loopback, and what it carried. */
export interface TestProxy {
  url: string;
  /** `GET http://…` for each plain request, `CONNECT host:port` for each tunnel (undici tunnels even http). */
  carried: string[];
  close(): Promise<void>;
}

/**
 * Starts a minimal forward proxy on 127.0.0.1 (plain HTTP requests and CONNECT tunnels), for the tests
 * of `HTTP_PROXY`/`HTTPS_PROXY` and `NO_PROXY`.
 *
 * @example
 * const proxy = await startProxy();
 * await runLoc(['projects', 'list'], { env: { HTTP_PROXY: proxy.url } });
 * expect(proxy.carried).toContain(`CONNECT ${host}`);
 */
export async function startProxy(): Promise<TestProxy> {
  const carried: string[] = [];
  const proxy = createServer((req, res) => {
    carried.push(`${req.method} ${req.url}`);
    const upstream = httpRequest(new URL(req.url ?? '/'), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    carried.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    carried,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

/** A proxy on loopback that forwards nothing: each request stops there, and it records where it was going. */
export interface StoppingProxy {
  url: string;
  /** `CONNECT host:port` for each tunnel asked, `GET http://…` for each plain request. */
  asked: string[];
  close(): Promise<void>;
}

/**
 * Starts a forward proxy on 127.0.0.1 that answers every request 403 and every tunnel 403 without opening
 * it: a test of a default host (the service's) sees where a client would go, and nothing leaves the
 * machine (docs/development.md, "Deterministic tests").
 *
 * @example
 * const proxy = await startStoppingProxy();
 * await runLoc(['projects', 'list'], { env: { LOC_API_TOKEN: 't', HTTPS_PROXY: proxy.url } });
 * expect(proxy.asked).toContain('CONNECT api.lingohub.com:443');
 */
export async function startStoppingProxy(): Promise<StoppingProxy> {
  const asked: string[] = [];
  const proxy = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' }).end('stopped by the test proxy');
  });
  proxy.on('connect', (req, client: Socket) => {
    asked.push(`CONNECT ${req.url}`);
    client.on('error', () => client.destroy());
    client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
