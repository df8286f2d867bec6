// The release bundles of the official mobile SDKs' distribution types, laid out as each SDK reads its
// bundle (lingohub/android-cdn-sdk and lingohub/ios-cdn-sdk 1.0.0; docs/decisions.md, "Distributions").
// NATIVE_FORMAT's bundle is the project's own files (releases.ts), a reading of ours.
import { posix } from 'node:path';
import { canonicalLocale, LOCALE_PLACEHOLDER, parseLocale } from '@loc/sdk/locales';
import { type BundleFormat, formatsOfFile } from '../formats';
import type { Placement } from './export-zip';
import { localesOf } from './project-files';
import type { Project, SeedFile } from './types';

/** How a distribution type's bundle is written: the writer of its files, and where each file goes. */
export interface SdkBundleLayout {
  format: BundleFormat | 'strings.ios';
  place: (file: SeedFile, index: number) => Placement[];
}

/**
 * Each locale of a bundle as the official SDKs look it up. Both take the device's language alone: the
 * Android SDK compares a bundle's `iso` with `Locale.language` (BundleHelper.kt), the iOS SDK looks for
 * `<Locale.current.languageCode>.lproj` (LingohubSDK.swift, LocalizationCacheManager.swift). So a locale
 * is named by its language (`pt-BR` → `pt`, `zh-Hant` → `zh`), unless another locale of the bundle has
 * that language too: then each keeps its code (`en` and `en-GB` → `en`, `en-GB`; `pt-BR` and `pt-PT` →
 * `pt-BR`, `pt-PT`), for two files of one `iso` would be merged by the Android SDK in no set order. A
 * code that is no language tag stays as it is.
 *
 * @example
 * sdkLocaleNames(['en', 'en-GB', 'pt-BR', 'zh-Hant']);
 * // Map { 'en' => 'en', 'en-GB' => 'en-GB', 'pt-BR' => 'pt', 'zh-Hant' => 'zh' }
 */
function sdkLocaleNames(locales: readonly string[]): Map<string, string> {
  const sharing = new Map<string, number>(); // language → how many locales have it
  for (const locale of locales) {
    const language = parseLocale(locale)?.language;
    if (language) sharing.set(language, (sharing.get(language) ?? 0) + 1);
  }
  return new Map(
    locales.map((locale) => {
      const parts = parseLocale(locale);
      if (!parts) return [locale, locale];
      const code = canonicalLocale(locale);
      return [locale, code === parts.language || sharing.get(parts.language) === 1 ? parts.language : code];
    }),
  );
}

/**
 * Each file's table: the name of its resource file without the extension (`Localizable`, `InfoPlist`,
 * `strings`), or `fallback` when the name holds the locale (`%{locale}.json`). Characters other than
 * letters, digits, `_`, `-` and `.` become `_`; a name another file has already gets `-2`, `-3`….
 */
function tableNames(files: readonly SeedFile[], fallback: string): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const name = posix.basename(file.path);
    const base = name.includes(LOCALE_PLACEHOLDER)
      ? fallback
      : name
          .replace(/\.[^.]*$/, '')
          .replace(/[^\w.-]/g, '_')
          .replace(/^\./, '_') || fallback;
    let table = base;
    for (let n = 2; taken.has(table); n++) table = `${base}-${n}`;
    taken.add(table);
    return table;
  });
}

/**
 * The layout of a MOBILE_SDK_ANDROID or MOBILE_SDK_IOS bundle of the project, or undefined for another
 * type. Every file of the project in every locale:
 * - `MOBILE_SDK_ANDROID`: `<table>-<locale>.json` at the top of the ZIP, each the official Android SDK's
 *   JSON list (formats/android-sdk-bundle.ts), which reads every top-level file (FileHelper.kt);
 * - `MOBILE_SDK_IOS`: `<locale>.lproj/<table>.strings` at the top of the ZIP, and `<table>.stringsdict`
 *   beside it for a file with plurals, written as a `strings.ios` export writes them (formats/ios.ts,
 *   formatsOfFile), where the official iOS SDK looks them up (`path(forResource: language, ofType: "lproj")`
 *   on the bundle's root).
 *
 * @example
 * sdkBundleLayout('MOBILE_SDK_IOS', project)?.place(project.files[0]!, 0);
 * // [{ locale: 'en', path: 'en.lproj/Localizable.strings' }, { locale: 'de', path: 'de.lproj/Localizable.strings' }, …]
 */
export function sdkBundleLayout(type: string, project: Project): SdkBundleLayout | undefined {
  const locales = localesOf(project);
  const names = sdkLocaleNames(locales);
  switch (type) {
    case 'MOBILE_SDK_ANDROID': {
      const tables = tableNames(project.files, 'strings');
      return {
        format: 'bundle:android-sdk',
        place: (_file, index) =>
          locales.map((locale) => ({
            locale,
            bundleLocale: names.get(locale)!,
            path: `${tables[index]}-${parseLocale(locale) ? canonicalLocale(locale) : locale}.json`,
          })),
      };
    }
    case 'MOBILE_SDK_IOS': {
      const tables = tableNames(project.files, 'Localizable');
      return {
        format: 'strings.ios',
        place: (file, index) => {
          const formats = formatsOfFile(
            'strings.ios',
            file.segments.map((s) => s.key),
          );
          return locales.flatMap((locale) => {
            const stem = `${names.get(locale)}.lproj/${tables[index]}`;
            return formats.map(
              (format): Placement =>
                format === 'strings.ios'
                  ? { locale, path: `${stem}.strings` }
                  : { locale, path: `${stem}.stringsdict`, format },
            );
          });
        },
      };
    }
    default:
      return undefined;
  }
}
