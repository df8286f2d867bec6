// The export lifecycle with a frozen clock: PROCESSING at once, SUCCESS (or ERROR) when the time has come,
// a real ZIP behind a pre-signed URL (storage.test.ts covers the URLs themselves).
import { ExportSchema } from '@loc/sdk/schemas';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportFormatsFor } from '@loc/sdk';
import { createClock, DEMO, demoSeed } from '../src';
import { useServer } from './helpers';

const clock = createClock({ frozen: true, start: Date.parse('2026-11-22T10:00:00Z') });
const api = useServer({ clock, exportDelayMs: 2_000 });
const token = DEMO.tokens.developer;
const base = '/v1/acme/projects';

async function exportOf(project: string, body: unknown = {}) {
  const created = await api.call('POST', `${base}/${project}/exports`, { token, body });
  expect(created.status).toBe(200);
  return created.json as { id: string; status: string };
}
async function finished(project: string, id: string) {
  clock.advance(2_000);
  const result = await api.call('GET', `${base}/${project}/exports/${id}`, { token });
  expect(result.status).toBe(200);
  return ExportSchema.parse(result.json);
}
async function zipOf(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

describe('exports', () => {
  it('answer PROCESSING at once, stay so until their time, then SUCCESS with a ZIP', async () => {
    const created = await api.call('POST', `${base}/mobile-ios/exports`, { token });
    expect(created.json).toMatchObject({
      status: 'PROCESSING',
      triggerType: 'API_V1',
      downloadUrl: null,
      errorDetails: null,
    });
    expect(created.json.id).toEqual(expect.any(String));
    expect(ExportSchema.safeParse(created.json).success).toBe(true);

    clock.advance(1_000);
    const early = await api.call('GET', `${base}/mobile-ios/exports/${created.json.id}`, { token });
    expect(early.json.status).toBe('PROCESSING');

    const done = await finished('mobile-ios', created.json.id);
    expect(done.status).toBe('SUCCESS');
    expect(done.filePath).toMatch(/\.zip$/);
    expect(done.resourceExports).toHaveLength(10);
    expect(done.resourceExports).toContainEqual(
      expect.objectContaining({
        filePath: 'Resources/de.lproj/Localizable.strings',
        iso2Slug: 'de',
        status: 'SUCCESS',
      }),
    );
    const files = await zipOf(done.downloadUrl!);
    expect(Object.keys(files).sort()).toEqual(done.resourceExports.map((f) => f.filePath).sort());
    expect(strFromU8(files['Resources/de.lproj/Localizable.strings']!)).toContain(
      '"settings.title" = "Einstellungen";',
    );
  });

  it('keep their end state and createdAt on later GETs', async () => {
    const job = (await api.call('POST', `${base}/web-frontend/exports`, { token })).json;
    expect(job.createdAt).toBe(new Date(clock.now()).toISOString());
    const first = await finished('web-frontend', job.id);
    clock.advance(60_000);
    const again = ExportSchema.parse((await api.call('GET', `${base}/web-frontend/exports/${job.id}`, { token })).json);
    expect(again).toMatchObject({ id: job.id, status: 'SUCCESS', filePath: first.filePath, createdAt: job.createdAt });
    // The same files; their download URLs are signed afresh on each GET, as the ZIP's is.
    const withoutUrls = (files: typeof first.resourceExports) => files.map(({ downloadUrl: _, ...f }) => f);
    expect(withoutUrls(again.resourceExports)).toEqual(withoutUrls(first.resourceExports));
  });

  it('without filters: every file × every locale, the source locale first', async () => {
    const done = await finished('web-frontend', (await exportOf('web-frontend')).id);
    expect(done.resourceExports.map((f) => `${f.iso2Slug} ${f.filePath}`)).toEqual([
      'en locales/en/common.json',
      'de locales/de/common.json',
      'fr locales/fr/common.json',
      'ja locales/ja/common.json',
      'en locales/en/checkout.json',
      'de locales/de/checkout.json',
      'fr locales/fr/checkout.json',
      'ja locales/ja/checkout.json',
    ]);
    for (const f of done.resourceExports)
      expect(f).toMatchObject({
        status: 'SUCCESS',
        downloadUrl: expect.stringMatching(/^http.*\/_storage\/exports\/.*\?expires=\d+&signature=[0-9a-f]{64}$/),
      });
  });

  it('filter by filePaths alone', async () => {
    const done = await finished(
      'web-frontend',
      (await exportOf('web-frontend', { filePaths: ['locales/%{locale}/checkout.json'] })).id,
    );
    expect(done.resourceExports.map((f) => f.filePath)).toEqual([
      'locales/en/checkout.json',
      'locales/de/checkout.json',
      'locales/fr/checkout.json',
      'locales/ja/checkout.json',
    ]);
    const files = await zipOf(done.downloadUrl!);
    expect(JSON.parse(strFromU8(files['locales/ja/checkout.json']!))).toEqual({
      'checkout.pay': '今すぐ支払う',
      'checkout.total': '合計: {amount}',
    });
  });

  it('filter by iso2Slugs alone: a two-letter code takes its regional locales, any case', async () => {
    const done = await finished('mobile-android', (await exportOf('mobile-android', { iso2Slugs: ['PT', 'fr'] })).id);
    expect(done.resourceExports.map((f) => `${f.iso2Slug} ${f.filePath}`)).toEqual([
      'pt-BR app/src/main/res/values-pt-rBR/strings.xml',
      'fr app/src/main/res/values-fr/strings.xml',
    ]);
  });

  it('name folders as the platform does: Android qualifiers, the source in values/, Java bundle suffixes', async () => {
    const android = await finished('mobile-android', (await exportOf('mobile-android')).id);
    expect(android.resourceExports.map((f) => `${f.iso2Slug} ${f.filePath}`)).toEqual([
      'en app/src/main/res/values/strings.xml',
      'de app/src/main/res/values-de/strings.xml',
      'fr app/src/main/res/values-fr/strings.xml',
      'pt-BR app/src/main/res/values-pt-rBR/strings.xml',
    ]);
    const backend = await finished('backend', (await exportOf('backend')).id);
    expect(backend.resourceExports.map((f) => f.filePath)).toContain('src/main/resources/messages_pt_BR.properties');
  });

  it('filter by exportFormat alone: every format the resource type exports to, with its extension', async () => {
    const formats = exportFormatsFor('strings.ios').map((f) => f.id);
    expect(formats).toHaveLength(EXPORT_FORMATS.length - 1);
    for (const exportFormat of formats) {
      const done = await finished('mobile-ios', (await exportOf('mobile-ios', { exportFormat })).id);
      expect(done.status, exportFormat).toBe('SUCCESS');
      const extension = EXPORT_FORMATS.find((f) => f.id === exportFormat)!.extension;
      const files = await zipOf(done.downloadUrl!);
      // A stringsdict holds a file's plurals, and the demo has none: no file has one (resource-round-trip.test.ts
      // exports files that have).
      expect(Object.keys(files)).toHaveLength(exportFormat === 'stringsdict.ios' ? 0 : 10);
      for (const name of Object.keys(files))
        expect(name, exportFormat).toMatch(new RegExp(`^Resources/[\\w-]+\\.lproj/\\w+\\.${extension}$`));
    }
  });

  it('honour iso2Slugs, filePaths and exportFormat together', async () => {
    const job = await exportOf('mobile-ios', {
      iso2Slugs: ['de', 'ja'],
      filePaths: ['Resources/%{locale}.lproj/InfoPlist.strings'],
      exportFormat: 'json.standard',
    });
    const done = await finished('mobile-ios', job.id);
    expect(done.resourceExports.map((f) => f.filePath).sort()).toEqual([
      'Resources/de.lproj/InfoPlist.json',
      'Resources/ja.lproj/InfoPlist.json',
    ]);
    const files = await zipOf(done.downloadUrl!);
    expect(JSON.parse(strFromU8(files['Resources/de.lproj/InfoPlist.json']!))).toMatchObject({
      CFBundleDisplayName: 'Acme',
    });
  });

  it('export only translated strings; the source locale has every one', async () => {
    const done = await finished('backend', (await exportOf('backend', { iso2Slugs: ['en', 'de'] })).id);
    const files = Object.entries(await zipOf(done.downloadUrl!));
    const en = files.find(([name]) => name.includes('en'))!;
    expect(
      strFromU8(en[1])
        .split('\n')
        .filter((l) => l.includes('=')).length,
    ).toBe(3);
  });

  it('end in ERROR with details for a format the resource type cannot be exported to', async () => {
    const done = await finished(
      'mobile-ios',
      (await exportOf('mobile-ios', { exportFormat: 'xml.android.resources' })).id,
    );
    expect(done.status).toBe('ERROR');
    expect(done.errorDetails).toMatch(/cannot be exported as xml\.android\.resources/);
    expect(done.downloadUrl).toBeNull();
  });

  it('end in ERROR for a locale the project lacks', async () => {
    expect(
      (await finished('mobile-ios', (await exportOf('mobile-ios', { iso2Slugs: ['ko'] })).id)).errorDetails,
    ).toMatch(/Locale 'ko'/);
  });

  // Each project lists its own formats (supportedExportFormats): an id of the service's form is accepted, and
  // an export to one the project does not list ends ERROR naming them; a malformed id is refused up front.
  it('end in ERROR for a format the project does not list, naming its formats; answer 400 for a malformed id', async () => {
    const created = await exportOf('mobile-ios', { exportFormat: 'docx' as never });
    expect((await finished('mobile-ios', created.id)).errorDetails).toMatch(
      /^Unknown export format 'docx'\. Formats of this project: json\.standard, .*strings\.ios/,
    );
    const result = await api.call('POST', `${base}/mobile-ios/exports`, {
      token,
      body: { exportFormat: 'json standard' },
    });
    expect(result.status).toBe(400);
    expect(result.json.error).toMatch(/exportFormat: "json standard" is not an export format id/);
  });

  it('lists a seed project’s own formats (exportFormats) and exports each as the format it stands for', async () => {
    const seed = demoSeed();
    seed.projects.find((p) => p.slug === 'web-frontend')!.exportFormats = [
      { id: 'json.flat-v2', name: 'Flat JSON (v2)', as: 'json.nested' },
    ];
    api.server.service.store.loadSeed(seed, { remember: false });
    try {
      const status = await api.call('GET', `${base}/web-frontend/status`, { token });
      expect(status.json.supportedExportFormats).toContainEqual({ id: 'json.flat-v2', name: 'Flat JSON (v2)' });
      const done = await finished(
        'web-frontend',
        (await exportOf('web-frontend', { exportFormat: 'json.flat-v2' })).id,
      );
      expect(done.status).toBe('SUCCESS');
      const zip = await zipOf(done.downloadUrl!);
      // Written as json.nested: keys with dots become objects.
      const common = JSON.parse(strFromU8(zip['locales/de/common.json']!)) as Record<string, unknown>;
      expect(Object.values(common).some((v) => typeof v === 'object')).toBe(true);
    } finally {
      api.server.service.store.reset();
    }
  });

  it('answer 404 for a file path the project does not have, and for an unknown id', async () => {
    const bad = await api.call('POST', `${base}/mobile-ios/exports`, { token, body: { filePaths: ['Nope.strings'] } });
    expect(bad.status).toBe(404);
    expect(bad.json.error).toMatch(/File 'Nope.strings' does not exist/);
    expect((await api.call('GET', `${base}/mobile-ios/exports/reg_nope`, { token })).status).toBe(404);
    const other = await exportOf('web-frontend');
    expect((await api.call('GET', `${base}/mobile-ios/exports/${other.id}`, { token })).status).toBe(404);
  });

  // spec.md states 422 for project creation only: a bad export body is a 400 that names the field.
  it('answer 400 for a body of the wrong shape or malformed JSON', async () => {
    const wrong = await api.call('POST', `${base}/mobile-ios/exports`, { token, body: { iso2Slugs: 'de' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatch(/iso2Slugs/);
    const malformed = await api.call('POST', `${base}/mobile-ios/exports`, {
      token,
      raw: '{"iso2Slugs": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('fail on demand (failNextExport)', async () => {
    api.server.service.faults.failNextExport('Disk full (injected)');
    const done = await finished('web-frontend', (await exportOf('web-frontend')).id);
    expect(done).toMatchObject({ status: 'ERROR', errorDetails: 'Disk full (injected)' });
    expect((await finished('web-frontend', (await exportOf('web-frontend')).id)).status).toBe('SUCCESS');
  });
});
