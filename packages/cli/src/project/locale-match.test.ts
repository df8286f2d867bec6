import { describe, expect, it } from 'vitest';
import { isLocaleCode, localeMatches, selectLocales } from './locale-match';

describe('localeMatches: the one rule of status and export', () => {
  it.each([
    ['de', 'de', true],
    ['DE', 'de', true],
    ['pt', 'pt-BR', true],
    ['zh', 'zh-Hant', true],
    ['pt-br', 'pt-BR', true],
    ['pt-BR', 'pt', false],
    ['pt-BR', 'pt-PT', false],
    ['p', 'pt-BR', false],
    ['xx', 'de', false],
  ])('%s names %s: %s', (requested, locale, expected) => expect(localeMatches(requested, locale)).toBe(expected));

  it('selects what matches and reports what matches nothing', () => {
    expect(selectLocales(['pt', 'xx'], ['en', 'pt-BR', 'pt-PT'])).toEqual({
      selected: ['pt-BR', 'pt-PT'],
      unmatched: ['xx'],
    });
  });
});

describe('isLocaleCode', () => {
  it.each(['en', 'de-AT', 'zh-Hant', 'pt-BR', 'sr-Latn-RS'])('accepts %s', (code) =>
    expect(isLocaleCode(code)).toBe(true),
  );
  it.each(['', 'english', 'not a locale!', 'de_DE', 'x', '12'])('refuses %j', (code) =>
    expect(isLocaleCode(code)).toBe(false),
  );
});
