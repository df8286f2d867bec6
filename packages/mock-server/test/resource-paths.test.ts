// The rule of any relative path a stranger names (@loc/sdk's base/relative-path.ts) at loc-mock's upload
// boundary: a file's name and its `path` from an upload form, a ZIP upload's entries, a seed's file paths.
// What loc-mock stores is what its exports, releases, listings and downloads hand to every client's file
// system, so a path the rule refuses is never stored: a 422 naming it, and nothing changed.
import { relativePathProblem } from '@loc/sdk/internal';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, demoSeed, parseSeed } from '../src';
import { useServer } from './helpers';

const api = useServer();
afterEach(() => api.server.service.reset());
const resources = '/v1/acme/projects/web-frontend/resources';

/** An upload of one JSON file in the source locale, its name and `path` as given (a form as curl -F sends it). */
async function upload(name: string, path?: string) {
  const form = new FormData();
  form.append('file', new Blob(['{"fresh":"Fresh"}'], { type: 'application/json' }), name);
  if (path !== undefined) form.append('path', path);
  form.append('iso2_slug', 'en');
  return api.call('POST', resources, { token: DEMO.tokens.developer, form });
}

/** Every path of the project's files as the service shows them: the status's templates and the listing's links. */
async function storedPaths(): Promise<string[]> {
  const status = await api.call('GET', '/v1/acme/projects/web-frontend/status', { token: DEMO.tokens.developer });
  const listed = await api.call('GET', resources, { token: DEMO.tokens.developer });
  return [
    ...status.json.resourceFiles.map((f: { filePathWithLocalePlaceholder: string }) => f.filePathWithLocalePlaceholder),
    ...listed.json.members.map((m: { name: string; links: { href: string }[] }) => {
      const folder = new URL(m.links[0]!.href).searchParams.get('path') ?? '';
      return folder ? `${folder}/${m.name}` : m.name;
    }),
  ];
}

describe("loc-mock's uploads hold every path to the rule of relative paths", () => {
  it.each([
    ['../../etc/en.json', 'locales/en', /names a folder/],
    ['a/b/en.json', 'locales/en', /names a folder/],
    ['..\\..\\en.json', 'locales/en', /names a folder/],
    ['en.json\u0000x', 'locales/en', /control character/],
    ['..', 'locales/en', /reads as "\." or "\.\."/],
    ['NUL.json', 'locales/en', /Windows opens as a device/],
    [`${'x'.repeat(300)}.json`, 'locales/en', /longer than 255 bytes/],
    ['en.json', '../../etc', /reads as "\." or "\.\."/],
    ['en.json', 'x/%2e%2e/y', /reads as "\." or "\.\."/],
    ['en.json', '//host/share', /absolute path/],
    ['en.json', 'C:\\x', /absolute path/],
    ['en.json', 'x/\u202ey', /control character/],
  ])('refuses the name %j in %j: a 422 that names it, nothing stored', async (name, path, reason) => {
    const before = await storedPaths();
    const answer = await upload(name, path);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.error).toMatch(reason);
    expect(await storedPaths()).toEqual(before);
  });

  it("takes an ordinary new file in a folder of its own, a leading / as the repository's root (the service's own example)", async () => {
    expect((await upload('en.json', 'apps/new')).status).toBe(200);
    expect((await upload('en.json', '/config/locales')).status).toBe(200);
    expect(await storedPaths()).toEqual(
      expect.arrayContaining(['apps/new/%{locale}.json', 'config/locales/%{locale}.json']),
    );
  });

  it('whatever name and folder an upload gives, every path the service then shows passes the rule (fast-check, fixed seed)', async () => {
    const part = fc.constantFrom(
      '..',
      '.',
      '',
      ' ',
      '/',
      '\\',
      'C:',
      '%2e',
      '．',
      'en',
      'a',
      '.json',
      '\u0000',
      'NUL',
      '%{locale}',
    );
    const text = fc.array(part, { maxLength: 6 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(text, fc.option(text, { nil: undefined }), async (name, path) => {
        const answer = await upload(name, path);
        expect(answer.status, answer.text).toBeLessThan(500);
        for (const stored of await storedPaths())
          expect(relativePathProblem(stored.replaceAll('%{locale}', 'en')), stored).toBeUndefined();
        api.server.service.reset();
      }),
      { seed: 43, numRuns: 150 },
    );
  });

  it("refuses a ZIP upload whose entry the rule refuses, naming the entry, and stores none of the ZIP's files", async () => {
    for (const entry of ['locales/%2e%2e/en.json', 'locales/en/NUL.json', 'locales/. ./en.json']) {
      const zip = zipSync({ 'locales/ok/en.json': strToU8('{"a":"A"}'), [entry]: strToU8('{"b":"B"}') });
      const form = new FormData();
      form.append('file', new Blob([zip], { type: 'application/zip' }), 'upload.zip');
      const before = await storedPaths();
      const answer = await api.call('POST', `${resources}/zip`, { token: DEMO.tokens.developer, form });
      expect(answer.status, answer.text).toBe(422);
      expect(answer.json.error).toContain(JSON.stringify(entry));
      expect(await storedPaths()).toEqual(before);
    }
  });

  it('refuses a ZIP upload with two entries for one file, naming both, and stores neither', async () => {
    const J = strToU8('{"zz":"Z"}');
    for (const twin of ['locales//en/common.json', 'locales\\en\\common.json', 'Locales/EN/common.json.']) {
      const zip = zipSync({ 'locales/en/common.json': J, [twin]: strToU8('{"yy":"Y"}') });
      const form = new FormData();
      form.append('file', new Blob([zip], { type: 'application/zip' }), 'upload.zip');
      const answer = await api.call('POST', `${resources}/zip`, { token: DEMO.tokens.developer, form });
      expect(answer.status, answer.text).toBe(422);
      expect(answer.json.error).toContain(`and ${JSON.stringify(twin)} name one file`);
      const source = await api.call('GET', `${resources}/common.json?path=locales/en&iso2_slug=en`, {
        token: DEMO.tokens.developer,
      });
      expect(source.text).not.toMatch(/"(zz|yy)"/);
    }
  });

  it("refuses a seed whose file path the rule refuses, naming the seed's field", () => {
    const seed = demoSeed();
    const [project] = seed.projects;
    project!.files = [{ path: 'locales/../../%{locale}/common.json', segments: [] }];
    expect(() => parseSeed(seed)).toThrow(/projects\[0\]\.files\[0\]\.path: the path has a part \(".."\)/);
  });
});
