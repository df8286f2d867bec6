import { describe, expect, it } from 'vitest';
import { expectedFiles, needsFileList, place, select } from './layout';

const layout = (template: string, localeMap = {}) => ({
  outDir: '/out',
  template,
  localeMap,
  writable: { root: '/out' },
});

describe('layout', () => {
  it('places a file: the map, then the template', () => {
    expect(place(layout('{path}', { 'pt-BR': 'pt' }), 'res/values-pt-rBR/strings.xml', 'pt-BR').to).toBe(
      'res/values-pt/strings.xml',
    );
    expect(place(layout('{lproj}/{filename}', { en: 'Base' }), 'R/en.lproj/L.strings', 'en').to).toBe(
      'Base.lproj/L.strings',
    );
  });

  it('asks for the file list only when the template cannot tell locales or files apart', () => {
    expect(needsFileList(layout('{locale}/{filename}'), {})).toBe(false);
    expect(needsFileList(layout('{filename}'), {})).toBe(true);
    expect(needsFileList(layout('{filename}'), { iso2Slugs: ['de'] })).toBe(false);
    expect(needsFileList(layout('{locale}.json'), { filePaths: ['a/%{locale}.json'] })).toBe(false);
    expect(needsFileList(layout('{locale}.json'), {})).toBe(true);
  });

  it('expects the files of the project status the filters keep, named the format’s way', () => {
    const status = {
      resourceFiles: [
        {
          uuid: 'a',
          basename: 'strings.xml',
          filePathWithLocalePlaceholder: 'res/values-%{locale}/strings.xml',
          files: [{ languageCode: 'pt-BR' }, { languageCode: 'de' }],
        },
        {
          uuid: 'b',
          basename: 'more.xml',
          filePathWithLocalePlaceholder: 'res/values-%{locale}/more.xml',
          files: [{ languageCode: 'de' }],
        },
      ],
      supportedExportFormats: [],
      repositoryConnections: [],
      projectType: { id: 'xml.android.resources', name: 'Android' },
    } as never;
    // the locale rule of loc status and loc export: `pt` names pt-BR
    expect(expectedFiles(status, { iso2Slugs: ['pt'] })).toEqual([
      { path: 'res/values-pt-rBR/strings.xml', locale: 'pt-BR' },
    ]);
    expect(expectedFiles(status, { filePaths: ['res/values-%{locale}/more.xml'] })).toEqual([
      { path: 'res/values-de/more.xml', locale: 'de' },
    ]);
  });

  it('selects files of a finished export by placeholder path and locale, the source’s values/ included', () => {
    const listed = [
      { filePath: 'res/values/strings.xml', iso2Slug: 'en', status: 'SUCCESS' },
      { filePath: 'res/values-de/strings.xml', iso2Slug: 'de', status: 'SUCCESS' },
      { filePath: 'res/values-de/more.xml', iso2Slug: 'de', status: 'SUCCESS' },
    ];
    const pick = (files?: string[], locales?: string[]) => select(listed, { files, locales }).map((f) => f.filePath);
    expect(pick(['res/values-%{locale}/strings.xml'])).toEqual(['res/values/strings.xml', 'res/values-de/strings.xml']);
    expect(pick(undefined, ['de'])).toEqual(['res/values-de/strings.xml', 'res/values-de/more.xml']);
    expect(pick(undefined, ['EN'])).toEqual(['res/values/strings.xml']);
    expect(pick(['res/values-de/more.xml'])).toEqual(['res/values-de/more.xml']);
    expect(() => pick(['nope/%{locale}.xml'])).toThrow(/no file matching --file nope\/%\{locale\}\.xml/);
  });
});
