import { describe, expect, it } from 'vitest';
import {
  androidQualifier,
  androidValuesDir,
  appleLocale,
  canonicalLocale,
  gettextLocale,
  javaLocale,
  localeName,
  localeStyleFor,
  localeOfAndroidQualifier,
  localizePath,
  parseLocale,
  sameLocale,
} from './locales';

describe('locale names per platform', () => {
  it.each([
    // tag, android, apple, java, gettext
    ['en', 'en', 'en', 'en', 'en'],
    ['pt-BR', 'pt-rBR', 'pt-BR', 'pt_BR', 'pt_BR'],
    ['zh-Hant', 'b+zh+Hant', 'zh-Hant', 'zh_Hant', 'zh_TW'],
    ['zh-Hans-SG', 'b+zh+Hans+SG', 'zh-Hans-SG', 'zh_Hans_SG', 'zh_SG'],
    ['sr-Latn-RS', 'b+sr+Latn+RS', 'sr-Latn-RS', 'sr_Latn_RS', 'sr_RS@latin'],
    ['es-419', 'b+es+419', 'es-419', 'es_419', 'es_419'],
    ['ca-ES-valencia', 'b+ca+ES+valencia', 'ca-ES-valencia', 'ca_ES_valencia', 'ca_ES@valencia'],
    ['fil', 'fil', 'fil', 'fil', 'fil'],
    ['pt_br', 'pt-rBR', 'pt-BR', 'pt_BR', 'pt_BR'],
  ])('%s', (tag, android, apple, java, gettext) => {
    expect(androidQualifier(tag)).toBe(android);
    expect(appleLocale(tag)).toBe(apple);
    expect(javaLocale(tag)).toBe(java);
    expect(gettextLocale(tag)).toBe(gettext);
    expect(localeName(tag, 'bcp47')).toBe(canonicalLocale(tag));
  });

  it('parses tags and refuses what is none', () => {
    expect(parseLocale('sr_latn_rs')).toEqual({ language: 'sr', script: 'Latn', region: 'RS', variants: [] });
    expect(parseLocale('de-DE-u-co-phonebk')).toEqual({ language: 'de', region: 'DE', variants: [] });
    for (const bad of ['', 'e', 'english!', 'pt-BRA-x', '12', 'de--DE']) expect(parseLocale(bad)).toBeUndefined();
    expect(() => androidQualifier('not a tag')).toThrow(/not a language tag.*pt-BR/);
  });

  it('puts the source locale in the default values/ folder', () => {
    expect(androidValuesDir('en', 'en')).toBe('values');
    expect(androidValuesDir('pt-BR', 'en')).toBe('values-pt-rBR');
    expect(androidValuesDir('en')).toBe('values-en');
  });

  it('fills resource paths in the style of the format', () => {
    const android = { format: 'xml.android.resources', sourceLocale: 'en' };
    expect(localizePath('app/src/main/res/values-%{locale}/strings.xml', 'en', android)).toBe(
      'app/src/main/res/values/strings.xml',
    );
    expect(localizePath('app/src/main/res/values-%{locale}/strings.xml', 'zh-Hant', android)).toBe(
      'app/src/main/res/values-b+zh+Hant/strings.xml',
    );
    expect(localizePath('values-%{locale}/strings.xml', 'en', android)).toBe('values/strings.xml');
    expect(localizePath('Resources/%{locale}.lproj/Localizable.strings', 'pt-BR', { format: 'strings.ios' })).toBe(
      'Resources/pt-BR.lproj/Localizable.strings',
    );
    expect(localizePath('messages_%{locale}.properties', 'sr-Latn-RS', { format: 'properties' })).toBe(
      'messages_sr_Latn_RS.properties',
    );
    expect(localizePath('locale/%{locale}/LC_MESSAGES/app.po', 'pt-BR', { format: 'po.gettext' })).toBe(
      'locale/pt_BR/LC_MESSAGES/app.po',
    );
    expect(localizePath('locales/%{locale}.json', 'pt-BR', { format: 'json.standard' })).toBe('locales/pt-BR.json');
    expect(localizePath('x/%{locale}.json', 'not a tag', { format: 'json.standard' })).toBe('x/not a tag.json');
  });

  it('knows each format’s default style and compares tags loosely', () => {
    expect(localeStyleFor('xml.android.resources')).toBe('android');
    expect(localeStyleFor('stringsdict.ios')).toBe('apple');
    expect(localeStyleFor('yaml.standard')).toBe('bcp47');
    expect(sameLocale('PT_br', 'pt-BR')).toBe(true);
    expect(sameLocale('pt', 'pt-BR')).toBe(false);
  });
});

describe('localeOfAndroidQualifier', () => {
  it.each([
    ['de', 'de'],
    ['pt-rBR', 'pt-BR'],
    ['b+sr+Latn+RS', 'sr-Latn-RS'],
    ['b+zh+Hant', 'zh-Hant'],
    ['b+es+419', 'es-419'],
    ['de-land', 'de'],
    ['night', undefined],
    ['b+1x', undefined],
  ])('reads %s as %s', (qualifier, locale) => {
    expect(localeOfAndroidQualifier(qualifier)).toBe(locale);
  });

  it('inverts androidQualifier', () => {
    for (const tag of ['en', 'pt-BR', 'zh-Hant', 'zh-Hans-SG', 'sr-Latn-RS', 'es-419', 'fil']) {
      expect(localeOfAndroidQualifier(androidQualifier(tag))).toBe(tag);
    }
  });
});
