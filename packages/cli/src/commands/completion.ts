import { Argument, Command } from '@commander-js/extra-typings';
import { completionScript, SHELLS, type Shell } from '../help/completion-scripts';
import type { Context } from '../run/context';
import { examples } from '../help/help-examples';
import type { Run } from '../run/run-types';

const declaration = () =>
  new Command('completion')
    .description('print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      `${examples('loc completion bash > ~/.local/share/bash-completion/completions/loc', 'loc completion zsh > "${fpath[1]}/_loc"', 'loc completion fish > ~/.config/fish/completions/loc.fish')}
Or load it for this shell only: source <(loc completion bash)`,
    );
type CompletionOptions = ReturnType<ReturnType<typeof declaration>['opts']>;

export const completionCommand = (run: Run) => declaration().action(run(completion));

/** `loc completion <shell>`: the script on stdout, generated from the program's own commands and options. */
async function completion(ctx: Context, shell: Shell, _options: CompletionOptions): Promise<void> {
  ctx.out.stdout.write(completionScript(ctx.program, shell));
}
