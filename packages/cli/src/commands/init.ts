import { Command, Option } from '@commander-js/extra-typings';
import { examples } from '../help/help-examples';
import type { Action } from '../context/run-types';
import {
  DEFAULT_COMMAND_TIMEOUT_MS,
  formatOption,
  localeOption,
  outOption,
  pathTemplateOption,
  projectOption,
  timeoutOption,
  workspaceOption,
} from '../options/shared-options';

export const EXAMPLE =
  'loc init --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"';

const declaration = () =>
  new Command('init')
    .description('write loc.config.json: workspace, project and export defaults for this repository')
    .addOption(workspaceOption('workspace URL slug or id'))
    .addOption(projectOption('project URL slug or id'))
    .addOption(formatOption())
    .addOption(localeOption('locales to export (repeatable, comma-separated)'))
    .addOption(outOption('folder the files go into, relative to the config file'))
    .addOption(pathTemplateOption('where each file lands below --out, for example {locale}.lproj/{filename}'))
    .addOption(
      new Option('--target <name>', 'add an export target of this name to the existing loc.config.json (`targets`)'),
    )
    .addOption(new Option('--force', 'overwrite an existing loc.config.json'))
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS, 'give up asking the service after this long (at a terminal)'))
    .addHelpText(
      'after',
      examples(
        'loc init',
        EXAMPLE,
        'loc init --target android --project mobile-android --out app/src/main --path-template "res/{android_values}/strings.xml"',
      ),
    );
export type InitOptions = ReturnType<ReturnType<typeof declaration>['opts']>;

/** `loc init`, run by commands/init/init.ts. */
export const initCommand = (action: Action<[InitOptions]>) => declaration().action(action);
