import { Command, CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { authCommands } from './commands/auth';
import { cdnCommand } from './commands/cdn';
import { completionCommand } from './commands/completion';
import { exportCommand } from './commands/export';
import { initCommand } from './commands/init';
import { projectsCommand } from './commands/projects';
import { pushCommand } from './commands/push';
import { statusCommand } from './commands/status';
import { docsPage } from '@loc/sdk/internal';
import { examples } from './help/help-examples';
import { exitCodesHelp } from './run/exit-codes';
import type { Output } from './ui/output';
import { endRun } from './run/run-end';
import type { Handler, Run } from './context/run-types';
import { addGlobalOptions, type GlobalOptions } from './options/shared-options';
import { VERSION } from './startup/version';

/**
 * The `loc` command line. Each command module declares its own command and options and exports its
 * handler; this file assembles them and is the one exit point (`main`). Command modules import only
 * commander at start-up: the SDK, the context and the error table load when a command runs or fails
 * (`loc --version` stays fast: `pnpm bench` measures it).
 */

/** The root command and the flags every command takes. */
function rootCommand() {
  const root = new Command('loc')
    .description('The localization service from your terminal, your CI pipeline and your mobile build steps.')
    .version(VERSION, '-V, --version', 'print the version of loc');
  return addGlobalOptions(root);
}

/** The program with every command; `run` wires the handlers (a test passes one that runs nothing). */
export function buildProgram(run: Run): CommandUnknownOpts {
  const program = rootCommand()
    .showSuggestionAfterError()
    .addHelpText(
      'after',
      // A function: the docs' path is looked up only when help is shown.
      () => `${examples('loc login', 'loc init', 'loc status --min-approved 95', 'loc push --dry-run', 'loc export --dry-run', 'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0')}
${exitCodesHelp()}

Docs: ${docsPage('cli.md', import.meta.url, '@loc/cli')}`,
    );
  for (const command of [
    ...authCommands({
      login: run(async () => (await import('./commands/auth/auth')).login),
      logout: run(async () => (await import('./commands/auth/auth')).logout),
      whoami: run(async () => (await import('./commands/auth/auth')).whoami),
    }),
    initCommand(run(async () => (await import('./commands/init/init')).init)),
    projectsCommand({
      list: run(async () => (await import('./commands/projects/projects')).list),
      show: run(async () => (await import('./commands/projects/projects')).show),
      create: run(async () => (await import('./commands/projects/projects')).create),
    }),
    statusCommand(run(async () => (await import('./commands/status/status')).status)),
    exportCommand({
      export: run(async () => (await import('./commands/export/export')).runExport),
      status: run(async () => (await import('./commands/export/status')).exportStatus),
      download: run(async () => (await import('./commands/export/export')).exportDownload),
      formats: run(async () => (await import('./commands/export/formats')).exportFormats),
    }),
    pushCommand(run(async () => (await import('./commands/push/push')).push)),
    cdnCommand({ check: run(async () => (await import('./commands/cdn/check')).check) }),
    completionCommand(run(async () => (await import('./commands/completion/completion')).completion)),
  ]) {
    program.addCommand(command);
  }
  // addCommand does not pass settings down: every command throws instead of exiting, and leaves the
  // message to the one error handler. A usage error remembers its command, for the hint.
  for (const command of allCommands(program)) {
    command.exitOverride((error) => {
      throw Object.assign(error, { command: commandPath(command) });
    });
    command.configureOutput({
      outputError: () => {},
      // The one help commander shows "as an error" is a group's when no subcommand is given (`loc`,
      // `loc projects`): asked for nothing, loc shows what it can do, on stdout, and exits 0 as `gh` does
      // (docs/cli.md#help). Its errors are the error handler's (outputError above), never written here.
      writeErr: (text) => process.stdout.write(text),
      getErrHelpWidth: () => (process.stdout.isTTY ? process.stdout.columns : 80),
      getErrHasColors: () => false,
    });
  }
  return program;
}

/** The command and its subcommands, depth first. */
export function allCommands(command: CommandUnknownOpts): CommandUnknownOpts[] {
  return [command, ...command.commands.flatMap(allCommands)];
}

/** `loc export status`. */
function commandPath(command: CommandUnknownOpts): string {
  const names: string[] = [];
  for (let c: CommandUnknownOpts | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

interface RunState {
  signal: AbortSignal;
  streams: Streams;
  output: Output | undefined;
  exitCode: number;
}

function runner(state: RunState): Run {
  return (load) =>
    async (...received) => {
      const command = received.at(-1) as CommandUnknownOpts;
      // commander passes the arguments, the options, then the command: the handler takes all but the command.
      const args = received.slice(0, -1) as never[];
      const [{ Context }, { checkOptionValues }, handler] = await Promise.all([
        import('./context/context'),
        import('./options/option-values'),
        load(),
      ]);
      await checkOptionValues(command);
      const local = optionsOf(command);
      const ctx = new Context({
        options: command.optsWithGlobals() as GlobalOptions,
        sourceOf: (key) => {
          const source = command.getOptionValueSourceWithGlobals(key);
          return source === 'cli' ? 'flag' : source === 'env' ? 'environment' : undefined;
        },
        signal: state.signal,
        command: commandPath(command),
        program: rootOf(command),
        ...state.streams,
        ...(typeof local.timeout === 'number' ? { deadlineMs: local.timeout } : {}),
      });
      state.output = ctx.out;
      args[args.length - 1] = local as never;
      const code = await ctx.run(() => (handler as unknown as Handler<never[]>)(ctx, ...args));
      state.exitCode = code ?? 0;
    };
}

/**
 * The command's options. commander lets a parent parse the options it knows wherever they stand, so in
 * `loc export download <id> --out x` the `--out` lands on `export`: a value the user gave to an ancestor
 * is handed to the subcommand when the subcommand declares that option too.
 */
function optionsOf(command: CommandUnknownOpts): Record<string, unknown> {
  const options: Record<string, unknown> = { ...command.opts() };
  const declared = new Set(command.options.map((o) => o.attributeName()));
  for (let parent = command.parent; parent?.parent; parent = parent.parent) {
    for (const [key, value] of Object.entries(parent.opts())) {
      const given = (source: string | undefined) => source === 'cli' || source === 'env';
      if (declared.has(key) && given(parent.getOptionValueSource(key)) && !given(command.getOptionValueSource(key)))
        options[key] = value;
    }
  }
  return options;
}

function rootOf(command: CommandUnknownOpts): CommandUnknownOpts {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** Where `loc` writes (default: the process's stdout and stderr). */
interface Streams {
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

/** The signals that abort the work under way, clean up and exit 130 (docs/cli.md#exit-codes). */
const INTERRUPTING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Runs `loc` with `argv` and resolves with the exit code: the one exit point. Ctrl-C aborts the work under way (130). */
export async function main(argv: string[], streams: Streams = {}): Promise<number> {
  const controller = new AbortController();
  let interruptedAt = 0;
  const interrupt = () => {
    // A second Ctrl-C exits at once. conf's file writer (when-exit) re-raises the first signal within
    // milliseconds after its own clean-up: that echo must not cut our clean-up short.
    if (controller.signal.aborted) {
      if (Date.now() - interruptedAt > 300)
        void import('./run/errors').then(({ EXIT }) => process.exit(EXIT.INTERRUPTED));
      return;
    }
    interruptedAt = Date.now();
    controller.abort(Object.assign(new Error('Interrupted'), { name: 'AbortError' }));
  };
  // SIGHUP too: a closed terminal or ssh session must clean up like Ctrl-C, not die leaving staged files.
  for (const signal of INTERRUPTING_SIGNALS) process.on(signal, interrupt);
  const state: RunState = { signal: controller.signal, streams, output: undefined, exitCode: 0 };
  const program = buildProgram(runner(state));
  try {
    await program.parseAsync(argv);
    if (controller.signal.aborted) throw controller.signal.reason;
    return state.exitCode;
  } catch (thrown) {
    // --help and --version: printed already, nothing to report (and nothing more to load).
    if (thrown instanceof CommanderError && thrown.exitCode === 0) return 0;
    let error = thrown;
    // A group's help, shown because no subcommand was given (`loc`, `loc projects`): done, not failed;
    // but `loc help <name>` of a command that does not exist is a usage error.
    if (thrown instanceof CommanderError && thrown.code === 'commander.help') {
      const unknown = unknownHelpTopic(program, argv.slice(2));
      if (!unknown) return 0;
      error = Object.assign(new CommanderError(2, 'commander.unknownCommand', `error: unknown command '${unknown}'`), {
        command: 'loc',
      });
    }
    const [{ Output }, { reportError }, { readEnvironment }] = await Promise.all([
      import('./ui/output'),
      import('./run/errors'),
      import('./options/environment'),
    ]);
    // Before a command ran (a usage error), the flags are read from argv as they stand.
    const out =
      state.output ??
      new Output({
        json: argv.includes('--json'),
        quiet: false,
        verbose: argv.includes('--verbose'),
        color: !argv.includes('--no-color'),
        environment: readEnvironment(),
        ...streams,
      });
    return reportError(out, error);
  } finally {
    for (const signal of INTERRUPTING_SIGNALS) process.off(signal, interrupt);
    endRun();
  }
}

/** The `<name>` of `loc help <name>` when no command has that name (commander shows the whole help then). */
function unknownHelpTopic(program: CommandUnknownOpts, args: string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  const at = words.indexOf('help');
  const topic = at < 0 ? undefined : words[at + 1];
  const known = (name: string) => program.commands.some((c) => c.name() === name || c.aliases().includes(name));
  return topic && !known(topic) ? topic : undefined;
}

/** What a run of `loc` inside another program printed, and its exit code. */
export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `loc` inside this process, for a program that would otherwise start a second Node for it (the
 * GitHub Action, packages/action): `args` without `node loc`, `env` its whole environment (a credential
 * goes there, never in `args`), `cwd` its folder. Resolves with the exit code and what it printed, and
 * never exits the process. The environment and the folder are the process's for the length of the run
 * (commander reads options' variables from process.env), then restored: one run at a time.
 */
export async function runInProcess(
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string },
): Promise<InProcessRun> {
  const { capturedStream } = await import('./ui/captured-stream');
  const stdout = capturedStream();
  const stderr = capturedStream();
  const env = process.env;
  const folder = process.cwd();
  process.env = options.env;
  process.chdir(options.cwd);
  try {
    const code = await main(['node', 'loc', ...args], { stdout: stdout.stream, stderr: stderr.stream });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    process.env = env;
    process.chdir(folder);
  }
}
