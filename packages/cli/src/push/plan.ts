import { posix } from 'node:path';
import { EXPORT_FORMATS, withFormatExtension } from '@loc/sdk/internal';
import { LOCALE_STYLES, localeName, parseLocale } from '@loc/sdk/locales';
import { type Layout, filePattern, place } from '../files/layout';
import { BASE, localize } from '../files/locale-map';
import { PLACEHOLDERS } from '../files/path-template';
import { localeMatches } from '../project/locale-match';

/**
 * Which files `loc push` sends, read backwards from the layout `loc export` writes by: the project's files
 * (as `GET …/resources` lists them, each in each locale) placed by the path template and the locale map,
 * found in the output folder; and files of the source locale the project does not have yet, found in the
 * folders where its source files land (or the template names for them), each taken only when placing the
 * file it would be gives back its path exactly. Pure: the folder is read through `folder` (by the caller,
 * through the rule of files/readable-file.ts).
 */

/** A file of the project in one locale, as `GET …/resources` lists it. */
export interface ListedFile {
  name: string;
  /** Its folder in the repository (the list's self link names it); undefined: none. */
  path: string | undefined;
  locale: string;
}

/** Which side of an import a file is: the source locale's texts, or a translation. */
export type PushSide = 'source' | 'translation';

/** One file to push: where it is, and the file of the project it is. */
export interface PlannedPush {
  /** Below the folder, `/` separators. */
  local: string;
  /** Its name and folder as the service is sent them (`common.json`, `locales/en`). */
  name: string;
  folder: string;
  /** The service's code of its locale, and the code the layout names it by (the locale map applied). */
  serviceLocale: string;
  locale: string;
  side: PushSide;
  /** A file the project does not have yet: the push creates it. */
  created: boolean;
}

/** A file of the project that is not in the folder: not pushed (a push never deletes a file). */
export interface MissingFile {
  local: string;
  name: string;
  folder: string;
  serviceLocale: string;
  side: PushSide;
}

export interface PushPlan {
  files: PlannedPush[];
  missing: MissingFile[];
  /** Files in the folders looked at that are no file of the project, in no locale, through the layout. */
  unmatched: string[];
  /** Files in those folders that would be translations of a file the push creates: pushed once it exists. */
  later: string[];
}

/** What a plan is made of. */
export interface PlanInput {
  layout: Pick<Layout, 'template' | 'localeMap'>;
  /** The format files are named in (an export's `--format`): its extension on every name; undefined: the project's. */
  format: string | undefined;
  sourceLocale: string;
  /** Every file of the project in every locale. */
  listed: readonly ListedFile[];
  /** Also the target locales' files (`--translations`), only those `locales` names when given. */
  translations: boolean;
  locales?: readonly string[] | undefined;
  /** Only the project's files these placeholder paths name (`--file locales/%{locale}/common.json`). */
  files?: readonly string[] | undefined;
  /** The extensions a file may carry (files/format-extensions.ts). */
  extensions: readonly string[];
  /** Whether `local` is a file in the folder (the caller refuses what the read rule refuses). */
  exists: (local: string) => boolean;
  /** The names of the regular files in a folder below the folder ('' itself), or none when it is not there. */
  folder: (dir: string) => readonly string[];
}

/** The repository path of a listed file, named in the format the files are in. */
function servicePath(file: { name: string; path: string | undefined }, format: string | undefined): string {
  const path = file.path ? posix.join(file.path, file.name) : file.name;
  return format ? withFormatExtension(path, format) : path;
}

/**
 * The other extensions a file of the project may take beside its own, in the folder and name it has: its
 * platform's formats (an iOS `.strings` file's plurals are in `.stringsdict`, which an export writes beside
 * it, and which the service takes as the same file's in that format).
 *
 * @example companionExtensions('strings') // ['stringsdict']
 */
function companionExtensions(extension: string): string[] {
  const platform = EXPORT_FORMATS.find((f) => f.extension === extension && 'platform' in f);
  if (!platform || !('platform' in platform)) return [];
  return EXPORT_FORMATS.filter(
    (f) => 'platform' in f && f.platform === platform.platform && f.extension !== extension,
  ).map((f) => f.extension);
}

/** `path` with another extension. */
const withExtension = (path: string, extension: string) => `${path.replace(/\.[^./]+$/, '')}.${extension}`;

/** A repository path as the name and folder an upload sends. */
function split(path: string): { name: string; folder: string } {
  return { name: posix.basename(path), folder: posix.dirname(path) === '.' ? '' : posix.dirname(path) };
}

/** Where a file of the service lands in the layout, or undefined when the layout cannot place it. */
function placed(input: PlanInput, path: string, locale: string): { to: string; locale: string } | undefined {
  try {
    const p = place({ ...input.layout, outDir: '', writable: { root: '' } }, path, locale);
    return { to: p.to, locale: p.locale ?? locale };
  } catch {
    return undefined;
  }
}

/**
 * The folder (below the output folder) where the template puts the source locale's files, from its
 * fixed parts and its locale placeholders: `{locale}/{filename}` → `en`; `{path}` → '' (the top);
 * `res/{android_values}/strings.xml` → `res/values`, where an export puts the Android source.
 */
function templateFolder(input: PlanInput): string {
  const { template, localeMap } = input.layout;
  const mapped = localeMap[input.sourceLocale];
  const file = {
    path: '',
    locale: mapped ?? input.sourceLocale,
    serviceLocale: input.sourceLocale,
    base: mapped === BASE,
  };
  let unresolved = false;
  const filled = template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    if (unresolved) return whole;
    const info = PLACEHOLDERS[name];
    // The service keeps an Android project's source in values/, and an export places it there unless the
    // map names it (`en=en`: values-en/); {lproj} has no such default (en.lproj/).
    const as = name === 'android_values' && mapped === undefined ? { ...file, base: true } : file;
    const value = info?.distinguishes === 'locale' && name !== 'dir' ? info.resolve(as) : undefined;
    if (value === undefined) unresolved = true;
    return value ?? whole;
  });
  const fixed = filled.slice(0, filled.includes('{') ? filled.indexOf('{') : filled.length);
  const dir = posix.dirname(`${fixed}x`);
  return dir === '.' ? '' : dir;
}

/**
 * The repository paths a file of the folder may be, in the source locale: beside a source file of the
 * project in the same folder (its name as it is, and with the map undone), or the folder's own path.
 */
function candidates(input: PlanInput, local: string, siblings: readonly string[]): string[] {
  const mapped = input.layout.localeMap[input.sourceLocale];
  const undo = (path: string) => (mapped ? localize(path, mapped, { [mapped]: input.sourceLocale }).path : path);
  const name = posix.basename(local);
  const names = [...new Set([name, posix.basename(undo(local))])];
  return [...new Set([...siblings.flatMap((dir) => names.map((n) => posix.join(dir, n))), local, undo(local)])];
}

/** `name` as a word of `path`, bounded by its ends or by `/`, `.`, `_`, `-`: the last place it is, or -1. */
function wordAt(path: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let at = -1;
  for (const match of path.matchAll(new RegExp(`(?<=^|[/._-])${escaped}(?=$|[/._-])`, 'gi'))) at = match.index;
  return at;
}

/**
 * The locale a repository path names (of `locales`, the project's): the one whose name, in any platform's
 * spelling, is nearest its end (Android's default `values/` names the source locale), as the service reads
 * the locale of a new file from its path; undefined when it names none.
 */
function localeNamedIn(path: string, locales: readonly string[], sourceLocale: string): string | undefined {
  let best: { at: number; locale: string } | undefined;
  for (const locale of locales) {
    if (!parseLocale(locale)) continue;
    const names = new Set(LOCALE_STYLES.map((style) => localeName(locale, style)));
    if (locale === sourceLocale) names.add('values');
    for (const name of names) {
      const at = wordAt(path, name);
      if (at > (best?.at ?? -1)) best = { at, locale };
    }
  }
  return best?.locale;
}

/**
 * The plan of a push: the project's files of the source locale (and with `translations`, of the target
 * locales) found in the folder, the new source files beside them, and what was left out.
 *
 * @example
 * planPush({ layout: { template: '{locale}/{filename}', localeMap: {} }, format: undefined, sourceLocale: 'en',
 *   listed: [{ name: 'common.json', path: 'locales/en', locale: 'en' }], translations: false,
 *   extensions: ['json'], exists: () => true, folder: () => ['common.json', 'settings.json'] }).files
 * // [{ local: 'en/common.json', name: 'common.json', folder: 'locales/en', … created: false },
 * //  { local: 'en/settings.json', name: 'settings.json', folder: 'locales/en', … created: true }]
 */
export function planPush(input: PlanInput): PushPlan {
  const plan: PushPlan = { files: [], missing: [], unmatched: [], later: [] };
  const patterns = input.files?.map(filePattern);
  const wanted = (path: string) => !patterns?.length || patterns.some((p) => p.test(path));
  const known = new Set<string>();
  /** Folders holding a source file of the project, with the repository folders of the files there. */
  const sourceFolders = new Map<string, Set<string>>();
  const isSource = (locale: string) => locale === input.sourceLocale;
  const extensions = new Set(input.extensions);
  for (const file of input.listed) {
    const path = servicePath(file, input.format);
    const where = placed(input, path, file.locale);
    if (!where) continue;
    known.add(where.to.normalize('NFC').toLowerCase());
    if (isSource(file.locale)) {
      const dir = posix.dirname(where.to) === '.' ? '' : posix.dirname(where.to);
      if (!sourceFolders.has(dir)) sourceFolders.set(dir, new Set());
      sourceFolders.get(dir)!.add(split(path).folder);
    }
    // The file in another format of its platform beside it (`.stringsdict` beside `.strings`): the same file.
    const companions = companionExtensions(posix.extname(path).slice(1).toLowerCase())
      .filter((e) => extensions.has(e))
      .flatMap((e) => {
        const other = withExtension(path, e);
        const at = placed(input, other, file.locale);
        if (!at) return [];
        known.add(at.to.normalize('NFC').toLowerCase());
        return [{ path: other, where: at }];
      });
    const side: PushSide = isSource(file.locale) ? 'source' : 'translation';
    if (side === 'translation' && !input.translations) continue;
    if (side === 'translation' && input.locales?.length && !input.locales.some((l) => localeMatches(l, file.locale)))
      continue;
    if (!wanted(path)) continue;
    const entry = { local: where.to, ...split(path), serviceLocale: file.locale, side };
    if (input.exists(where.to)) plan.files.push({ ...entry, locale: where.locale, created: false });
    else plan.missing.push(entry);
    // A companion is pushed when it is there; none is no file missing (a file without plurals has none).
    for (const companion of companions)
      if (input.exists(companion.where.to))
        plan.files.push({
          local: companion.where.to,
          ...split(companion.path),
          serviceLocale: file.locale,
          locale: companion.where.locale,
          side,
          created: false,
        });
  }
  // New files of the source locale: in the folders where its files land, and where the template puts them.
  const folders = new Set([...sourceFolders.keys(), templateFolder(input)]);
  const targets = [...new Set(input.listed.map((f) => f.locale).filter((l) => !isSource(l)))];
  const locales = [input.sourceLocale, ...targets];
  for (const dir of [...folders].sort()) {
    for (const name of [...input.folder(dir)].sort()) {
      const local = dir ? `${dir}/${name}` : name;
      const extension = posix.extname(name).slice(1).toLowerCase();
      if (name.startsWith('.') || !extensions.has(extension) || known.has(local.normalize('NFC').toLowerCase()))
        continue;
      const siblings = [...(sourceFolders.get(dir) ?? [])];
      // A path the layout gives back exactly, that names the source locale (else it is another locale's file).
      const fits = candidates(input, local, siblings).filter((p) => placed(input, p, input.sourceLocale)?.to === local);
      const named = fits.map((p) => [p, localeNamedIn(p, locales, input.sourceLocale)] as const);
      const path = named.find(([, locale]) => locale === input.sourceLocale)?.[0];
      if (path !== undefined) {
        if (!wanted(path)) continue;
        const where = placed(input, path, input.sourceLocale)!;
        plan.files.push({
          local,
          ...split(path),
          serviceLocale: input.sourceLocale,
          locale: where.locale,
          side: 'source',
          created: true,
        });
        continue;
      }
      // A path that names another locale of the project: the translation of a file the push creates.
      const translation =
        named.some(([, locale]) => locale !== undefined) ||
        targets.some((locale) =>
          candidates(input, local, siblings).some(
            (p) => placed(input, p, locale)?.to === local && localeNamedIn(p, locales, input.sourceLocale) === locale,
          ),
        );
      (translation ? plan.later : plan.unmatched).push(local);
    }
  }
  // The source locale's files first (a translation goes into a file the project has), each side in order.
  plan.files.sort((a, b) => (a.side === b.side ? 0 : a.side === 'source' ? -1 : 1));
  return plan;
}
