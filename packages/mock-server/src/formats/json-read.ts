import { parseJson } from '@loc/sdk/internal';
import { i18nextPlural, readI18nextText } from './placeholders';
import { entryList } from './read-entries';
import { fileText } from './read-text';
import { leavesOf } from './read-tree';
import type { Reader } from './reader-types';

/**
 * `json.standard` and `json.nested`: an object of texts, its keys joined at dots where it nests (so a
 * `json.standard` file that nests reads as well as a flat one, and `json.nested`'s keys kept flat at a
 * clash read back as they were). A number or `true`/`false` reads as the text it is written as; `null`
 * as no text (untranslated).
 */
export const readJson: Reader = (file) => {
  const entries = entryList();
  for (const leaf of leavesOf(parseJson(fileText(file, { format: 'JSON' }))))
    entries.add({ key: leaf.key, value: leaf.value, line: leaf.line });
  return { entries: entries.entries };
};

/**
 * `json.i18next`: as `json.nested`, and what i18next itself reads as a plural form (a key ending in
 * `_zero`, `_one`, `_two`, `_few`, `_many` or `_other`) is the plural form `<key>.<category>` of the
 * store; `{{name}}` is the placeholder `{name}` (placeholders.ts).
 */
export const readJsonI18next: Reader = (file) => {
  const entries = entryList();
  for (const leaf of leavesOf(parseJson(fileText(file, { format: 'JSON' })))) {
    entries.add({ key: i18nextPlural(leaf.key), value: readI18nextText(leaf.value), line: leaf.line });
  }
  return { entries: entries.entries };
};
