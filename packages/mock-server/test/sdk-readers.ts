// The official mobile SDKs' readers of a release bundle, mirrored step by step from their public 1.0.0
// source (lingohub/android-cdn-sdk, lingohub/ios-cdn-sdk), so a test reads loc-mock's bundles as an app
// that ships those SDKs does. What the SDKs leave to the platform is left to a tool that is not ours:
// `.strings` to GNUstep, `.stringsdict` to libplist (oracles.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseLocale } from '@loc/sdk/locales';

/** android-cdn-sdk model/Item.kt and model/Bundle.kt. */
export interface AndroidItem {
  key: string;
  type: string;
  value?: string | null;
  valueArray?: string[] | null;
}
export interface AndroidBundle {
  iso: string;
  items: AndroidItem[];
}

/**
 * kotlinx.serialization's `Json { ignoreUnknownKeys = true }.decodeFromString<List<Bundle>>`: a list of
 * objects with a string `iso` and a list `items`, each item a string `key` and `type`, an optional string
 * `value` and an optional list of strings `valueArray`; other fields are ignored, anything else throws.
 */
function decodeBundles(text: string, file: string): AndroidBundle[] {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what}`);
  };
  const list = JSON.parse(text) as unknown;
  if (!Array.isArray(list)) fail('not a JSON list');
  return (list as unknown[]).map((bundle, i) => {
    const b = bundle as Record<string, unknown> | null;
    if (typeof b !== 'object' || b === null || Array.isArray(b)) fail(`[${i}] is not an object`);
    if (typeof b!.iso !== 'string') fail(`[${i}].iso is not a string`);
    if (!Array.isArray(b!.items)) fail(`[${i}].items is not a list`);
    const items = (b!.items as unknown[]).map((item, j) => {
      const it = item as Record<string, unknown> | null;
      const at = `[${i}].items[${j}]`;
      if (typeof it !== 'object' || it === null || Array.isArray(it)) fail(`${at} is not an object`);
      if (typeof it!.key !== 'string' || typeof it!.type !== 'string') fail(`${at}: key and type must be strings`);
      if (it!.value !== undefined && it!.value !== null && typeof it!.value !== 'string') fail(`${at}.value`);
      const array = it!.valueArray;
      if (array !== undefined && array !== null && !(Array.isArray(array) && array.every((v) => typeof v === 'string')))
        fail(`${at}.valueArray`);
      return {
        key: it!.key as string,
        type: it!.type as string,
        value: (it!.value ?? null) as string | null,
        valueArray: (array ?? null) as string[] | null,
      };
    });
    return { iso: b!.iso as string, items };
  });
}

/**
 * FileHelper.readBundle: every entry of the folder the bundle was unzipped into is read as a file and
 * decoded as a list of bundles (a folder cannot be read, and then nothing is: the SDK logs "Could not read
 * Lingohub package" and returns null, here an error); the bundles are grouped by `iso`, their items joined.
 */
export function androidReadBundle(dir: string): AndroidBundle[] {
  const bundles = readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      throw new Error(`${name} is a folder: the SDK reads every top-level entry as a file`);
    return decodeBundles(readFileSync(path, 'utf8'), name);
  });
  const grouped = new Map<string, AndroidItem[]>();
  for (const b of bundles) grouped.set(b.iso, [...(grouped.get(b.iso) ?? []), ...b.items]);
  return [...grouped].map(([iso, items]) => ({ iso, items }));
}

/** BundleHelper.bundleForLocale: the bundle whose `iso` is the device's `Locale.language`. */
export function androidBundleFor(bundles: AndroidBundle[], deviceLocale: string): AndroidBundle | undefined {
  return bundles.find((b) => b.iso === parseLocale(deviceLocale)!.language);
}

/** Repository.kt: getText, getPlural (`<key>_<quantity>`), getTextArray; null where the app's own resource serves. */
export function androidRepository(bundle: AndroidBundle | undefined) {
  const items = bundle?.items ?? [];
  const findString = (key: string) => items.filter((i) => i.type === 'TEXT').find((i) => i.key === key)?.value ?? null;
  return {
    getText: findString,
    getPlural: (key: string, quantity: string) => findString(`${key}_${quantity}`),
    getTextArray: (key: string) =>
      items.filter((i) => i.type === 'ARRAY').find((i) => i.key === key)?.valueArray ?? null,
  };
}

/** ResourcesUtil.toPluralKeyword: ICU's `PluralRules.forLocale(locale).select(n)` (here Node's ICU). */
export const pluralKeyword = (locale: string, count: number) => new Intl.PluralRules(locale).select(count);

/**
 * The folder the iOS SDK reads a language from (LocalizationCacheManager.getString,
 * Bundle.languageBundle): `update.bundle.path(forResource: language, ofType: "lproj")`, at the bundle's
 * root, where `language` is `Locale.current.languageCode` or what the app gave `setLanguage`. Undefined
 * when there is none.
 */
export function iosLanguageFolder(dir: string, language: string): string | undefined {
  const path = join(dir, `${language}.lproj`);
  try {
    return statSync(path).isDirectory() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** A stringsdict rule as Foundation reads it: the format key, and the plural variable's forms. */
export interface PluralRule {
  format: string;
  forms: Record<string, string>;
}

/**
 * `NSDictionary(contentsOfFile: <Table>.strings)` of each file (through GNUstep's strings-file parser),
 * the asked keys' texts; and each `<Table>.stringsdict`'s rules through libplist: what Foundation's
 * `localizedString(forKey:value:table:)` on the `.lproj` bundle finds.
 */
export async function iosReadTables(
  strings: { file: string; keys: string[] }[],
  stringsdicts: string[],
): Promise<{
  strings: Record<string, Record<string, string | undefined>>;
  rules: Record<string, Record<string, PluralRule>>;
}> {
  // Loaded here: oracles.ts looks for every tool when it loads, which the Android reader's users need not pay.
  const { gnustepRead, plistutilReadWhole } = await import('./oracles');
  const [read, dicts] = await Promise.all([
    strings.length ? gnustepRead(strings) : {},
    stringsdicts.length ? plistutilReadWhole(stringsdicts) : {},
  ]);
  const rules = Object.fromEntries(
    Object.entries(dicts).map(([file, root]) => [
      file,
      Object.fromEntries(
        Object.entries(root as Record<string, Record<string, unknown>>).map(([key, rule]) => {
          const variable = /^%#@(\w+)@$/.exec(String(rule.NSStringLocalizedFormatKey))?.[1];
          const spec = (variable ? rule[variable] : undefined) as Record<string, string> | undefined;
          if (spec?.NSStringFormatSpecTypeKey !== 'NSStringPluralRuleType')
            throw new Error(`${file}: ${key} is no plural rule Foundation reads`);
          const { NSStringFormatSpecTypeKey: _type, NSStringFormatValueTypeKey: _value, ...forms } = spec;
          return [key, { format: String(rule.NSStringLocalizedFormatKey), forms }];
        }),
      ),
    ]),
  );
  return { strings: read, rules };
}

/**
 * Foundation's choice of a plural form for a count: the form of the count's CLDR category in the
 * language, else `other`.
 */
export const iosPluralForm = (rule: PluralRule, language: string, count: number) =>
  rule.forms[new Intl.PluralRules(language).select(count)] ?? rule.forms.other;
