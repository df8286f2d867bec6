import { posix } from 'node:path';
import {
  androidQualifier,
  appleLocale,
  canonicalLocale,
  gettextLocale,
  javaLocale,
  localeOfAndroidQualifier,
  parseLocale,
  sameLocale,
} from '@loc/sdk/locales';
import { UsageError } from '../run/errors';
import { isLocaleCode } from '../project/locale-match';

/**
 * Locale mapping (docs/cli.md#locale-mapping): the service names a locale one way (`zh-Hant`), an app
 * wants another (`zh-TW`, or its platform's default folder). A map goes from the service's code to the
 * code the platform wants, or to {@link BASE}: the platform's default place (Android `values/`, Apple
 * `Base.lproj`).
 *
 * Built-in defaults, when a locale is not mapped: Android files keep the service's folders
 * (`values-pt-rBR`, `values-b+sr+Latn+RS`, the source locale in `values/`); Apple files keep
 * `<locale>.lproj`, so the source locale stays in `en.lproj` (map `en=Base` for `Base.lproj`).
 */
export type LocaleMap = Readonly<Record<string, string>>;

/** The mapping target that means "the platform's default folder, named by no locale". */
export const BASE = 'Base';

/** Whether `value` can be a key or a target of a locale map: a language code, `-` or `_` separated (`pt_BR` for Java). */
function isMappable(value: string): boolean {
  return isLocaleCode(value.replaceAll('_', '-'));
}

/**
 * The map in force: `loc.config.json`'s `localeMap` with the flags' pairs over it. Checked here, before
 * any request: every key and value is a locale code (or `Base`), and no two locales get one name — their
 * files would overwrite each other.
 *
 * @example
 * resolveLocaleMap({ 'zh-Hant': 'zh-TW' }, { en: 'Base' }) // { 'zh-Hant': 'zh-TW', en: 'Base' }
 */
export function resolveLocaleMap(fromConfig: LocaleMap | undefined, fromFlags: LocaleMap | undefined): LocaleMap {
  const map: Record<string, string> = {};
  for (const [origin, entries] of [
    ['loc.config.json localeMap', fromConfig],
    ['--locale-map', fromFlags],
  ] as const) {
    for (const [from, rawTo] of Object.entries(entries ?? {})) {
      const to = rawTo.toLowerCase() === BASE.toLowerCase() ? BASE : rawTo;
      if (!isMappable(from)) {
        throw new UsageError(
          `${origin}: '${from}' is not a locale code.`,
          'Map the service’s codes, for example --locale-map zh-Hant=zh-TW.',
        );
      }
      if (to !== BASE && !isMappable(to)) {
        throw new UsageError(
          `${origin}: '${from}' is mapped to '${rawTo}', which is not a locale code.`,
          `Map to a code such as zh-TW or pt_BR, or to ${BASE} for the platform's default folder (values/, Base.lproj).`,
        );
      }
      map[from] = to;
    }
  }
  const byTarget = new Map<string, string>();
  for (const [from, to] of Object.entries(map)) {
    const key = to.toLowerCase().replaceAll('_', '-');
    const other = byTarget.get(key);
    if (other !== undefined) {
      throw new UsageError(
        `The locale map sends both '${other}' and '${from}' to '${to}': their files would overwrite each other.`,
        'Give each locale a name of its own.',
      );
    }
    byTarget.set(key, from);
  }
  return map;
}

export type Platform = 'android' | 'apple' | undefined;

/** Android resource folders: `values`, `values-de`, `values-pt-rBR`, `values-b+sr+Latn+RS`, `values-de-land`. */
const ANDROID_VALUES = /^values(?:-(.+))?$/;
const LPROJ = /^(.+)\.lproj$/;

/** The platform whose layout a path follows, from its folders: Android `values…/`, Apple `….lproj/`. */
export function platformOf(path: string): Platform {
  const dirs = path.split('/').slice(0, -1);
  if (dirs.some((d) => LPROJ.test(d))) return 'apple';
  if (posix.extname(path) === '.xml' && dirs.some((d) => ANDROID_VALUES.test(d))) return 'android';
  return undefined;
}

/** A file of an export or a bundle as the path template sees it. */
export interface LocalizedFile {
  /** Path inside the ZIP, after the locale map (so `{path}` follows the map). */
  path: string;
  /** The service's code for the file's locale, when known (listed by the export, or read from the path). */
  serviceLocale: string | undefined;
  /** The code the platform wants (the map applied), `Base`, or undefined when unknown. */
  locale: string | undefined;
  /** In the platform's default place: Android `values/`, Apple `Base.lproj`. */
  base: boolean;
}

/**
 * Where a file of the service goes under the map: its locale renamed, and the locale's folder or file
 * name in its path renamed with it (`values-b+zh+Hant/` → `values-zh-rTW/`, `zh-Hant.lproj/` →
 * `zh-TW.lproj/`, `locales/zh-Hant/` → `locales/zh-TW/`). Files of unmapped locales keep their path.
 *
 * @example
 * localize('res/values-b+zh+Hant/strings.xml', 'zh-Hant', { 'zh-Hant': 'zh-TW' }).path // 'res/values-zh-rTW/strings.xml'
 */
export function localize(path: string, serviceLocale: string | undefined, map: LocaleMap): LocalizedFile {
  const platform = platformOf(path);
  const found =
    findLocaleSegment(path, serviceLocale, platform) ??
    (serviceLocale ? undefined : findMappedLocale(path, map, platform));
  const locale = serviceLocale ?? found?.locale;
  const mapped = locale === undefined ? undefined : lookup(map, locale);
  if (mapped === undefined) {
    const base = found?.base ?? false;
    return { path, serviceLocale: locale, locale: locale ?? (base && platform === 'apple' ? BASE : undefined), base };
  }
  return {
    path: found ? replaceSegment(path, found, mapped, platform) : path,
    serviceLocale: locale,
    locale: mapped,
    base: mapped === BASE,
  };
}

/** A bundle lists no locales: in a generic layout, the locale is one of the map's keys found in the path. */
function findMappedLocale(path: string, map: LocaleMap, platform: Platform): Found | undefined {
  if (platform) return undefined;
  for (const key of Object.keys(map)) {
    const found = findLocaleSegment(path, key, platform);
    if (found) return found;
  }
  return undefined;
}

function lookup(map: LocaleMap, locale: string): string | undefined {
  if (Object.hasOwn(map, locale)) return map[locale];
  const key = Object.keys(map).find((k) => sameLocale(k, locale));
  return key === undefined ? undefined : map[key];
}

interface Found {
  /** Index of the path segment. */
  segment: number;
  /** Start and end of the locale within the segment (generic layouts). */
  start: number;
  end: number;
  base: boolean;
  /** The locale the segment names, when it names one. */
  locale: string | undefined;
  /** How the path spells the locale there, so a new name is spelled the same way. */
  style: 'java' | 'gettext' | 'as-given';
}

/**
 * Where in `path` the locale is: the `values…` folder of an Android file, the `.lproj` folder of an
 * Apple one, else the last segment holding the locale code as a word (`locales/de/`, `messages_pt-BR.properties`).
 */
function findLocaleSegment(path: string, locale: string | undefined, platform: Platform): Found | undefined {
  const segments = path.split('/');
  for (let i = segments.length - 2; i >= 0; i--) {
    const segment = segments[i] ?? '';
    if (platform === 'android') {
      const match = ANDROID_VALUES.exec(segment);
      if (!match) continue;
      const qualifier = match[1];
      if (qualifier === undefined)
        return { segment: i, start: 0, end: segment.length, base: true, locale, style: 'as-given' };
      return {
        segment: i,
        start: 0,
        end: segment.length,
        base: false,
        locale: localeOfAndroidQualifier(qualifier) ?? locale,
        style: 'as-given',
      };
    }
    if (platform === 'apple') {
      const match = LPROJ.exec(segment);
      if (!match) continue;
      const name = match[1] ?? '';
      return {
        segment: i,
        start: 0,
        end: segment.length,
        base: name === BASE,
        locale: name === BASE ? locale : name,
        style: 'as-given',
      };
    }
  }
  if (platform || !locale) return undefined;
  const forms = spellings(locale);
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i] ?? '';
    for (const [form, style] of forms) {
      const at = wordIndex(segment, form);
      if (at >= 0) return { segment: i, start: at, end: at + form.length, base: false, locale, style };
    }
  }
  return undefined;
}

/** How a path may spell a locale: as the service does, and as Java and gettext name files (`pt_BR`, `zh_TW`). */
function spellings(locale: string): [string, Found['style']][] {
  const forms: [string, Found['style']][] = [[locale, 'as-given']];
  if (parseLocale(locale)) {
    forms.push([canonicalLocale(locale), 'as-given'], [javaLocale(locale), 'java'], [gettextLocale(locale), 'gettext']);
  }
  return forms.filter(([form], i) => forms.findIndex(([other]) => other === form) === i);
}

/** Index of `word` in `text` where it is bounded by the text's ends or by `.`, `_`, `-` (case-insensitive). */
function wordIndex(text: string, word: string): number {
  const lower = text.toLowerCase();
  const target = word.toLowerCase();
  for (let at = lower.lastIndexOf(target); at >= 0; at = at === 0 ? -1 : lower.lastIndexOf(target, at - 1)) {
    const before = at === 0 ? '' : (text[at - 1] ?? '');
    const after = text[at + word.length] ?? '';
    if ((before === '' || '._-'.includes(before)) && (after === '' || '._-'.includes(after))) return at;
  }
  return -1;
}

function replaceSegment(path: string, found: Found, target: string, platform: Platform): string {
  const segments = path.split('/');
  const segment = segments[found.segment] ?? '';
  let next: string;
  if (platform === 'android') next = target === BASE ? 'values' : `values-${androidQualifier(target)}`;
  else if (platform === 'apple') next = `${target === BASE ? BASE : appleLocale(target)}.lproj`;
  else next = segment.slice(0, found.start) + spell(target, found.style) + segment.slice(found.end);
  segments[found.segment] = next;
  return segments.join('/');
}

/** A mapped name spelled as the path spelled the locale it replaces; otherwise as the user wrote it. */
function spell(target: string, style: Found['style']): string {
  if (target === BASE || style === 'as-given') return target;
  return style === 'java' ? javaLocale(target) : gettextLocale(target);
}
