import { androidResources } from './android';
import type { Writer } from './types';

/** One item of the official Android SDK's bundle (android-cdn-sdk model/Item.kt): unknown fields are ignored. */
type Item = { key: string; type: 'TEXT'; value: string } | { key: string; type: 'ARRAY'; valueArray: string[] };

/** How a file's keys become the SDK's items, decided over all of its keys (the same in every locale). */
interface Resources {
  /** Each key's item key: its Android resource name, or `<name>_<quantity>` for a plural's form. */
  keys: Map<string, string>;
  /** The keys that are items of a string array: the array's resource name, the index, the size. */
  arrays: Map<string, { name: string; index: number; size: number }>;
}

const byKeys = new WeakMap<readonly string[], Resources>();

/**
 * The resources an app built from the file's `xml.android.resources` export has (androidResources), and
 * so the names the SDK looks up: it asks for `getResourceEntryName(id)` (ResourcesUtil.kt), the name aapt2
 * keeps for a `<string>` or a `<string-array>`, and for a plural's quantity `<name>_<quantity>` of the
 * `<plurals>` resource (Repository.kt).
 */
function resourcesOf(keys: readonly string[]): Resources {
  let resources = byKeys.get(keys);
  if (resources) return resources;
  resources = { keys: new Map(), arrays: new Map() };
  for (const resource of androidResources(keys)) {
    if (resource.type === 'string') resources.keys.set(resource.key, resource.name);
    else if (resource.type === 'plurals')
      for (const [category, key] of resource.forms) resources.keys.set(key, `${resource.name}_${category}`);
    else
      for (const [index, key] of resource.items.entries())
        resources.arrays.set(key, { name: resource.name, index, size: resource.items.length });
  }
  byKeys.set(keys, resources);
  return resources;
}

/**
 * A `MOBILE_SDK_ANDROID` bundle's file: what the official Android SDK reads (android-cdn-sdk
 * FileHelper.kt), a JSON list of bundles `[{iso, items: [{key, type, value | valueArray}]}]`, here one
 * bundle of one locale, an item a line. Its `iso` is the locale as the SDK looks it up (`bundleLocale`:
 * the language, store/sdk-bundles.ts). Plural forms are `TEXT` items `<name>_<quantity>`; a string array is
 * an `ARRAY` item, written only when every item has a text in the locale (the app's own array serves
 * otherwise). Untranslated keys are left out, so the app's built-in string serves them.
 *
 * @example
 * writeAndroidSdkBundle({ locale: 'pt-BR', bundleLocale: 'pt', sourceLocale: 'en', path: 'strings-pt-BR.json',
 *   entries: [{ key: 'app.title', value: 'Acme Notas', source: 'Acme Notes' }] });
 * // '[{"iso":"pt","items":[\n{"key":"app.title","type":"TEXT","value":"Acme Notas"}\n]}]\n'
 */
export const writeAndroidSdkBundle: Writer = (file) => {
  const { keys, arrays } = resourcesOf(file.keys ?? file.entries.map((e) => e.key));
  const items: Item[] = [];
  const lists = new Map<string, { valueArray: string[]; size: number; filled: number }>();
  for (const e of file.entries) {
    const array = arrays.get(e.key);
    if (!array) {
      items.push({ key: keys.get(e.key)!, type: 'TEXT', value: e.value });
      continue;
    }
    let list = lists.get(array.name);
    if (!list) {
      // In the place of its first item, as the array's resource stands in the file.
      list = { valueArray: [], size: array.size, filled: 0 };
      lists.set(array.name, list);
      items.push({ key: array.name, type: 'ARRAY', valueArray: list.valueArray });
    }
    if (list.valueArray[array.index] === undefined) list.filled++;
    list.valueArray[array.index] = e.value;
  }
  const complete = items.filter((item) => item.type === 'TEXT' || isComplete(lists.get(item.key)!));
  const lines = complete.map((item) => JSON.stringify(item)).join(',\n');
  return `[{"iso":${JSON.stringify(file.bundleLocale ?? file.locale)},"items":[${lines ? `\n${lines}\n` : ''}]}]\n`;
};

const isComplete = (list: { size: number; filled: number }) => list.filled === list.size;
