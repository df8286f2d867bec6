#!/usr/bin/env node
import { join } from 'node:path';
import type { CachedModule } from './compile-cache';
import type { main as Main } from './program';
import { VERSION } from './version';

/** Exit 10 (EXIT.OPERATION_FAILED of errors.ts, not loaded yet): the result could not be written. */
const OUTPUT_FAILED = 10;
/** stdout failed (a full disk, a closed or broken descriptor): the result is lost, so the run did not succeed. */
let stdoutFailed = false;
let stdoutClosed = false;
const finalCode = (code: number) => (stdoutFailed && code === 0 ? OUTPUT_FAILED : code);

// `loc … | head`: a closed pipe ends the output, not with a stack trace.
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});
// stdout that cannot be written (`> /dev/full`, a bad descriptor) never crashes with a stack, and never ends
// in 0 or 1: the command's own code stands (a failed gate stays 11), else 10.
// A reader that stopped reading (`| head`, EPIPE) is no failure: the command finishes with its own code.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (stdoutFailed || stdoutClosed) return;
  if (error.code === 'EPIPE') {
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

/** dist/program.cjs (the commands), through the code cache; bundled in here, loaded only past --version. */
async function loadProgram(): Promise<CachedModule> {
  const file = join(__dirname, 'program.cjs');
  if (args.includes('--verbose') || args.includes('-v')) {
    // The bundle is minified: with --verbose, stack traces point into the sources through its source map,
    // which Node applies to what its own loader compiled (so no code cache then).
    process.setSourceMapsEnabled(true);
    return { exports: require(file) as CachedModule['exports'], accepted: false, ran: () => {}, save: () => {} };
  }
  const { defaultCacheDir, requireWithCodeCache } = await import('./compile-cache');
  const program = requireWithCodeCache(file, { dir: defaultCacheDir(), tag: VERSION });
  // At exit: after the output is written, and with the code of everything the command ran.
  process.once('exit', program.save);
  return program;
}
