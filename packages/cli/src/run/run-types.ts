import type { Context } from './context';

/**
 * The type of a command's handler and of the function that wires it, which every command module takes.
 * Here, not in program.ts: program.ts imports every command, so a command importing a type from it
 * would close an import cycle (docs/development.md#import-cycles).
 */

/** A command's handler: the context, then the command's arguments and options as commander gives them. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing exits 0; `undefined` would demand `return`.
export type Handler<A extends unknown[]> = (ctx: Context, ...args: A) => Promise<number | void>;

/** Turns a handler into a commander action. Given to each command module's declaration. */
export type Run = <A extends unknown[]>(handler: Handler<A>) => (...received: [...A, unknown]) => Promise<void>;
