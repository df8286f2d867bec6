#!/usr/bin/env node
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DURATION_EXAMPLES, parseDuration } from '@loc/sdk/duration';
import { version } from '../package.json';
import { docsPage } from '@loc/sdk/internal';
import { demoSeed } from './seed/demo';
import { CONTROLS, type ControlName } from './admin/controls';
import { adminExamplesMarkdown } from './service/admin-examples-doc';
import { buildAdminOpenApi } from './service/admin-openapi';
import { corsPolicyOf } from './server/cors';
import { ControlError } from './rules/control-error';
import { startMockServer, type MockServer } from './server/http-server';

/** The flags of `serve` made from the controls' table: each calls its control once the server listens. */
const CONTROL_FLAGS = (Object.keys(CONTROLS) as ControlName[]).flatMap((name) => {
  const flag = (CONTROLS[name] as { flag?: ControlFlag }).flag;
  return flag ? [{ control: name, ...flag }] : [];
});
type ControlFlag = {
  name: string;
  value: string;
  help: string;
  parse(text: string): unknown;
  repeatable?: boolean;
};

const pad = (text: string) => text.padEnd(22);

const HELP = `loc-mock ${version}: the localization service in memory, on a real port.

Usage:
  loc-mock serve [--port 4010] [--host 127.0.0.1] [--seed file.json] [--export-delay 2s] [--public-url url] [--quiet]
  loc-mock seed              print the demo seed as JSON (copy and edit it for --seed)
  loc-mock admin-openapi     print the OpenAPI document of the control API (/__admin/);
                             with --markdown, each control's example request and answer
  loc-mock --help | --version

Options of serve:
  --port <n>            port to listen on; 0 picks a free one (default 4010)
  --host <address>      address to listen on (default 127.0.0.1: this machine only)
  --export-delay <time> how long exports stay PROCESSING: ${DURATION_EXAMPLES}; default 300ms
  --public-url <url>    origin of the URLs it hands out (default: the address it listens on)
  --admin-token <secret> the control API (/__admin/) asks for "Authorization: Bearer <secret>"
                        (or set LOC_MOCK_ADMIN_TOKEN); beyond loopback it is off without one
${CONTROL_FLAGS.map((f) => `  ${pad(`--${f.name} ${f.value}`)}${f.help}`).join('\n')}
  --cors-origin <origin> which web pages may call the service's routes from a browser: an origin
                        (http://localhost:5173), loopback (the default: any page on this machine),
                        * (any) or none; repeat for more. The control API stays same-origin
  --headers-timeout <time> how long a client may take to send its headers (default 10s), then 408
  --exit-with-parent    stop when the process that started it ends (npx, a shell, a test runner)
  --json                print the banner as one line of JSON
  --ready-file <path>   write the banner (JSON) to this file once listening
  --quiet               do not log requests to stderr

The first line printed is "loc-mock listening on <url>" (with --json, a JSON object with "url").
Stop with Ctrl-C (SIGINT), SIGTERM or SIGHUP, or kill the banner's pid.
Docs and the demo credentials: ${docsPage('mock-server.md', import.meta.url, '@loc/mock-server')}`;

class UsageError extends Error {}

/** listen() errors that say the --host value is wrong (not this machine's, or not an address at all). */
const HOST_ERRORS = new Set(['ENOTFOUND', 'EADDRNOTAVAIL', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EINVAL']);

/** A duration flag (`--export-delay`, `--headers-timeout`) by the one rule of @loc (`parseDuration`, as `loc --timeout`). */
function durationFlag(flag: string, text: string): number {
  try {
    return parseDuration(text);
  } catch (error) {
    throw new UsageError(`--${flag} ${(error as Error).message}`);
  }
}

/** How often `--exit-with-parent` looks whether the process that started loc-mock is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Calls `stop` once the process that started this one has ended (`npx`, a shell or a test runner killed
 * without passing the signal on). Polled: no portable event says so. On Linux the kernel gives an orphan
 * another parent at once (even while the dead parent is a zombie nobody reaped), read from /proc; elsewhere
 * the parent's pid is asked with signal 0. The timer does not keep the process alive.
 */
function exitWithParent(stop: () => void) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (parentAlive(parent)) return;
    clearInterval(timer);
    console.error(`loc-mock: the process that started it (pid ${parent}) has ended; stopping.`);
    stop();
  }, PARENT_CHECK_MS);
  timer.unref();
}

function parentAlive(parent: number): boolean {
  try {
    // /proc/self/stat: `pid (comm) state ppid …`; comm may hold spaces and parentheses.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
  } catch {
    try {
      process.kill(parent, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'export-delay': { type: 'string' },
      'public-url': { type: 'string' },
      'admin-token': { type: 'string' },
      json: { type: 'boolean' },
      'ready-file': { type: 'string' },
      quiet: { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      'headers-timeout': { type: 'string' },
      'exit-with-parent': { type: 'boolean' },
      markdown: { type: 'boolean' },
      ...Object.fromEntries(
        CONTROL_FLAGS.map((f) => [f.name, { type: 'string' as const, ...(f.repeatable ? { multiple: true } : {}) }]),
      ),
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (values.version) return void console.log(version);
  const [command = values.help ? 'help' : undefined, ...extra] = positionals;
  if (values.help || command === 'help') return void console.log(HELP);
  if (extra.length) throw new UsageError(`Unexpected argument ${JSON.stringify(extra[0])}.`);
  if (command === 'seed') return void console.log(JSON.stringify(demoSeed(), null, 2));
  if (command === 'admin-openapi')
    return void console.log(values.markdown ? adminExamplesMarkdown() : JSON.stringify(buildAdminOpenApi(), null, 2));
  if (command !== 'serve') {
    throw new UsageError(
      command
        ? `Unknown command ${JSON.stringify(command)}: expected serve, seed or admin-openapi.`
        : 'Missing command: expected serve, seed or admin-openapi.',
    );
  }

  const port = Number(values.port ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port ${values.port} is not a port number (0–65535).`);
  // Each control flag's input, read before the server starts (a file that cannot be read fails at once).
  const flagged: { flag: (typeof CONTROL_FLAGS)[number]; text: string; input: unknown }[] = [];
  for (const flag of CONTROL_FLAGS) {
    const given = (values as Record<string, string | string[] | undefined>)[flag.name];
    for (const text of given === undefined ? [] : Array.isArray(given) ? given : [given]) {
      try {
        flagged.push({ flag, text, input: flag.parse(text) });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    }
  }
  const adminToken = values['admin-token'] ?? process.env.LOC_MOCK_ADMIN_TOKEN;
  if (adminToken !== undefined && adminToken.trim().length < 8)
    throw new UsageError(
      `${values['admin-token'] !== undefined ? '--admin-token' : 'LOC_MOCK_ADMIN_TOKEN'} must be at least 8 characters (it guards the control API).`,
    );
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
  const corsOrigins = values['cors-origin'];
  if (corsOrigins) {
    try {
      corsPolicyOf(corsOrigins);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const headersTimeoutMs = values['headers-timeout']
    ? durationFlag('headers-timeout', values['headers-timeout'])
    : undefined;
  if (headersTimeoutMs !== undefined && headersTimeoutMs < 1)
    throw new UsageError(`--headers-timeout ${values['headers-timeout']} must be at least 1ms.`);
  const requestLog = linesPerTurn((text) => process.stderr.write(text));
  const server = await startMockServer({
    port,
    host: values.host ?? '127.0.0.1',
    ...(adminToken ? { adminToken } : {}),
    ...(values['export-delay'] ? { exportDelayMs: durationFlag('export-delay', values['export-delay']) } : {}),
    ...(corsOrigins ? { corsOrigins } : {}),
    ...(headersTimeoutMs !== undefined ? { headersTimeoutMs } : {}),
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
  // The flags' controls, in the order of the table (the seed before the faults), before anyone is told the URL.
  for (const { flag, text, input } of flagged) {
    try {
      server.service.admin[flag.control](input as never);
    } catch (error) {
      await server.close();
      if (!(error instanceof ControlError)) throw error;
      throw new UsageError(
        `--${flag.name} ${text.length > 80 ? `${text.slice(0, 80)}…` : text}: invalid:\n${error.errors.map((e) => `  ${e.field}: ${e.message}`).join('\n')}`,
      );
    }
  }
  const readyFile = values['ready-file'];
  const stop = () => {
    server.close().then(() => {
      requestLog.flush();
      if (readyFile) rmSync(readyFile, { force: true });
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  if (values['exit-with-parent']) exitWithParent(stop);
  const banner = {
    url: server.url,
    admin: { url: `${server.url}/__admin/`, access: server.admin },
    journalSize: server.service.journal.size,
    pid: process.pid,
    version,
  };
  // Written once the signal handlers are in place: whoever waits for it may stop the server at once. The
  // ready file appears whole (written beside, then renamed).
  if (readyFile) {
    const part = `${readyFile}.${process.pid}.part`;
    writeFileSync(part, `${JSON.stringify(banner)}\n`);
    renameSync(part, readyFile);
  }
  if (values.json) return void console.log(JSON.stringify(banner));
  console.log(`loc-mock listening on ${server.url}`);
  console.log(`loc-mock control API: ${ADMIN_BANNER[server.admin](server.url)}`);
}

const ADMIN_BANNER: Record<MockServer['admin'], (url: string) => string> = {
  open: (url) => `${url}/__admin/ (open: loopback only)`,
  token: (url) => `${url}/__admin/ (needs "Authorization: Bearer <admin token>")`,
  off: () => 'off (listening beyond loopback without --admin-token or LOC_MOCK_ADMIN_TOKEN)',
};

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
