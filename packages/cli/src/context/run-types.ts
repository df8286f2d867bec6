import type { Context } from './context';

/**
 * The type of a command's handler and of the function that wires it, which every command module takes.
 * Here, not in program.ts: program.ts imports every command, so a command importing a type from it
 * would close an import cycle (docs/development.md#import-cycles).
 */

/** A command's handler: the context, then the command's arguments and options as commander gives them. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing exits 0; `undefined` would demand `return`.
export type Handler<A extends unknown[]> = (ctx: Context, ...args: A) => Promise<number | void>;

/** What commander calls: the command's arguments and options, then the command itself. */
export type Action<A extends unknown[]> = (...received: [...A, unknown]) => Promise<void>;

/**
 * Turns the loader of a handler into a commander action: the one lazy idiom of the CLI. A command is
 * declared at start-up (commands/<name>.ts: name, options, help); program.ts gives each declaration its
 * action, `run(async () => (await import('../run/commands/<name>/<handler>')).handler)`, so the handler's
 * module, and everything it imports, loads only when that command runs.
 */
export type Run = <A extends unknown[]>(load: () => Promise<Handler<A>>) => Action<A>;
