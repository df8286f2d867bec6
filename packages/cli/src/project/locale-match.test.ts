import { describe, expect, it } from 'vitest';
import { isLocaleCode, localeMatches, localeRefusal, selectLocales } from './locale-match';

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

describe('localeRefusal', () => {
  it('lists the locales there are', () => {
    expect(localeRefusal(['xx'], ['en', 'de'], 'project backend', '--locale')).toEqual([
      '--locale xx names no locale of project backend.',
      'Its locales: en, de.',
    ]);
  });

  it('says that a project without files has none to offer yet, and what to do (not that it has no locales)', () => {
    // A project created with target locales lists them (`loc projects show`), but has no file in any.
    const [, hint] = localeRefusal(['de'], [], 'project qa-empty', '--locale');
    expect(hint).not.toMatch(/no locales/);
    expect(hint).toMatch(/^project qa-empty has no files yet/);
    expect(hint).toContain('`loc push`');
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
