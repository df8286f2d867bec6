import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { LocClient } from '@loc/sdk';
import { writeFileAtomically } from '../../config/atomic-write';
import { displayPath, type PlannedFile } from '../../files/place';
import { checkOutputFile, configuredFolder, type FolderContext, writableRoot } from '../../files/targets';
import { checkWritablePath } from '../../files/writable-path';
import { UsageError } from '../../run/errors';
import type { FileChange } from '../check';
import { formatOf } from '../summary/read';
import { namespaceOf, type TypesAbout, typesDeclaration } from './declaration';
import type { PlaceholderSyntax } from './placeholders';
import type { SourceFile } from './source-keys';

/**
 * `loc export --types <file.d.ts>` (and `types` of loc.config.json): after the export's files, the
 * declaration file of the source locale's keys (export/types/declaration.ts). Checked before any request
 * (the path, the format, the source locale in the export), read from the delivery's source files before
 * they are placed, written whole (or compared, with --check) after.
 */

/** What a file named for `--types` must end in: TypeScript reads it as declarations only, and emits nothing for it. */
const DECLARATION_FILE = /\.d\.[cm]?ts$/;

/** The export formats the typed keys read (the JSON formats, as an over-the-air bundle of a JS app is exported). */
const JSON_FORMAT = /^json\./;

/**
 * The types file a run writes: `--types` (relative to the working folder), else `export.types` of
 * loc.config.json (relative to it, inside its folder). Refused before any request: not a `.d.ts` name,
 * not writable, or with --zip or --no-wait (no files to read it from).
 */
export async function typesFileOf(
  ctx: FolderContext,
  options: { types?: string | undefined; zip?: string | undefined; wait?: boolean | undefined },
): Promise<string | undefined> {
  const loaded = ctx.projectConfig();
  // A target's run names its own file or none (`types` is always in its options): export.types is the
  // default of a one-project run only.
  const configured = 'types' in options ? undefined : loaded?.config.export?.types;
  let file: string | undefined;
  if (options.types !== undefined) file = resolve(ctx.cwd, options.types);
  else if (loaded && configured !== undefined)
    file = await configuredFolder(
      ctx,
      loaded,
      'export.types',
      configured,
      (path) => ['loc', 'export', '--types', path],
      'file',
    );
  if (file === undefined) return undefined;
  const flag = options.types !== undefined ? '--types' : 'export.types';
  if (!DECLARATION_FILE.test(file))
    throw new UsageError(
      `${flag} ${displayPath(file)} is not a declaration file: its name ends in .d.ts.`,
      'Name a file such as src/loc-keys.d.ts: TypeScript reads it for types only and emits nothing for it.',
    );
  if (options.zip !== undefined)
    throw new UsageError(
      `${flag} cannot go with --zip: the ZIP is kept as it is, and no file of it is read.`,
      'Drop --zip to have the files and their types written.',
    );
  if (options.wait === false)
    throw new UsageError(
      `${flag} cannot go with --no-wait: there are no files yet to read the keys from.`,
      'Fetch the export with `loc export download <id> --types <file>` once it is ready.',
    );
  // Where the files may go, the types may go: never into .git/, .github/, … (files/writable-path.ts).
  const root = writableRoot(ctx, dirname(file));
  const refusal = checkWritablePath(root, relative(root, file), { extensions: ['ts'] });
  if (refusal)
    throw new UsageError(`${flag} ${displayPath(file)} ${refusal.reason}; nothing was requested.`, refusal.hint);
  checkOutputFile(file, flag, { replace: true, example: 'loc-keys.d.ts' });
  return file;
}

/** How the types of one export are made: where, from which locale, in which placeholder syntax. */
export interface TypesPlan {
  file: string;
  /** The source locale, as the service names it. */
  locale: string;
  /** Known from the format; undefined for an export fetched by its id (read from its files). */
  syntax: PlaceholderSyntax | undefined;
  about: TypesAbout;
}

/**
 * The plan of a run with a types file, before the export is requested: the project's source locale (the
 * first of `projectLocales`, docs/decisions.md) and its format. Refuses (exit 2) an export that would
 * not hold the source locale's JSON files: another format, or `--locale` without the source locale.
 */
export async function planTypes(
  ctx: { readonly signal: AbortSignal },
  client: LocClient,
  run: {
    file: string;
    workspace: string;
    project: string;
    format: string | undefined;
    locales: string[] | undefined;
    /** An export fetched by its id: its format is not known. */
    byId?: boolean;
  },
): Promise<TypesPlan> {
  const details = await client.projects.get(run.workspace, run.project, { signal: ctx.signal });
  const locale = details.projectLocales[0];
  if (locale === undefined)
    throw new UsageError(
      `Project ${run.project} has no locale, so it has no source strings to type.`,
      'Add its source locale on the service, then run the export again.',
    );
  // `loc export download <id>` does not know the format the export was made in (the service does not say):
  // its files tell which placeholders they hold (sniffedSyntax).
  const format =
    run.format ??
    (run.byId
      ? undefined
      : ((await client.projects.status(run.workspace, run.project, { signal: ctx.signal })).projectType?.id ??
        undefined));
  if (format !== undefined && !JSON_FORMAT.test(format))
    throw new UsageError(
      `--types reads JSON files, and this export is ${format}; nothing was requested.`,
      'Export a JSON format for the typed keys: --format json.i18next (i18next) or json.nested (@loc/sdk/ota).',
    );
  const same = (a: string) => a.toLowerCase().replaceAll('_', '-');
  if (run.locales?.length && !run.locales.some((l) => same(l) === same(locale)))
    throw new UsageError(
      `--types reads the source locale ${locale}, which the export's locales (${run.locales.join(', ')}) leave out; nothing was requested.`,
      `Add it: --locale ${[...run.locales, locale].join(',')}.`,
    );
  return {
    file: run.file,
    locale,
    syntax: format === undefined ? undefined : format === 'json.i18next' ? 'i18next' : 'service',
    about: { project: `${run.workspace}/${run.project}`, locale, format },
  };
}

/**
 * The source locale's JSON files of a delivery, read before they are placed: each as the output folder
 * holds it (unchanged), as unzipped (bytes a dry run's summary kept, `unzipped`), or its staged copy.
 */
export class SourceFiles {
  readonly files: SourceFile[] = [];
  private readonly kept = new Map<string, Uint8Array>();
  constructor(private readonly plan: TypesPlan) {}

  private isSource(path: string, locale: string | undefined): boolean {
    const same = (a: string) => a.toLowerCase().replaceAll('_', '-');
    return locale !== undefined && same(locale) === same(this.plan.locale) && formatOf(path) === 'json';
  }

  /** A file as unzipped in memory; its bytes are not changed after (deliver.ts). */
  unzipped(path: string, data: Uint8Array): void {
    this.kept.set(path, data);
  }

  /** Reads the source files of the plan, before anything is placed. */
  inspect(planned: readonly PlannedFile[]): void {
    for (const file of planned) {
      if (!this.isSource(file.to, file.serviceLocale ?? file.locale)) continue;
      const bytes = this.kept.get(file.to) ?? readRegularFile(file.status === 'unchanged' ? file.target : file.from);
      if (bytes === undefined) throw new UsageError(`The export's ${file.source} could not be read for --types.`);
      this.files.push({ path: file.to, text: Buffer.from(bytes).toString('utf8') });
    }
    this.kept.clear();
  }
}

/**
 * The placeholder syntax of files of an unknown JSON format: i18next's when a text holds `{{name}}` or a
 * key ends in `_one`…`_other` beside its `_other` (what json.i18next writes), else the service's.
 */
function sniffedSyntax(files: readonly SourceFile[]): PlaceholderSyntax {
  const i18next = files.some(
    (file) => /\{\{-?\s*[\w.]+\s*(?:,[^{}]*)?\}\}/.test(file.text) || /"[^"]+_other"\s*:/.test(file.text),
  );
  return i18next ? 'i18next' : 'service';
}

/** A regular file's bytes, never through a link; undefined when there is none. */
function readRegularFile(path: string): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}

/** What happened to the types file: in --json as `types`. */
export interface TypesOutcome {
  path: string;
  status: 'created' | 'updated' | 'unchanged';
  keys: number;
  /**
   * What the app must declare itself for i18next's `t()` to be typed, when the file cannot: a json.i18next
   * export of several namespaces, none of them `translation` (i18next's default namespace).
   */
  appDeclaration?: string;
}

/**
 * The declaration of an app's default namespace, for strings in several i18next namespaces of which none
 * is `translation`: without it i18next's types look the keys up in `translation` and take any key. Only
 * the app's i18next.init says which namespace is its default; `suggested` (the export's first file's)
 * stands in the text.
 *
 * @example defaultNamespaceDeclaration(['checkout', 'common'], 'common')
 * // "import 'i18next';\ndeclare module 'i18next' { interface CustomTypeOptions { defaultNS: \"common\" } }"
 */
export function defaultNamespaceDeclaration(namespaces: readonly string[], suggested: string): string | undefined {
  if (namespaces.length < 2 || namespaces.includes('translation')) return undefined;
  return `import 'i18next';\ndeclare module 'i18next' { interface CustomTypeOptions { defaultNS: ${JSON.stringify(suggested)} } }`;
}

/**
 * The declaration of the delivery's source files, compared with the file there: written (whole, never
 * through a link) unless `dryRun`; with --check, the FileChange that makes the check out of date.
 */
export function settleTypes(
  plan: TypesPlan,
  sources: SourceFiles,
  mode: { dryRun: boolean; outDir: string },
): { outcome: TypesOutcome; change: FileChange | undefined } {
  if (sources.files.length === 0)
    throw new UsageError(
      `--types found no JSON file of the source locale ${plan.locale} in the export.`,
      'Export a JSON format (--format json.i18next or json.nested) with every file of the source locale.',
    );
  const syntax = plan.syntax ?? sniffedSyntax(sources.files);
  let declaration: ReturnType<typeof typesDeclaration>;
  try {
    declaration = typesDeclaration(sources.files, syntax, plan.about);
  } catch (error) {
    throw new UsageError(`--types could not read the source strings: ${(error as Error).message}.`);
  }
  const { text, keys } = declaration;
  const appDeclaration =
    syntax === 'i18next'
      ? defaultNamespaceDeclaration(declaration.namespaces, namespaceOf(sources.files[0]!.path, plan.locale))
      : undefined;
  const before = readRegularFile(plan.file);
  const same = before !== undefined && Buffer.from(before).toString('utf8') === text;
  const status = same ? 'unchanged' : before === undefined ? 'created' : 'updated';
  if (!same && !mode.dryRun) {
    // Its folder may be new (checkOutputFile found it creatable).
    mkdirSync(dirname(plan.file), { recursive: true });
    writeFileAtomically(plan.file, text, { what: 'the types file' });
  }
  const inside = relative(mode.outDir, plan.file);
  const path = inside.startsWith('..') ? displayPath(plan.file) : inside.split(sep).join('/');
  const change: FileChange | undefined = same
    ? undefined
    : {
        change: status === 'created' ? 'added' : 'changed',
        path,
        target: plan.file,
        source: undefined,
        locale: plan.locale,
        editedLocally: false,
      };
  return { outcome: { path: plan.file, status, keys, ...(appDeclaration && { appDeclaration }) }, change };
}
