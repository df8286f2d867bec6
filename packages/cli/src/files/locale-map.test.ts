import { describe, expect, it } from 'vitest';
import { collectLocaleMap } from '../options/option-values';
import { BASE, localize, platformOf, resolveLocaleMap } from './locale-map';
import { applyTemplate, placeAll, templateSeparates } from './path-template';

describe('--locale-map and localeMap', () => {
  it('collects repeatable, comma-separated pairs; the flags win over the config', () => {
    const flags = collectLocaleMap('en=Base', collectLocaleMap('zh-Hant=zh-TW, pt-BR=pt'));
    expect(flags).toEqual({ 'zh-Hant': 'zh-TW', 'pt-BR': 'pt', en: 'Base' });
    expect(resolveLocaleMap({ 'zh-Hant': 'zh-HK', de: 'de-DE' }, flags)).toEqual({
      'zh-Hant': 'zh-TW',
      de: 'de-DE',
      'pt-BR': 'pt',
      en: BASE,
    });
  });

  it.each(['zh-Hant', 'zh-Hant=', '=de', 'a=b=c'])('refuses the malformed pair %j', (pair) => {
    expect(() => collectLocaleMap(pair)).toThrow(/from=to/);
  });

  it('names the bad entry and where it came from', () => {
    expect(() => resolveLocaleMap({ 'zh Hant': 'zh-TW' }, undefined)).toThrow(
      /localeMap: 'zh Hant' is not a locale code/,
    );
    expect(() => resolveLocaleMap(undefined, { de: 'values-de' })).toThrow(
      /--locale-map: 'de' is mapped to 'values-de'/,
    );
  });

  it('refuses two locales sent to one name (their files would overwrite each other)', () => {
    expect(() => resolveLocaleMap({ 'zh-Hant': 'zh-TW' }, { 'zh-HK': 'zh_TW' })).toThrow(/both 'zh-Hant' and 'zh-HK'/);
  });

  it('accepts base in any case and codes with underscores, digits and scripts', () => {
    expect(resolveLocaleMap(undefined, { en: 'base', 'es-419': 'es_419', sr: 'sr-Latn-RS' })).toEqual({
      en: BASE,
      'es-419': 'es_419',
      sr: 'sr-Latn-RS',
    });
  });
});

describe('platform layouts', () => {
  it('tells Android and Apple paths from the rest', () => {
    expect(platformOf('app/src/main/res/values-pt-rBR/strings.xml')).toBe('android');
    expect(platformOf('res/values/strings.xml')).toBe('android');
    expect(platformOf('Resources/zh-Hant.lproj/Localizable.strings')).toBe('apple');
    expect(platformOf('locales/de/common.json')).toBeUndefined();
    expect(platformOf('values/strings.json')).toBeUndefined();
  });
});

describe('localize: the map applied to a file of the service', () => {
  const map = { 'zh-Hant': 'zh-TW', 'pt-BR': 'pt', en: BASE, 'sr-Latn-RS': 'sr-Latn-RS' };

  it('keeps unmapped files as the service lays them out', () => {
    expect(localize('res/values-de/strings.xml', 'de', map)).toEqual({
      path: 'res/values-de/strings.xml',
      serviceLocale: 'de',
      locale: 'de',
      base: false,
    });
    expect(localize('res/values/strings.xml', 'fr', {})).toMatchObject({ locale: 'fr', base: true });
  });

  it('renames Android folders with valid qualifiers, the base to values/', () => {
    expect(localize('res/values-b+zh+Hant/strings.xml', 'zh-Hant', map).path).toBe('res/values-zh-rTW/strings.xml');
    expect(localize('res/values-pt-rBR/strings.xml', 'pt-BR', map).path).toBe('res/values-pt/strings.xml');
    expect(localize('res/values-en/strings.xml', 'en', map)).toMatchObject({
      path: 'res/values/strings.xml',
      locale: BASE,
      base: true,
    });
    // an unmapped folder name the service wrote in BCP 47 form is still found
    expect(localize('res/values-zh-Hant/strings.xml', 'zh-Hant', map).path).toBe('res/values-zh-rTW/strings.xml');
  });

  it('takes the source out of values/ when it is mapped to a code', () => {
    expect(localize('res/values/strings.xml', 'en', { en: 'en' })).toMatchObject({
      path: 'res/values-en/strings.xml',
      base: false,
    });
  });

  it('renames Apple .lproj folders, Base included', () => {
    expect(localize('Resources/zh-Hant.lproj/Localizable.strings', 'zh-Hant', map).path).toBe(
      'Resources/zh-TW.lproj/Localizable.strings',
    );
    expect(localize('Resources/en.lproj/Localizable.strings', 'en', map)).toMatchObject({
      path: 'Resources/Base.lproj/Localizable.strings',
      base: true,
    });
    expect(localize('Resources/en.lproj/Localizable.strings', 'en', {})).toMatchObject({
      path: 'Resources/en.lproj/Localizable.strings',
      base: false,
    });
  });

  it('renames the locale where it is a word of the last segment holding it', () => {
    expect(localize('locales/zh-Hant/common.json', 'zh-Hant', map).path).toBe('locales/zh-TW/common.json');
    expect(localize('src/main/resources/de/acme/messages_pt-BR.properties', 'pt-BR', map).path).toBe(
      'src/main/resources/de/acme/messages_pt.properties',
    );
    expect(localize('i18n/pt_BR.po', 'pt-BR', { 'pt-BR': 'pt_PT' }).path).toBe('i18n/pt_PT.po');
    // Java and gettext spell locales their own way; the new name is spelled the same way
    expect(localize('src/main/resources/messages_pt_BR.properties', 'pt-BR', { 'pt-BR': 'pt-PT' }).path).toBe(
      'src/main/resources/messages_pt_PT.properties',
    );
    expect(localize('locale/zh_TW/LC_MESSAGES/app.po', 'zh-Hant', { 'zh-Hant': 'zh-HK' }).path).toBe(
      'locale/zh_HK/LC_MESSAGES/app.po',
    );
    // a Java package named like a locale is left alone
    expect(localize('src/de/acme/messages_de.properties', 'de', { de: 'de-DE' }).path).toBe(
      'src/de/acme/messages_de-DE.properties',
    );
  });

  it('reads the locale of a bundle file (no list) from its folder, and maps it', () => {
    expect(localize('values-b+zh+Hant/strings.xml', undefined, map)).toMatchObject({
      path: 'values-zh-rTW/strings.xml',
      locale: 'zh-TW',
      serviceLocale: 'zh-Hant',
    });
    expect(localize('values/strings.xml', undefined, map)).toMatchObject({
      path: 'values/strings.xml',
      locale: undefined,
      base: true,
    });
    expect(localize('Base.lproj/Localizable.strings', undefined, {})).toMatchObject({ locale: BASE, base: true });
    expect(localize('locales/zh-Hant/common.json', undefined, map)).toMatchObject({
      path: 'locales/zh-TW/common.json',
      locale: 'zh-TW',
    });
    expect(localize('locales/ja/common.json', undefined, map)).toMatchObject({
      path: 'locales/ja/common.json',
      locale: undefined,
    });
  });
});

describe('path templates with the map', () => {
  const place = (template: string, path: string, locale: string | undefined, map = {}) =>
    applyTemplate(template, localize(path, locale, map));

  it('fills {android_values} and {lproj} with the platform defaults', () => {
    expect(place('res/{android_values}/{filename}', 'res/values-pt-rBR/strings.xml', 'pt-BR')).toBe(
      'res/values-pt-rBR/strings.xml',
    );
    expect(place('res/{android_values}/{filename}', 'res/values-b+sr+Latn+RS/strings.xml', 'sr-Latn-RS')).toBe(
      'res/values-b+sr+Latn+RS/strings.xml',
    );
    expect(place('res/{android_values}/{filename}', 'res/values/strings.xml', 'en')).toBe('res/values/strings.xml');
    expect(place('{lproj}/{filename}', 'Resources/zh-Hant.lproj/Localizable.strings', 'zh-Hant')).toBe(
      'zh-Hant.lproj/Localizable.strings',
    );
    expect(place('{lproj}/{filename}', 'Resources/en.lproj/Localizable.strings', 'en', { en: BASE })).toBe(
      'Base.lproj/Localizable.strings',
    );
  });

  it('gives {locale} the mapped name and {service_locale} the service’s', () => {
    expect(place('{locale}/{service_locale}.json', 'x/zh-Hant/a.json', 'zh-Hant', { 'zh-Hant': 'zh-TW' })).toBe(
      'zh-TW/zh-Hant.json',
    );
    expect(place('{locale}.lproj/{filename}', 'R/en.lproj/L.strings', 'en', { en: BASE })).toBe('Base.lproj/L.strings');
  });

  it('refuses a code placeholder for a file in the default folder, saying what to use', () => {
    expect(() => place('values-{android_locale}/{filename}', 'values/strings.xml', undefined)).toThrow(
      /default folder/,
    );
  });

  it('knows what a template tells apart', () => {
    expect(templateSeparates('{locale}.lproj/{filename}')).toEqual({ locales: true, files: true });
    expect(templateSeparates('{filename}')).toEqual({ locales: false, files: true });
    expect(templateSeparates('{android_values}/strings.xml')).toEqual({ locales: true, files: false });
    expect(templateSeparates('{path}')).toEqual({ locales: true, files: true });
    expect(templateSeparates('all.{ext}')).toEqual({ locales: false, files: false });
  });

  it('names both files and the missing placeholder when two land on one path', () => {
    const files = [localize('R/de.lproj/A.strings', 'de', {}), localize('R/fr.lproj/A.strings', 'fr', {})];
    expect(() => placeAll('{filename}', files)).toThrow(
      /puts both 'R\/de.lproj\/A.strings' \(de\) and 'R\/fr.lproj\/A.strings' \(fr\) at 'A.strings'/,
    );
    expect(() => placeAll('{filename}', files)).toThrow(
      expect.objectContaining({ hint: expect.stringMatching(/Add \{locale\}/) }),
    );
    const two = [localize('R/de.lproj/A.strings', 'de', {}), localize('R/de.lproj/B.strings', 'de', {})];
    expect(() => placeAll('{locale}.strings', two)).toThrow(
      expect.objectContaining({ hint: expect.stringMatching(/Add \{filename\}/) }),
    );
    expect(placeAll('{locale}/{filename}', [...files, ...two.slice(1)])).toEqual([
      'de/A.strings',
      'fr/A.strings',
      'de/B.strings',
    ]);
  });
});
