/**
 * The exit codes of `loc`, each with what it means: the one table. `loc --help` prints it, and
 * docs/cli.md#exit-codes is generated from that help (`npm run docs:cli`; a test fails when it is stale).
 * Build scripts branch on these: never renumber. Its own module, importing nothing, so that `--help` and
 * the entry (bin.ts) read it without loading the error table (which loads the SDK).
 */
const EXIT_CODES = {
  OK: [0, 'success'],
  FAILURE: [1, 'unexpected error: a bug (please report it with --verbose)'],
  USAGE: [2, 'usage: unknown command or flag, bad value, flag missing in CI, bad template'],
  AUTH: [3, 'authentication: no token or CDN key, or refused (401)'],
  PERMISSION: [4, 'permission denied (403)'],
  NOT_FOUND: [5, 'not found (404): workspace, project, export, file path, distribution'],
  VALIDATION: [6, 'validation: the service refused the values (400, 422)'],
  RATE_LIMITED: [7, 'rate or usage limit (429)'],
  TIMEOUT: [8, 'timeout: the service or an export took too long'],
  SERVER: [9, 'server failure (5xx after retries), network failure, unexpected response'],
  OPERATION_FAILED: [10, 'operation failed: export ERROR or SKIPPED, download, unsafe ZIP, local file'],
  GATE_FAILED: [11, 'loc status: a locale below its --min-approved or --min-translated share'],
  OUT_OF_DATE: [12, 'loc export --check, loc push --check: the files and the service differ; a run would change them'],
  NO_RELEASE: [20, 'loc cdn check: no newer release'],
  INTERRUPTED: [130, 'interrupted (Ctrl-C, SIGTERM, SIGHUP) or a prompt cancelled'],
} as const;

type ExitName = keyof typeof EXIT_CODES;

/** Each exit code by name: `EXIT.USAGE` is 2. */
export const EXIT = Object.fromEntries(Object.entries(EXIT_CODES).map(([name, [code]]) => [name, code])) as {
  readonly [N in ExitName]: (typeof EXIT_CODES)[N][0];
};

/** The `Exit codes:` section of `loc --help`: one line per code, in order. */
export function exitCodesHelp(): string {
  const lines = Object.values(EXIT_CODES).map(([code, meaning]) => `  ${String(code).padEnd(5)}${meaning}`);
  return `Exit codes:\n${lines.join('\n')}`;
}
