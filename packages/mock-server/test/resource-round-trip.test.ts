// Every format loc-mock exports, it takes back: a file downloaded from one project (the hostile strings, in
// every locale) and uploaded into an empty twin gives the same file when the twin is downloaded, byte for
// byte. The twin has the same title and, on a frozen clock, the same revision, so headers that name them
// (PO's) agree too. A format whose reader has not landed yet is a todo here, and runs once it has.
import { createClient, RESOURCE_TYPES, type ExportFormatId } from '@loc/sdk';
import { withFormatExtension } from '@loc/sdk/internal';
import { describe, expect, it } from 'vitest';
import { createClock, hostileSeed, type Seed, WRITERS } from '../src';
import { readerFor } from '../src/formats/readers';
import { useServer } from './helpers';

const TOKEN = 'loc_test_round_trip';
const CREATED = '2026-01-01T00:00:00.000Z';
const TARGETS = ['pt-BR', 'zh-Hant', 'sr-Latn-RS'];

/** The resource type of the project each format is exported from and uploaded into, and its file's template. */
function projectOf(format: ExportFormatId): { resourceType: string; path: string } {
  const templates: Partial<Record<ExportFormatId, string>> = {
    'xml.android.resources': 'app/src/main/res/values-%{locale}/strings.xml',
    'strings.ios': 'App/%{locale}.lproj/Localizable.strings',
    // A stringsdict belongs to an iOS project: the plurals of its .strings file, under the same name.
    'stringsdict.ios': 'App/%{locale}.lproj/Localizable.strings',
    properties: 'src/main/resources/messages_%{locale}.properties',
    'po.gettext': 'locale/%{locale}/LC_MESSAGES/messages.po',
  };
  const own = (RESOURCE_TYPES as readonly { id: string; extension: string }[]).find((t) => t.id === format);
  return {
    resourceType: own ? format : 'strings.ios',
    path: templates[format] ?? `strings/%{locale}/app.${own?.extension}`,
  };
}

const FORMATS = Object.keys(WRITERS) as ExportFormatId[];

/**
 * What a format cannot say, and so does not come back: gettext reads an empty `msgstr` as "not translated",
 * so a key whose text is empty (the hostile `words.empty`) is not a string of the PO file read back.
 */
const UNSAID: Partial<Record<ExportFormatId, (file: string) => string>> = {
  'po.gettext': (file) =>
    file
      .split('\n\n')
      .filter((entry) => !(entry.startsWith('msgctxt') && /\nmsgstr ""\n?$/.test(entry)))
      .join('\n\n'),
};
const slugOf = (format: string) => format.replace(/[^a-z0-9]+/g, '-');

/** The hostile strings in a project per format, and an empty twin of each (same title, same file). */
function seed(): Seed {
  const strings = hostileSeed().projects[0]!.files![0]!.segments;
  const project = (workspace: string, format: ExportFormatId, filled: boolean) => {
    const { resourceType, path } = projectOf(format);
    return {
      workspace,
      slug: slugOf(format),
      title: `Round trip ${format}`,
      owner: 'me@round.test',
      resourceType,
      sourceLocale: 'en',
      targetLocales: TARGETS,
      createdAt: CREATED,
      files: [{ path, segments: filled ? strings : [] }],
    };
  };
  return {
    workspaces: [
      { slug: 'from', name: 'Exported from' },
      { slug: 'into', name: 'Uploaded into' },
    ],
    users: [{ email: 'me@round.test', tokens: [TOKEN], workspaceRoles: { from: 'admin', into: 'admin' } }],
    projects: [
      ...FORMATS.map((format) => project('from', format, true)),
      ...FORMATS.map((format) => project('into', format, false)),
    ],
  };
}

const api = useServer({ seed: seed(), clock: createClock({ frozen: true, start: Date.parse(CREATED) }) });

describe('a file uploaded and exported again', () => {
  for (const format of FORMATS) {
    const title = `is the same file: ${format}`;
    if (!readerFor(format)) {
      it.todo(`${title} (its reader has not landed)`);
      continue;
    }
    it(title, async () => {
      const loc = createClient({ baseUrl: api.url, token: TOKEN, maxRetries: 0 });
      const slug = slugOf(format);
      // Each locale's file by the name and folder the list gives it; a stringsdict by its own extension.
      const { members } = await loc.resources.list('from', slug);
      expect(members.map((m) => m.projectLocale)).toEqual(['en', ...TARGETS]);
      for (const { name: listed, path, projectLocale: locale } of members) {
        const name = withFormatExtension(listed, format);
        const exported = await loc.resources.download('from', slug, { name, path, locale });
        const result = await loc.resources.upload('into', slug, { file: exported, name, path, locale });
        expect(result?.segments?.skipped, `${format} ${locale}: keys the upload skipped`).toBe(0);
        // An upload makes translations TRANSLATED; the ones exported were APPROVED (the others untranslated).
        const [file] = api.server.service.store.project('into', slug).files;
        const keys = file!.segments.filter((s) => s.translations[locale]).map((s) => s.key);
        if (locale !== 'en' && keys.length)
          api.server.service.admin.setTranslations({
            workspace: 'into',
            project: slug,
            locale,
            keys,
            status: 'APPROVED',
          });
        expect(await loc.resources.download('into', slug, { name, path, locale }), `${format} ${locale}`).toBe(
          UNSAID[format]?.(exported) ?? exported,
        );
      }
    });
  }
});
