import { resolve } from 'node:path';
import { AbortError, TimeoutError } from '@loc/sdk/internal';
import type { Selection } from '../../files/layout';
import { formatLocaleMap } from '../../files/locale-map';
import { DEFAULT_PATH_TEMPLATE } from '../../files/path-template';
import type { Context } from '../../run/context';
import { resumeWith } from '../../run/errors';
import { commandLine } from '../../ui/command-line';
import type { Target } from './delivery-settings';

/**
 * The command that picks a running export up again, with every flag that decides where and how its
 * files land and which server and settings it uses — paths absolute, so it works from any folder. Never
 * a credential. Not the `--timeout` that may just have run out: the resumed wait gets the default.
 */
export function resumeCommand(ctx: Context, target: Target, id: string, selection?: Selection): string {
  const { options, settings, connection } = target;
  const { layout, zip } = settings;
  const words = ['loc', 'export', 'download', id, '--workspace', target.workspace, '--project', target.project];
  if (zip) words.push('--zip', zip);
  else {
    words.push('--out', layout.outDir);
    if (layout.template !== DEFAULT_PATH_TEMPLATE) words.push('--path-template', layout.template);
    if (Object.keys(layout.localeMap).length) words.push('--locale-map', formatLocaleMap(layout.localeMap));
    for (const file of selection?.files ?? []) words.push('--file', file);
    if (selection?.locales?.length) words.push('--locale', selection.locales.join(','));
  }
  if (settings.types) words.push('--types', settings.types);
  if (options.force) words.push('--force');
  if (options.dryRun) words.push('--dry-run');
  if (options.check) words.push('--check');
  if (connection && (connection.baseUrlSource === 'flag' || connection.baseUrlSource === 'environment'))
    words.push('--base-url', connection.baseUrl);
  if (ctx.options.profile) words.push('--profile', ctx.options.profile);
  if (ctx.options.config) words.push('--config', resolve(ctx.cwd, ctx.options.config));
  if (ctx.options.json) words.push('--json');
  if (ctx.options.quiet) words.push('--quiet');
  return commandLine(words);
}

export function withResumeHint(error: unknown, resume: string): unknown {
  // The SDK's errors stay what they are (the error table gives their exit code and message); an export cut
  // short keeps running on the service, so the hint names the command that picks it up again.
  const abort = error instanceof AbortError || (error instanceof Error && error.name === 'AbortError');
  return error instanceof TimeoutError || abort ? resumeWith(error, resume) : error;
}
