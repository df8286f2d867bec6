import { describe, expect, it } from 'vitest';
import { UsageError } from '../run/errors';
import { applyTemplate, placeAll, templateSeparates, validateTemplate } from './path-template';

const de = { path: 'Resources/de.lproj/Localizable.strings', locale: 'de' };
const ptBR = { path: 'Resources/pt-BR.lproj/Localizable.strings', locale: 'pt-BR' };
const srLatn = { path: 'values-b+sr+Latn+RS/strings.xml', locale: 'sr-Latn-RS' };

describe('path templates', () => {
  it('fills each placeholder from the file and its locale', () => {
    expect(applyTemplate('{path}', de)).toBe('Resources/de.lproj/Localizable.strings');
    expect(applyTemplate('{dir}/{basename}.{ext}', de)).toBe('Resources/de.lproj/Localizable.strings');
    expect(applyTemplate('{locale}/{filename}', ptBR)).toBe('pt-BR/Localizable.strings');
    expect(applyTemplate('{locale_underscore}/{language}-{region}', ptBR)).toBe('pt_BR/pt-BR');
    expect(applyTemplate('res/{android_values}/strings.xml', ptBR)).toBe('res/values-pt-rBR/strings.xml');
    expect(applyTemplate('res/values-{android_locale}/strings.xml', srLatn)).toBe(
      'res/values-b+sr+Latn+RS/strings.xml',
    );
    expect(applyTemplate('{lproj}/{filename}', ptBR)).toBe('pt-BR.lproj/Localizable.strings');
  });

  it('puts the platform default (Base) in values/ and Base.lproj, and refuses a code placeholder for it', () => {
    const base = { path: 'values/strings.xml', locale: 'Base', base: true };
    expect(applyTemplate('{android_values}/strings.xml', base)).toBe('values/strings.xml');
    expect(applyTemplate('{lproj}/Localizable.strings', base)).toBe('Base.lproj/Localizable.strings');
    expect(() => applyTemplate('{language}/strings.xml', base)).toThrow(/default folder, which has no locale code/);
  });

  it('refuses unknown placeholders, paths leaving the folder, and templates without a placeholder', () => {
    expect(() => validateTemplate('{locale}/{nope}')).toThrow(UsageError);
    expect(() => validateTemplate('{locale}/{nope}')).toThrow(/Unknown placeholder \{nope\}/);
    // Names an object has of its own are no placeholders either (`in` would find Object's).
    expect(() => validateTemplate('{constructor}/{path}')).toThrow(/Unknown placeholder \{constructor\}/);
    expect(() => validateTemplate('{__proto__}/{path}')).toThrow(/Unknown placeholder \{__proto__\}/);
    for (const escaping of ['/etc/{locale}', '../{locale}', 'a/../../{locale}', 'C:{locale}']) {
      expect(() => validateTemplate(escaping), escaping).toThrow(/must stay inside the output folder/);
    }
    expect(() => validateTemplate('strings.json')).toThrow(/no placeholder/);
    expect(() => validateTemplate('{locale}/{filename}')).not.toThrow();
    // The check keeps no state between calls (a global RegExp's lastIndex).
    expect(() => validateTemplate('{locale}/{filename}')).not.toThrow();
  });

  it('says which placeholders tell locales and files apart', () => {
    expect(templateSeparates('{path}')).toEqual({ locales: true, files: true });
    expect(templateSeparates('{locale}.json')).toEqual({ locales: true, files: false });
    expect(templateSeparates('{filename}')).toEqual({ locales: false, files: true });
    expect(templateSeparates('{ext}/{region}')).toEqual({ locales: false, files: false });
  });

  it('refuses two files on one path, case-insensitively, naming both and the placeholder to add', () => {
    expect(placeAll('{locale}/{filename}', [de, ptBR])).toEqual([
      'de/Localizable.strings',
      'pt-BR/Localizable.strings',
    ]);
    expect(() => placeAll('{filename}', [de, ptBR])).toThrow(
      /puts both .*\(de\) and .*\(pt-BR\) at 'Localizable.strings'/,
    );
    try {
      placeAll('{filename}', [de, ptBR]);
    } catch (error) {
      expect((error as UsageError).hint).toMatch(/Add \{locale\}/);
    }
    const upper = { path: 'A.strings', locale: 'de' };
    const lower = { path: 'a.strings', locale: 'de' };
    expect(() => placeAll('{locale}/{filename}', [upper, lower])).toThrow(/puts both/);
  });
});
