import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DISTRIBUTION_ENVIRONMENTS, DISTRIBUTION_TYPES, EXPORT_FORMATS } from '@loc/sdk/internal';
import { jsonPath } from '@loc/sdk/internal';
import * as z from 'zod/mini';
import englishMessages from 'zod/v4/locales/en.js';
import { docsPage } from '@loc/sdk/internal';
import { ENDS_IN_SEPARATOR, EXPORT_STATUSES } from '../options/option-values';
import { LocalFileError } from '../run/errors';
import { VERSION } from '../startup/version';

export const CONFIG_FILE_NAME = 'loc.config.json';

/** The JSON Schema of loc.config.json, shipped in the package (generated from the schema below; a test compares). */
export const SCHEMA_FILE_NAME = 'loc.config.schema.json';

/** A schema with its description, for the JSON Schema editors read. */
const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description));
/** A non-empty string. */
const text = () => z.string().check(z.minLength(1));
/** A percentage, 0 to 100 (as `--min-translated` takes it). */
const percentage = () => z.number().check(z.gte(0), z.lte(100));

/**
 * The settings of an export, declared once for `export` (the defaults of `loc export`) and for each target,
 * which takes the same values, checked the same way, and inherits what it leaves out from `export`.
 */
function exportSettings(of: 'export' | 'target') {
  const byDefault = (own: string, inherited: string) => `Default: ${of === 'export' ? own : inherited}.`;
  return {
    // The ids loc knows, as --format takes them: a typo fails before any export, not at the service (exit 6).
    format: described(
      z.optional(z.enum(EXPORT_FORMATS.map((f) => f.id) as [string, ...string[]])),
      `Export format id (\`loc export formats\`). ${byDefault("the project's own format", "export.format, else the project's own")}`,
    ),
    // An empty list would mean "every locale" / "every file" as much as leaving it out: refused.
    locales: described(
      z.optional(z.array(text()).check(z.minLength(1))),
      `Locales to export. ${byDefault('every locale of the project', 'export.locales, else every locale')}`,
    ),
    files: described(
      z.optional(z.array(text()).check(z.minLength(1))),
      `Resource file paths to export, as the service names them. ${byDefault('every file', 'export.files, else every file')}`,
    ),
    out: described(
      z.optional(text()),
      `Folder the files are unzipped into, relative to this file. ${byDefault('the folder of this file', 'export.out, else this folder')}`,
    ),
    pathTemplate: described(
      z.optional(text().check(z.refine((t) => !ENDS_IN_SEPARATOR.test(t), 'ends in a file name, not in /'))),
      `Where each file lands below \`out\` (docs/cli.md#path-templates). ${byDefault('{path}', 'export.pathTemplate, else {path}')}`,
    ),
    types: described(
      z.optional(text().check(z.regex(/\.d\.[cm]?ts$/, 'ends in .d.ts'))),
      `A TypeScript declaration file of the source locale's keys, written with the files (\`loc export --types <file>\`, docs/cli.md#typed-keys), relative to this file. ${byDefault('none', 'none: a target writes types only when it names its own file')}`,
    ),
    status: described(
      z.optional(z.enum(EXPORT_STATUSES)),
      `Which translations the files hold (\`loc export --status approved\`, docs/cli.md#only-what-reviewers-approved): \`approved\` (a reviewer's), \`translated\` (translated or approved), \`all\` (drafts too, as an export job). ${byDefault('all', 'export.status, else all')}`,
    ),
    minTranslated: described(
      z.optional(percentage()),
      `Leave out of the export each locale below this percentage of translated (or approved) segments, and name it (docs/cli.md#locales-below-a-threshold). ${byDefault('none', 'export.minTranslated')}`,
    ),
    minApproved: described(
      z.optional(percentage()),
      `Leave out of the export each locale below this percentage of approved segments, and name it. ${byDefault('none', 'export.minApproved')}`,
    ),
  };
}

/**
 * `loc.config.json`: the project's defaults, committed with the code. No credential belongs here (they
 * are stored by `loc login` or come from the environment). Unknown keys are refused, so a typo is caught
 * instead of silently ignored. The descriptions go into the JSON Schema editors read. zod/mini, as the
 * SDK's schemas: zod's full API is a large part of what `loc` would load at every start. Built on first
 * use (every command imports this module; most runs find no config file to check).
 */
function buildProjectConfigSchema() {
  return described(
    z.strictObject({
      $schema: described(z.optional(z.string()), 'The JSON Schema of this file, for editors.'),
      workspace: described(z.optional(text()), 'Workspace URL slug.'),
      project: described(z.optional(text()), 'Project URL slug.'),
      export: described(z.optional(z.strictObject(exportSettings('export'))), 'Defaults of `loc export`.'),
      targets: described(
        z.optional(
          z.array(
            z.strictObject({
              name: described(
                z.string().check(z.regex(/^[A-Za-z0-9][\w.-]*$/)),
                'Name of the target, for `loc export --target <name>`: letters, digits, `.`, `_`, `-`.',
              ),
              workspace: described(z.optional(text()), 'Workspace URL slug. Default: the top-level workspace.'),
              project: described(z.optional(text()), 'Project URL slug. Default: the top-level project.'),
              ...exportSettings('target'),
              localeMap: described(
                z.optional(z.record(z.string(), z.string())),
                'Service locale → the app’s name, over the top-level localeMap.',
              ),
            }),
          ),
        ),
        'Several exports pulled by one `loc export` (docs/cli.md#several-targets): each target inherits the top-level workspace, project, export and localeMap.',
      ),
      localeMap: described(
        z.optional(z.record(z.string(), z.string())),
        'Service locale → the name the app wants, for `loc export` and `loc cdn check --download`: {"zh-Hant": "zh-TW", "en": "Base"} (Base: Android values/, Apple Base.lproj). docs/cli.md#locale-mapping',
      ),
      cdn: described(
        z.optional(
          z.strictObject({
            environment: described(
              z.optional(z.enum(DISTRIBUTION_ENVIRONMENTS)),
              'Distribution environment of `loc cdn check`.',
            ),
            type: described(z.optional(z.enum(DISTRIBUTION_TYPES)), 'Distribution type of `loc cdn check`.'),
            out: described(z.optional(text()), 'Folder a release bundle is unzipped into, relative to this file.'),
            baseUrl: described(
              z.optional(z.url({ protocol: /^https?$/ })),
              'Base URL of the CDN check when it is not the API host, for example https://cdn.loc.dev. Default: the base URL.',
            ),
            checkPath: described(
              z.optional(z.string().check(z.regex(/^\/[^?#\s]*$/))),
              'Path of the CDN check below the CDN base URL: /cdn/check (default), or /v1/distributions/check on a CDN host.',
            ),
          }),
        ),
        'Defaults of `loc cdn check`.',
      ),
    }),
    'loc.config.json: the defaults of the `loc` command line for this repository (docs/cli.md#locconfigjson).',
  );
}
let schema: ReturnType<typeof buildProjectConfigSchema> | undefined;

/**
 * The zod schema of loc.config.json (loc.config.schema.json is generated from it).
 *
 * @example projectConfigSchema().parse({ workspace: 'acme', project: 'mobile-ios' })
 */
export function projectConfigSchema() {
  schema ??= buildProjectConfigSchema();
  return schema;
}
export type ProjectConfig = z.infer<ReturnType<typeof projectConfigSchema>>;

export interface LoadedConfig {
  /** Absolute path of the file. */
  path: string;
  /** Its folder: relative paths in the file are relative to it. */
  dir: string;
  config: ProjectConfig;
}

/** The nearest `loc.config.json`, walking up from `from` to the file system's root. */
export function findConfigFile(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Reads and validates a config file; every problem is named with its JSON path. */
export function loadConfigFile(path: string): LoadedConfig {
  const absolute = resolve(path);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new LocalFileError(`Cannot read ${absolute}: ${(error as Error).message}`, { cause: error });
  }
  let data: unknown;
  try {
    // A byte order mark, as Windows editors write it, is no part of the JSON.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new LocalFileError(`${absolute} is not valid JSON: ${(error as Error).message}`, {
      hint: 'Fix the file, or write a new one with `loc init --force`.',
    });
  }
  // zod/mini has no message texts of its own: zod's English ones, as the full zod gave them.
  const parsed = projectConfigSchema().safeParse(data, { error: englishMessages().localeError });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${jsonPath(i.path)}: ${i.message}`).join('; ');
    throw new LocalFileError(`${absolute} is not a valid loc config: ${problems}`, {
      hint: `The keys it may hold: section "loc.config.json" of ${docsPage('cli.md', import.meta.url, '@loc/cli')}.`,
    });
  }
  return { path: absolute, dir: dirname(absolute), config: parsed.data };
}

/**
 * What `$schema` of a new loc.config.json in `dir` says: the schema inside this package, relative to
 * `dir` when loc runs from the repository's own node_modules (editors read it offline), else the same
 * file of this version on unpkg (a global install).
 *
 * @example schemaReference('/work/app') // './node_modules/@loc/cli/loc.config.schema.json'
 */
export function schemaReference(
  dir: string,
  shipped = fileURLToPath(new URL(`../${SCHEMA_FILE_NAME}`, import.meta.url)),
): string {
  const path = relative(resolve(dir), shipped);
  if (path.split(sep)[0] === 'node_modules') return `./${path.split(sep).join('/')}`;
  return `https://unpkg.com/@loc/cli@${VERSION}/${SCHEMA_FILE_NAME}`;
}
