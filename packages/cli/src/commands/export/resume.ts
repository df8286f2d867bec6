import { resolve } from 'node:path';
import type { Option } from '@commander-js/extra-typings';
import { AbortError, TimeoutError } from '@loc/sdk/internal';
import type { Selection } from '../../files/layout';
import { DEFAULT_PATH_TEMPLATE } from '../../files/path-template';
import type { Context } from '../../context/context';
import { resumeWith } from '../../run/errors';
import { commandLine } from '../../ui/command-line';
import { DELIVERY_FLAGS, GLOBAL_FLAGS, type ResumeRule, type ResumeRun, resumableOptions } from '../export';
import type { Target } from './delivery-settings';

/**
 * The command that picks a running export up again: `loc export download <id>` with every flag of
 * DELIVERY_FLAGS and GLOBAL_FLAGS (commands/export.ts) that the table carries and this run had, paths
 * absolute, so it works from any folder. Never a credential, never the `--timeout` that may just have run
 * out (the table says why of each flag it leaves).
 */
export function resumeCommand(ctx: Context, target: Target, id: string, selection?: Selection): string {
  return resumeLine(id, resumeRunOf(ctx, target, selection));
}

/** The resume command of `run`, its flags in the order `loc export download --help` lists them. */
export function resumeLine(id: string, run: ResumeRun): string {
  const words = ['loc', 'export', 'download', id];
  for (const option of resumableOptions()) {
    const key = option.attributeName();
    const rule: ResumeRule | undefined =
      key in DELIVERY_FLAGS
        ? DELIVERY_FLAGS[key as keyof typeof DELIVERY_FLAGS].resume
        : GLOBAL_FLAGS[key as keyof typeof GLOBAL_FLAGS];
    // No rule: a flag declared without one, which resume.test.ts refuses. Carried or not, never guessed.
    if (typeof rule !== 'function') continue;
    words.push(...wordsOf(option, rule(run)));
  }
  return commandLine(words);
}

/** A flag and its value as words: `--force`, `--out /x`, `--file a --file b`, `--locale-map en=Base,…`. */
function wordsOf(option: Option, value: unknown): string[] {
  const flag = option.long!;
  if (value === undefined || value === false || value === null) return [];
  if (value === true) return [flag];
  if (Array.isArray(value)) return value.length ? value.flatMap((v) => [flag, String(v)]) : [];
  if (typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${String(v)}`);
    return pairs.length ? [flag, pairs.join(',')] : [];
  }
  return [flag, String(value)];
}

/** What the resume of `target`'s run is made of (commands/export.ts, ResumeRun). */
function resumeRunOf(ctx: Context, target: Target, selection: Selection | undefined): ResumeRun {
  const { options, settings, connection } = target;
  const { layout, zip } = settings;
  const summary = options.summary ?? options.resumeSummary;
  return {
    options: { ...options, ...ctx.options },
    workspace: target.workspace,
    project: target.project,
    outDir: zip ? undefined : layout.outDir,
    zip,
    template: layout.template === DEFAULT_PATH_TEMPLATE ? undefined : layout.template,
    localeMap: layout.localeMap,
    types: settings.types,
    summary: summary === undefined || summary === '-' ? summary : resolve(ctx.cwd, summary),
    selection,
    baseUrl:
      connection && (connection.baseUrlSource === 'flag' || connection.baseUrlSource === 'environment')
        ? connection.baseUrl
        : undefined,
    config: ctx.options.config ? resolve(ctx.cwd, ctx.options.config) : undefined,
  };
}

export function withResumeHint(error: unknown, resume: string): unknown {
  // The SDK's errors stay what they are (the error table gives their exit code and message); an export cut
  // short keeps running on the service, so the hint names the command that picks it up again.
  const abort = error instanceof AbortError || (error instanceof Error && error.name === 'AbortError');
  return error instanceof TimeoutError || abort ? resumeWith(error, resume) : error;
}
