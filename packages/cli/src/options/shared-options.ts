import { Option, type Command } from '@commander-js/extra-typings';
import { collectList, collectLocaleMap, parsePathTemplate, parseTimeout } from './option-values';

/**
 * The options several commands share, each declared once with its environment variable (`.env()`, shown
 * by `--help`). Commands add them with `.addOption(workspaceOption())`; commander then infers the
 * option's type for the handler. Builders, not shared instances: commander keeps state on an Option.
 */

/** `-w, --workspace <slug>`, the slug or the id; default from loc.config.json. */
export const workspaceOption = (help = 'workspace URL slug or id (default: from loc.config.json)') =>
  new Option('-w, --workspace <slug>', help);

/** `-p, --project <slug>`, the slug or the id; default from loc.config.json. */
export const projectOption = (help = 'project URL slug or id (default: from loc.config.json)') =>
  new Option('-p, --project <slug>', help);

/** `-l, --locale <codes>`: repeatable and comma-separated. */
export const localeOption = (help = 'only these locales (repeatable, comma-separated)') =>
  new Option('-l, --locale <codes>', help).argParser(collectList);

/** `--target <names>`: targets of loc.config.json, repeatable and comma-separated. */
export const targetOption = (help = 'only these targets of loc.config.json (repeatable, comma-separated)') =>
  new Option('--target <names>', help).argParser(collectList);

/** `-f, --format <id>`: an export format. */
export const formatOption = () =>
  new Option('-f, --format <id>', 'export format: any id the project lists (`loc projects show`)');

/** `-o, --out <dir>`: the folder exported files go into. */
export const outOption = (help = 'folder to unzip into (default: from loc.config.json, else here)') =>
  new Option('-o, --out <dir>', help);

/** `-t, --path-template <template>`: where each exported file lands below --out. */
export const pathTemplateOption = (
  help = 'where each file lands below --out (default {path}); see `loc export --help`',
) => new Option('-t, --path-template <template>', help).argParser(parsePathTemplate);

/** `--zip <file>`: keep the export's ZIP instead of unzipping it. */
export const zipOption = () => new Option('--zip <file>', 'keep the ZIP at this path instead of unzipping');

/** `--locale-map <from=to>`: a service locale named as the app wants it (docs/cli.md#locale-mapping). */
export const localeMapOption = (
  help = 'name a service locale as the app wants it: zh-Hant=zh-TW, en=Base (repeatable)',
) => new Option('--locale-map <from=to>', help).argParser(collectLocaleMap);

/** `--force`: overwrite (or remove) files that changed since loc wrote them (docs/cli.md#files-you-changed). */
export const forceOption = (
  help = 'overwrite files changed since loc wrote them (else the run stops and names them)',
) => new Option('--force', help);

/** `--dry-run`: show what would be written, write nothing. */
export const dryRunOption = () =>
  new Option('--dry-run', 'show which files would be created or changed, and where; write nothing');

/**
 * `--timeout <duration>`: the command's overall deadline, every request and wait included. Every command
 * that talks to the network takes it (docs/cli.md#global-flags, "Deadlines").
 */
export const timeoutOption = (defaultMs: number, what = 'give up after this long') =>
  new Option('--timeout <duration>', `${what} (90s, 10m, 1h; a bare number is seconds)`)
    .argParser(parseTimeout)
    .default(defaultMs, formatDuration(defaultMs));

/** The deadline of a command that makes a few requests: generous, and still far below a CI job's. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 2 * 60_000;

/**
 * A duration as `--timeout` accepts it.
 *
 * @example formatDuration(120_000) // '2m'
 */
function formatDuration(ms: number): string {
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}

/** The flags every command takes, declared on the root command (docs/cli.md#global-flags). */
const globalOptions = {
  json: () => new Option('--json', 'print one JSON document on stdout (errors too), nothing else there'),
  quiet: () => new Option('-q, --quiet', 'print only results and errors'),
  verbose: () =>
    new Option('-v, --verbose', 'print requests, timings and stack traces on stderr (credentials redacted)'),
  color: () => new Option('--no-color', 'no colours (NO_COLOR works too)'),
  baseUrl: () =>
    new Option('--base-url <url>', 'base URL of the service (default https://api.lingohub.com)').env('LOC_BASE_URL'),
  token: () =>
    new Option('--token <token>', 'API token; prefer LOC_API_TOKEN or `loc login`, a flag lands in shell history').env(
      'LOC_API_TOKEN',
    ),
  cdnKey: () => new Option('--cdn-key <key>', 'CDN key for `loc cdn check`').env('LOC_CDN_KEY'),
  cdnBaseUrl: () =>
    new Option(
      '--cdn-base-url <url>',
      'base URL of the CDN check (default: https://cdn.lingohub.com for the service, else the base URL)',
    ).env('LOC_CDN_BASE_URL'),
  cdnCheckPath: () =>
    new Option(
      '--cdn-check-path <path>',
      'path of the CDN check below it (default: /v1/distributions/check on cdn.lingohub.com, else /cdn/check)',
    ).env('LOC_CDN_CHECK_PATH'),
  profile: () => new Option('--profile <name>', 'stored profile to use').env('LOC_PROFILE'),
  config: () =>
    new Option(
      '--config <file>',
      'config file to use instead of the nearest loc.config.json (or .yaml, .yml); the one loc init writes',
    ),
};

/** The root command with the global flags added. */
export function addGlobalOptions(root: Command) {
  return root
    .addOption(globalOptions.json())
    .addOption(globalOptions.quiet())
    .addOption(globalOptions.verbose())
    .addOption(globalOptions.color())
    .addOption(globalOptions.baseUrl())
    .addOption(globalOptions.token())
    .addOption(globalOptions.cdnKey())
    .addOption(globalOptions.cdnBaseUrl())
    .addOption(globalOptions.cdnCheckPath())
    .addOption(globalOptions.profile())
    .addOption(globalOptions.config());
}

/**
 * The global flags, as commander parses them (flag or environment variable). Here beside the flags, not
 * in program.ts: the context and the settings read it, and program.ts imports every command (no import
 * cycle: docs/development.md#import-cycles).
 */
export type GlobalOptions = ReturnType<ReturnType<typeof addGlobalOptions>['opts']>;

/** Where a global option's value came from. */
export type OptionSource = 'flag' | 'environment' | undefined;
