// Per-file downloads (spec.md §2.8: each resourceExports entry has a downloadUrl): pre-signed like the ZIP's,
// with the same validity, serving exactly the file the ZIP holds under that path.
import { ExportSchema } from '@loc/sdk/schemas';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createClock, DEMO, EXPORT_URL_VALIDITY_MS } from '../src';
import { storageFilePath } from '../src/handlers/storage';
import { createSigner } from '../src/handlers/signing';
import { useServer } from './helpers';

const clock = createClock({ frozen: true, start: Date.parse('2026-11-22T10:00:00Z') });
const SECRET = 'export-files-test-secret';
const api = useServer({ clock, signingSecret: SECRET });
const token = DEMO.tokens.developer;

async function finishedExport(project: string, body: unknown = {}) {
  const created = await api.call('POST', `/v1/acme/projects/${project}/exports`, { token, body });
  const done = ExportSchema.parse(
    (await api.call('GET', `/v1/acme/projects/${project}/exports/${created.json.id}`, { token })).json,
  );
  expect(done.status).toBe('SUCCESS');
  return done;
}

describe('per-file download URLs', () => {
  it('are filled on SUCCESS and serve each file as the ZIP holds it, with its content type', async () => {
    const done = await finishedExport('mobile-android');
    const zip = unzipSync(new Uint8Array(await (await fetch(done.downloadUrl!)).arrayBuffer()));
    expect(done.resourceExports.map((f) => f.filePath)).toContain('app/src/main/res/values-pt-rBR/strings.xml');
    for (const entry of done.resourceExports) {
      const url = new URL(entry.downloadUrl!);
      expect(url.pathname.endsWith(entry.filePath.split('/').map(encodeURIComponent).join('/')), url.pathname).toBe(
        true,
      );
      const response = await fetch(url);
      expect(response.status, entry.filePath).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="strings.xml"');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
      expect(bytes).toEqual(zip[entry.filePath]);
    }
  });

  it('answer HEAD with the length and no body, and other formats with their own content type', async () => {
    const done = await finishedExport('web-frontend', { exportFormat: 'yaml.standard', iso2Slugs: ['de'] });
    const url = done.resourceExports[0]!.downloadUrl!;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  it('are refused when altered (another file, a changed signature) or expired, like the ZIP’s', async () => {
    const done = await finishedExport('mobile-android', { iso2Slugs: ['de', 'fr'] });
    const [de, fr] = done.resourceExports.map((f) => new URL(f.downloadUrl!));
    // de's signature on fr's path: the signature covers the file's path.
    const swapped = new URL(fr!.toString());
    swapped.search = de!.search;
    expect((await fetch(swapped)).status).toBe(403);
    clock.advance(EXPORT_URL_VALIDITY_MS + 1_000);
    const expired = await fetch(de!);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toMatch(/expired/);
  });

  it('answer 404 for a file the ZIP does not hold, even when signed', async () => {
    const done = await finishedExport('mobile-android', { iso2Slugs: ['de'] });
    const zipName = done.filePath!;
    const signer = createSigner(SECRET);
    const url = signer.sign(
      api.url,
      storageFilePath('exports', zipName, 'app/src/main/res/values-xx/strings.xml'),
      clock.now() + 60_000,
    );
    const response = await fetch(url);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatch(/No file 'app\/src\/main\/res\/values-xx\/strings.xml'/);
  });

  it('are null while PROCESSING and on ERROR', async () => {
    api.server.service.faults.failNextExport('boom');
    const created = await api.call('POST', '/v1/acme/projects/web-frontend/exports', { token });
    expect(created.json.resourceExports).toEqual([]);
    const failed = await api.call('GET', `/v1/acme/projects/web-frontend/exports/${created.json.id}`, { token });
    expect(failed.json).toMatchObject({ status: 'ERROR', downloadUrl: null, resourceExports: [] });
  });

  it('405 for another method on a file URL, with Allow', async () => {
    const done = await finishedExport('mobile-android', { iso2Slugs: ['de'] });
    const response = await fetch(done.resourceExports[0]!.downloadUrl!, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
