import { statSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import type { LocClient } from '@loc/sdk';
import { withFormatExtension } from '@loc/sdk/internal';
import { noTargets } from '../../config/target-projects';
import type { Entries } from '../../export/summary/read';
import { readEntries } from '../../export/summary/read';
import { diffKeys } from '../../export/summary/diff';
import { filePattern } from '../../files/layout';
import { displayPath } from '../../files/place';
import type { ReadScope } from '../../files/readable-file';
import { writableRefusal } from '../../files/writable-path';
import { checkWritableFolder, rootAllowed, writableRoot } from '../../files/targets';
import { checkFileFormat } from '../../project/file-format';
import { projectOf, resolveProject } from '../../project/resolve-project';
import { existsToRead, folderEntries, type LocalFile, readLocalFiles } from '../../push/local-files';
import { changes, type FileOutcome, type PushResult, type PushTarget } from '../../push/outcome';
import { planPush } from '../../push/plan';
import type { Context } from '../../context/context';
import { CliError, EXIT, errorDocument, LocalFileError, OutOfDateError, UsageError } from '../../run/errors';
import { askConfirm } from '../../ui/prompts';
import { startProgress } from '../../ui/progress';
import { counted, firstOf } from '../../ui/quantities';
import { type PushOptions, pushPerTargetFlags } from '../push';
import { layoutSettings } from '../export/layout-settings';
import { reportPush, reportPushTargets } from './report';

const EXAMPLE = 'loc push --workspace acme --project web-frontend --out locales --path-template "{locale}/{filename}"';

/**
 * `loc push` (alias `loc upload`): reads the source locale's files from the layout `loc export` writes
 * (and with --translations the target locales'), each through the read rule of files/readable-file.ts,
 * and uploads each to import its strings: new keys created, changed source texts updated, nothing
 * deactivated unless --deactivate-missing says so (and, at a terminal, the count is confirmed). --dry-run
 * and --check download each file as the service has it and compare key by key; they send nothing.
 */
export async function push(ctx: Context, options: PushOptions): Promise<void> {
  checkFlags(options);
  const loaded = ctx.projectConfig();
  if (options.target?.length || (loaded?.config.targets?.length && !options.workspace && !options.project)) {
    await pushTargets(ctx, options);
    return;
  }
  const settings = await pushSettings(ctx, options);
  projectOf(ctx, options, EXAMPLE); // in CI, a missing flag is reported before a missing token
  const { client } = await ctx.client();
  const { workspace, project } = await resolveProject(ctx, client, options, EXAMPLE);
  const result = await pushProject(ctx, client, { ...settings, workspace, project }, options);
  await reportPush(ctx, result, ctx.out.json ? undefined : await import('../../ui/table'));
  if (options.check) throwIfOutOfDate([result]);
}

/** Flags that cannot go together, refused before anything is read or sent (exit 2). */
function checkFlags(options: PushOptions): void {
  const refuse = (message: string, hint: string) => {
    throw new UsageError(message, hint);
  };
  if (options.check && options.dryRun)
    refuse(
      '--check cannot be combined with --dry-run: --dry-run lists what a push would change; --check already sends nothing and says whether it would.',
      'Drop one of the two flags.',
    );
  if (!options.translations && (options.locale?.length || options.overwriteReviewed))
    refuse(
      `${options.locale?.length ? '--locale' : '--overwrite-reviewed'} is about translations, and only --translations pushes them.`,
      'Add --translations (`loc push --translations --locale de`), or drop the flag.',
    );
}

/** The layout of a one-project push: flags over loc.config.json's `export` over the defaults. */
async function pushSettings(ctx: Context, options: PushOptions): Promise<Omit<PushTarget, 'workspace' | 'project'>> {
  const loaded = ctx.projectConfig();
  const defaults = loaded?.config.export ?? {};
  const { sources, template, format, extensions, localeMap, outDir } = await layoutSettings(ctx, options, 'push');
  const root = writableRoot(ctx, outDir);
  // The same folders an export may write into, the root itself by the same opt-in.
  const allowRoot = rootAllowed(ctx, outDir, options.out !== undefined);
  checkWritableFolder(root, outDir, sources.out, allowRoot, ['loc', 'push', '--out', outDir]);
  return {
    layout: {
      outDir,
      template,
      localeMap,
      writable: { root, extensions },
      sources,
    },
    allowRoot,
    format,
    files: options.file ?? defaults.files,
    locales: options.locale ?? defaults.locales,
  };
}

/**
 * One project's push: its files listed by the service, planned against the folder, read and checked,
 * compared where that is asked for, then (unless --dry-run or --check) uploaded, the source locale's first.
 */
async function pushProject(
  ctx: Context,
  client: LocClient,
  target: PushTarget,
  options: PushOptions,
): Promise<PushResult> {
  const { workspace, project, layout } = target;
  const signal = ctx.signal;
  const dryRun = options.dryRun === true;
  const check = options.check === true;
  const translations = options.translations === true;
  const progress = await startProgress(ctx, `Reading the files of ${project}…`);
  try {
    const [sources, targets] = await Promise.all([
      client.resources.list(workspace, project, { localeInFileName: 'NONE', signal }),
      client.resources.list(workspace, project, { localeInFileName: 'TARGETS', signal }),
    ]);
    const sourceLocale =
      sources.members[0]?.projectLocale ??
      (await client.projects.get(workspace, project, { signal })).projectLocales[0];
    if (!sourceLocale) throw new CliError(`Project ${project} has no locale to push into.`);
    // Files in another format than the project's: the service must read them as that format.
    if (target.format)
      checkFileFormat(target.format, await client.projects.status(workspace, project, { signal }), {
        command: 'loc push sends',
        flag: options.format ? '--format' : 'the format of loc.config.json',
      });
    const scope: ReadScope = {
      root: layout.writable.root,
      folder: layout.outDir,
      extensions: layout.writable.extensions,
    };
    if (!statSync(layout.outDir, { throwIfNoEntry: false })?.isDirectory()) throw noFiles(target, []);
    const plan = planPush({
      layout,
      format: target.format,
      sourceLocale,
      listed: [...sources.members, ...targets.members].map((m) => ({
        name: m.name,
        path: m.path,
        locale: m.projectLocale,
      })),
      translations,
      locales: target.locales,
      files: target.files,
      extensions: layout.writable.extensions ?? [],
      exists: (local) => existsToRead(scope, local),
      folder: (dir) => folderEntries(scope, dir),
    });
    if (!plan.files.some((f) => f.side === 'source') && !(translations && plan.files.length))
      throw noFiles(
        target,
        plan.missing.filter((m) => m.side === 'source').map((m) => m.local),
      );
    const local = await readLocalFiles(scope, plan.files);
    const interactiveDeactivation = options.deactivateMissing === true && ctx.interactive && !dryRun && !check;
    const compare = dryRun || check || interactiveDeactivation;
    const protect = translations && options.overwriteReviewed !== true;
    const files: FileOutcome[] = [];
    // A translation's keys that its source file lacks are skipped by the import: told apart from the added.
    const projectKeys =
      compare && local.some((f) => f.side === 'translation' && !f.created)
        ? await sourceKeysOf(client, target, sourceLocale, sources.members, local, options, signal)
        : undefined;
    for (const [index, file] of local.entries()) {
      progress.update(`Comparing ${index + 1} of ${local.length}: ${file.local}`);
      const service = async (status?: 'APPROVED') =>
        file.created
          ? new Map<string, string>()
          : readEntries(
              file.local,
              await client.resources.download(
                workspace,
                project,
                { name: file.name, path: file.folder || undefined, locale: file.serviceLocale, status },
                { signal },
              ),
              file.locale,
            );
      const now = compare ? await service() : undefined;
      const approved = protect && file.side === 'translation' && !file.created ? await service('APPROVED') : undefined;
      files.push(outcomeOf(file, now, approved, options, projectKeys?.(file)));
    }
    const result: PushResult = {
      target,
      sourceLocale,
      // A file no export may write (loc.config.json, package.json at a root layout's top) is no resource
      // file left out: naming it on every push would only be noise.
      plan: {
        missing: plan.missing,
        unmatched: plan.unmatched.filter((l) => writableRefusal(l, { use: 'read' })?.rule !== 'name'),
        later: plan.later,
      },
      files,
      dryRun,
      check,
    };
    if (dryRun || check) {
      progress.succeed(`Compared ${counted(files.length, 'file')} with ${project}`);
      return result;
    }
    if (interactiveDeactivation) {
      progress.stop();
      await confirmDeactivation(ctx, project, files);
    }
    for (const [index, outcome] of files.entries()) {
      const file = local[index]!;
      progress.update(`Pushing ${index + 1} of ${local.length}: ${file.local}`, true);
      try {
        outcome.imported = await client.resources.upload(
          workspace,
          project,
          {
            file: file.bytes,
            name: file.name,
            path: file.folder || undefined,
            locale: file.serviceLocale,
            [file.side === 'source' ? 'source' : 'target']: outcome.switches,
          },
          { signal },
        );
      } catch (error) {
        const done = local.slice(0, index).map((f) => f.local);
        ctx.out.warn(
          done.length
            ? `Pushed ${counted(done.length, 'file')} of ${local.length} before it stopped (${firstOf(done, 5)}); ${file.local} and the rest were not. Running the same loc push again sends them all: what is in already stays as it is.`
            : `Nothing was pushed: ${file.local} was the first file. Running the same loc push again sends them all.`,
        );
        throw error;
      }
    }
    progress.succeed(`Pushed ${counted(files.length, 'file')} to ${workspace}/${project}`);
    return result;
  } finally {
    progress.stop();
  }
}

/** The switches of a file and what its keys would see, from the service's file now (and its approved translations). */
function outcomeOf(
  file: LocalFile,
  now: Entries | undefined,
  approved: Entries | undefined,
  options: PushOptions,
  sourceKeys?: ReadonlySet<string>,
): FileOutcome {
  const deactivate = file.side === 'source' && options.deactivateMissing === true;
  // A reviewer's approved translation that the file changes: kept unless --overwrite-reviewed. The import
  // decides per file, so a file that would change one updates none of its translations.
  const reviewed = approved
    ? [...approved].filter(([key, text]) => file.entries.has(key) && file.entries.get(key) !== text).map(([k]) => k)
    : [];
  const switches = {
    createNew: true,
    updateExisting: file.side === 'source' || options.overwriteReviewed === true || reviewed.length === 0,
    deactivateMissing: deactivate,
  };
  const shown = {
    local: file.local,
    name: file.name,
    folder: file.folder,
    serviceLocale: file.serviceLocale,
    locale: file.locale,
    side: file.side,
    created: file.created,
    target: file.target,
  };
  if (!now) return { file: shown, switches };
  const diff = diffKeys(now, file.entries);
  // The import skips a translation of a key the project lacks (docs/decisions.md, "Target switches").
  const skipped = sourceKeys ? diff.added.filter((key) => !sourceKeys.has(key)) : [];
  const added = skipped.length ? diff.added.filter((key) => sourceKeys!.has(key)) : diff.added;
  const { changed, removed } = diff;
  const held = switches.updateExisting ? [] : changed;
  const missing = file.side === 'source' && !deactivate ? removed : [];
  const kept = [...held, ...missing, ...skipped].sort();
  const reasons = [
    held.length
      ? `the service's file has translations a reviewer approved that yours changes (${firstOf(reviewed.sort(), 3)}): --overwrite-reviewed replaces them`
      : undefined,
    missing.length ? 'not in your file: --deactivate-missing deactivates them' : undefined,
    skipped.length
      ? `no key of the project's source file (${firstOf(skipped, 3)}): the service skips a translation of a key the project lacks; add the key to the source file and push it first`
      : undefined,
  ].filter((r): r is string => r !== undefined);
  const keptBecause = reasons.length ? reasons.join('; ') : undefined;
  return {
    file: shown,
    switches,
    keys: {
      added,
      changed: switches.updateExisting ? changed : [],
      deactivated: deactivate ? removed : [],
      kept,
      ...(keptBecause ? { keptBecause } : {}),
    },
  };
}

/**
 * The keys of the project's source file that each translation of the push belongs to, as they will be once
 * the push's source files are in (their keys added, and with --deactivate-missing only theirs): the
 * translation's file and its source are told to be one by the placeholder path of the project's file
 * (`GET …/status`). Undefined for a file whose source is not found: its keys are all taken as the project's.
 */
async function sourceKeysOf(
  client: LocClient,
  target: PushTarget,
  sourceLocale: string,
  sources: readonly { name: string; path?: string | undefined }[],
  local: readonly LocalFile[],
  options: PushOptions,
  signal: AbortSignal | undefined,
): Promise<(file: LocalFile) => ReadonlySet<string> | undefined> {
  const { workspace, project } = target;
  const status = await client.projects.status(workspace, project, { signal });
  const pathOf = (f: { name: string; path?: string | undefined }) => (f.path ? posix.join(f.path, f.name) : f.name);
  const extension = (path: string) => posix.extname(path).toLowerCase();
  /** The pattern of the project's file a path of the push is in (its extension as the path's: a companion). */
  const patternOf = (path: string) => {
    for (const container of status.resourceFiles) {
      const placeholder = target.format
        ? withFormatExtension(container.filePathWithLocalePlaceholder, target.format)
        : container.filePathWithLocalePlaceholder;
      const pattern = filePattern(
        `${placeholder.slice(0, placeholder.length - extension(placeholder).length)}${extension(path)}`,
      );
      if (pattern.test(path)) return pattern;
    }
    return undefined;
  };
  const cache = new Map<string, Promise<ReadonlySet<string> | undefined>>();
  const keysOf = (path: string, pattern: RegExp): Promise<ReadonlySet<string> | undefined> => {
    const at = sources.find((s) => pattern.test(pathOf(s)) && extension(pathOf(s)) === extension(path));
    const pushed = local.find((f) => f.side === 'source' && pattern.test(pathOf({ name: f.name, path: f.folder })));
    const key = `${at ? pathOf(at) : ''}\u0000${pushed?.local ?? ''}`;
    if (!cache.has(key))
      cache.set(
        key,
        (async () => {
          if (!at && !pushed) return undefined;
          const keys = new Set<string>();
          if (at && !(pushed && options.deactivateMissing === true)) {
            const text = await client.resources.download(
              workspace,
              project,
              { name: at.name, path: at.path || undefined, locale: sourceLocale },
              { signal },
            );
            for (const k of (await readEntries(pathOf(at), text, sourceLocale)).keys()) keys.add(k);
          }
          for (const k of pushed?.entries.keys() ?? []) keys.add(k);
          return keys;
        })(),
      );
    return cache.get(key)!;
  };
  const found = new Map<LocalFile, ReadonlySet<string> | undefined>();
  for (const file of local) {
    if (file.side !== 'translation' || file.created) continue;
    const path = pathOf({ name: file.name, path: file.folder });
    const pattern = patternOf(path);
    found.set(file, pattern ? await keysOf(path, pattern) : undefined);
  }
  return (file) => found.get(file);
}

/** At a terminal, --deactivate-missing asks before keys go: how many, and the first. No: nothing is pushed. */
async function confirmDeactivation(ctx: Context, project: string, files: readonly FileOutcome[]): Promise<void> {
  const keys = files.flatMap((f) => f.keys?.deactivated ?? []);
  if (keys.length === 0) return;
  const yes = await askConfirm(
    ctx,
    `Deactivate ${counted(keys.length, 'key')} of ${project} that your source files no longer have (${firstOf(keys, 5)})? They keep their translations, and come back when a push has them again.`,
  );
  if (!yes)
    throw new CliError(`Nothing was pushed: deactivating ${counted(keys.length, 'key')} was not confirmed.`, {
      hint: 'Run `loc push` without --deactivate-missing to push the rest and keep those keys.',
      exitCode: EXIT.INTERRUPTED,
    });
}

/** No file of the project in the folder: nothing to push (exit 10), naming where the files would be. */
function noFiles(target: PushTarget, expected: readonly string[]): LocalFileError {
  const { layout, project } = target;
  const where = displayPath(layout.outDir) || '.';
  return new LocalFileError(
    `No file of project ${project} to push was found in ${where}${
      expected.length
        ? ` (its source files would be at ${firstOf(
            expected.map((e) => displayPath(resolve(layout.outDir, e))),
            3,
          )})`
        : ''
    }.`,
    {
      hint: `A push reads the layout \`loc export\` writes: check --out and --path-template (now '${layout.template}'), or write the files first with \`loc export\`.`,
    },
  );
}

/** Exit 12 when a checked push would change something, naming the first files. */
function throwIfOutOfDate(results: readonly PushResult[]): void {
  const changing = results.flatMap((r) => r.files.filter(changes));
  if (changing.length === 0) return;
  const keys = (kind: 'added' | 'changed' | 'deactivated') =>
    changing.reduce((n, f) => n + (f.keys?.[kind].length ?? 0), 0);
  throw new OutOfDateError(
    `A push would change ${counted(changing.length, 'file')} (${counted(keys('added'), 'key')} added, ${keys('changed')} changed, ${keys('deactivated')} deactivated): ${firstOf(
      changing.map((f) => displayPath(f.file.target)),
      5,
    )}.`,
    'Run the same `loc push` without --check to push them.',
  );
}

/** `loc push` of the config's targets, one after the other: each its own project, folder and layout. */
async function pushTargets(ctx: Context, options: PushOptions): Promise<void> {
  const loaded = ctx.projectConfig();
  if (!loaded?.config.targets?.length) throw noTargets(loaded);
  const given = pushPerTargetFlags().filter(([key]) => {
    const value: unknown = options[key as keyof PushOptions];
    return value !== undefined && value !== false;
  });
  if (given.length)
    throw new UsageError(
      `${given.map(([, flag]) => flag).join(', ')} cannot be used with the targets of ${loaded.path}: each target sets its own.`,
      'Change the target in loc.config.json, or name a project with --workspace and --project (no --target) for a one-off push.',
    );
  const { resolveTargets } = await import('../../export/targets');
  const targets = await resolveTargets(ctx, loaded, options.target, { read: true });
  const { client } = await ctx.client();
  const results: { name: string; result?: PushResult; error?: ReturnType<typeof errorDocument> }[] = [];
  for (const t of targets) {
    const target: PushTarget = {
      name: t.name,
      workspace: t.workspace,
      project: t.project,
      layout: t.layout,
      format: t.format,
      files: t.files,
      locales: t.locales,
      // resolveTargets held each folder to the rule already (the root only with allowRootOutput).
      allowRoot: rootAllowed(ctx, t.layout.outDir, false),
    };
    try {
      results.push({ name: t.name, result: await pushProject(ctx, client, target, options) });
    } catch (error) {
      results.push({ name: t.name, error: errorDocument(error) });
    }
  }
  await reportPushTargets(ctx, results, ctx.out.json ? undefined : await import('../../ui/table'));
  const failed = results.filter((r) => r.error);
  if (failed.length)
    throw new CliError(
      `${failed.length} of ${counted(results.length, 'target')} failed: ${failed.map((r) => `${r.name} (exit ${r.error!.exitCode})`).join(', ')}.`,
      {
        exitCode: failed[0]!.error!.exitCode,
        hint: 'The other targets were pushed; the lines above say what stopped each failed one.',
      },
    );
  if (options.check) throwIfOutOfDate(results.flatMap((r) => (r.result ? [r.result] : [])));
}
