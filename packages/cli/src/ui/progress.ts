import type { Output } from './output';

/** A task under way: a spinner at a terminal, plain lines elsewhere (CI logs), nothing with --quiet/--json. */
export interface Progress {
  /** New text. In plain mode only `milestone` updates are printed, so a CI log gets one line per step. */
  update(text: string, milestone?: boolean): void;
  succeed(text: string): void;
  fail(text: string): void;
  stop(): void;
}

/**
 * What progress needs of the command's context (a `Context` is one). Not the Context type itself: the
 * context imports `formatElapsed` from here (no import cycle: docs/development.md#import-cycles).
 */
interface ProgressContext {
  out: Output;
  /** A person at a terminal: a spinner is allowed. */
  interactive: boolean;
}

const SILENT: Progress = { update() {}, succeed() {}, fail() {}, stop() {} };

/** How often a spinner's elapsed time is redrawn: it shows tenths of a second. */
export const ELAPSED_TICK_MS = 100;

/** What a progress shows besides its text. */
export interface ProgressOptions {
  /**
   * The time since the task started, after the text (`Export reg_1: PROCESSING (3.2 s)`), kept current
   * by the progress itself: a spinner's time moves while nothing else does (a poll that takes seconds).
   */
  elapsed?: boolean;
}

/**
 * Progress for a task: a spinner at a terminal; plain lines elsewhere (CI logs); with --json only the
 * heartbeat lines on stderr (a fast run prints nothing there, a long wait is never silent); nothing with
 * --quiet.
 */
export async function startProgress(
  ctx: ProgressContext,
  text: string,
  options: ProgressOptions = {},
): Promise<Progress> {
  const { out } = ctx;
  if (out.quiet) return SILENT;
  // A terminal of no width (a pty nobody sized: `script` in CI, `docker run -t` before a resize) gets lines:
  // ora would count a frame as endless lines to clear, and loop until memory runs out.
  if (ctx.interactive && out.stderr.isTTY && out.stderr.columns > 0) {
    if (out.json) return SILENT;
    const { default: ora } = await import('ora');
    return spinnerProgress(ora, out, text, options);
  }
  if (out.json) return plainProgress((line) => out.progressLine(line), text, { ...options, steps: false });
  return plainProgress((line) => out.info(line), text, {
    ...options,
    fail: (line) => out.info(`${out.c.red('✖')} ${line}`),
    succeed: (line) => out.success(line),
  });
}

/**
 * A spinner on `out.stderr` (ora). With `elapsed`, a timer of its own redraws the time every
 * {@link ELAPSED_TICK_MS}, whatever the task reports; the timer never keeps the process alive and stops
 * with the spinner.
 *
 * @example const progress = spinnerProgress((await import('ora')).default, ctx.out, 'Export reg_1: PROCESSING', { elapsed: true });
 */
export function spinnerProgress(
  ora: typeof import('ora').default,
  out: Pick<Output, 'stderr' | 'terminal'>,
  text: string,
  options: ProgressOptions = {},
): Progress {
  const started = Date.now();
  let current = text;
  const shown = () => out.terminal(options.elapsed ? `${current} (${formatElapsed(Date.now() - started)})` : current);
  const spinner = ora({ text: shown(), stream: out.stderr, discardStdin: false, color: 'cyan' }).start();
  const ticker = options.elapsed
    ? setInterval(() => {
        spinner.text = shown();
      }, ELAPSED_TICK_MS)
    : undefined;
  ticker?.unref?.();
  const end = () => clearInterval(ticker);
  return {
    update: (next) => {
      current = next;
      spinner.text = shown();
    },
    succeed: (done) => {
      end();
      spinner.succeed(out.terminal(done));
    },
    fail: (failed) => {
      end();
      spinner.fail(out.terminal(failed));
    },
    stop: () => {
      end();
      spinner.stop();
    },
  };
}

/** CI watchdogs kill a job after a while without output: a plain progress prints at least this often. */
export const HEARTBEAT_MS = 30_000;

export interface PlainProgressOptions extends ProgressOptions {
  /** Print the first text, each milestone and the end (default); false: heartbeats only. */
  steps?: boolean;
  heartbeatMs?: number;
  succeed?: (line: string) => void;
  fail?: (line: string) => void;
}

/**
 * Progress as log lines: the first text, each milestone, and — while nothing else is printed — the
 * latest text again every {@link HEARTBEAT_MS}, so a log never stays silent for long while an export is
 * waited for or a download runs.
 *
 * @example
 * const progress = plainProgress((line) => process.stderr.write(`${line}\n`), 'Export reg_1: PROCESSING');
 */
export function plainProgress(
  write: (line: string) => void,
  text: string,
  options: PlainProgressOptions = {},
): Progress {
  const steps = options.steps !== false;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const started = Date.now();
  let last = text;
  let printed = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  // As the task starts (the first line) no time worth showing has passed: "(0.0 s)" says nothing.
  const timed = (line: string) => {
    const ms = Date.now() - started;
    return options.elapsed && ms >= 100 ? `${line} (${formatElapsed(ms)})` : line;
  };
  const print = (line: string) => {
    write(timed(line));
    printed = line;
    arm();
  };
  // The latest text when it moved on since it was printed (or shows its time); else with the time so far.
  const beat = () =>
    print(last !== printed || options.elapsed ? last : `${last} (${formatElapsed(Date.now() - started)} so far)`);
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(beat, heartbeatMs);
    // The heartbeat alone must never keep the process alive.
    timer.unref?.();
  };
  const end = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  if (steps) print(text);
  else arm();
  return {
    update: (next, milestone) => {
      if (steps && milestone && next !== printed) print(next);
      last = next;
    },
    succeed: (done) => {
      end();
      if (steps) (options.succeed ?? write)(done);
    },
    fail: (failed) => {
      end();
      if (steps) (options.fail ?? write)(failed);
    },
    stop: end,
  };
}

/** "3.2 s", "1 min 05 s". */
export function formatElapsed(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.floor(seconds % 60)).padStart(2, '0')} s`;
}
