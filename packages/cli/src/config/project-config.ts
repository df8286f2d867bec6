import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DISTRIBUTION_ENVIRONMENTS,
  DISTRIBUTION_TYPES,
  EXPORT_FORMAT_ID_PATTERN,
  isLoopbackHost,
} from '@loc/sdk/internal';
import { jsonPath } from '@loc/sdk/internal';
import * as z from 'zod/mini';
import englishMessages from 'zod/v4/locales/en.js';
import { docsPage } from '@loc/sdk/internal';
import { ENDS_IN_SEPARATOR, EXPORT_STATUSES } from '../options/option-values';
import { CredentialsError, LocalFileError, UsageError } from '../run/errors';
import { VERSION } from '../startup/version';

/** The name `loc init` gives a new config file (`--config loc.config.yaml` chooses YAML). */
export const CONFIG_FILE_NAME = 'loc.config.json';

/**
 * The names of the config file, one per folder: JSON, or YAML (what Crowdin, Phrase and Lokalise users
 * write: crowdin.yml, .phrase.yml, lokalise.yml) with the same keys, checked by the same schema.
 */
const CONFIG_FILE_NAMES = [CONFIG_FILE_NAME, 'loc.config.yaml', 'loc.config.yml'] as const;

/** Whether a config file is read as YAML (by its name: `.yaml`, `.yml`); every other name is JSON. */
export const isYamlConfig = (path: string) => /\.ya?ml$/i.test(path);

/**
 * What loc uses of the yaml package (src/vendor/yaml.ts, bundled on its own as dist/vendor-yaml.cjs):
 * `await import('yaml')`, only where a YAML config is read or written.
 */
export type YamlModule = typeof import('../vendor/yaml');

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
    // An id of the service's form, as --format takes it: whether the project lists it, `loc export` asks the
    // project (its status's supportedExportFormats) before any export.
    format: described(
      z.optional(
        z
          .string()
          .check(z.regex(EXPORT_FORMAT_ID_PATTERN, 'expected an export format id: dotted words such as json.standard')),
      ),
      `Export format id: any the project lists (\`loc projects show\`: Formats). ${byDefault("the project's own format", "export.format, else the project's own")}`,
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
      allowRootOutput: described(
        z.optional(z.boolean()),
        "Let an output folder (`export.out`, a target's `out`, `cdn.out`, the types file's folder) be the folder of this file itself, the repository's root, where tools find the files they run or read as their configuration. Without it such a folder, and an `out` left out (which is this folder), is refused (docs/cli.md#where-an-export-may-write). Default: false.",
      ),
      workspace: described(z.optional(text()), 'Workspace URL slug or id (space_…).'),
      project: described(z.optional(text()), 'Project URL slug or id (pr_…).'),
      export: described(z.optional(z.strictObject(exportSettings('export'))), 'Defaults of `loc export`.'),
      targets: described(
        z.optional(
          z.array(
            z.strictObject({
              name: described(
                z.string().check(z.regex(/^[A-Za-z0-9][\w.-]*$/)),
                'Name of the target, for `loc export --target <name>`: letters, digits, `.`, `_`, `-`.',
              ),
              workspace: described(z.optional(text()), 'Workspace URL slug or id. Default: the top-level workspace.'),
              project: described(z.optional(text()), 'Project URL slug or id. Default: the top-level project.'),
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
              'Base URL of the CDN check, for example a proxy: https://cdn-proxy.example.com. A CDN key from the environment (LOC_CDN_KEY) or --cdn-key goes there only when it is on the origin of the base URL or of the default CDN host, or on loopback; plain http only on loopback (docs/security.md). Default: https://cdn.lingohub.com when the base URL is the service’s, else the base URL.',
            ),
            checkPath: described(
              z.optional(z.string().check(z.regex(/^\/[^?#\s]*$/))),
              'Path of the CDN check below the CDN base URL. Default: /v1/distributions/check on https://cdn.lingohub.com, else /cdn/check.',
            ),
          }),
        ),
        'Defaults of `loc cdn check`.',
      ),
    }),
    'loc.config.json (or loc.config.yaml, with the same keys): the defaults of the `loc` command line for this repository (docs/cli.md#locconfigjson).',
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

/**
 * The config file in `dir` (loc.config.json, .yaml or .yml), if there is one. Two of them there are
 * refused, naming the one changed last as the one to keep: loc would otherwise read one and ignore edits
 * to the other without a word.
 */
export function configFileIn(dir: string): string | undefined {
  const found = CONFIG_FILE_NAMES.map((name) => join(dir, name)).filter((path) => existsSync(path));
  if (found.length <= 1) return found[0];
  const [newest, ...others] = [...found].sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const names = found.map((f) => f.slice(dir.length + 1));
  throw new LocalFileError(`${dir} has ${names.join(' and ')}: loc reads one config file per folder.`, {
    hint: `Keep one: ${newest!.slice(dir.length + 1)} was changed last; delete ${others.map((o) => o.slice(dir.length + 1)).join(' and ')}, or choose with --config.`,
  });
}

/** The nearest config file (loc.config.json, .yaml or .yml), walking up from `from` to the file system's root. */
export function findConfigFile(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = configFileIn(dir);
    if (candidate) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Reads and validates a config file; every problem is named with its JSON path, and in a YAML file with
 * its line. A YAML file needs the yaml package (`yaml`), which the caller loads: it is not loaded for JSON.
 */
export function loadConfigFile(path: string, yaml?: YamlModule): LoadedConfig {
  const absolute = resolve(path);
  let text: string;
  try {
    // A byte order mark, as Windows editors write it, is no part of the JSON (or the YAML).
    text = readFileSync(absolute, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new LocalFileError(`Cannot read ${absolute}: ${(error as Error).message}`, { cause: error });
  }
  const { data, lineOf } = isYamlConfig(absolute) ? readYaml(absolute, text, yaml) : readJson(absolute, text);
  // zod/mini has no message texts of its own: zod's English ones, as the full zod gave them.
  const parsed = projectConfigSchema().safeParse(data, { error: englishMessages().localeError });
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => {
        // An unknown key is shown at its own line, not its object's.
        const key = i.code === 'unrecognized_keys' ? i.keys[0] : undefined;
        const line = lineOf?.(i.path, key);
        return `${jsonPath(i.path)}${line ? ` (line ${line})` : ''}: ${i.message}`;
      })
      .join('; ');
    throw new LocalFileError(`${absolute} is not a valid loc config: ${problems}`, {
      hint: `The keys it may hold: section "loc.config.json" of ${docsPage('cli.md', import.meta.url, '@loc/cli')}.`,
    });
  }
  return { path: absolute, dir: dirname(absolute), config: parsed.data };
}

interface ReadConfig {
  data: unknown;
  /** The line of the value at `path` (of its `key` when given), where the format tells it. */
  lineOf?: (path: readonly PropertyKey[], key?: string) => number | undefined;
}

function readJson(absolute: string, text: string): ReadConfig {
  try {
    return { data: JSON.parse(text) };
  } catch (error) {
    throw new LocalFileError(`${absolute} is not valid JSON: ${(error as Error).message}`, {
      hint: 'Fix the file, or write a new one with `loc init --force`.',
    });
  }
}

/**
 * A YAML config: YAML 1.2's core schema (`yes` and `no` stay strings), a key given twice refused (yaml's
 * default), aliases expanded at most 100 times (yaml's default, against a "billion laughs" file). A file
 * of nothing but comments holds no settings.
 */
function readYaml(absolute: string, text: string, yaml: YamlModule | undefined): ReadConfig {
  if (!yaml) throw new Error(`The YAML reader was not loaded for ${absolute}`);
  const lineCounter = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter, prettyErrors: true });
  const [error] = doc.errors;
  if (error)
    throw new LocalFileError(`${absolute} is not valid YAML: ${error.message.split('\n')[0]}`, {
      hint: 'Fix the file, or write a new one with `loc init --force`.',
    });
  const lineOf = (path: readonly PropertyKey[], key?: string) => {
    const node = path.length ? doc.getIn(path as unknown[], true) : doc.contents;
    const pair =
      key !== undefined && yaml.isMap(node)
        ? node.items.find((item) => yaml.isScalar(item.key) && item.key.value === key)
        : undefined;
    const at = (yaml.isNode(pair?.key) ? pair.key : yaml.isNode(node) ? node : undefined)?.range?.[0];
    return at === undefined ? undefined : lineCounter.linePos(at).line;
  };
  let data: unknown;
  try {
    data = doc.toJS() ?? {};
  } catch (error) {
    // yaml's own words: "Excessive alias count indicates a resource exhaustion attack".
    throw new LocalFileError(`${absolute} is not a config loc reads: ${(error as Error).message}.`, {
      hint: 'Write its values out instead of repeating them through aliases.',
    });
  }
  return { data, lineOf };
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

/**
 * Holds the CDN base URL that loc.config.json names (`cdn.baseUrl`) to what a repository's file may do
 * with a credential it does not hold. In CI the file is whoever wrote the pull request's, and the
 * environment holds the pipeline's secrets: a file that could name the host the environment's CDN key
 * goes to could have it sent anywhere, over https as well as in clear text. So the URL is refused (exit 2)
 * when it is plain http off loopback, whatever the key; and a key given by `--cdn-key` or LOC_CDN_KEY is
 * sent to it only when it is on an origin the file did not choose (`trusted`: the base URL's, which comes
 * from a flag, LOC_BASE_URL, the stored profile or the default, and the CDN base URL's default) or on
 * loopback (a test, loc-mock); else nothing is sent (exit 3), and the message says how to name the host on
 * the command line instead. A stored key is bound to its own origin already (config/settings.ts).
 *
 * @example checkConfigCdnBaseUrl('https://cdn.evil.example', { trusted: ['https://api.lingohub.com'], keyFrom: 'environment' }) // throws
 */
export function checkConfigCdnBaseUrl(
  url: string,
  options: { trusted: readonly string[]; keyFrom: 'flag' | 'environment' | 'profile' | undefined },
): void {
  const { protocol, hostname, origin } = new URL(url);
  const key = 'cdn.baseUrl of loc.config.json';
  const instead = `name the CDN host on the command line (--cdn-base-url ${origin}) or in LOC_CDN_BASE_URL`;
  if (protocol === 'http:' && !isLoopbackHost(hostname))
    throw new UsageError(
      `${key} is ${origin}, plain http off loopback: a repository's file cannot have the CDN key sent in clear text, so nothing was sent.`,
      `Give it as https://, or ${instead}.`,
    );
  if (options.keyFrom !== 'flag' && options.keyFrom !== 'environment') return;
  if (isLoopbackHost(hostname) || options.trusted.some((t) => new URL(t).origin === origin)) return;
  const from = options.keyFrom === 'flag' ? '--cdn-key' : 'LOC_CDN_KEY';
  throw new CredentialsError(
    `The CDN key (${from}) was not sent: ${key} points the CDN check to ${origin}, which is not the service's host (${[...new Set(options.trusted.map((t) => new URL(t).origin))].join(', ')}), and a repository's file does not choose where a credential of the environment goes.`,
    `If you trust ${origin}, ${instead}; or remove cdn.baseUrl from loc.config.json.`,
  );
}
