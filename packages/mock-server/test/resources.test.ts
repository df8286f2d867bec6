// The resource files on loc-mock, as a developer's loop meets them through @loc/sdk: list, push (upload and
// import with the six switches), watch the status, pull (a download in one locale, or only the approved
// translations after a reviewer approved some). Every change is seen by status counts, exports and the
// journal; releases keep the strings they were published with; reset() goes back to the seed.
import { createClient, NotFoundError, type LocClient } from '@loc/sdk';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, demoSeed, type Seed } from '../src';
import { escapingZip } from '../src/faults/body-faults';
import { useServer } from './helpers';

/** The demo seed, and a project whose two files share a name (`common.json` in two folders). */
function seed(): Seed {
  const demo = demoSeed();
  demo.projects.push({
    workspace: 'acme',
    slug: 'twins',
    title: 'Twins',
    owner: 'admin@acme.test',
    resourceType: 'json.standard',
    sourceLocale: 'en',
    targetLocales: ['de'],
    files: [
      { path: 'apps/a/%{locale}/common.json', segments: [{ key: 'a', source: 'A', translations: {} }] },
      { path: 'apps/b/%{locale}/common.json', segments: [{ key: 'b', source: 'B', translations: {} }] },
    ],
  });
  return demo;
}

const api = useServer({ seed: seed() });
const web = { ws: 'acme', project: 'web-frontend' } as const;
let loc: LocClient;
const client = () => (loc ??= createClient({ baseUrl: api.url, token: DEMO.tokens.developer, maxRetries: 0 }));
afterEach(() => api.server.service.reset());

/** The de counts of web-frontend's common.json. */
async function counts(locale = 'de', file = 'locales/%{locale}/common.json') {
  const status = await client().projects.status(web.ws, web.project);
  const container = status.resourceFiles.find((f) => f.filePathWithLocalePlaceholder === file)!;
  return container.files.find((f) => f.languageCode === locale)!.statuses;
}

/** common.json of web-frontend in a locale, as a download gives it (parsed). */
async function pull(locale: string, status?: 'ALL' | 'TRANSLATED_AND_APPROVED' | 'APPROVED') {
  const text = await client().resources.download(web.ws, web.project, {
    name: 'common.json',
    path: `locales/${locale}`,
    locale,
    ...(status ? { status } : {}),
  });
  return JSON.parse(text) as Record<string, string>;
}

/** common.json of web-frontend in the source locale, as the seed has it, with `change` applied. */
async function sourceWith(change: (strings: Record<string, string>) => void) {
  const strings = await pull('en');
  change(strings);
  return JSON.stringify(strings, null, 2);
}

async function push(text: string, options: Record<string, unknown> = {}) {
  return client().resources.upload(web.ws, web.project, {
    file: text,
    name: 'common.json',
    path: 'locales/en',
    locale: 'en',
    ...options,
  });
}

/** An export of web-frontend's common.json in `locale`, as its ZIP holds it. */
async function exported(locale: string) {
  const done = await client().exports.createAndWait(web.ws, web.project, { iso2Slugs: [locale] }, { intervalMs: 1 });
  const zip = unzipSync(new Uint8Array(await (await fetch(done.downloadUrl)).arrayBuffer()));
  return JSON.parse(strFromU8(zip[`locales/${locale}/common.json`]!)) as Record<string, string>;
}

describe('GET …/resources', () => {
  it("lists each file in each locale by the name and folder the project's format gives it", async () => {
    const { members } = await client().resources.list(web.ws, web.project);
    expect(members.map((m) => `${m.path}/${m.name} ${m.projectLocale}`)).toEqual(
      ['common', 'checkout'].flatMap((file) =>
        ['en', 'de', 'fr', 'ja'].map((locale) => `locales/${locale}/${file}.json ${locale}`),
      ),
    );
    const android = await client().resources.list('acme', 'mobile-android', { localeInFileName: 'TARGETS' });
    expect(android.members.map((m) => m.path)).toEqual([
      'app/src/main/res/values-de',
      'app/src/main/res/values-fr',
      'app/src/main/res/values-pt-rBR',
    ]);
    const sources = await client().resources.list(web.ws, web.project, { localeInFileName: 'NONE' });
    expect(sources.members.map((m) => m.projectLocale)).toEqual(['en', 'en']);
  });

  it("gives each file a self link that downloads it, naming its locale unless addIso2Slug is 'false'", async () => {
    const [first] = (await client().resources.list(web.ws, web.project)).members;
    const href = first!.links.find((l) => l.rel === 'self')!.href;
    expect(new URL(href).searchParams.get('iso2_slug')).toBe('en');
    const download = await fetch(href, { headers: { authorization: `Bearer ${DEMO.tokens.developer}` } });
    expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    expect(JSON.parse(await download.text())).toMatchObject({ 'app.title': 'Acme Notes' });
    const bare = (await client().resources.list(web.ws, web.project, { addIso2Slug: false })).members[0]!;
    expect(new URL(bare.links[0]!.href).searchParams.has('iso2_slug')).toBe(false);
  });

  it('answers 400 for a query value it does not take, naming the parameter', async () => {
    const answer = await api.call('GET', '/v1/acme/projects/web-frontend/resources?localeInFileName=SOME', {
      token: DEMO.tokens.developer,
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/localeInFileName="SOME"/);
  });
});

describe('a push of the source file', () => {
  it('creates a new key as a segment NOT_TRANSLATED in every target, and exports carry it', async () => {
    const before = await counts();
    const result = await push(await sourceWith((s) => Object.assign(s, { 'nav.new': 'New' })));
    expect(result).toMatchObject({
      name: 'common.json',
      path: 'locales/en',
      projectLocale: 'en',
      filePathWithLocalePlaceholder: 'locales/%{locale}/common.json',
      fileCreated: false,
      segments: { created: 1, updated: 0, deactivated: 0, skipped: 0 },
    });
    expect(await counts()).toEqual({ ...before, NOT_TRANSLATED: before.NOT_TRANSLATED + 1 });
    expect((await counts('ja')).NOT_TRANSLATED).toBe((await counts('ja')).NOT_TRANSLATED);
    expect((await exported('en'))['nav.new']).toBe('New');
    expect(await exported('de')).not.toHaveProperty('nav.new');
  });

  it('updates a changed source text; its translations keep their text and wait for review (DRAFT)', async () => {
    expect((await pull('de', 'APPROVED'))['app.title']).toBe('Acme Notizen');
    const before = await counts();
    const result = await push(await sourceWith((s) => Object.assign(s, { 'app.title': 'Acme Notes 2' })));
    expect(result?.segments).toMatchObject({ updated: 1, created: 0 });
    expect(await counts()).toEqual({ ...before, APPROVED: before.APPROVED - 1, DRAFT: before.DRAFT + 1 });
    expect((await pull('de'))['app.title']).toBe('Acme Notizen');
    expect(await pull('de', 'APPROVED')).not.toHaveProperty('app.title');
    expect((await exported('en'))['app.title']).toBe('Acme Notes 2');
  });

  it('leaves a key the file lacks unless deactivateMissing; deactivated, it is neither counted nor exported', async () => {
    const without = await sourceWith((s) => delete s.emoji);
    const before = await counts();
    expect((await push(without))?.segments).toMatchObject({ deactivated: 0 });
    expect(await counts()).toEqual(before);
    const result = await push(without, { source: { deactivateMissing: true } });
    expect(result?.segments).toMatchObject({ deactivated: 1 });
    expect(await counts()).toEqual({ ...before, APPROVED: before.APPROVED - 1 });
    expect(await exported('de')).not.toHaveProperty('emoji');
    expect(await exported('en')).not.toHaveProperty('emoji');
  });

  it('brings a deactivated key back with its translations when a push has it again', async () => {
    await push(await sourceWith((s) => delete s.emoji), { source: { deactivateMissing: true } });
    const result = await push(await sourceWith((s) => Object.assign(s, { emoji: 'Ship it 🚀' })));
    expect(result?.segments).toMatchObject({ created: 1 });
    expect((await pull('de', 'APPROVED')).emoji).toBe('Los geht’s 🚀');
  });

  it('does what its switches allow and no more: createNew and updateExisting off skip', async () => {
    const text = await sourceWith((s) => Object.assign(s, { 'nav.new': 'New', 'app.title': 'Changed' }));
    const result = await push(text, { source: { createNew: false, updateExisting: false } });
    expect(result?.segments).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect(await pull('en')).toMatchObject({ 'app.title': 'Acme Notes' });
    expect(await pull('en')).not.toHaveProperty('nav.new');
  });

  it('creates a file the project lacks, under the folder it names, its locale as %{locale}', async () => {
    const result = await client().resources.upload(web.ws, web.project, {
      file: '{"settings.title": "Settings"}',
      name: 'translations.en.json',
      path: '/config/locales',
      locale: 'en',
    });
    expect(result).toMatchObject({
      fileCreated: true,
      filePathWithLocalePlaceholder: 'config/locales/translations.%{locale}.json',
      segments: { created: 1 },
    });
    const status = await client().projects.status(web.ws, web.project);
    expect(status.resourceFiles.map((f) => f.filePathWithLocalePlaceholder)).toContain(
      'config/locales/translations.%{locale}.json',
    );
    // Its translation then lands in it, by the locale its name gives.
    const de = await client().resources.upload(web.ws, web.project, {
      file: '{"settings.title": "Einstellungen"}',
      name: 'translations.de.json',
      path: 'config/locales',
    });
    expect(de).toMatchObject({ projectLocale: 'de', fileCreated: false, segments: { created: 1 } });
  });

  it('answers 404 for a translation of a file the project lacks, and changes nothing', async () => {
    const error = await client()
      .resources.upload(web.ws, web.project, { file: '{}', name: 'settings.json', path: 'locales/de' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/Upload the file in the source locale \(en\) first/);
  });
});

describe('a push of a translation', () => {
  it('adds, updates and (only when asked) removes translations of one locale', async () => {
    const de = await pull('de');
    const before = await counts();
    // `format` (APPROVED) changed; `question.start` (DRAFT) left as it was; `multiline` removed; one key unknown.
    const { multiline: _, ...rest } = de;
    const text = JSON.stringify({ ...rest, format: '%@ hat %d Nachrichten', 'not.a.key': 'x' });
    const result = await client().resources.upload(web.ws, web.project, {
      file: text,
      name: 'common.json',
      path: 'locales/de',
      target: { deactivateMissing: true },
    });
    const unchanged = Object.keys(de).length - 2;
    expect(result?.segments).toEqual({ created: 0, updated: 1, deactivated: 1, unchanged, skipped: 1 });
    expect(await counts()).toEqual({
      ...before,
      APPROVED: before.APPROVED - 1,
      TRANSLATED: before.TRANSLATED, // `format` APPROVED → TRANSLATED, `multiline` TRANSLATED → gone
      NOT_TRANSLATED: before.NOT_TRANSLATED + 1,
    });
    const after = await pull('de', 'TRANSLATED_AND_APPROVED');
    expect(after.format).toBe('%@ hat %d Nachrichten');
    expect(after).not.toHaveProperty('multiline');
    expect(after).not.toHaveProperty('not.a.key');
  });
});

describe('what a name addresses', () => {
  it('answers 406 for a name two files have when no path tells them apart, and takes it with the path', async () => {
    const upload = (path?: string) =>
      api.call('POST', `/v1/acme/projects/twins/resources`, {
        token: DEMO.tokens.admin,
        ...form({ iso2_slug: 'en', ...(path ? { path } : {}) }, 'common.json', '{"a": "A2"}'),
      });
    const collision = await upload();
    expect(collision.status).toBe(406);
    expect(collision.json.error).toMatch(/apps\/a\/%\{locale\}\/common.json, apps\/b\/%\{locale\}\/common.json/);
    expect((await upload('apps/a/en')).status).toBe(200);
  });

  it('answers 406 for a name every locale of a file has, without a locale or a folder', async () => {
    const answer = await api.call('POST', '/v1/acme/projects/web-frontend/resources', {
      token: DEMO.tokens.developer,
      ...form({}, 'common.json', '{}'),
    });
    expect(answer.status).toBe(406);
    expect(answer.json.error).toMatch(/give its locale \(`iso2_slug`\) or its folder/);
  });

  it('reads UTF-16 with a byte order mark in a .strings file (as Xcode wrote them) and UTF-8 with one in JSON', async () => {
    // Each reader decodes by its format's rule: UTF-16 is a .strings file's, never JSON's (RFC 8259: UTF-8).
    const strings = '"app.title" = "Acme Notizen – Ü";\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(strings, 'utf16le')]);
    const ios = await api.call('POST', '/v1/acme/projects/mobile-ios/resources', {
      token: DEMO.tokens.developer,
      ...form({ iso2_slug: 'de', path: 'Resources/de.lproj' }, 'Localizable.strings', utf16),
    });
    expect(ios.status, ios.text).toBe(200);
    const iosText = await client().resources.download(web.ws, 'mobile-ios', {
      name: 'Localizable.strings',
      path: 'Resources/de.lproj',
      locale: 'de',
    });
    expect(iosText).toContain('"app.title" = "Acme Notizen – Ü";');
    const json = JSON.stringify({ 'app.title': 'Acme Notizen – Ö' });
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]);
    const answer = await api.call('POST', '/v1/acme/projects/web-frontend/resources', {
      token: DEMO.tokens.developer,
      ...form({ iso2_slug: 'de', path: 'locales/de' }, 'common.json', utf8),
    });
    expect(answer.status, answer.text).toBe(200);
    expect((await pull('de'))['app.title']).toBe('Acme Notizen – Ö');
    const utf16Json = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]);
    const refused = await api.call('POST', '/v1/acme/projects/web-frontend/resources', {
      token: DEMO.tokens.developer,
      ...form({ iso2_slug: 'de', path: 'locales/de' }, 'common.json', utf16Json),
    });
    expect([refused.status, refused.text]).toEqual([
      422,
      expect.stringMatching(/UTF-16LE byte order mark.*save it as UTF-8/),
    ]);
  });

  it('reads the locale and folder from the query as from the form, as the service takes either', async () => {
    const answer = await api.call('POST', '/v1/acme/projects/web-frontend/resources?iso2_slug=de&path=locales%2Fde', {
      token: DEMO.tokens.developer,
      ...form({}, 'common.json', JSON.stringify({ 'app.title': 'Acme Notizen!' })),
    });
    expect([answer.status, answer.json.project_locale, answer.json.segments.updated]).toEqual([200, 'de', 1]);
  });
});

describe('refused uploads change nothing', () => {
  it.each([
    ['not JSON', 'common.json', '{"a": "b",\n  oops\n}', 422, /common.json is not a json.standard file/],
    ['not an object of strings, naming its line', 'common.json', '[]', 422, /json.standard file: line 1\b/],
    [
      'not UTF-8, naming its line',
      'common.json',
      Buffer.from('{\n"a": "b",\n"c": "\xff\xfe"\n}', 'latin1'),
      422,
      /line 3: the file is not UTF-8/,
    ],
    ['a locale the project lacks', 'common.json', '{}', 422, /Locale 'es' is not a locale of project 'web-frontend'/],
    [
      'a folder that climbs out',
      'common.json',
      '{}',
      422,
      /reads as "\." or "\.\.": name a folder inside the repository/,
    ],
  ])('%s', async (what, name, content, status, message) => {
    const fields: Record<string, string> =
      what === 'a locale the project lacks'
        ? { iso2_slug: 'es' }
        : what === 'a folder that climbs out'
          ? { path: 'locales/../../etc', iso2_slug: 'en' }
          : { path: 'locales/en', iso2_slug: 'en' };
    const before = await client().projects.status(web.ws, web.project);
    const answer = await api.call('POST', '/v1/acme/projects/web-frontend/resources', {
      token: DEMO.tokens.developer,
      ...form(fields, name, content),
    });
    expect(answer.status).toBe(status);
    expect(answer.json.error).toMatch(message);
    expect(await client().projects.status(web.ws, web.project)).toEqual(before);
  });

  it('answers 400 for a body that is not a form, a form without its file, and a switch that is not true or false', async () => {
    const url = '/v1/acme/projects/web-frontend/resources';
    const token = DEMO.tokens.developer;
    const json = await api.call('POST', url, { token, body: { file: '{}' } });
    expect([json.status, json.json.error]).toEqual([400, expect.stringMatching(/not multipart\/form-data/)]);
    const noFile = await api.call('POST', url, { token, ...form({ iso2_slug: 'en', file: 'x' }) });
    expect([noFile.status, noFile.json.error]).toEqual([400, expect.stringMatching(/no file part `file`/)]);
    const badSwitch = await api.call('POST', url, {
      token,
      ...form({ 'source:createNew': 'yes' }, 'common.json', '{}'),
    });
    expect([badSwitch.status, badSwitch.json.error]).toEqual([400, expect.stringMatching(/source:createNew/)]);
  });

  it('answers 413 to an upload over the limit', async () => {
    const answer = await api.call('POST', '/v1/acme/projects/web-frontend/resources', {
      token: DEMO.tokens.developer,
      ...form({ iso2_slug: 'en' }, 'common.json', 'x'.repeat(16 * 1024 * 1024 + 1)),
    });
    expect(answer.status).toBe(413);
  });
});

describe('a pull of only what reviewers approved', () => {
  it('ships the draft with ALL, leaves it out with APPROVED, and ships it once a reviewer approved it', async () => {
    expect((await pull('de'))['question.start']).toBe('?Hilfe');
    expect(await pull('de', 'APPROVED')).not.toHaveProperty('question.start');
    expect(await pull('de', 'TRANSLATED_AND_APPROVED')).not.toHaveProperty('question.start');
    expect((await pull('de', 'TRANSLATED_AND_APPROVED')).multiline).toBe('Zeile eins\nZeile zwei\tTab');
    expect(await pull('de', 'APPROVED')).not.toHaveProperty('multiline');
    api.server.service.admin.setTranslations({
      workspace: 'acme',
      project: 'web-frontend',
      locale: 'de',
      keys: ['question.start'],
      status: 'APPROVED',
    });
    expect((await pull('de', 'APPROVED'))['question.start']).toBe('?Hilfe');
    // The source locale's file is whole whatever the filter.
    expect(Object.keys(await pull('en', 'APPROVED'))).toEqual(Object.keys(await pull('en')));
  });

  it('answers 404 for a file or locale the project lacks', async () => {
    const missing = client().resources.download(web.ws, web.project, { name: 'nope.json', locale: 'de' });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    const locale = client().resources.download(web.ws, web.project, { name: 'common.json', locale: 'es' });
    await expect(locale).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('a ZIP push', () => {
  it('imports each file under its path, all or none', async () => {
    const en = await sourceWith((s) => Object.assign(s, { 'zip.new': 'From a ZIP' }));
    const good = zipSync({
      'locales/en/common.json': strToU8(en),
      'locales/de/common.json': strToU8(JSON.stringify({ 'zip.new': 'Aus einem ZIP' })),
      '__MACOSX/locales/en/._common.json': strToU8('junk'),
    });
    const result = await client().resources.uploadZip(web.ws, web.project, { file: good });
    expect(result?.members?.map((m) => [m.projectLocale, m.segments?.created])).toEqual([
      ['en', 1],
      ['de', 1],
    ]);
    expect((await pull('de'))['zip.new']).toBe('Aus einem ZIP');
    api.server.service.reset();
    const bad = zipSync({
      'locales/en/common.json': strToU8(en),
      'locales/de/common.json': strToU8('{ not json'),
    });
    const answer = await api.call('POST', '/v1/acme/projects/web-frontend/resources/zip', {
      token: DEMO.tokens.developer,
      ...form({}, 'strings.zip', bad),
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatch(/^locales\/de\/common.json/);
    expect(await pull('en')).not.toHaveProperty('zip.new');
  });

  it('refuses an entry outside the repository, a link, and a ZIP that inflates past its limit', async () => {
    const outside = zipSync({ '../../etc/common.json': strToU8('{}') });
    const bomb = claimingSize(zipSync({ 'locales/en/common.json': strToU8('{}') }), 65 * 1024 * 1024);
    const link = escapingZip(zipSync({ 'locales/en/common.json': strToU8('{}') }), 'ZIP_ENTRY_SYMLINK');
    for (const [zip, message] of [
      [outside, /a ZIP upload holds paths inside the repository/],
      [link, /'loc-mock-link' is a symbolic link/],
      [bomb, /inflates to more than/],
      [strToU8('not a zip'), /not a ZIP archive/],
    ] as const) {
      const answer = await api.call('POST', '/v1/acme/projects/web-frontend/resources/zip', {
        token: DEMO.tokens.developer,
        ...form({}, 'strings.zip', zip),
      });
      expect([answer.status, answer.json.error]).toEqual([422, expect.stringMatching(message)]);
    }
  });
});

describe('what else sees a push', () => {
  it('the journal records it; reset() goes back to the seed', async () => {
    await push(await sourceWith((s) => Object.assign(s, { 'nav.new': 'New' })));
    const seen = api.server.service.admin.verify({ method: 'POST', path: '/v1/acme/projects/web-frontend/resources' });
    expect(seen.count).toBe(1);
    expect(seen.requests[0]!.status).toBe(200);
    api.server.service.reset();
    expect(await pull('en')).not.toHaveProperty('nav.new');
  });

  it('a release keeps the strings it was published with; one published after the push has the new ones', async () => {
    const cdn = createClient({ baseUrl: api.url, cdnKey: DEMO.cdnKeys.valid });
    const check = () => cdn.cdn.check({ distributionEnvironment: 'DEVELOPMENT', distributionType: 'NATIVE_FORMAT' });
    const bundle = async () => {
      const release = await check();
      const zip = unzipSync(new Uint8Array(await (await fetch(release!.filesUrl)).arrayBuffer()));
      return JSON.parse(strFromU8(zip['locales/en/common.json']!)) as Record<string, string>;
    };
    expect((await bundle())['app.title']).toBe('Acme Notes');
    await push(await sourceWith((s) => Object.assign(s, { 'app.title': 'Acme Notes 2' })));
    expect((await bundle())['app.title']).toBe('Acme Notes');
    api.server.service.admin.publishRelease({
      workspace: 'acme',
      environment: 'DEVELOPMENT',
      type: 'NATIVE_FORMAT',
      release: { id: 'rel_web_dev_2', name: 'After the push' },
    });
    expect((await check())?.distributionReleaseId).toBe('rel_web_dev_2');
    expect((await bundle())['app.title']).toBe('Acme Notes 2');
  });
});

/**
 * A ZIP whose central directory says its one entry inflates to `size` bytes: what a ZIP bomb's directory
 * says, without making one (the size is checked before anything is inflated).
 */
function claimingSize(zip: Uint8Array, size: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = zip.byteLength - 22; at >= 0; at--) {
    if (view.getUint32(at, true) !== 0x02014b50) continue; // a central directory header
    view.setUint32(at + 24, size, true);
    break;
  }
  return zip;
}

/** A multipart body with these fields and, when named, the file part `file`. */
function form(fields: Record<string, string>, name?: string, content?: string | Uint8Array) {
  const body = new FormData();
  for (const [field, value] of Object.entries(fields)) body.append(field, value);
  if (name !== undefined) body.append('file', new Blob([content as BlobPart]), name);
  return { form: body };
}
