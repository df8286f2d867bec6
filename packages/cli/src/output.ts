import pc from 'picocolors';

export type Colors = ReturnType<typeof pc.createColors>;

export interface OutputOptions {
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  color: boolean;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

/**
 * Where everything the CLI says goes. Results go to stdout (a table, or with `--json` exactly one JSON
 * document and nothing else); progress, notices and errors go to stderr, so `loc … > file` keeps only
 * the result and a pipeline can parse stdout.
 */
export class Output {
  readonly json: boolean;
  readonly quiet: boolean;
  readonly verbose: boolean;
  /** Colours for stdout and stderr: off with --no-color, NO_COLOR, or when the stream is not a terminal. */
  readonly c: Colors;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  private printedJson = false;

  constructor(options: OutputOptions) {
    this.json = options.json;
    this.quiet = options.quiet;
    this.verbose = options.verbose;
    this.stdout = options.stdout ?? process.stdout;
    this.stderr = options.stderr ?? process.stderr;
    this.c = pc.createColors(options.color && colorAllowed(this.stderr));
  }

  /** The command's result: `value` as JSON with --json, else what `human` prints. */
  result(value: unknown, human: () => void): void {
    if (this.json) this.printJson(value);
    else human();
  }

  /** One JSON document on stdout; a second one is a bug, so it is refused. */
  printJson(value: unknown): void {
    if (this.printedJson) return;
    this.printedJson = true;
    this.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  get hasPrintedJson(): boolean {
    return this.printedJson;
  }

  /** A line of the human result, on stdout. */
  line(text = ''): void {
    this.stdout.write(`${text}\n`);
  }

  /** Progress and notices, on stderr; silent with --quiet and --json. */
  info(text: string): void {
    if (!this.quiet && !this.json) this.stderr.write(`${text}\n`);
  }

  success(text: string): void {
    this.info(`${this.c.green('✔')} ${text}`);
  }

  /** Warnings are shown even with --json (on stderr), never with --quiet. */
  warn(text: string): void {
    if (!this.quiet) this.stderr.write(`${this.c.yellow('!')} ${text}\n`);
  }

  /** Requests, timings and stack traces: only with --verbose, on stderr. Callers never pass credentials. */
  debug(text: string): void {
    if (this.verbose) this.stderr.write(`${this.c.dim(text)}\n`);
  }

  /** The one error line (and hint) on stderr; always shown, --quiet included. */
  error(message: string, hint?: string): void {
    this.stderr.write(`${this.c.red('✖')} ${message}\n`);
    if (hint) this.stderr.write(`  ${hint}\n`);
  }
}

function colorAllowed(stream: NodeJS.WriteStream): boolean {
  if ('NO_COLOR' in process.env && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && process.env.TERM !== 'dumb';
}
