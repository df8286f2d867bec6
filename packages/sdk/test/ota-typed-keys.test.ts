// `typedT(ota)` of @loc/sdk/ota: what the typed keys of `loc export --types` promise at runtime (a plural's
// form by `count`, placeholders filled), and `ota.t(key, locale)` as it was.
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
    const t = typedT(client(), 'en') as (key: string, values?: object, locale?: string) => string;
    expect(t('greeting', { name: 'Ada' })).toBe('Hello, Ada!');
    expect(t('greeting', {})).toBe('Hello, {name}!');
    expect(t('i18n', { name: 'Ada', raw: '<b>', price: 3 })).toBe('Hello, Ada (<b>, 3)');
  });

  it('picks a plural’s form by count in the locale’s rules, in both conventions, else `other`', () => {
    const t = typedT(client(), 'en') as (key: string, values?: object, locale?: string) => string;
    expect(t('cart.items', { count: 1 })).toBe('1 item');
    expect(t('cart.items', { count: 5 })).toBe('5 items');
    expect(t('boxes', { count: 1 })).toBe('1 box');
    expect(t('boxes', { count: 0 })).toBe('0 boxes');
    expect(t('apples', { count: 3 }, 'pl')).toBe('3 jabłka');
    expect(t('apples', { count: 5 }, 'pl')).toBe('5 jabłek');
  });

  it('without values: the text, the key when there is none; ota.t(key, locale) is as it was', () => {
    const ota = client();
    const t = typedT(ota, 'en') as (key: string, values?: object, locale?: string) => string;
    expect(t('plain')).toBe('Home');
    expect(t('greeting')).toBe('Hello, {name}!');
    expect(t('missing')).toBe('missing');
    expect(t('missing', { count: 2 })).toBe('missing');
    expect(ota.t('cart.items_one', 'en')).toBe('{{count}} item');
    expect(ota.t('greeting')).toBe('Hello, {name}!');
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
