import { Command, Option } from '@commander-js/extra-typings';
import { examples } from '../help/help-examples';
import { collectList } from '../options/option-values';
import type { Action } from '../context/run-types';
import {
  formatOption,
  localeMapOption,
  localeOption,
  outOption,
  pathTemplateOption,
  projectOption,
  targetOption,
  timeoutOption,
  workspaceOption,
} from '../options/shared-options';
import { docsPage } from '@loc/sdk/internal';

// `loc push` (alias `loc upload`) as --help shows it: declared at start-up, run by commands/push/ (program.ts loads it).

/** The deadline of a push: every upload of a large project included. */
const DEFAULT_PUSH_TIMEOUT_MS = 10 * 60_000;

const pushDeclaration = () =>
  new Command('push')
    .alias('upload')
    .description(
      "upload the source locale's files (and with --translations the others) from your layout, to import their strings",
    )
    .addOption(workspaceOption())
    .addOption(projectOption())
    .addOption(
      outOption('the folder `loc export` writes into, read from here (default: from loc.config.json, else here)'),
    )
    .addOption(pathTemplateOption('where each file is below --out, as `loc export` puts it (default {path})'))
    .addOption(localeMapOption('the app’s names of service locales, as for `loc export`: zh-Hant=zh-TW, en=Base'))
    .addOption(formatOption())
    .addOption(
      new Option('--file <paths>', 'only these files of the project, as the service names them (repeatable)').argParser(
        collectList,
      ),
    )
    .addOption(new Option('--translations', "also push the target locales' files (reviewed translations are kept)"))
    .addOption(localeOption('with --translations, only these locales (repeatable, comma-separated)'))
    .addOption(
      new Option(
        '--overwrite-reviewed',
        'with --translations, also replace translations a reviewer approved when your file differs',
      ),
    )
    .addOption(
      new Option(
        '--deactivate-missing',
        "deactivate the project's keys your source files no longer have (asks at a terminal, naming how many)",
      ),
    )
    .addOption(new Option('--dry-run', 'show, key by key, what would be added, changed and deactivated; send nothing'))
    .addOption(
      new Option('--check', 'exit 12 when a push would change something, send nothing (like `loc export --check`)'),
    )
    .addOption(targetOption())
    .addOption(timeoutOption(DEFAULT_PUSH_TIMEOUT_MS, 'give up after this long'))
    .addHelpText(
      'after',
      `${examples(
        'loc push --dry-run',
        'loc push',
        'loc push --check',
        'loc push --translations --locale de',
        'loc push --deactivate-missing --dry-run',
        'loc push --workspace acme --project web-frontend --out locales --path-template "{locale}/{filename}"',
        'loc upload --target web',
      )}
loc push reads the files loc export writes: the same loc.config.json (and its targets), output folder,
path template and locale map, read backwards. By default it creates new keys and updates changed source
texts, and deactivates nothing. --dry-run lists, key by key, what would be added, changed and
deactivated. Docs: ${docsPage('cli.md', import.meta.url, '@loc/cli')}`,
    );
export type PushOptions = ReturnType<ReturnType<typeof pushDeclaration>['opts']>;

/**
 * Every flag of `loc push`, declared once with what depends on it: `perTarget` when a target of
 * loc.config.json sets it itself (refused with targets). `--help`, `loc completion` and
 * docs/cli-reference.md come from the options themselves. A push cut short has no resume command of its
 * own: running it again sends the same files, and what is in already stays as it is.
 */
const PUSH_FLAGS: { [K in keyof PushOptions]-?: { perTarget?: true } } = {
  workspace: { perTarget: true },
  project: { perTarget: true },
  out: { perTarget: true },
  pathTemplate: { perTarget: true },
  localeMap: { perTarget: true },
  format: { perTarget: true },
  file: { perTarget: true },
  translations: {},
  locale: { perTarget: true },
  overwriteReviewed: {},
  deactivateMissing: {},
  dryRun: {},
  check: {},
  target: {},
  timeout: {},
};

/** The flags of `loc push` a target sets itself, as `[attribute, --flag]`. */
export const pushPerTargetFlags = () =>
  pushDeclaration()
    .options.filter((o) => PUSH_FLAGS[o.attributeName() as keyof PushOptions]?.perTarget)
    .map((o) => [o.attributeName(), o.long!] as const);

/** `loc push` (alias `loc upload`), run by commands/push/push.ts. */
export function pushCommand(action: Action<[PushOptions]>) {
  return pushDeclaration().action(action);
}
