import type { Context } from '../context';

/** A task under way: a spinner at a terminal, plain lines elsewhere (CI logs), nothing with --quiet/--json. */
export interface Progress {
  /** New text. In plain mode only `milestone` updates are printed, so a CI log gets one line per step. */
  update(text: string, milestone?: boolean): void;
  succeed(text: string): void;
  fail(text: string): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, succeed() {}, fail() {}, stop() {} };

export async function startProgress(ctx: Context, text: string): Promise<Progress> {
  const { out } = ctx;
  if (out.quiet || out.json) return SILENT;
  if (ctx.interactive && out.stderr.isTTY) {
    const { default: ora } = await import('ora');
    const spinner = ora({ text, stream: out.stderr, discardStdin: false, color: 'cyan' }).start();
    return {
      update: (next) => {
        spinner.text = next;
      },
      succeed: (done) => void spinner.succeed(done),
      fail: (failed) => void spinner.fail(failed),
      stop: () => void spinner.stop(),
    };
  }
  out.info(text);
  let last = text;
  return {
    update: (next, milestone) => {
      if (milestone && next !== last) out.info(next);
      last = next;
    },
    succeed: (done) => out.success(done),
    fail: (failed) => out.info(`${out.c.red('✖')} ${failed}`),
    stop: () => {},
  };
}

/** "3.2 s", "1 min 05 s". */
export function formatElapsed(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.floor(seconds % 60)).padStart(2, '0')} s`;
}
