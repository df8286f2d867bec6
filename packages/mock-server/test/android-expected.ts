// What an Android export holds of a file in one locale, by the writer's documented rules
// (src/formats/android.ts): the tests that read exports back (readers.test.ts, formats-oracles.test.ts)
// expect each key under the name it has there.
import { androidResources } from '../src/formats/android';

/**
 * Each key of a file that its Android export holds in a locale, with the key it reads back as: a string
 * under its resource name, a plural's forms as `<name>.<quantity>` when the locale has the `other` form
 * (else the plural is left out), an array's items as `<name>.<index>` when the locale has every item.
 *
 * @example
 * androidKeysOf(['a-b', 'files.one', 'files.other'], (k) => k !== 'files.other'); // Map { 'a-b' => 'a_b' }
 */
export function androidKeysOf(keys: readonly string[], has: (key: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const resource of androidResources(keys)) {
    if (resource.type === 'string') {
      if (has(resource.key)) out.set(resource.key, resource.name);
    } else if (resource.type === 'plurals') {
      if (resource.forms.some(([category, key]) => category === 'other' && has(key)))
        for (const [category, key] of resource.forms) if (has(key)) out.set(key, `${resource.name}.${category}`);
    } else if (resource.items.every(has))
      for (const [index, key] of resource.items.entries()) out.set(key, `${resource.name}.${index}`);
  }
  return out;
}
