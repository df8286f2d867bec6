import { Command, Option } from '@commander-js/extra-typings';
import { examples } from '../help/help-examples';
import { collectList } from '../options/option-values';
import type { Action } from '../context/run-types';
import { DEFAULT_COMMAND_TIMEOUT_MS, timeoutOption, workspaceOption } from '../options/shared-options';

export const CREATE_EXAMPLE =
  'loc projects create --workspace acme --title "Mobile iOS" --resource-type strings.ios --source-locale en --target-locale de,fr';

const listCommand = () =>
  new Command('list')
    .description('the projects your token owns or collaborates on, across workspaces')
    .addOption(workspaceOption('only this workspace'))
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS))
    .addHelpText('after', examples('loc projects list', 'loc projects list --workspace acme --json'));
export type ListOptions = ReturnType<ReturnType<typeof listCommand>['opts']>;

const showCommand = () =>
  new Command('show')
    .description('details, resource files and export formats of a project')
    .argument('[project]', 'project URL slug or id (default: from loc.config.json)')
    .addOption(workspaceOption())
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS))
    .addHelpText('after', examples('loc projects show mobile-ios --workspace acme'));
export type ShowOptions = ReturnType<ReturnType<typeof showCommand>['opts']>;

const createCommand = () =>
  new Command('create')
    .description('create a project (asks for what is missing at a terminal)')
    .addOption(workspaceOption())
    .addOption(new Option('--title <title>', 'title; the URL slug is derived from it'))
    .addOption(new Option('--resource-type <type>', 'resource type, for example strings.ios or json.standard'))
    .addOption(new Option('--source-locale <code>', 'source language code, for example en'))
    .addOption(
      new Option('--target-locale <codes>', 'target language codes (repeatable, comma-separated)').argParser(
        collectList,
      ),
    )
    .addOption(new Option('--description <text>', 'description'))
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS, 'give up on the service after this long'))
    .addHelpText('after', examples('loc projects create', CREATE_EXAMPLE));
export type CreateOptions = ReturnType<ReturnType<typeof createCommand>['opts']>;

/** `loc projects list|show|create`. */
export function projectsCommand(actions: {
  list: Action<[ListOptions]>;
  show: Action<[string | undefined, ShowOptions]>;
  create: Action<[CreateOptions]>;
}) {
  return new Command('projects')
    .description('list, inspect and create projects')
    .addHelpText(
      'after',
      examples('loc projects list', 'loc projects show mobile-ios --workspace acme', 'loc projects create'),
    )
    .addCommand(listCommand().action(actions.list))
    .addCommand(showCommand().action(actions.show))
    .addCommand(createCommand().action(actions.create));
}
