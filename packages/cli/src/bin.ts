#!/usr/bin/env node
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { CachedModule } from './startup/compile-cache';
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
  void import('node:tty').then(({ isatty }) => detachHungUpTerminals(isatty));
  // Exit through process.exitCode, so stdout and stderr are flushed first (pipes in CI are asynchronous).
  loadProgram()
    .then((program) => (program.exports.main as typeof Main)(process.argv, { onCommand: program.ran }))
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

/**
 * Node 20 aborts at exit (SIGABRT, a core dump, no exit code) when it cannot restore the settings of a
 * terminal that hung up (nodejs/node#51519, fixed in later Node): a closed terminal or ssh session would
 * turn loc's clean exit 130 into a crash. At exit, each of stdin, stdout and stderr that was a terminal and
 * no longer is (hung up) is pointed at /dev/null instead, which Node then leaves alone.
 */
function detachHungUpTerminals(isatty: (fd: number) => boolean): void {
  if (process.platform === 'win32') return;
  const terminals = [0, 1, 2].filter((fd) => isatty(fd));
  if (terminals.length === 0) return;
  process.once('exit', () => {
    for (const fd of terminals) {
      if (isatty(fd)) continue;
      try {
        closeSync(fd);
        // The lowest free descriptor: `fd` itself, as the ones below it are open.
        const reopened = openSync('/dev/null', fd === 0 ? 'r' : 'w');
        if (reopened !== fd) closeSync(reopened);
      } catch {
        // Nothing more to do at exit.
      }
    }
  });
}

/** dist/program.cjs (the commands), through the code cache; bundled in here, loaded only past --version. */
async function loadProgram(): Promise<CachedModule> {
  const file = join(__dirname, 'program.cjs');
  if (args.includes('--verbose') || args.includes('-v')) {
    // The bundle is minified: with --verbose, stack traces point into the sources through its source map,
    // which Node applies to what its own loader compiled (so no code cache then).
    process.setSourceMapsEnabled(true);
    return { exports: require(file) as CachedModule['exports'], accepted: false, ran: () => {}, save: () => {} };
  }
  const { defaultCacheDir, requireWithCodeCache } = await import('./startup/compile-cache');
  const program = requireWithCodeCache(file, { dir: defaultCacheDir(), tag: VERSION });
  // At exit: after the output is written, and with the code of everything the command ran.
  process.once('exit', program.save);
  return program;
}
