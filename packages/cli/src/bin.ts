#!/usr/bin/env node
import { join } from 'node:path';
import type { main as Main } from './program';
import { EXIT } from './run/exit-codes';
import { VERSION } from './startup/version';

/** stdout failed (a full disk, a closed or broken descriptor): the result is lost, so the run did not succeed. */
let stdoutFailed = false;
let stdoutClosed = false;
const finalCode = (code: number) => (stdoutFailed && code === 0 ? EXIT.OPERATION_FAILED : code);

/**
 * The reader of a stream is gone: a closed pipe (`loc … | head`, EPIPE), or a closed terminal (a hung-up
 * tty answers EIO, ENXIO on some systems). Not a failure of the write: on a file, EIO is one (a disk error).
 */
const readerGone = (error: NodeJS.ErrnoException, stream: NodeJS.WriteStream) =>
  error.code === 'EPIPE' || (stream.isTTY === true && (error.code === 'EIO' || error.code === 'ENXIO'));

// stderr carries messages, not the result: one that cannot be shown (`2>&1 | head`, a closed terminal, a
// full disk) is lost, never a crash, and never ends the run early: the command finishes (cleaning up on
// SIGHUP) with its own code, so `loc status --min-approved 90 2>&1 | head -1` still fails as the gate does.
process.stderr.on('error', () => {});
// stdout that cannot be written (`> /dev/full`, a bad descriptor) never crashes with a stack, and never ends
// in 0 or 1: the command's own code stands (a failed gate stays 11), else 10.
// A reader that is gone (`| head`, a closed terminal) is no failure: the command finishes with its own code.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (stdoutFailed || stdoutClosed) return;
  if (readerGone(error, process.stdout)) {
    stdoutClosed = true;
    return;
  }
  stdoutFailed = true;
  process.exitCode = finalCode(Number(process.exitCode ?? 0));
  process.stderr.write(`✖ Could not write the result to stdout (${error.message.split(',')[0]}).\n`);
});

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // What commander would print, without loading commander and the command table (start-up: pnpm bench).
  process.stdout.write(`${VERSION}\n`);
} else {
  // Exit through process.exitCode, so stdout and stderr are flushed first (pipes in CI are asynchronous).
  loadProgram()
    .then((main) => main(process.argv))
    .then(
      (code) => {
        process.exitCode = finalCode(code);
      },
      (error: unknown) => {
        process.stderr.write(`✖ Unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}

/** dist/program.cjs (the commands), through Node's compile cache; loaded only past --version. */
async function loadProgram(): Promise<typeof Main> {
  // The bundle is minified: with --verbose, stack traces point into the sources through its source map.
  if (args.includes('--verbose') || args.includes('-v')) process.setSourceMapsEnabled(true);
  (await import('./startup/compile-cache')).enableLocCompileCache();
  return (require(join(__dirname, 'program.cjs')) as { main: typeof Main }).main;
}
