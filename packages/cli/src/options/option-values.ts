import { InvalidArgumentError } from '@commander-js/extra-typings';
// The SDK's light entry: no zod, so `loc --help` still loads no SDK.
import { parseDuration } from '@loc/sdk/duration';

/**
 * Parsers of option values, for commander: a bad value is a usage error (exit 2) that names what the
 * flag accepts. Pure functions, loaded at start-up: they import nothing heavy.
 */

/**
 * Which translations `loc export --status` ships: every translated one (`all`, what an export job holds),
 * the translated and approved ones (`translated`: no DRAFT, no PREFILLED), or the approved ones
 * (`approved`). loc.config.json's `status` takes the same values.
 */
export const EXPORT_STATUSES = ['all', 'translated', 'approved'] as const;

/**
 * `--timeout`: a duration by the one rule of @loc (`parseDuration` of @loc/sdk, which loc-mock reads its
 * durations with too: `500ms`, `90s`, `10m`, `1h`, or a bare number of **seconds**), above zero.
 * Returns milliseconds.
 *
 * @example parseTimeout('90s') // 90_000
 * @example parseTimeout('2') // 2_000 (a bare number is seconds)
 */
export function parseTimeout(value: string): number {
  let ms: number;
  try {
    ms = parseDuration(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  if (!(ms > 0)) throw new InvalidArgumentError('The duration must be above zero.');
  return ms;
}

/**
 * A percentage, as a share between 0 and 1.
 *
 * @example parsePercent('95%') // 0.95
 */
export function parsePercent(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(value.trim());
  const number = match ? Number(match[1]) : Number.NaN;
  if (!(number >= 0 && number <= 100))
    throw new InvalidArgumentError('Expected a percentage from 0 to 100, for example 95.');
  return number / 100;
}

/**
 * A whole number from `min` to `max` (`--summary-keys`, `--concurrency`).
 *
 * @example parseCount(1, 1000)('20') // 20
 */
export function parseCount(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!(number >= min && number <= max))
      throw new InvalidArgumentError(`Expected a whole number from ${min} to ${max}.`);
    return number;
  };
}

/**
 * Repeatable and comma-separated values, in order, without repeats.
 *
 * @example collectList('fr,it', ['de']) // ['de', 'fr', 'it']
 */
export function collectList(value: string, previous: string[] = []): string[] {
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (items.length === 0) throw new InvalidArgumentError('Expected at least one value.');
  return [...new Set([...previous, ...items])];
}

/**
 * `--locale-map`: repeatable, comma-separated `from=to` pairs; a later pair wins for its locale. The codes
 * are checked later, with loc.config.json's `localeMap`, before any request.
 *
 * @example collectLocaleMap('en=Base', { 'zh-Hant': 'zh-TW' }) // { 'zh-Hant': 'zh-TW', en: 'Base' }
 */
export function collectLocaleMap(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const next = { ...previous };
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [from, to, ...rest] = pair.split('=').map((p) => p.trim());
    if (!from || to === undefined || to === '' || rest.length) {
      throw new InvalidArgumentError(`Expected from=to pairs such as zh-Hant=zh-TW or en=Base, not '${pair}'.`);
    }
    next[from] = to;
  }
  if (Object.keys(next).length === 0) throw new InvalidArgumentError('Expected at least one from=to pair.');
  return next;
}

/**
 * `--path-template`: a template ends in a file name. One that ends in `/` would name folders, not files:
 * refused when it is parsed, before an export is created (loc.config.json's `export.pathTemplate` is
 * held to the same rule by its schema).
 *
 * @example parsePathTemplate('{locale}/{filename}') // '{locale}/{filename}'
 */
export function parsePathTemplate(value: string): string {
  if (ENDS_IN_SEPARATOR.test(value)) {
    throw new InvalidArgumentError('A path template ends in a file name, not in /: for example {locale}/{filename}.');
  }
  return value;
}
export const ENDS_IN_SEPARATOR = /[\\/]\s*$/;

/** A commander command, as far as the value check reads it (commander's own type, loosely). */
interface ParsedCommand {
  parent: ParsedCommand | null;
  options: readonly { attributeName(): string; long?: string | undefined; envVar?: string | undefined }[];
  getOptionValue(key: string): unknown;
  getOptionValueSource(key: string): string | undefined;
  readonly registeredArguments: readonly { name(): string }[];
  readonly processedArgs: unknown[];
}

/**
 * Options whose value the CLI can check itself, by attribute name, against the SDK's rules: a semantic
 * version, the form of an export format id (whether the project exports to it is the project's list to say:
 * `loc export` asks for it).
 */
const CHECKED_VALUES: Record<string, 'semver' | 'exportFormat'> = { clientVersion: 'semver', format: 'exportFormat' };

/**
 * The one check of every option value the user gave (flag or environment variable), run before a command's
 * handler, so nothing is requested, spent or created with a value the CLI can tell is wrong: an empty or
 * blank value (an unset `$APP_VERSION` in a build script would otherwise mean "any version"), a semantic
 * version the service would refuse, a malformed export format id. The message names the flag
 * and, for a value from the environment, the variable. Loads the SDK: called when a command runs, not at
 * start-up.
 */
export async function checkOptionValues(command: ParsedCommand): Promise<void> {
  const given: { name: string; from: string; envVar: string | undefined; value: string; key: string }[] = [];
  command.registeredArguments.forEach((argument, index) => {
    const value = command.processedArgs[index];
    if (typeof value === 'string')
      given.push({ name: `<${argument.name()}>`, from: '', envVar: undefined, value, key: '' });
  });
  for (let c: ParsedCommand | null = command; c; c = c.parent) {
    for (const option of c.options) {
      const key = option.attributeName();
      const value = c.getOptionValue(key);
      const source = c.getOptionValueSource(key);
      if (typeof value !== 'string' || (source !== 'cli' && source !== 'env')) continue;
      const envVar = source === 'env' ? option.envVar : undefined;
      given.push({ name: option.long ?? key, from: envVar ? ` (from ${envVar})` : '', envVar, value, key });
    }
  }
  // The error table and the SDK's vocabularies load only when there is something to judge (start-up).
  if (!given.some((g) => g.value.trim() === '' || CHECKED_VALUES[g.key])) return;
  const [{ EXPORT_FORMAT_ID_PATTERN }, { SEMANTIC_VERSION_PATTERN }, { UsageError }] = await Promise.all([
    import('@loc/sdk/internal'),
    import('@loc/sdk/schemas'),
    import('../run/errors'),
  ]);
  for (const { name, from, envVar, value, key } of given) {
    if (value.trim() === '') {
      throw new UsageError(
        `${name}${from} is empty.`,
        envVar
          ? `Set ${envVar} to a value, or unset it (\`unset ${envVar}\`).`
          : `Give ${name} a value, or leave it out.`,
      );
    }
    const kind = CHECKED_VALUES[key];
    if (kind === 'semver' && !SEMANTIC_VERSION_PATTERN.test(value)) {
      throw new UsageError(
        `${name}${from} '${value}' is not a semantic version.`,
        'Give MAJOR.MINOR.PATCH without a v or spaces, for example 2.1.0 (or 3.0.0-beta.1).',
      );
    }
    // Any id of the service's form passes: a project may list formats loc has never heard of (json.flat-v2).
    if (kind === 'exportFormat' && !EXPORT_FORMAT_ID_PATTERN.test(value)) {
      throw new UsageError(
        `${name}${from} '${value}' is not an export format id: ids are dotted words such as json.standard or xml.android.resources.`,
        'The formats a project exports to: `loc projects show <project>` (Formats).',
      );
    }
  }
}
