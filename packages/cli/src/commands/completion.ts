import { Argument, Command } from '@commander-js/extra-typings';
import { SHELLS, type Shell } from '../help/completion-scripts';
import { examples } from '../help/help-examples';
import type { Action } from '../context/run-types';

const declaration = () =>
  new Command('completion')
    .description('print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      `${examples('loc completion bash > ~/.local/share/bash-completion/completions/loc', 'loc completion zsh > "${fpath[1]}/_loc"', 'loc completion fish > ~/.config/fish/completions/loc.fish')}
Or load it for this shell only: source <(loc completion bash)`,
    );
export type CompletionOptions = ReturnType<ReturnType<typeof declaration>['opts']>;

/** `loc completion`, run by commands/completion/completion.ts. */
export const completionCommand = (action: Action<[Shell, CompletionOptions]>) => declaration().action(action);
