import { resolve } from 'node:path';
import type { CustomId, LocClient } from '@loc/sdk';
import type { LoadedConfig } from '../config/project-config';
import { noTargets, targetProjects } from '../config/target-projects';
import { CliError, EXIT, errorDocument, OutOfDateError, UsageError } from '../run/errors';
import type { Output } from '../ui/output';
import { checkPlacement, expectedFiles, type Layout, place } from '../files/layout';
import { resolveLocaleMap } from '../files/locale-map';
import { checkTemplateWrites, DEFAULT_PATH_TEMPLATE, validateTemplate } from '../files/path-template';
import { formatExtensions } from '../files/format-extensions';
import { displayPath } from '../files/place';
import { checkOutputFolder, configuredFolder, type FolderContext, writableRoot } from '../files/targets';
import { capturedStream } from '../ui/captured-stream';
import { describeLeftOut, type LeftOutLocale, type Thresholds } from './locale-threshold';
import { editedHint } from './check';
import { startProgress } from '../ui/progress';
import { counted } from '../ui/quantities';
import type { KeySummary } from './summary/diff';
import type { EXPORT_STATUSES } from '../options/option-values';

/**
 * Several targets in one loc.config.json (`targets`): `loc export` without --workspace/--project pulls
 * each, or those `--target` names. Each target inherits the top-level workspace, project, export
 * defaults and locale map. Everything is checked before any export is created — names, templates, maps,
 * folders, and that no two targets would write one file — then the targets run, at most `concurrency`
 * at once, each as its own `loc export` in this process (so each is placed all or nothing on its own,
 * and has its own exit code and resume hint). Targets that share an output folder run one after the other: they share
 * its record of what loc wrote.
 */

export interface Target {
  name: string;
  workspace: string;
  project: string;
  format: string | undefined;
  locales: string[] | undefined;
  files: string[] | undefined;
  layout: Layout;
  /** Locales below these percentages are left out (export/locale-threshold.ts). */
  thresholds: Thresholds;
  /** The target's own types file (`types`), absolute: never inherited, two targets would write one file. */
  types: string | undefined;
  /** Which translations it ships (`status`, else `export.status`): commands/export/delivery-settings.ts. */
  status: (typeof EXPORT_STATUSES)[number] | undefined;
}

/**
 * The targets a run pulls (or, `read`, pushes: commands/push/): all of the config's, or those named (exit 2 for a name it does not have). A
 * target's folder is one that loc.config.json names, so it stays inside the config's folder by its path
 * and by its real path (files/targets.ts, configuredFolder): the config and its links may come from a pull
 * request.
 */
export async function resolveTargets(
  ctx: FolderContext,
  loaded: LoadedConfig,
  names: readonly string[] | undefined,
  options: { read?: boolean } = {},
): Promise<Target[]> {
  const { config } = loaded;
  const defaults = config.export ?? {};
  const byName = new Map((config.targets ?? []).map((t, index) => [t.name, { t, index }]));
  const targets: Target[] = [];
  for (const { name, workspace, project, locales } of targetProjects(loaded, names)) {
    const { t, index } = byName.get(name)!;
    const template = t.pathTemplate ?? defaults.pathTemplate ?? DEFAULT_PATH_TEMPLATE;
    const inConfig = ` in ${displayPath(loaded.path)}`;
    const sources = {
      out:
        t.out !== undefined
          ? `targets[${index}].out (target '${name}')${inConfig}`
          : defaults.out !== undefined
            ? `export.out (taken by target '${name}')${inConfig}`
            : `the output folder of target '${name}'`,
      template:
        t.pathTemplate !== undefined
          ? `targets[${index}].pathTemplate (target '${name}')${inConfig}`
          : defaults.pathTemplate !== undefined
            ? `export.pathTemplate (taken by target '${name}')${inConfig}`
            : `the path template of target '${name}'`,
    };
    validateTemplate(template, sources.template);
    const format = t.format ?? defaults.format;
    const extensions = formatExtensions(format);
    checkTemplateWrites(template, extensions, sources.template);
    const out = t.out ?? defaults.out ?? '.';
    const key =
      t.out !== undefined
        ? `targets[${index}].out (target '${name}')`
        : defaults.out !== undefined
          ? `export.out (taken by target '${name}')`
          : `the output folder of target '${name}' (no out, no export.out)`;
    // The one-off export of the same files into the folder named on the command line.
    const oneOff = (folder: string) => [
      ...['loc', 'export', '--workspace', workspace, '--project', project],
      ...(format ? ['--format', format] : []),
      ...(template === DEFAULT_PATH_TEMPLATE ? [] : ['--path-template', template]),
      ...(locales?.length ? ['--locale', locales.join(',')] : []),
      ...['--out', folder],
    ];
    const outDir = await configuredFolder(ctx, loaded, key, out, oneOff, 'folder', options);
    // A folder read from (`loc push`) need not be writable: the push checks that it is there.
    if (!options.read) checkOutputFolder(outDir, `the output folder of target '${name}'`);
    const writable = { root: writableRoot(ctx, outDir), extensions };
    const types =
      t.types === undefined
        ? undefined
        : await configuredFolder(
            ctx,
            loaded,
            `targets[${index}].types (target '${name}')`,
            t.types,
            (file) => [...oneOff(outDir), ...['--types', file]],
            'file',
          );
    targets.push({
      name,
      workspace,
      project,
      format,
      locales,
      files: t.files ?? defaults.files,
      layout: { outDir, template, localeMap: resolveLocaleMap(config.localeMap, t.localeMap), writable, sources },
      thresholds: {
        minTranslated: t.minTranslated ?? defaults.minTranslated,
        minApproved: t.minApproved ?? defaults.minApproved,
      },
      types,
      status: t.status ?? defaults.status,
    });
  }
  return targets;
}

/**
 * Refuses (exit 2) targets that would write one file, naming both — from each project's files and
 * locales (`GET …/status`, no export), before any export is created. Also checks each target's own layout.
 */
async function checkTargetsApart(
  ctx: { readonly signal: AbortSignal },
  client: LocClient,
  targets: readonly Target[],
): Promise<void> {
  const owners = new Map<string, string>();
  // A target whose files cannot be read here (a project not found, no permission) fails on its own run,
  // with its own exit code: the others are not held back by it. One request per project, however many
  // targets (formats) it has: the service counts every segment of every locale to answer it.
  const byProject = new Map<string, ReturnType<typeof statusOf>>();
  const statusOf = (t: Target) =>
    client.projects.status(t.workspace, t.project, { signal: ctx.signal }).catch(() => undefined);
  const statuses = await Promise.all(
    targets.map((t) => {
      const key = JSON.stringify([t.workspace, t.project]);
      if (!byProject.has(key)) byProject.set(key, statusOf(t));
      return byProject.get(key)!;
    }),
  );
  const typesOwners = new Map<string, string>();
  for (const target of targets) {
    if (target.types === undefined) continue;
    const other = typesOwners.get(target.types);
    if (other !== undefined)
      throw new UsageError(
        `Targets '${other}' and '${target.name}' would both write ${displayPath(target.types)} (types).`,
        'Give each target its own `types` file in loc.config.json; no export was created.',
      );
    typesOwners.set(target.types, target.name);
  }
  for (const [index, target] of targets.entries()) {
    const status = statuses[index];
    if (!status) continue;
    const request = {
      ...(target.files?.length ? { filePaths: target.files } : {}),
      ...(target.locales?.length ? { iso2Slugs: target.locales } : {}),
      ...(target.format ? { exportFormat: target.format as CustomId } : {}),
    };
    const files = expectedFiles(status, request);
    checkPlacement(target.layout, files);
    for (const file of files) {
      const to = resolve(target.layout.outDir, ...place(target.layout, file.path, file.locale).to.split('/'));
      const key = to.normalize('NFC').toLowerCase();
      const other = owners.get(key);
      if (other !== undefined && other !== target.name)
        throw new UsageError(
          `Targets '${other}' and '${target.name}' would both write ${displayPath(to)}.`,
          'Give them different `out` folders or path templates in loc.config.json; no export was created.',
        );
      owners.set(key, target.name);
    }
  }
}

/** What a run of targets was asked to do, beyond each target's own settings. */
export interface TargetRunFlags {
  check: boolean;
  dryRun: boolean;
  force: boolean;
  /** --summary-keys, when a summary is wanted. */
  summaryKeys: number | undefined;
  /** --summary: written by the run of every target, and carried by each target's resume command. */
  summaryFile: string | undefined;
  timeoutMs: number | undefined;
  concurrency: number;
}

/** One target's outcome: its result document (what `loc export --json` prints), and its exit code. */
export interface TargetResult {
  target: Target;
  exitCode: number;
  /** The result document (an export's, or a check's), when it made one. */
  result: Record<string, unknown> | undefined;
  error: ReturnType<typeof errorDocument> | undefined;
}

/** The options of `loc export` for one target, as its flags would give them (paths absolute). */
export interface TargetExportOptions extends Thresholds {
  workspace: string;
  project: string;
  out: string;
  pathTemplate: string;
  localeMap: Record<string, string>;
  format: string | undefined;
  locale: string[] | undefined;
  file: string[] | undefined;
  check: true | undefined;
  dryRun: true | undefined;
  force: true | undefined;
  summaryKeys: number | undefined;
  /** The run's --summary, which its resume command carries (the target's run writes no summary of its own). */
  resumeSummary: string | undefined;
  timeout: number | undefined;
  /** The keys of loc.config.json that set the target's folder and template, for messages. */
  sources: Layout['sources'];
  types: string | undefined;
  status: (typeof EXPORT_STATUSES)[number] | undefined;
}

/**
 * What a run of targets needs of the command's context (a `Context` is one): besides the checks of its
 * folders, a client, and `inner`: the context of one target (its output read back, its own deadline), of
 * the kind `C` that the export of one project runs in.
 */
interface TargetsContext<C extends TargetsContext<C>> extends FolderContext {
  client(): Promise<{ client: LocClient }>;
  inner(init: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream; deadlineMs?: number }): C;
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** `loc export` of one project (commands/export.ts), handed in: that module loads this one. */
export type ExportOne<C> = (ctx: C, options: TargetExportOptions) => Promise<void>;

function optionsOf(target: Target, flags: TargetRunFlags): TargetExportOptions {
  const { layout } = target;
  return {
    workspace: target.workspace,
    project: target.project,
    out: layout.outDir,
    pathTemplate: layout.template,
    localeMap: layout.localeMap,
    format: target.format,
    locale: target.locales?.length ? target.locales : undefined,
    file: target.files?.length ? target.files : undefined,
    check: flags.check || undefined,
    dryRun: flags.dryRun || undefined,
    force: flags.force || undefined,
    summaryKeys: flags.summaryKeys,
    resumeSummary: flags.summaryFile,
    timeout: flags.timeoutMs,
    sources: layout.sources,
    types: target.types,
    status: target.status,
    ...target.thresholds,
  };
}

/**
 * Runs one target's `loc export --json` in this process (a second Node process per target cost its
 * start-up and module loading, ~60–80 ms of CPU each): its own context, whose output is kept, not shown,
 * and whose error becomes the target's exit code and error document.
 */
async function runOne<C extends TargetsContext<C>>(
  ctx: C,
  target: Target,
  flags: TargetRunFlags,
  exportOne: ExportOne<C>,
): Promise<TargetResult> {
  const stdout = capturedStream();
  const inner = ctx.inner({
    stdout: stdout.stream,
    stderr: capturedStream().stream,
    ...(flags.timeoutMs === undefined ? {} : { deadlineMs: flags.timeoutMs }),
  });
  let error: TargetResult['error'];
  try {
    await inner.run(() => exportOne(inner, optionsOf(target, flags)));
  } catch (thrown) {
    error = errorDocument(thrown);
  }
  const text = stdout.text();
  return {
    target,
    exitCode: error?.exitCode ?? EXIT.OK,
    result: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    error,
  };
}

/** Runs the targets, at most `concurrency` at once (those sharing a folder one after the other), in one progress display. */
async function runTargets<C extends TargetsContext<C>>(
  ctx: C,
  targets: readonly Target[],
  flags: TargetRunFlags,
  exportOne: ExportOne<C>,
): Promise<TargetResult[]> {
  const lanes = new Map<string, Target[]>();
  for (const target of targets) {
    const key = target.layout.outDir;
    lanes.set(key, [...(lanes.get(key) ?? []), target]);
  }
  const queue = [...lanes.values()];
  const results = new Map<Target, TargetResult>();
  const running = new Set<string>();
  const verb = flags.check ? 'Checking' : 'Exporting';
  const progress = await startProgress(ctx, `${verb} ${counted(targets.length, 'target')}…`);
  const show = () =>
    progress.update(
      `${verb} ${counted(targets.length, 'target')}: ${results.size} done${running.size ? `, running ${[...running].join(', ')}` : ''}`,
      true,
    );
  const worker = async () => {
    for (let lane = queue.shift(); lane; lane = queue.shift()) {
      for (const target of lane) {
        running.add(target.name);
        show();
        const result = await runOne(ctx, target, flags, exportOne);
        running.delete(target.name);
        results.set(target, result);
        show();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(flags.concurrency, queue.length)) }, worker));
  } finally {
    progress.stop();
  }
  return targets.map((t) => results.get(t)!);
}

/** Counts of a target's files, from its result document. */
function describeResult(result: TargetResult, check: boolean): string {
  const doc = result.result ?? {};
  const left = doc.localesLeftOut as LeftOutLocale[] | undefined;
  const leftOut = left?.length ? `; left out: ${describeLeftOut(left)}` : '';
  if (result.error) return `${result.error.message}${leftOut}`;
  if (check) {
    const c = (doc.check ?? {}) as Record<string, number>;
    return `up to date (${c.compared ?? 0} files)${leftOut}`;
  }
  const s = (doc.summary ?? {}) as Record<string, number>;
  return `${s.created ?? 0} created, ${s.updated ?? 0} updated, ${s.unchanged ?? 0} unchanged${leftOut}`;
}

/**
 * Reports every target (a table, or `{targets: [...]}` with --json), then fails when one did: with the
 * exit code of the first target that failed, a failure before "out of date" (12).
 */
async function reportTargets(
  ctx: { readonly out: Output },
  results: readonly TargetResult[],
  check: boolean,
  markdown: string | undefined,
): Promise<void> {
  const value = {
    targets: results.map((r) => ({
      name: r.target.name,
      workspace: r.target.workspace,
      project: r.target.project,
      outDir: r.target.layout.outDir,
      exitCode: r.exitCode,
      ...(r.result ? { result: r.result } : {}),
      ...(r.error ? { error: r.error } : {}),
    })),
  };
  const table = ctx.out.json ? undefined : await import('../ui/table');
  ctx.out.result(value, () => {
    const { c } = ctx.out;
    if (markdown !== undefined) ctx.out.line(markdown.trimEnd());
    else
      ctx.out.line(
        table!.renderTable(
          ['TARGET', 'EXIT', 'RESULT'],
          results.map((r) => [
            r.target.name,
            r.exitCode === 0 ? c.green('0') : c.red(String(r.exitCode)),
            describeResult(r, check),
          ]),
          { dim: c.dim, columns: ctx.out.columns },
        ),
      );
    // An out-of-date target's hint is the run's own (below): said once, not once per target.
    for (const r of results)
      if (r.error?.hint && r.exitCode !== EXIT.OUT_OF_DATE) ctx.out.info(`${r.target.name}: ${r.error.hint}`);
  });
  const failed = results.filter((r) => r.exitCode !== 0 && r.exitCode !== EXIT.OUT_OF_DATE);
  const stale = results.filter((r) => r.exitCode === EXIT.OUT_OF_DATE);
  if (failed.length) {
    const names = failed.map((r) => `${r.target.name} (exit ${r.exitCode})`).join(', ');
    throw new CliError(`${failed.length} of ${counted(results.length, 'target')} failed: ${names}.`, {
      exitCode: failed[0]!.exitCode,
      hint: 'The other targets are in place; the lines above say how to go on with each failed one.',
    });
  }
  if (stale.length)
    throw new OutOfDateError(
      `${stale.length} of ${counted(results.length, 'target')} ${stale.length === 1 ? 'is' : 'are'} out of date: ${stale.map((r) => r.target.name).join(', ')}.`,
      `Run the same \`loc export\` without --check to update them.${editedHint(
        stale.flatMap((r) => (r.result?.changes as { editedLocally: boolean; target: string }[] | undefined) ?? []),
      )}`,
    );
  if (!ctx.out.json) ctx.out.success(`${counted(results.length, 'target')} ${check ? 'up to date' : 'done'}.`);
}

/** The key summaries of the targets' results, by target name, for one Markdown document. */
function summariesOf(results: readonly TargetResult[]): { name: string; keys: KeySummary }[] {
  return results.flatMap((r) => {
    const keys = r.result?.keys as KeySummary | undefined;
    return keys ? [{ name: r.target.name, keys }] : [];
  });
}

/** The flags of `loc export` a run of targets reads. */
export interface TargetsOptions {
  target?: string[] | undefined;
  concurrency?: number | undefined;
  check?: boolean | undefined;
  dryRun?: boolean | undefined;
  force?: boolean | undefined;
  timeout?: number | undefined;
}

/**
 * `loc export` of the config's targets: checks, runs, reports. `summary` renders and writes the
 * Markdown of every target's key summary (one section per target); `perTarget` are the flags a target sets
 * itself, as `[attribute, --flag]`, refused here.
 */
export async function exportTargets<C extends TargetsContext<C>>(
  ctx: C,
  options: TargetsOptions & Record<string, unknown>,
  summary:
    | {
        keysShown: number;
        file: string | undefined;
        render: (keys: KeySummary, title: string) => string;
        write: (file: string, markdown: string) => Promise<void>;
      }
    | undefined,
  exportOne: ExportOne<C>,
  perTarget: readonly (readonly [string, string])[],
): Promise<void> {
  const loaded = ctx.projectConfig();
  if (!loaded?.config.targets?.length) throw noTargets(loaded);
  // Flags that set what a target sets (`perTarget`, from DELIVERY_FLAGS of commands/export.ts): with targets
  // they belong in loc.config.json.
  const given = perTarget.filter(([key]) => options[key] !== undefined && options[key] !== false);
  if (given.length)
    throw new UsageError(
      `${given.map(([, flag]) => flag).join(', ')} cannot be used with the targets of ${loaded.path}: each target sets its own.`,
      'Change the target in loc.config.json, or name a project with --workspace and --project (no --target) for a one-off export.',
    );
  if (options.wait === false)
    throw new UsageError(
      '--no-wait cannot be used with targets.',
      'Run `loc export --no-wait` with --workspace and --project.',
    );
  const targets = await resolveTargets(ctx, loaded, options.target);
  const { client } = await ctx.client();
  await checkTargetsApart(ctx, client, targets);
  const results = await runTargets(
    ctx,
    targets,
    {
      check: options.check === true,
      dryRun: options.dryRun === true,
      force: options.force === true,
      summaryKeys: summary?.keysShown,
      summaryFile: summary?.file,
      timeoutMs: options.timeout,
      concurrency: options.concurrency ?? 1,
    },
    exportOne,
  );
  let markdown: string | undefined;
  if (summary) {
    markdown = summariesOf(results)
      .map(({ name, keys }) => summary.render(keys, name))
      .join('\n');
    if (summary.file !== undefined && summary.file !== '-') await summary.write(summary.file, markdown);
  }
  await reportTargets(ctx, results, options.check === true, summary?.file === '-' ? markdown : undefined);
}
