// The plan of a push: which files of the folder are which files of the project, in which locale, sent
// with which name and folder — the layout of `loc export` read backwards — and what is left out.
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ListedFile, type PlanInput, planPush } from './plan';

/** A plan over a folder holding `files` (paths below it). */
function plan(input: Partial<PlanInput> & Pick<PlanInput, 'listed' | 'layout'>, files: string[]) {
  const set = new Set(files);
  return planPush({
    format: undefined,
    sourceLocale: 'en',
    translations: false,
    extensions: ['json', 'strings', 'stringsdict', 'xml', 'properties'],
    exists: (local) => set.has(local),
    folder: (dir) =>
      files.filter((f) => (posix.dirname(f) === '.' ? '' : posix.dirname(f)) === dir).map((f) => posix.basename(f)),
    ...input,
  });
}

const inLocales = (names: string[], locales: string[], folder: (l: string) => string): ListedFile[] =>
  names.flatMap((name) => locales.map((locale) => ({ name, path: folder(locale), locale })));

const web = inLocales(['common.json', 'checkout.json'], ['en', 'de', 'fr'], (l) => `locales/${l}`);
const brief = (p: ReturnType<typeof plan>) =>
  p.files.map((f) => `${f.local} → ${f.folder}/${f.name} ${f.serviceLocale}${f.created ? ' (new)' : ''}`);

describe('planPush', () => {
  it('finds the source files where the template puts them, and a new file beside them', () => {
    const p = plan({ listed: web, layout: { template: '{locale}/{filename}', localeMap: {} } }, [
      'en/common.json',
      'en/checkout.json',
      'en/settings.json',
      'en/.hidden.json',
      'en/notes.txt',
      'de/common.json',
    ]);
    expect(brief(p)).toEqual([
      'en/common.json → locales/en/common.json en',
      'en/checkout.json → locales/en/checkout.json en',
      'en/settings.json → locales/en/settings.json en (new)',
    ]);
    expect(p.files.every((f) => f.side === 'source')).toBe(true);
    expect(p.missing).toEqual([]);
    expect(p.unmatched).toEqual([]);
  });

  it('with translations, the target locales’ files too (only those --locale names), and names the missing', () => {
    const layout = { template: '{locale}/{filename}', localeMap: {} };
    const files = ['en/common.json', 'en/checkout.json', 'de/common.json', 'fr/common.json'];
    const all = plan({ listed: web, layout, translations: true }, files);
    expect(all.files.filter((f) => f.side === 'translation').map((f) => f.local)).toEqual([
      'de/common.json',
      'fr/common.json',
    ]);
    expect(all.missing.map((m) => `${m.local} ${m.side}`)).toEqual([
      'de/checkout.json translation',
      'fr/checkout.json translation',
    ]);
    const de = plan({ listed: web, layout, translations: true, locales: ['de'] }, files);
    expect(de.files.map((f) => f.local)).toEqual(['en/common.json', 'en/checkout.json', 'de/common.json']);
  });

  it('keeps to the files --file names (their placeholder form)', () => {
    const p = plan(
      {
        listed: web,
        layout: { template: '{path}', localeMap: {} },
        files: ['locales/%{locale}/checkout.json'],
        translations: true,
      },
      ['locales/en/common.json', 'locales/en/checkout.json', 'locales/de/checkout.json'],
    );
    expect(p.files.map((f) => f.local)).toEqual(['locales/en/checkout.json', 'locales/de/checkout.json']);
  });

  it('reads the default template {path} as the repository path, and names a source file that is not there', () => {
    const p = plan({ listed: web, layout: { template: '{path}', localeMap: {} } }, ['locales/en/common.json']);
    expect(brief(p)).toEqual(['locales/en/common.json → locales/en/common.json en']);
    expect(p.missing).toEqual([
      {
        local: 'locales/en/checkout.json',
        name: 'checkout.json',
        folder: 'locales/en',
        serviceLocale: 'en',
        side: 'source',
      },
    ]);
  });

  it('undoes the locale map: an iOS source in Base.lproj is the service’s en.lproj, a new table too', () => {
    const ios = inLocales(
      ['Localizable.strings', 'InfoPlist.strings'],
      ['en', 'de', 'zh-Hant'],
      (l) => `Resources/${l}.lproj`,
    );
    const p = plan(
      {
        listed: ios,
        layout: { template: '{lproj}/{filename}', localeMap: { en: 'Base', 'zh-Hant': 'zh-TW' } },
        translations: true,
      },
      [
        'Base.lproj/Localizable.strings',
        'Base.lproj/InfoPlist.strings',
        'Base.lproj/Main.strings',
        'zh-TW.lproj/Localizable.strings',
      ],
    );
    expect(brief(p)).toEqual([
      'Base.lproj/Localizable.strings → Resources/en.lproj/Localizable.strings en',
      'Base.lproj/InfoPlist.strings → Resources/en.lproj/InfoPlist.strings en',
      'Base.lproj/Main.strings → Resources/en.lproj/Main.strings en (new)',
      'zh-TW.lproj/Localizable.strings → Resources/zh-Hant.lproj/Localizable.strings zh-Hant',
    ]);
    expect(p.files.find((f) => f.serviceLocale === 'zh-Hant')?.locale).toBe('zh-TW');
  });

  it('pushes a file’s companion of its platform (the plurals’ .stringsdict beside a .strings) as the same file', () => {
    const ios = inLocales(['Localizable.strings'], ['en', 'de'], (l) => `Resources/${l}.lproj`);
    const p = plan({ listed: ios, layout: { template: '{path}', localeMap: {} }, translations: true }, [
      'Resources/en.lproj/Localizable.strings',
      'Resources/en.lproj/Localizable.stringsdict',
      'Resources/de.lproj/Localizable.strings',
      'Resources/de.lproj/Localizable.stringsdict',
    ]);
    expect(brief(p)).toEqual([
      'Resources/en.lproj/Localizable.strings → Resources/en.lproj/Localizable.strings en',
      'Resources/en.lproj/Localizable.stringsdict → Resources/en.lproj/Localizable.stringsdict en',
      'Resources/de.lproj/Localizable.strings → Resources/de.lproj/Localizable.strings de',
      'Resources/de.lproj/Localizable.stringsdict → Resources/de.lproj/Localizable.stringsdict de',
    ]);
    expect(p.missing).toEqual([]);
  });

  it('finds an Android project’s source in values/, and a new resource file there', () => {
    const android: ListedFile[] = [
      { name: 'strings.xml', path: 'app/src/main/res/values', locale: 'en' },
      { name: 'strings.xml', path: 'app/src/main/res/values-de', locale: 'de' },
      { name: 'strings.xml', path: 'app/src/main/res/values-pt-rBR', locale: 'pt-BR' },
    ];
    const p = plan({ listed: android, layout: { template: '{path}', localeMap: {} } }, [
      'app/src/main/res/values/strings.xml',
      'app/src/main/res/values/plurals.xml',
      'app/src/main/res/values-de/strings.xml',
    ]);
    expect(brief(p)).toEqual([
      'app/src/main/res/values/strings.xml → app/src/main/res/values/strings.xml en',
      'app/src/main/res/values/plurals.xml → app/src/main/res/values/plurals.xml en (new)',
    ]);
  });

  it('tells a new translation, and a file that is no file of the project, from a new source file', () => {
    const backend: ListedFile[] = ['en', 'de'].map((locale) => ({
      name: `messages_${locale}.properties`,
      path: 'src/main/resources',
      locale,
    }));
    const p = plan({ listed: backend, layout: { template: '{path}', localeMap: {} } }, [
      'src/main/resources/messages_en.properties',
      'src/main/resources/messages_de.properties',
      'src/main/resources/errors_en.properties',
      'src/main/resources/errors_de.properties',
      'src/main/resources/application.properties',
    ]);
    expect(brief(p)).toEqual([
      'src/main/resources/messages_en.properties → src/main/resources/messages_en.properties en',
      'src/main/resources/errors_en.properties → src/main/resources/errors_en.properties en (new)',
    ]);
    expect(p.later).toEqual(['src/main/resources/errors_de.properties']);
    expect(p.unmatched).toEqual(['src/main/resources/application.properties']);
  });

  it('names each file in the format the files are in (an export made with --format)', () => {
    const p = plan(
      {
        listed: web,
        layout: { template: '{locale}/{filename}', localeMap: {} },
        format: 'xliff.standard',
        extensions: ['xlf', 'xliff'],
      },
      ['en/common.xlf', 'en/checkout.xlf'],
    );
    expect(brief(p)).toEqual([
      'en/common.xlf → locales/en/common.xlf en',
      'en/checkout.xlf → locales/en/checkout.xlf en',
    ]);
  });

  it('finds a new file in the folder the template names when the project has no file yet', () => {
    const p = plan({ listed: [], layout: { template: '{locale}/{filename}', localeMap: {} } }, ['en/app.json']);
    expect(brief(p)).toEqual(['en/app.json → en/app.json en (new)']);
  });

  it('finds a new Android project’s first source file in values/, where {android_values} puts the source', () => {
    // An export places the source locale in values/ (docs/cli.md, "Locale mapping"): the first push of a
    // project without files looks there, not in values-en/.
    const layout = { template: '{android_values}/strings.xml', localeMap: {} };
    expect(brief(plan({ listed: [], layout }, ['values/strings.xml']))).toEqual([
      'values/strings.xml → values/strings.xml en (new)',
    ]);
    // Mapped to itself, the source is in values-en/ (as an export puts it).
    const mapped = { template: '{android_values}/strings.xml', localeMap: { en: 'en' } };
    expect(brief(plan({ listed: [], layout: mapped }, ['values-en/strings.xml']))).toEqual([
      'values-en/strings.xml → values-en/strings.xml en (new)',
    ]);
  });
});
