import { Command, CommanderError, Option } from 'commander';
import type { Context, GlobalOptions } from './context';
import { EXIT } from './exit-codes';
import { docsPage } from './docs-page';
import { collectList, parseDuration, parsePercent } from './options';
import type { Output } from './output';
import { VERSION } from './version';

/**
 * The `loc` command line. Every command is declared here, so `--help` needs no command module; each
 * module, the SDK and the error reporting are imported only when a command runs or fails (start-up
 * stays fast: `pnpm bench` measures it). The value lists below are checked against the SDK by a test.
 */
export const ENVIRONMENTS = ['DEVELOPMENT', 'TEST', 'STAGING', 'PRODUCTION'] as const;
export const DISTRIBUTION_TYPES = ['NATIVE_FORMAT', 'MOBILE_SDK_ANDROID', 'MOBILE_SDK_IOS'] as const;

type Handler = (ctx: Context, ...args: never[]) => Promise<number | void>;

/** Runs a command's handler with a context built from the merged global and local options. */
function action(state: RunState, load: () => Promise<Handler>) {
  return async (...received: unknown[]) => {
    const command = received.at(-1) as Command;
    const positional = received.slice(0, -2) as never[];
    const options = command.optsWithGlobals<GlobalOptions>();
    const { Context } = await import('./context');
    const ctx = new Context(options, state.signal);
    state.output = ctx.out;
    const handler = await load();
    const code = await handler(ctx, ...positional, options as never);
    state.exitCode = typeof code === 'number' ? code : EXIT.OK;
  };
}

interface RunState {
  signal: AbortSignal;
  output: Output | undefined;
  exitCode: number;
}

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

export function buildProgram(state: RunState): Command {
  const program = new Command('loc')
    .description('The localization service from your terminal, your CI pipeline and your mobile build steps.')
    .version(VERSION, '-V, --version', 'print the version of loc')
    .option('--json', 'print one JSON document on stdout (errors too), nothing else there')
    .option('-q, --quiet', 'print only results and errors')
    .option('-v, --verbose', 'print requests, timings and stack traces on stderr (credentials redacted)')
    .option('--no-color', 'no colours (NO_COLOR works too)')
    .option('--base-url <url>', 'base URL of the service (env LOC_BASE_URL)')
    .option('--token <token>', 'API token; prefer LOC_API_TOKEN or `loc login`, a flag lands in shell history')
    .option('--cdn-key <key>', 'CDN key for `loc cdn check` (env LOC_CDN_KEY)')
    .option('--profile <name>', 'stored profile to use (env LOC_PROFILE)')
    .option('--config <file>', 'loc.config.json to use instead of the nearest one')
    .showSuggestionAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      // A function: the docs' path is looked up only when help is shown.
      () => `${examples('loc login', 'loc init', 'loc status --min-approved 95', 'loc export --dry-run', 'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0')}
Exit codes: 0 ok, 1 unexpected, 2 usage, 3 authentication, 4 permission, 5 not found, 6 validation,
7 rate or usage limit, 8 timeout, 9 server or network, 10 operation failed, 11 status gate failed,
20 no newer CDN release, 130 interrupted. Docs: ${docsPage('cli.md')}`,
    );

  program
    .command('login')
    .description('verify an API token and store it for this profile (file readable only by you)')
    .option('--with-token', 'read the token from stdin')
    .addHelpText('after', examples('loc login', 'loc login --with-token < token.txt', 'loc login --profile staging --base-url https://staging.loc.dev'))
    .action(action(state, async () => (await import('./commands/auth')).login));

  program
    .command('logout')
    .description('forget the stored credentials of the profile')
    .option('--all', 'forget every profile')
    .addHelpText('after', examples('loc logout', 'loc logout --profile staging', 'loc logout --all'))
    .action(action(state, async () => (await import('./commands/auth')).logout));

  program
    .command('init')
    .description('write loc.config.json: workspace, project and export defaults for this repository')
    .option('-w, --workspace <slug>', 'workspace URL slug')
    .option('-p, --project <slug>', 'project URL slug')
    .option('-f, --format <id>', 'export format (see `loc export formats`)')
    .option('-l, --locale <codes>', 'locales to export (repeatable, comma-separated)', collectList)
    .option('-o, --out <dir>', 'folder the files go into, relative to the config file')
    .option('-t, --path-template <template>', 'where each file lands below --out, for example {locale}.lproj/{filename}')
    .option('--force', 'overwrite an existing loc.config.json')
    .addHelpText('after', examples('loc init', 'loc init --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"'))
    .action(action(state, async () => (await import('./commands/init')).init));

  const projects = program
    .command('projects')
    .description('list, inspect and create projects')
    .addHelpText('after', examples('loc projects list', 'loc projects show mobile-ios --workspace acme', 'loc projects create'));
  projects
    .command('list')
    .description('the projects your token owns or collaborates on, across workspaces')
    .option('-w, --workspace <slug>', 'only this workspace')
    .addHelpText('after', examples('loc projects list', 'loc projects list --workspace acme --json'))
    .action(action(state, async () => (await import('./commands/projects')).list));
  projects
    .command('show')
    .description('details, resource files and export formats of a project')
    .argument('[project]', 'project URL slug (default: from loc.config.json)')
    .option('-w, --workspace <slug>', 'workspace URL slug')
    .addHelpText('after', examples('loc projects show mobile-ios --workspace acme'))
    .action(action(state, async () => (await import('./commands/projects')).show));
  projects
    .command('create')
    .description('create a project (asks for what is missing at a terminal)')
    .option('-w, --workspace <slug>', 'workspace URL slug')
    .option('--title <title>', 'title; the URL slug is derived from it')
    .option('--resource-type <type>', 'resource type, for example strings.ios or json.standard')
    .option('--source-locale <code>', 'source language code, for example en')
    .option('--target-locale <codes>', 'target language codes (repeatable, comma-separated)', collectList)
    .option('--description <text>', 'description')
    .addHelpText('after', examples('loc projects create', 'loc projects create --workspace acme --title "Mobile iOS" --resource-type strings.ios --source-locale en --target-locale de,fr'))
    .action(action(state, async () => (await import('./commands/projects')).create));

  program
    .command('status')
    .description('translation progress per locale and segment status; a pipeline gate with --min-approved')
    .option('-w, --workspace <slug>', 'workspace URL slug')
    .option('-p, --project <slug>', 'one project (default: every project of the workspace)')
    .option('-l, --locale <codes>', 'only these locales (repeatable, comma-separated)', collectList)
    .option('--by-file', 'one row per resource file and locale')
    .option('--min-approved <percent>', 'exit 11 naming every locale below this share of approved segments', parsePercent)
    .option('--min-translated <percent>', 'exit 11 naming every locale below this share of translated or approved segments', parsePercent)
    .addHelpText('after', examples('loc status --workspace acme', 'loc status --workspace acme --project mobile-ios --by-file', 'loc status --project mobile-ios --min-approved 95 --locale de,fr'))
    .action(action(state, async () => (await import('./commands/status')).status));

  const exporting = program
    .command('export')
    .description('export the resource files, wait, download and unzip them into your layout')
    .option('-w, --workspace <slug>', 'workspace URL slug')
    .option('-p, --project <slug>', 'project URL slug')
    .option('--file <paths>', 'only these resource files, as the service names them (repeatable)', collectList)
    .option('-l, --locale <codes>', 'only these locales (repeatable, comma-separated)', collectList)
    .option('-f, --format <id>', 'export format (see `loc export formats`)')
    .option('-o, --out <dir>', 'folder to unzip into (default: from loc.config.json, else here)')
    .option('-t, --path-template <template>', 'where each file lands below --out (default {path}); see --help')
    .option('--zip <file>', 'keep the ZIP at this path instead of unzipping')
    .option('--no-wait', 'request the export, print its id and exit')
    .option('--dry-run', 'show which files would be created or changed, and where; write nothing')
    .option('--timeout <duration>', 'give up waiting after this long (default 10m)', parseDuration)
    .addHelpText(
      'after',
      `${examples(
        'loc export --dry-run',
        'loc export --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"',
        'loc export --project mobile-android --format xml.android.resources --path-template "res/values-{android_locale}/strings.xml"',
        'loc export --locale de --zip de.zip',
        'ID=$(loc export --no-wait) && loc export download "$ID"',
      )}
Path template placeholders, for the file Resources/pt-BR.lproj/Localizable.strings in locale pt-BR:
  {path} Resources/pt-BR.lproj/Localizable.strings   {dir} Resources/pt-BR.lproj
  {filename} Localizable.strings   {basename} Localizable   {ext} strings
  {locale} pt-BR   {locale_underscore} pt_BR   {language} pt   {region} BR   {android_locale} pt-rBR`,
    )
    .action(action(state, async () => (await import('./commands/export')).runExport));
  exporting
    .command('status')
    .description('the state of an export requested earlier')
    .argument('<id>', 'export id')
    .addHelpText('after', examples('loc export status reg_abc123 --workspace acme --project mobile-ios'))
    .action(action(state, async () => (await import('./commands/export')).exportStatus));
  exporting
    .command('download')
    .description('wait for an export requested earlier, then download and unzip it like `loc export`')
    .argument('<id>', 'export id')
    .addHelpText('after', examples('loc export download reg_abc123 --out locales', 'loc export download reg_abc123 --zip export.zip'))
    .action(action(state, async () => (await import('./commands/export')).exportDownload));
  exporting
    .command('formats')
    .description('the export formats the service knows')
    .addHelpText('after', examples('loc export formats --json'))
    .action(action(state, async () => (await import('./commands/export')).exportFormats));

  const cdn = program
    .command('cdn')
    .description('distributions: ask the CDN for the newest release of the strings')
    .addHelpText('after', examples('loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0'));
  cdn
    .command('check')
    .description('is there a newer release for this app? exit 0 yes, 20 no; --download fetches it')
    .addOption(new Option('-e, --environment <environment>', 'distribution environment').choices(ENVIRONMENTS))
    .addOption(new Option('-t, --type <type>', 'distribution type').choices(DISTRIBUTION_TYPES))
    .option('--client-version <semver>', "the app's version: only releases made for it are offered")
    .option('--client-release <id>', 'the release the app has now (default: the one recorded in the --download folder)')
    .option('--client-user <id>', 'for the service’s logs only')
    .option('--client-agent <agent>', 'for the service’s logs only (default loc-cli)')
    .option('--client-language <code>', 'for the service’s logs only')
    .option('-d, --download [dir]', 'download and unzip the release into this folder; skipped when it is there already')
    .option('--timeout <duration>', 'give up on the check and its download after this long (default 2m)', parseDuration)
    .addHelpText(
      'after',
      `${examples(
        'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0',
        'loc cdn check -e PRODUCTION -t MOBILE_SDK_ANDROID --download app/src/main/assets/strings',
      )}
In a build script:
  loc cdn check -e PRODUCTION -t MOBILE_SDK_IOS --download Strings; case $? in
    0) echo "new strings" ;; 20) echo "up to date" ;; 3) echo "bad CDN key" ;; 7) echo "usage limit" ;; *) exit 1 ;;
  esac`,
    )
    .action(action(state, async () => (await import('./commands/cdn')).check));

  // Subcommands inherit exitOverride only when created after it: apply it everywhere.
  const all = (command: Command): Command[] => [command, ...command.commands.flatMap(all)];
  for (const command of all(program)) command.exitOverride();
  return program;
}

/** Runs `loc` with `argv` and resolves with the exit code. Ctrl-C aborts the work under way (exit 130). */
export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  let interruptedAt = 0;
  const interrupt = () => {
    // A second Ctrl-C exits at once. conf's file writer (when-exit) re-raises the first signal within
    // milliseconds after its own clean-up: that echo must not cut our clean-up short.
    if (controller.signal.aborted) {
      if (Date.now() - interruptedAt > 300) process.exit(EXIT.INTERRUPTED);
      return;
    }
    interruptedAt = Date.now();
    controller.abort(Object.assign(new Error('Interrupted'), { name: 'AbortError' }));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  const state: RunState = { signal: controller.signal, output: undefined, exitCode: EXIT.OK };
  const program = buildProgram(state);
  try {
    await program.parseAsync(argv);
    return controller.signal.aborted ? EXIT.INTERRUPTED : state.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.OK;
      // commander printed the message already; with --json a document follows on stdout.
      if (argv.includes('--json')) {
        process.stdout.write(`${JSON.stringify({ error: { name: 'UsageError', message: error.message.replace(/^error: /, ''), exitCode: EXIT.USAGE } }, null, 2)}\n`);
      }
      return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    const [{ Output }, { reportError }] = await Promise.all([import('./output'), import('./report-error')]);
    const out = state.output ?? new Output({ json: argv.includes('--json'), quiet: false, verbose: argv.includes('--verbose'), color: !argv.includes('--no-color') });
    return reportError(out, error);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}
