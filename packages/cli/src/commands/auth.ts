import { Command, Option } from '@commander-js/extra-typings';
import { examples } from '../help/help-examples';
import type { Action } from '../context/run-types';
import { DEFAULT_COMMAND_TIMEOUT_MS, timeoutOption } from '../options/shared-options';

/** `loc login`, `loc logout` and `loc whoami`: the stored credentials and who they belong to. */

const loginCommand = () =>
  new Command('login')
    .description(
      'verify an API token and store it for this profile (file readable only by you); --cdn-key alone stores a CDN key',
    )
    .addOption(new Option('--with-token', 'read the token from stdin'))
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS, 'give up checking the token after this long'))
    .addHelpText(
      'after',
      examples(
        'loc login',
        'loc login --with-token < token.txt',
        'loc login --profile staging --base-url https://staging.example.com',
        'loc login --cdn-key lh-cdn_abc123',
      ),
    );
export type LoginOptions = ReturnType<ReturnType<typeof loginCommand>['opts']>;

const logoutCommand = () =>
  new Command('logout')
    .description('forget the stored credentials of the profile')
    .addOption(new Option('--all', 'forget every profile'))
    .addHelpText('after', examples('loc logout', 'loc logout --profile staging', 'loc logout --all'));
export type LogoutOptions = ReturnType<ReturnType<typeof logoutCommand>['opts']>;

const whoamiCommand = () =>
  new Command('whoami')
    .description('which profile, base URL and credentials are in use, and what the token reaches')
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS))
    .addHelpText('after', examples('loc whoami', 'loc whoami --profile staging --json'));
export type WhoamiOptions = ReturnType<ReturnType<typeof whoamiCommand>['opts']>;

/** `loc login`, `loc logout` and `loc whoami`, run by commands/auth/auth.ts. */
export function authCommands(actions: {
  login: Action<[LoginOptions]>;
  logout: Action<[LogoutOptions]>;
  whoami: Action<[WhoamiOptions]>;
}) {
  return [
    loginCommand().action(actions.login),
    logoutCommand().action(actions.logout),
    whoamiCommand().action(actions.whoami),
  ];
}
