#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DURATION_EXAMPLES, parseDuration } from '@loc/sdk/duration';
import { version } from '../package.json';
import { docsPage } from './docs-page';
import { demoSeed } from './seed/demo';
import { parseSeed } from './seed/schema';
import { startMockServer } from './http-server';

const HELP = `loc-mock ${version}: the localization service in memory, on a real port.

Usage:
  loc-mock serve [--port 4010] [--host 127.0.0.1] [--seed file.json] [--export-delay 2s] [--public-url url] [--quiet]
  loc-mock seed              print the demo seed as JSON (copy and edit it for --seed)
  loc-mock --help | --version

Options of serve:
  --port <n>            port to listen on; 0 picks a free one (default 4010)
  --host <address>      address to listen on (default 127.0.0.1: this machine only)
  --seed <file>         start from this seed instead of the demo seed
  --export-delay <time> how long exports stay PROCESSING: ${DURATION_EXAMPLES}; default 300ms
  --public-url <url>    origin of the URLs it hands out (default: the address it listens on)
  --quiet               do not log requests to stderr

The first line printed is "loc-mock listening on <url>". Stop with Ctrl-C (SIGINT) or SIGTERM.
Docs and the demo credentials: ${docsPage('mock-server.md')}`;

class UsageError extends Error {}

/** listen() errors that say the --host value is wrong (not this machine's, or not an address at all). */
const HOST_ERRORS = new Set(['ENOTFOUND', 'EADDRNOTAVAIL', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EINVAL']);

/** `--export-delay`: a duration by the one rule of @loc (`parseDuration` of @loc/sdk, as `loc --timeout`). */
function exportDelayOf(text: string): number {
  try {
    return parseDuration(text);
  } catch (error) {
    throw new UsageError(`--export-delay ${(error as Error).message}`);
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'export-delay': { type: 'string' },
      'public-url': { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (values.version) return void console.log(version);
  const [command = values.help ? 'help' : undefined, ...extra] = positionals;
  if (values.help || command === 'help') return void console.log(HELP);
  if (extra.length) throw new UsageError(`Unexpected argument ${JSON.stringify(extra[0])}.`);
  if (command === 'seed') return void console.log(JSON.stringify(demoSeed(), null, 2));
  if (command !== 'serve') {
    throw new UsageError(
      command
        ? `Unknown command ${JSON.stringify(command)}: expected serve or seed.`
        : 'Missing command: expected serve or seed.',
    );
  }

  const port = Number(values.port ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port ${values.port} is not a port number (0–65535).`);
  let seed;
  if (values.seed) {
    let text: string;
    try {
      text = readFileSync(values.seed, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read the seed file ${values.seed}: ${(error as Error).message}`);
    }
    try {
      seed = parseSeed(JSON.parse(text));
    } catch (error) {
      throw new UsageError(`${values.seed}: ${(error as Error).message}`);
    }
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^/]/.test(publicUrl))
    throw new UsageError(`--public-url ${publicUrl} is not an http(s) URL, for example http://loc-mock:4010.`);
  if (publicUrl !== undefined) {
    try {
      new URL(publicUrl);
    } catch {
      throw new UsageError(`--public-url ${publicUrl} is not an http(s) URL, for example http://loc-mock:4010.`);
    }
  }
  const requestLog = linesPerTurn((text) => process.stderr.write(text));
  const server = await startMockServer({
    port,
    host: values.host ?? '127.0.0.1',
    ...(seed ? { seed } : {}),
    ...(values['export-delay'] ? { exportDelayMs: exportDelayOf(values['export-delay']) } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(values.quiet ? {} : { onRequest: requestLog.add }),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new UsageError(`Port ${port} is in use: pick another with --port, or --port 0 for any free one.`);
    // An address that is not this machine's, or a name that does not resolve: the flag is wrong.
    if (error.code && HOST_ERRORS.has(error.code))
      throw new UsageError(
        `--host ${values.host} is not an address of this machine (${error.code}): use 127.0.0.1, ::1, 0.0.0.0 or one of its interfaces.`,
      );
    throw error;
  });
  const stop = () => {
    server.close().then(() => {
      requestLog.flush();
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Printed once the signal handlers are in place: whoever waits for this line may stop it at once.
  console.log(`loc-mock listening on ${server.url}`);
}

/**
 * Lines written once per turn of the event loop, not one write each: writes to stderr are synchronous
 * (to a file, and to a pipe on Linux), and one per request cost the server a sixth of its throughput
 * under a load test.
 */
function linesPerTurn(write: (text: string) => void) {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    write(text);
  };
  return {
    add(line: string) {
      if (pending.length === 0) setImmediate(flush);
      pending.push(`${line}\n`);
    },
    flush,
  };
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(`loc-mock: ${(error as Error).message}${usage ? '\nRun loc-mock --help for usage.' : ''}`);
  process.exit(usage ? 2 : 1);
});
