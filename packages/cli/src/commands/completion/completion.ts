import { completionScript, type Shell } from '../../help/completion-scripts';
import type { Context } from '../../context/context';
import type { CompletionOptions } from '../completion';

/** `loc completion <shell>`: the script on stdout, generated from the program's own commands and options. */
export async function completion(ctx: Context, shell: Shell, _options: CompletionOptions): Promise<void> {
  ctx.out.stdout.write(completionScript(ctx.program, shell));
}
