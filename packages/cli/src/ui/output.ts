import pc from 'picocolors';
import type { Environment } from '../options/environment';
import { jsonText, marked, terminalText } from './terminal-text';

type Colors = ReturnType<typeof pc.createColors>;

interface OutputOptions {
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  color: boolean;
  /** NO_COLOR, FORCE_COLOR and TERM, as environment.ts read them. */
  environment: Pick<Environment, 'noColor' | 'forceColor' | 'dumbTerminal'>;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

/**
 * Where everything the CLI says goes. Every line passes `terminalText` (ui/terminal-text.ts): a control
 * character from the service or a file is shown, never acted on; JSON stays the same JSON value. Results go to stdout (a table, or with `--json` exactly one JSON
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
    this.c = markedColors(options.color && colorAllowed(this.stderr, options.environment));
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
    this.stdout.write(`${jsonText(JSON.stringify(value, null, 2))}\n`);
  }

  /** Columns of the terminal stdout is, or undefined when it is a pipe or a file (tables are not cut then). */
  get columns(): number | undefined {
    return this.stdout.isTTY ? this.stdout.columns : undefined;
  }

  get hasPrintedJson(): boolean {
    return this.printedJson;
  }

  /** `text` as it may reach the terminal, for what writes there itself (the spinner, prompts). */
  terminal(text: string): string {
    return terminalText(text);
  }

  /** Plain progress lines with --json, on stderr. */
  progressLine(text: string): void {
    this.stderr.write(`${terminalText(text)}\n`);
  }

  /** A line of the human result, on stdout. */
  line(text = ''): void {
    this.stdout.write(`${terminalText(text)}\n`);
  }

  /** Progress and notices, on stderr; silent with --quiet and --json. */
  info(text: string): void {
    if (!this.quiet && !this.json) this.stderr.write(`${terminalText(text)}\n`);
  }

  success(text: string): void {
    this.info(`${this.c.green('✔')} ${text}`);
  }

  /** Warnings are shown even with --json (on stderr), never with --quiet. */
  warn(text: string): void {
    if (!this.quiet) this.stderr.write(terminalText(`${this.c.yellow('!')} ${text}\n`));
  }

  /** Requests, timings and stack traces: only with --verbose, on stderr. Callers never pass credentials. */
  debug(text: string): void {
    if (this.verbose) this.stderr.write(terminalText(`${this.c.dim(text)}\n`));
  }

  /** The one error line (and hint) on stderr; always shown, --quiet included. */
  error(message: string, hint?: string): void {
    this.stderr.write(terminalText(`${this.c.red('✖')} ${message}\n`));
    if (hint) this.stderr.write(terminalText(`  ${hint}\n`));
  }
}

/** picocolors' colours, writing marks that `terminalText` turns into escape codes (ui/terminal-text.ts). */
function markedColors(enabled: boolean): Colors {
  const plain = pc.createColors(enabled);
  if (!enabled) return plain;
  const colours = { ...plain };
  for (const [name, colour] of Object.entries(plain)) {
    if (typeof colour === 'function') (colours as Record<string, unknown>)[name] = marked(colour);
  }
  return colours;
}

function colorAllowed(stream: NodeJS.WriteStream, environment: OutputOptions['environment']): boolean {
  if (environment.noColor) return false;
  if (environment.forceColor) return true;
  return stream.isTTY === true && !environment.dumbTerminal;
}
