// The mobile SDK bundles' writers for any keys and texts: what the official SDKs' readers take from them
// (test/sdk-readers.ts mirrors those readers) is exactly what was written. test/sdk-bundles.test.ts reads
// whole bundles of seeds through a running loc-mock.
import fc from 'fast-check';
import { parse as parsePlist } from 'plist';
import { describe, expect, it } from 'vitest';
import { androidRepository } from '../../test/sdk-readers';
import { androidNames } from './android';
import { writeAndroidSdkBundle } from './android-sdk-bundle';
import { arrayKeys } from './array-keys';
import { writeStringsdict } from './ios';
import { pluralKeys } from './plural-keys';
import type { Entry } from './types';

const file = (entries: Entry[], keys = entries.map((e) => e.key)) => ({
  locale: 'de',
  sourceLocale: 'en',
  path: 'strings-de.json',
  entries,
  keys,
});

const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', '.', '"', '\\', '\n', '\u0001', '\u2028', '\ud83d', '\ude80', '%', '<', '&'),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
});
/** Keys that make plurals (`x.one`, `x.other`), arrays (`x.0`, `x.1`), neither, and names to mangle. */
const key = fc.oneof(
  text.filter((k) => k !== ''),
  fc.constantFrom(
    'files.one',
    'files.other',
    'files.few',
    'planets.0',
    'planets.1',
    'planets.2',
    'a-b',
    'a_b',
    'class',
    '2fa',
  ),
);

describe('the MOBILE_SDK_ANDROID writer', () => {
  it('gives the SDK each text under its resource name, each plural form as <name>_<quantity>, each whole array', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ key, value: text }), { selector: (e) => e.key, maxLength: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (list, untranslated) => {
          const keys = list.map((e) => e.key);
          // Some keys untranslated in the locale: the file lists them all, the entries only the others.
          const entries = list.filter((_, i) => i !== untranslated).map((e) => ({ ...e, source: '' }));
          const written = JSON.parse(writeAndroidSdkBundle({ ...file(entries, keys), bundleLocale: 'de' }));
          expect(written).toHaveLength(1);
          expect(written[0].iso).toBe('de');
          const repository = androidRepository(written[0]);
          const plurals = pluralKeys(keys);
          const arrays = arrayKeys(keys);
          const bases = [...new Set(keys.map((k) => plurals.get(k)?.base ?? arrays.get(k)?.base ?? k))];
          const names = androidNames(bases);
          const texts = new Map(entries.map((e) => [e.key, e.value]));
          for (const k of keys) {
            const plural = plurals.get(k);
            const item = arrays.get(k);
            if (plural)
              expect(repository.getPlural(names.get(plural.base)!, plural.category)).toBe(texts.get(k) ?? null);
            else if (!item) expect(repository.getText(names.get(k)!)).toBe(texts.get(k) ?? null);
          }
          for (const base of new Set([...arrays.values()].map((a) => a.base))) {
            const items = [...arrays].filter(([, a]) => a.base === base).sort(([, a], [, b]) => a.index - b.index);
            const values = items.map(([k]) => texts.get(k));
            expect(repository.getTextArray(names.get(base)!)).toEqual(
              values.every((v) => v !== undefined) ? values : null,
            );
          }
          // Nothing else: an item per text that is no array's, and one per array whole in the locale.
          const whole = [...new Set([...arrays.values()].map((a) => a.base))].filter((base) =>
            [...arrays].every(([k, a]) => a.base !== base || texts.has(k)),
          );
          expect(written[0].items).toHaveLength(entries.filter((e) => !arrays.has(e.key)).length + whole.length);
        },
      ),
      { seed: 41, numRuns: 300 },
    );
  });

  it('names the locale as given (bundleLocale), else by its code', () => {
    const entries = [{ key: 'title', value: 'Notas', source: 'Notes' }];
    expect(JSON.parse(writeAndroidSdkBundle({ ...file(entries), locale: 'pt-BR', bundleLocale: 'pt' }))[0].iso).toBe(
      'pt',
    );
    expect(JSON.parse(writeAndroidSdkBundle({ ...file(entries), locale: 'pt-BR' }))[0].iso).toBe('pt-BR');
  });
});

describe('the stringsdict writer (an export’s, and a MOBILE_SDK_IOS bundle’s)', () => {
  it('writes each plural with the forms it has, as a property list parser reads them; none without other', () => {
    fc.assert(
      fc.property(
        fc.subarray(['zero', 'one', 'two', 'few', 'many', 'other']),
        // Whole characters (a lone surrogate has no UTF-8 form), and no U+2028/U+2029/U+0085, which the `plist`
        // package's XML reader takes for line breaks as XML 1.1 does (XML 1.0 and libplist keep them:
        // test/sdk-bundles.test.ts reads the seeds' through libplist).
        fc.array(
          text.filter(
            (t) =>
              !/[\ud800-\udfff]/.test(t.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')) &&
              !/[\u2028\u2029\u0085]/.test(t),
          ),
          { minLength: 6, maxLength: 6 },
        ),
        (categories, texts) => {
          const entries = categories.map((c, i) => ({ key: `files.${c}`, value: texts[i]!, source: '' }));
          const all = ['zero', 'one', 'two', 'few', 'many', 'other'].map((c) => `files.${c}`);
          const dict = parsePlist(writeStringsdict(file(entries, all))) as Record<string, any>;
          if (!categories.includes('other')) {
            expect(dict).toEqual({});
            return;
          }
          expect(dict.files.NSStringLocalizedFormatKey).toBe('%#@value@');
          const { NSStringFormatSpecTypeKey, NSStringFormatValueTypeKey, ...forms } = dict.files.value;
          expect(NSStringFormatSpecTypeKey).toBe('NSStringPluralRuleType');
          expect(NSStringFormatValueTypeKey).toBe('d');
          // XML 1.0 cannot carry most C0 controls: left out, as in every XML format.
          const strip = (t: string) => t.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
          expect(forms).toEqual(Object.fromEntries(categories.map((c, i) => [c, strip(texts[i]!)])));
        },
      ),
      { seed: 41, numRuns: 200 },
    );
  });
});
