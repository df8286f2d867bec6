// loc.resources: the list, an upload (multipart), a ZIP upload and a download (the file's text, not JSON),
// each checked as a server receives it (msw). On a real socket: resources-wire.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError, InvalidRequestError } from '../src/index';
import { fileFromPath } from '../src/node';
import { OPERATIONS } from '../src/schemas/operations';
import { IMPORT_SWITCHES } from '../src/schemas/resources';
import { BASE, client, HttpResponse, http, useMsw } from './fixtures';

const server = useMsw();
const RESOURCES = `${BASE}/v1/acme/projects/web-frontend/resources`;

const imported = {
  name: 'common.json',
  path: 'locales/de',
  project_locale: 'de',
  filePathWithLocalePlaceholder: 'locales/%{locale}/common.json',
  fileCreated: false,
  segments: { created: 1, updated: 0, deactivated: 0, unchanged: 3, skipped: 0 },
  links: [{ rel: 'self', href: `${RESOURCES}/common.json?path=locales%2Fde&iso2_slug=de` }],
};

/** What a test's handler saw of an upload: the query, the content type, and the form as a server parses it. */
async function formOf(request: Request) {
  return {
    query: Object.fromEntries(new URL(request.url).searchParams),
    type: request.headers.get('content-type') ?? '',
    form: [...(await request.formData()).entries()],
  };
}

describe('resources.list()', () => {
  it('sends its query by the names the contract declares and reads each entry', async () => {
    let url = '';
    server.use(
      http.get(RESOURCES, ({ request }) => {
        url = request.url;
        return HttpResponse.json({
          members: [
            {
              name: 'common.json',
              project_locale: 'de',
              links: [{ rel: 'self', href: `${RESOURCES}/common.json?path=locales%2Fde&iso2_slug=de` }],
              extra: true,
            },
            { name: 'Localizable.strings', project_locale: 'en', links: [{ rel: 'self', href: `${RESOURCES}/x` }] },
          ],
        });
      }),
    );
    const list = await client().resources.list('acme', 'web-frontend', {
      localeInFileName: 'TARGETS',
      addIso2Slug: true,
    });
    const query = new URL(url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ localeInFileName: 'TARGETS', addIso2Slug: 'true' });
    expect([...query.keys()].every((name) => name in OPERATIONS.listResources.query)).toBe(true);
    expect(list.members[0]).toMatchObject({
      name: 'common.json',
      projectLocale: 'de',
      path: 'locales/de',
      extra: true,
    });
    expect(list.members[1]!.path).toBeUndefined();
  });

  it('sends no query when none is asked for, and refuses an entry without a name', async () => {
    let search = '?';
    server.use(
      http.get(RESOURCES, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ members: [{ project_locale: 'de', links: [] }] });
      }),
    );
    const error = await client()
      .resources.list('acme', 'web-frontend')
      .catch((e: unknown) => e);
    expect(search).toBe('');
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues[0]!.path).toBe('$.members[0].name');
  });
});

describe('resources.upload()', () => {
  it('sends multipart/form-data: iso2_slug, path, the switches by their wire names, then the file part', async () => {
    let seen: Awaited<ReturnType<typeof formOf>> | undefined;
    server.use(
      http.post(RESOURCES, async ({ request }) => {
        seen = await formOf(request);
        return HttpResponse.json(imported);
      }),
    );
    const result = await client().resources.upload('acme', 'web-frontend', {
      file: '{"nav.home":"Start"}',
      name: 'common.json',
      path: 'locales/de',
      locale: 'de',
      source: { createNew: true },
      target: { createNew: false, updateExisting: true, deactivateMissing: true },
    });
    expect(seen!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen!.query).toEqual({});
    const fields = seen!.form.map(([name, value]) => [name, typeof value === 'string' ? value : `file ${value.name}`]);
    expect(fields).toEqual([
      ['iso2_slug', 'de'],
      ['path', 'locales/de'],
      ['source:createNew', 'true'],
      ['target:createNew', 'false'],
      ['target:updateExisting', 'true'],
      ['target:deactivateMissing', 'true'],
      ['file', 'file common.json'],
    ]);
    // The names it sends are the contract's form fields.
    const declared = Object.keys(OPERATIONS.uploadResource.requestBody.schema.shape);
    for (const [name] of fields) expect(declared).toContain(name);
    expect(IMPORT_SWITCHES.every((name) => declared.includes(name))).toBe(true);
    expect(await (seen!.form.at(-1)![1] as File).text()).toBe('{"nav.home":"Start"}');
    expect(result).toMatchObject({ projectLocale: 'de', segments: { created: 1 } });
  });

  it('takes a File by its own name, and bytes with a name', async () => {
    const names: string[] = [];
    server.use(
      http.post(RESOURCES, async ({ request }) => {
        names.push(((await request.formData()).get('file') as File).name);
        return HttpResponse.json(imported);
      }),
    );
    const loc = client();
    await loc.resources.upload('acme', 'web-frontend', { file: new File(['{}'], 'checkout.json') });
    await loc.resources.upload('acme', 'web-frontend', { file: new TextEncoder().encode('{}'), name: 'a.json' });
    expect(names).toEqual(['checkout.json', 'a.json']);
  });

  it('refuses a file without a name, or a name with a folder in it, before anything is sent', async () => {
    let calls = 0;
    server.use(
      http.post(RESOURCES, () => {
        calls++;
        return HttpResponse.json(imported);
      }),
    );
    const loc = client();
    for (const upload of [
      { file: new Blob(['{}']) },
      { file: '{}', name: 'locales/de/common.json' },
      { file: 42 as unknown as string, name: 'a.json' },
    ]) {
      const error = await loc.resources.upload('acme', 'web-frontend', upload).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
    }
    expect(calls).toBe(0);
  });

  it('names a 406 (a name two files share) by its status text', async () => {
    server.use(http.post(RESOURCES, () => HttpResponse.json({ error: 'give its folder as `path`' }, { status: 406 })));
    const error = await client()
      .resources.upload('acme', 'web-frontend', { file: '{}', name: 'common.json' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      '406 Not Acceptable from POST /v1/acme/projects/web-frontend/resources: give its folder as `path`',
    );
  });

  it('resolves to null when the service answers without a body (its answer is not documented)', async () => {
    server.use(http.post(RESOURCES, () => new HttpResponse(null, { status: 200 })));
    await expect(client().resources.upload('acme', 'web-frontend', { file: '{}', name: 'a.json' })).resolves.toBeNull();
  });

  it('streams a file from disk (fileFromPath of @loc/sdk/node), named as the file is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loc-upload-'));
    writeFileSync(join(dir, 'messages.json'), '{"a":"b"}');
    let part: File | undefined;
    server.use(
      http.post(RESOURCES, async ({ request }) => {
        part = (await request.formData()).get('file') as File;
        return HttpResponse.json(imported);
      }),
    );
    await client().resources.upload('acme', 'web-frontend', { file: await fileFromPath(join(dir, 'messages.json')) });
    expect([part!.name, await part!.text()]).toEqual(['messages.json', '{"a":"b"}']);
  });
});

describe('resources.uploadZip()', () => {
  it('sends the ZIP as the part file (resources.zip unless named) and reads each file it imported', async () => {
    let seen: Awaited<ReturnType<typeof formOf>> | undefined;
    server.use(
      http.post(`${RESOURCES}/zip`, async ({ request }) => {
        seen = await formOf(request);
        return HttpResponse.json({ members: [imported] });
      }),
    );
    const result = await client().resources.uploadZip('acme', 'web-frontend', {
      file: new Uint8Array([1, 2, 3]),
      source: { deactivateMissing: false },
    });
    expect(seen!.form.map(([name]) => name)).toEqual(['source:deactivateMissing', 'file']);
    const file = seen!.form.at(-1)![1] as File;
    expect([file.name, file.type]).toEqual(['resources.zip', 'application/zip']);
    expect(result?.members?.[0]?.projectLocale).toBe('de');
  });
});

describe('resources.download()', () => {
  it('gives the text as it is, for a name, folder, locale and status filter', async () => {
    let url = '';
    const text = '{\n  "a": "{\\"not\\": \\"parsed\\"}"\n}\n';
    server.use(
      http.get(`${RESOURCES}/:name`, ({ request }) => {
        url = request.url;
        return new HttpResponse(text, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const got = await client().resources.download('acme', 'web-frontend', {
      name: 'common file.json',
      path: 'locales/de',
      locale: 'de',
      status: 'APPROVED',
    });
    expect(got).toBe(text);
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/v1/acme/projects/web-frontend/resources/common%20file.json');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      path: 'locales/de',
      iso2_slug: 'de',
      'target:filterByStatus': 'APPROVED',
    });
    expect([...parsed.searchParams.keys()].every((name) => name in OPERATIONS.downloadResource.query)).toBe(true);
  });

  it('gives an empty file as an empty text, and refuses a name that would address another path', async () => {
    server.use(http.get(`${RESOURCES}/:name`, () => new HttpResponse('', { status: 200 })));
    const loc = client();
    await expect(loc.resources.download('acme', 'web-frontend', { name: 'empty.properties' })).resolves.toBe('');
    await expect(loc.resources.download('acme', 'web-frontend', { name: '..' })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
  });
});
