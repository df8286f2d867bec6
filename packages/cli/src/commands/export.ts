import { Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { examples } from '../help/help-examples';
import { collectList, EXPORT_STATUSES, parseCount } from '../options/option-values';
import type { Action } from '../context/run-types';
import {
  addGlobalOptions,
  DEFAULT_COMMAND_TIMEOUT_MS,
  dryRunOption,
  forceOption,
  formatOption,
  localeMapOption,
  localeOption,
  outOption,
  pathTemplateOption,
  projectOption,
  targetOption,
  timeoutOption,
  workspaceOption,
  zipOption,
  type GlobalOptions,
} from '../options/shared-options';
import { docsPage } from '@loc/sdk/internal';

// `loc export` as --help shows it: declared at start-up, run by commands/export/ (program.ts loads it).

export const DEFAULT_EXPORT_TIMEOUT_MS = 10 * 60_000;
/** Keys of each kind a summary names per locale: enough to see what changed, short for a pull request body. */
export const DEFAULT_SUMMARY_KEYS = 10;
/**
 * Targets of loc.config.json exported at once. A target's time is mostly the service assembling its
 * export, so targets in one wave take about as long as one: six (two or three projects, two or three
 * formats each) in one wave, and a config of many targets still does not flood the service
 * (docs/decisions.md, "How the targets of one loc export run").
 */
const DEFAULT_TARGET_CONCURRENCY = 6;

/**
 * What the command that picks up a run cut short (`loc export download <id> …`, commands/export/resume.ts)
 * is made of: the options the run was given, the settings it resolved from them and loc.config.json (paths
 * absolute, so that the command works from any folder), and the files it was picking.
 */
export interface ResumeRun {
  /** The options as the run had them (a target's as its loc.config.json entry gives them). */
  options: Readonly<Record<string, unknown>>;
  workspace: string;
  project: string;
  /** The output folder, absolute; undefined when the run keeps the ZIP. */
  outDir: string | undefined;
  /** The `--zip` file, absolute. */
  zip: string | undefined;
  /** The path template, undefined when it is the default. */
  template: string | undefined;
  localeMap: Readonly<Record<string, string>>;
  /** The types file, absolute. */
  types: string | undefined;
  /** The `--summary` file, absolute (`-` as it is). */
  summary: string | undefined;
  /** The files of the export `loc export download --file/--locale` picked. */
  selection: { files?: readonly string[] | undefined; locales?: readonly string[] | undefined } | undefined;
  /** The base URL, when a flag or the environment named it (a stored profile's comes back with --profile). */
  baseUrl: string | undefined;
  /** The loc.config.json named with --config, absolute. */
  config: string | undefined;
}

/**
 * How the resume command carries a flag: its value there (undefined or false: none this time), or, for a
 * flag it never carries, why.
 */
export type ResumeRule = ((run: ResumeRun) => unknown) | { notCarried: string };

/** A flag of a delivery: how a resume carries it, and whether a target of loc.config.json sets it itself. */
export interface DeliveryFlag {
  resume: ResumeRule;
  /** A target sets it (its `out`, `format`…): with targets the flag is refused (export/targets.ts). */
  perTarget?: true;
}

const given =
  (key: string): ResumeRule =>
  (run) =>
    run.options[key];
const sameTarget = 'each target prints the command that resumes it, with its own settings';

/**
 * Every flag of `loc export` and `loc export download`, declared once with what depends on it: the resume
 * command derives its flags from this table (commands/export/resume.ts), the refusal of per-target flags
 * with targets too (export/targets.ts); `--help`, `loc completion` and docs/cli-reference.md come from the
 * options themselves. A flag missing here does not compile; resume.test.ts holds the table to the program.
 */
export const DELIVERY_FLAGS: { [K in keyof ExportOptions | keyof ExportDownloadOptions]-?: DeliveryFlag } = {
  workspace: { resume: (run) => run.workspace, perTarget: true },
  project: { resume: (run) => run.project, perTarget: true },
  out: { resume: (run) => run.outDir, perTarget: true },
  pathTemplate: { resume: (run) => (run.zip ? undefined : run.template), perTarget: true },
  zip: { resume: (run) => run.zip, perTarget: true },
  localeMap: { resume: (run) => (run.zip ? undefined : run.localeMap), perTarget: true },
  force: { resume: given('force') },
  dryRun: { resume: given('dryRun') },
  check: { resume: given('check') },
  summary: { resume: (run) => run.summary },
  types: { resume: (run) => run.types, perTarget: true },
  summaryKeys: { resume: given('summaryKeys') },
  status: { resume: given('status'), perTarget: true },
  timeout: { resume: { notCarried: 'the resumed wait gets the default: the --timeout that ran out would again' } },
  // `loc export`'s --file and --locale filter the export, which holds only those files: the resume carries
  // `loc export download`'s, which pick some files of the export.
  file: { resume: (run) => (run.zip ? undefined : run.selection?.files), perTarget: true },
  locale: { resume: (run) => (run.zip ? undefined : run.selection?.locales), perTarget: true },
  format: { resume: { notCarried: 'the export was made in its format already' }, perTarget: true },
  wait: { resume: { notCarried: '--no-wait only requests the export; the resume waits for it' } },
  target: { resume: { notCarried: sameTarget } },
  concurrency: { resume: { notCarried: sameTarget } },
};

/** The global flags, as a resume carries them (the same table's rules: `loc --help` declares them). */
export const GLOBAL_FLAGS: { [K in keyof GlobalOptions]-?: ResumeRule } = {
  json: given('json'),
  quiet: given('quiet'),
  verbose: { notCarried: 'how this run reports, not where or how the files land' },
  color: { notCarried: 'how this terminal shows the run, not where or how the files land' },
  baseUrl: (run) => run.baseUrl,
  token: {
    notCarried: 'a credential is never printed: the resumed run takes it from LOC_API_TOKEN or the stored login',
  },
  cdnKey: { notCarried: 'a credential is never printed, and an export needs no CDN key' },
  cdnBaseUrl: { notCarried: 'an export makes no CDN check' },
  cdnCheckPath: { notCarried: 'an export makes no CDN check' },
  profile: given('profile'),
  config: (run) => run.config,
};

/**
 * The options a resume command may carry, in the order `--help` shows them: `loc export download`'s, then
 * the global flags.
 */
export const resumableOptions = () => [...downloadDeclaration().options, ...addGlobalOptions(new Command()).options];

/** The flags of `loc export` a target sets itself, as `[attribute, --flag]`: refused with targets (export/targets.ts). */
export const perTargetFlags = () =>
  exportDeclaration()
    .options.filter((o) => DELIVERY_FLAGS[o.attributeName() as keyof typeof DELIVERY_FLAGS]?.perTarget)
    .map((o) => [o.attributeName(), o.long!] as const);

/** The options of a delivery, shared by `loc export` and `loc export download` (in this order in --help). */
const withDeliveryOptions = <Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(
  command: Command<Args, Opts, Globals>,
) =>
  command
    .addOption(workspaceOption())
    .addOption(projectOption())
    .addOption(outOption())
    .addOption(pathTemplateOption())
    .addOption(zipOption())
    .addOption(localeMapOption())
    .addOption(
      forceOption(
        'overwrite files changed since loc wrote them, or the --zip file (else the run stops and names them)',
      ),
    )
    .addOption(dryRunOption())
    .addOption(
      new Option(
        '--check',
        'compare what the export would write with your files, write nothing; exit 12 if they differ',
      ),
    )
    .addOption(
      new Option(
        '--summary <file>',
        'write the key-by-key change summary as Markdown, for a pull request (`-`: stdout)',
      ),
    )
    .addOption(
      new Option(
        '--types <file>',
        "also write the source locale's keys as TypeScript declarations (a .d.ts), for i18next and @loc/sdk/ota",
      ),
    )
    .addOption(
      new Option(
        '--status <which>',
        "ship only these translations, each file fetched on its own: approved (a reviewer's), translated (or approved); all (default) ships drafts too",
      ).choices(EXPORT_STATUSES),
    )
    .addOption(
      new Option(
        '--summary-keys <n>',
        `name at most this many keys of each kind per locale in the summary (default ${DEFAULT_SUMMARY_KEYS})`,
      ).argParser(parseCount(0, 10_000)),
    )
    .addOption(timeoutOption(DEFAULT_EXPORT_TIMEOUT_MS, 'give up waiting after this long'));

const exportDeclaration = () =>
  withDeliveryOptions(
    new Command('export')
      .alias('pull')
      .description('export the resource files, wait, download and unzip them into your layout'),
  )
    .addOption(
      new Option('--file <paths>', 'only these resource files, as the service names them (repeatable)').argParser(
        collectList,
      ),
    )
    .addOption(localeOption('only these locales (repeatable, comma-separated; `pt` also names pt-BR)'))
    .addOption(formatOption())
    .addOption(new Option('--no-wait', 'request the export, print its id and exit'))
    .addOption(targetOption())
    .addOption(
      new Option('--concurrency <n>', 'targets exported at once')
        .argParser(parseCount(1, 32))
        .default(DEFAULT_TARGET_CONCURRENCY),
    )
    .addHelpText(
      'after',
      `${examples(
        'loc export --dry-run',
        'loc export --workspace acme --project mobile-ios --out Resources --path-template "{lproj}/{filename}" --locale-map en=Base',
        'loc export --project mobile-android --format xml.android.resources --path-template "res/{android_values}/strings.xml"',
        'loc export --locale-map zh-Hant=zh-TW --locale-map pt-BR=pt',
        'loc export --locale de --zip de.zip',
        'loc export --check',
        'loc export --format json.i18next --types src/i18n/loc-keys.d.ts',
        'loc export --target ios --target android',
        'ID=$(loc export --no-wait) && loc export download "$ID"',
      )}
Path template placeholders, for the file Resources/pt-BR.lproj/Localizable.strings in locale pt-BR:
  {path} Resources/pt-BR.lproj/Localizable.strings   {dir} Resources/pt-BR.lproj
  {filename} Localizable.strings   {basename} Localizable   {ext} strings
  {locale} pt-BR   {locale_underscore} pt_BR   {language} pt   {region} BR   {service_locale} pt-BR
  {android_locale} pt-rBR   {android_values} values-pt-rBR (values for the source)   {lproj} pt-BR.lproj
--locale-map renames locales (the map's names fill {locale} and the rest): zh-Hant=zh-TW, en=Base
(Base: Android values/, Apple Base.lproj). Files changed since loc wrote them are never overwritten
without --force. Locale mapping: ${docsPage('cli.md', import.meta.url, '@loc/cli')}`,
    );
export type ExportOptions = ReturnType<ReturnType<typeof exportDeclaration>['opts']>;

const statusDeclaration = () =>
  new Command('status')
    .description('the state of an export requested earlier')
    .argument('<id>', 'export id')
    .addOption(workspaceOption())
    .addOption(projectOption())
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS))
    .addHelpText('after', examples('loc export status reg_abc123 --workspace acme --project mobile-ios'));
export type ExportStatusOptions = ReturnType<ReturnType<typeof statusDeclaration>['opts']>;

const downloadDeclaration = () =>
  withDeliveryOptions(
    new Command('download')
      .description('wait for an export requested earlier, then download and unzip it like `loc export`')
      .argument('<id>', 'export id'),
  )
    .addOption(
      new Option('--file <paths>', 'only these files of the export (placeholder form, repeatable)').argParser(
        collectList,
      ),
    )
    .addOption(localeOption('only the files of these locales (repeatable, comma-separated)'))
    .addHelpText(
      'after',
      examples(
        'loc export download reg_abc123 --out locales',
        'loc export download reg_abc123 --zip export.zip',
        'loc export download reg_abc123 --file "res/values-%{locale}/strings.xml" --locale de --out app',
      ),
    );
export type ExportDownloadOptions = ReturnType<ReturnType<typeof downloadDeclaration>['opts']>;

const formatsDeclaration = () =>
  new Command('formats')
    .description('the export formats loc knows, with their extensions (a project may list others)')
    .addHelpText(
      'after',
      `${examples('loc export formats --json', 'loc projects show web-frontend --workspace acme')}
--format takes any id the project lists (loc projects show: Formats), known here or not.`,
    );
export type ExportFormatsOptions = ReturnType<ReturnType<typeof formatsDeclaration>['opts']>;

/** `loc export` and its subcommands, run by commands/export/ (export.ts, status.ts, formats.ts). */
export function exportCommand(actions: {
  export: Action<[ExportOptions]>;
  status: Action<[string, ExportStatusOptions]>;
  download: Action<[string, ExportDownloadOptions]>;
  formats: Action<[ExportFormatsOptions]>;
}) {
  return exportDeclaration()
    .action(actions.export)
    .addCommand(statusDeclaration().action(actions.status))
    .addCommand(downloadDeclaration().action(actions.download))
    .addCommand(formatsDeclaration().action(actions.formats));
}
