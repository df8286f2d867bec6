// `typedT(ota)` of @loc/sdk/ota: what the typed keys of `loc export --types` promise at runtime (a plural's
// form by `count`, i18next's contexts and ordinals, placeholders filled), and `ota.t(key, locale)` as it was.
// The types themselves are compiled with tsc in examples/typed-keys.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOtaClient, typedT } from '../src/ota/index';

/** The source strings as json.i18next and json.nested write them: `_one` suffixes, `{"one", "other"}` objects. */
const fallback = {
  en: {
    greeting: 'Hello, {name}!',
    i18n: 'Hello, {{name}} ({{- raw}}, {{price, currency}})',
    cart: { items_one: '{{count}} item', items_other: '{{count}} items' },
    boxes: { one: '{count} box', other: '{count} boxes' },
    plain: 'Home',
    // i18next's contexts (`friend` with `{ context: 'male' }`) and ordinal plurals (`{ count, ordinal: true }`).
    friend: 'A friend',
    friend_male: 'A boyfriend',
    friend_female: 'A girlfriend called {{name}}',
    friend_male_one: '{{count}} boyfriend',
    friend_male_other: '{{count}} boyfriends',
    place_ordinal_one: '{{count}}st place',
    place_ordinal_two: '{{count}}nd place',
    place_ordinal_few: '{{count}}rd place',
    place_ordinal_other: '{{count}}th place',
  },
  pl: { apples: { one: '{count} jabłko', few: '{count} jabłka', many: '{count} jabłek', other: '{count} jabłka' } },
};

const client = () =>
  createOtaClient({
    cdnKey: 'lh-cdn_x',
    environment: 'DEVELOPMENT',
    type: 'NATIVE_FORMAT',
    languageCode: 'en',
    fallback,
  });

describe('typedT(ota): t(key, values?, locale?)', () => {
  it('fills {name} and {{name}}, and leaves a placeholder without a value as written', () => {
    const t = typedT(client(), 'en');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello, Ada!');
    expect(t('greeting', {})).toBe('Hello, {name}!');
    expect(t('i18n', { name: 'Ada', raw: '<b>', price: 3 })).toBe('Hello, Ada (<b>, 3)');
  });

  it('picks a plural’s form by count in the locale’s rules, in both conventions, else `other`', () => {
    const t = typedT(client(), 'en');
    expect(t('cart.items', { count: 1 })).toBe('1 item');
    expect(t('cart.items', { count: 5 })).toBe('5 items');
    expect(t('boxes', { count: 1 })).toBe('1 box');
    expect(t('boxes', { count: 0 })).toBe('0 boxes');
    expect(t('apples', { count: 3 }, 'pl')).toBe('3 jabłka');
    expect(t('apples', { count: 5 }, 'pl')).toBe('5 jabłek');
  });

  it('without values: the text, the key when there is none; ota.t(key, locale) is as it was', () => {
    const ota = client();
    const t = typedT(ota, 'en');
    expect(t('plain')).toBe('Home');
    expect(t('greeting')).toBe('Hello, {name}!');
    expect(t('missing')).toBe('missing');
    expect(t('missing', { count: 2 })).toBe('missing');
    expect(ota.t('cart.items_one', 'en')).toBe('{{count}} item');
    expect(ota.t('greeting')).toBe('Hello, {name}!');
  });

  it('context, as i18next reads it: the context’s key when it has a text, else the key’s', () => {
    const t = typedT(client(), 'en');
    expect(t('friend', { context: 'male' })).toBe('A boyfriend');
    expect(t('friend', { context: 'female', name: 'Eve' })).toBe('A girlfriend called Eve');
    expect(t('friend', { context: 'other' })).toBe('A friend');
    expect(t('friend', { context: '' })).toBe('A friend');
    expect(t('friend')).toBe('A friend');
    // A context's own plural.
    expect(t('friend', { context: 'male', count: 1 })).toBe('1 boyfriend');
    expect(t('friend', { context: 'male', count: 2 })).toBe('2 boyfriends');
  });

  it('ordinals, as i18next reads them: `{ count, ordinal: true }` picks `_ordinal_<category>` by the ordinal rules', () => {
    const t = typedT(client(), 'en');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((count) => t('place', { count, ordinal: true }))).toEqual([
      '1st place',
      '2nd place',
      '3rd place',
      '4th place',
      '11th place',
      '12th place',
      '13th place',
      '21st place',
      '22nd place',
      '23rd place',
      '101st place',
    ]);
    // Not an ordinal call: the cardinal forms of `place` (it has none), so the key itself.
    expect(t('place', { count: 2 })).toBe('place');
    // The key `loc export --types` names the forms by reads them as ordinals too (it read `_other`: "2th").
    expect(t('place_ordinal', { count: 2 })).toBe('2nd place');
    expect(t('place_ordinal', { count: 11 })).toBe('11th place');
    // Plural rules of a locale Intl does not know: the `other` form.
    expect(typedT(client(), 'not a locale')('place', { count: 2, ordinal: true })).toBe('2th place');
  });

  it('takes its keys from the client: typedT(createOtaClient<LocKeys>()) is typed without a type argument', () => {
    // The types are compiled in examples/typed-keys.test.ts; here, that the call works as the typed one.
    // What `loc export --types` writes for a key without placeholders: `{}`.
    // biome-ignore lint/complexity/noBannedTypes: `{}` is what a key without placeholders takes.
    const ota = createOtaClient<{ plain: {}; 'cart.items': { count: number } }>({
      cdnKey: 'lh-cdn_x',
      environment: 'DEVELOPMENT',
      type: 'NATIVE_FORMAT',
      languageCode: 'en',
      fallback,
    });
    const t = typedT(ota);
    expect(t('plain')).toBe('Home');
    expect(t('cart.items', { count: 2 })).toBe('2 items');
    // @ts-expect-error: a key the client's keys do not have
    expect(t('greeting')).toBe('Hello, {name}!');
  });

  it('never throws, whatever it is given (fast-check, fixed seed)', () => {
    const call = typedT(client(), 'en') as (...args: unknown[]) => unknown;
    fc.assert(
      fc.property(fc.string(), fc.anything(), fc.anything(), (key, first, second) => {
        expect(typeof call(key, first, second)).toBe('string');
      }),
      { seed: 36, numRuns: 500 },
    );
  });
});
