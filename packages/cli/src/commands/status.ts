import { Command, Option } from '@commander-js/extra-typings';
import { examples } from '../help/help-examples';
import { parsePercent } from '../options/option-values';
import type { Action } from '../context/run-types';
import {
  DEFAULT_COMMAND_TIMEOUT_MS,
  localeOption,
  projectOption,
  targetOption,
  timeoutOption,
  workspaceOption,
} from '../options/shared-options';

export const EXAMPLE = 'loc status --workspace acme --project mobile-ios --min-approved 95';

const declaration = () =>
  new Command('status')
    .description('translation progress per locale and segment status; a pipeline gate with --min-approved')
    .addOption(workspaceOption())
    .addOption(
      projectOption(
        "one project (default: from loc.config.json: its targets' projects, else its project, else every project of the workspace)",
      ),
    )
    .addOption(targetOption("only these targets' projects and locales (repeatable, comma-separated)"))
    .addOption(
      localeOption(
        'only these locales (repeatable, comma-separated; `pt` also names pt-BR); one that names none is an error',
      ),
    )
    .addOption(
      new Option('--by-file', 'one row per resource file and locale (display only: the gate still counts per locale)'),
    )
    .addOption(
      new Option(
        '--min-approved <percent>',
        'exit 11 naming every locale below this share of approved segments',
      ).argParser(parsePercent),
    )
    .addOption(
      new Option(
        '--min-translated <percent>',
        'exit 11 naming every locale below this share of translated or approved segments',
      ).argParser(parsePercent),
    )
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS))
    .addHelpText(
      'after',
      examples(
        'loc status --workspace acme',
        'loc status --workspace acme --project mobile-ios --by-file',
        'loc status --project mobile-ios --min-approved 95 --locale de,fr',
        'loc status --target ios --min-translated 90',
      ),
    );
export type StatusOptions = ReturnType<ReturnType<typeof declaration>['opts']>;

/** `loc status`, run by commands/status/status.ts. */
export const statusCommand = (action: Action<[StatusOptions]>) => declaration().action(action);
