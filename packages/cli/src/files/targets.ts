import { accessSync, constants, lstatSync, statSync, type Stats } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { LoadedConfig } from '../config/project-config';
import { LocalFileError, UsageError } from '../run/errors';
import { commandLine } from '../ui/command-line';
import { askConfirm, type PromptContext } from '../ui/prompts';
import { printable } from '@loc/sdk/internal';
import { isInside, realpathLoose } from './real-path';
import { displayPath } from './place';
import { checkWritablePath, ROOT_OPT_IN } from './writable-path';

/**
 * Checks of where files will go, made before any request: a run that cannot write its result must not
 * spend an export (or a CDN check of the workspace's budget) first.
 */

/**
 * What the checks of a folder need of the command's context (a `Context` is one): the folder it runs in,
 * its loc.config.json, and whether a person can be asked.
 */
export interface FolderContext extends PromptContext {
  readonly cwd: string;
  readonly interactive: boolean;
  readonly noPromptReason: string | undefined;
  projectConfig(): LoadedConfig | undefined;
}

/** `dir` can be the output folder: a folder or nothing yet, below a folder this process may write into. */
export function checkOutputFolder(dir: string, flag: string): void {
  const path = resolve(dir);
  const stats = statOf(path);
  if (stats && !stats.isDirectory()) {
    throw new UsageError(
      `${flag} ${displayPath(path)} is a file, not a folder.`,
      `Name a folder for ${flag} (it is created when missing).`,
    );
  }
  checkWritableAncestor(path, flag);
}

/**
 * `file` can be written as a file: not a folder, its folder writable or creatable, and not there yet
 * unless `replace` (a file the user named may be theirs: it is replaced only when they say so). Returns
 * whether a file is there.
 */
export function checkOutputFile(
  file: string,
  flag: string,
  options: { replace: boolean; example?: string },
): { exists: boolean } {
  const path = resolve(file);
  const stats = statOf(path);
  if (/[\\/]$/.test(file) || stats?.isDirectory()) {
    throw new UsageError(
      `${flag} ${displayPath(path)} is a folder; ${flag} names the file to write.`,
      `For example ${flag} ${displayPath(resolve(path, options.example ?? 'export.zip'))}.`,
    );
  }
  checkWritableAncestor(dirname(path), flag);
  // lstat: a symbolic link is there even when it points nowhere; with --force the download's rename
  // replaces the link itself and never writes through it.
  const entry = lstatSync(path, { throwIfNoEntry: false });
  if (entry && !options.replace) {
    throw new LocalFileError(
      `${displayPath(path)} exists already${entry.isSymbolicLink() ? ' (a symbolic link)' : ''}, so nothing was requested: loc replaces a file only when told to.`,
      {
        hint: `Rerun with --force to replace it, or name another file with ${flag}.`,
      },
    );
  }
  return { exists: entry !== undefined };
}

/** The nearest existing folder on the way to `path` must be a folder we may write into. */
function checkWritableAncestor(path: string, flag: string): void {
  let probe = path;
  let stats = statOf(probe);
  while (!stats && dirname(probe) !== probe) {
    probe = dirname(probe);
    stats = statOf(probe);
  }
  if (stats && !stats.isDirectory()) {
    throw new UsageError(
      `${flag} ${displayPath(path)} is inside ${displayPath(probe)}, which is a file.`,
      `Choose another ${flag}.`,
    );
  }
  try {
    accessSync(probe, constants.W_OK);
  } catch {
    throw new LocalFileError(
      `${displayPath(probe)} is not writable, so nothing could be saved under ${displayPath(path)}.`,
      {
        hint: `Choose another ${flag}, or fix the folder's permissions.`,
      },
    );
  }
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** `folder` is inside `dir` by its path and by its real path (a link in a checkout may point anywhere). */
function staysInside(dir: string, folder: string): boolean {
  return isInside(dir, folder) && isInside(realpathLoose(dir), realpathLoose(folder));
}

/**
 * The folder the rule of files/writable-path.ts starts from for files in `outDir`: the folder of
 * loc.config.json, else the working folder, when it holds `outDir` (by its path and its real path); else
 * `outDir` itself (a folder named on the command line, elsewhere: the rule holds below it).
 */
export function writableRoot(ctx: FolderContext, outDir: string): string {
  const candidates = [ctx.projectConfig()?.dir, ctx.cwd].filter((dir): dir is string => dir !== undefined);
  return candidates.find((dir) => staysInside(dir, outDir)) ?? outDir;
}

/**
 * Refuses (exit 2, nothing requested) an output folder where no export writes (files/writable-path.ts:
 * `.git/`, `.github/`, …), whoever names it: a flag or a key of loc.config.json, named in the message. The
 * repository's root itself only when `allowRoot`: the folder was named on the command line, or
 * loc.config.json says `"allowRootOutput": true` (rootAllowed).
 */
export function checkWritableFolder(
  root: string,
  folder: string,
  key: string,
  allowRoot: boolean,
  oneOff?: string[],
): void {
  const refusal = checkWritablePath(root, relative(root, folder), { kind: 'folder', allowRoot });
  if (!refusal) return;
  const hint =
    refusal.rule !== 'root'
      ? `Name a folder of the app's resources for ${key.split(' ')[0]}.`
      : `Name a folder of the app's resources (for example locales); to write into the root itself, set "${ROOT_OPT_IN}": true in loc.config.json${oneOff ? `, or name it on the command line: ${commandLine(oneOff)}` : ''}.`;
  throw new UsageError(
    `${key} is ${displayPath(folder) || '.'}, which ${refusal.reason}; nothing was requested.`,
    hint,
  );
}

/**
 * Whether an output folder may be the repository's root: always when the command line names it (the
 * person or the workflow that runs loc chose it), or when no loc.config.json is there (nothing of the
 * repository's chose it); else only when loc.config.json opts in with `"allowRootOutput": true`. A
 * default (an `out` left out) is never an opt-in: the root is where package.json, vercel.json and
 * .devcontainer/ live, and a file of the service named like one of theirs would land beside them.
 */
export function rootAllowed(ctx: FolderContext, folder: string, namedOnCommandLine: boolean): boolean {
  const loaded = ctx.projectConfig();
  if (namedOnCommandLine || !loaded || loaded.config.allowRootOutput === true) return true;
  // Only the repository's root needs it: a folder elsewhere (said yes to at a terminal) is a root of its own.
  const at = (a: string, b: string) => resolve(a) === resolve(b) || realpathLoose(a) === realpathLoose(b);
  return !at(folder, loaded.dir);
}

/**
 * Why `value`, given to `flag` to be written into loc.config.json (in `dir`), may not be written there: it
 * leads outside `dir`, which configuredFolder would refuse in CI and ask about at a terminal, or where no
 * export writes (files/writable-path.ts: `.git/`, `.github/`, …). Undefined when it may.
 */
export function refusedConfigFolder(dir: string, value: string, flag: string): string | undefined {
  const folder = resolve(dir, value);
  if (!staysInside(dir, folder))
    return `${flag} ${printable(value)} leads outside ${displayPath(dir) || '.'}, the folder of loc.config.json, where its paths stay (a committed config may come from anyone: \`loc export\` refuses such a path in CI)`;
  const refusal = checkWritablePath(dir, relative(dir, folder), { kind: 'folder' });
  return refusal && `${flag} ${printable(value)} ${refusal.reason}`;
}

/** Refuses (exit 2) a folder for loc.config.json that refusedConfigFolder refuses. */
export function checkConfigFolder(dir: string, value: string | undefined, flag: string): void {
  const why = value === undefined ? undefined : refusedConfigFolder(dir, value, flag);
  if (why)
    throw new UsageError(
      `${why}.`,
      `Name a folder of the app's resources inside it; to export elsewhere now and then, pass \`--out <folder>\` to \`loc export\` instead.`,
    );
}

/**
 * A folder that loc.config.json names (`export.out`, `cdn.out`): relative to the config file, and inside
 * its folder, by its path and by its real path (a symbolic link in the checkout may point anywhere). A
 * committed config is input from whoever wrote the commit: one that leads elsewhere is written to only
 * when the person at the terminal says yes; in CI it is refused (exit 2), naming the key and the flag
 * that says it on the command line instead. A folder `read` from (`loc push`) is never asked about: refused.
 */
export async function configuredFolder(
  ctx: FolderContext,
  config: { path: string; dir: string },
  key: string,
  value: string,
  example: (folder: string) => string[],
  kind: 'folder' | 'file' = 'folder',
  options: { read?: boolean } = {},
): Promise<string> {
  const folder = resolve(config.dir, value);
  const named = `${key} in ${displayPath(config.path)}`;
  if (staysInside(config.dir, folder)) {
    if (kind === 'folder')
      checkWritableFolder(config.dir, folder, named, rootAllowed(ctx, folder, false), example(folder));
    else if (!rootAllowed(ctx, dirname(folder), false))
      throw new UsageError(
        `${named} is '${printable(value)}', a file in the repository's root, where tools find the files they run or read as their configuration; nothing was requested.`,
        `Name a file in a folder of the app (for example src/loc-keys.d.ts); to write into the root itself, set "${ROOT_OPT_IN}": true in loc.config.json, or name it on the command line: ${commandLine(example(folder))}`,
      );
    return folder;
  }
  // Inside by its path, outside by its real one: say where the link leads, or the path looks harmless.
  const through = isInside(config.dir, folder)
    ? `, through a symbolic link to ${printable(realpathLoose(folder))}`
    : '';
  const where = `${key} in ${displayPath(config.path)} is '${printable(value)}', which leads outside the folder of the config file (${displayPath(config.dir) || '.'})${through}`;
  // Files read from there would be sent to the service: a committed config never sends what lies outside.
  if (!options.read && ctx.interactive && (await askConfirm(ctx, `${where}. Write into ${folder}?`))) return folder;
  const asked = options.read ? ' (loc never reads and sends files from there on its word)' : '';
  throw new UsageError(
    `${where}${asked || (ctx.interactive ? '' : ` (${ctx.noPromptReason}, so no one was asked)`)}; nothing was ${options.read ? 'sent' : 'requested'}.`,
    `Paths in loc.config.json stay inside its folder. To use that folder, name it on the command line: ${commandLine(example(folder))}`,
  );
}
