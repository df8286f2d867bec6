#!/usr/bin/env node
import { VERSION } from './version';

// `loc … | head`: a closed pipe ends the output, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // What commander would print, without loading commander and the command table (start-up: pnpm bench).
  process.stdout.write(`${VERSION}\n`);
} else {
  // The chunks are minified: with --verbose, stack traces point into the sources through the source maps.
  if (args.includes('--verbose') || args.includes('-v')) process.setSourceMapsEnabled(true);
  // Exit through process.exitCode, so stdout and stderr are flushed first (pipes in CI are asynchronous).
  import('./program.js')
    .then(({ main }) => main(process.argv))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        process.stderr.write(`✖ Unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
