import { AbortError } from '@loc/sdk/internal';
import { UsageError } from '../run/errors';
import type { Output } from './output';

/**
 * Prompts, only ever for a person at a terminal (`ctx.interactive`). In CI a missing value is an error
 * that names the flag to pass: a pipeline never waits for input. clack is loaded only when a prompt runs.
 */

/**
 * Throws a usage error listing every missing flag when no one can be asked: `noPromptReason` says why
 * (`ctx.noPromptReason`, or the command's own reason); undefined means a prompt may ask instead.
 *
 * @example requireFlags('CI is set', ['workspace'], 'loc status --workspace acme')
 */
export function requireFlags(noPromptReason: string | undefined, missing: string[], example: string): void {
  if (missing.length === 0 || noPromptReason === undefined) return;
  const list = missing.map((m) => `--${m}`).join(', ');
  throw new UsageError(
    `Missing ${missing.length === 1 ? 'flag' : 'flags'} ${list} (${noPromptReason}).`,
    `For example: \`${example}\``,
  );
}

/**
 * What a prompt needs of the command's context (a `Context` is one): its output, to escape what it shows,
 * and its signal, which Ctrl-C and the deadline abort.
 */
export interface PromptContext {
  readonly out: Output;
  readonly signal: AbortSignal;
}

async function clack() {
  return import('@clack/prompts');
}

function cancelled(): never {
  throw new AbortError('Cancelled.');
}

export async function askText(
  ctx: PromptContext,
  options: {
    message: string;
    placeholder?: string;
    initialValue?: string;
    validate?: (value: string) => string | undefined;
  },
): Promise<string> {
  const p = await clack();
  const value = await p.text({
    message: ctx.out.terminal(options.message),
    ...(options.placeholder ? { placeholder: options.placeholder } : {}),
    ...(options.initialValue ? { initialValue: options.initialValue } : {}),
    validate: (v) => options.validate?.(v ?? ''),
    signal: ctx.signal,
  });
  if (p.isCancel(value)) cancelled();
  return value.trim();
}

export async function askSecret(ctx: PromptContext, message: string): Promise<string> {
  const p = await clack();
  const value = await p.password({
    message: ctx.out.terminal(message),
    mask: '•',
    validate: (v) => (v?.trim() ? undefined : 'Paste the token (it is not shown).'),
    signal: ctx.signal,
  });
  if (p.isCancel(value)) cancelled();
  return value.trim();
}

export async function askSelect<T extends string>(
  ctx: PromptContext,
  message: string,
  choices: { value: T; label: string; hint?: string }[],
): Promise<T> {
  const p = await clack();
  // Labels and hints are project titles and the like, from the service: escaped as every line is.
  const value = await p.select<T>({
    message: ctx.out.terminal(message),
    options: choices.map((c) => ({
      value: c.value,
      label: ctx.out.terminal(c.label),
      ...(c.hint ? { hint: ctx.out.terminal(c.hint) } : {}),
    })) as never,
    signal: ctx.signal,
  });
  if (p.isCancel(value)) cancelled();
  return value;
}

/**
 * Several of `choices` (space toggles one, `a` all, enter takes them), `initial` chosen to begin with; at
 * least one must be chosen.
 *
 * @example await askMultiselect(ctx, 'Locales to export', [{ value: 'de', label: 'de' }], ['de'])
 */
export async function askMultiselect<T extends string>(
  ctx: PromptContext,
  message: string,
  choices: { value: T; label: string; hint?: string }[],
  initial: T[],
): Promise<T[]> {
  const p = await clack();
  const value = await p.multiselect<T>({
    message: ctx.out.terminal(message),
    options: choices.map((c) => ({
      value: c.value,
      label: ctx.out.terminal(c.label),
      ...(c.hint ? { hint: ctx.out.terminal(c.hint) } : {}),
    })) as never,
    initialValues: initial,
    required: true,
    signal: ctx.signal,
  });
  if (p.isCancel(value)) cancelled();
  return value;
}

/** A yes/no question; `false` unless the person answers yes. */
export async function askConfirm(ctx: PromptContext, message: string): Promise<boolean> {
  const p = await clack();
  const value = await p.confirm({ message, initialValue: false, signal: ctx.signal });
  if (p.isCancel(value)) cancelled();
  return value === true;
}
