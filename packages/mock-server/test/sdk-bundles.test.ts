// Every MOBILE_SDK_ANDROID and MOBILE_SDK_IOS release of the demo seed, the hostile seed and a seed of the
// layouts' edge cases, fetched as an app does (a CDN check, then its filesUrl) and read back the way the
// official SDKs read them (sdk-readers.ts): every locale of every release, as a device in that locale
// asks for each of its strings, plural forms and string arrays; and held to the project's export, which the
// app was built from: every Android item names a resource of the export's values/, every iOS table is the
// strings.ios export's file.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { localizePath, parseLocale } from '@loc/sdk/locales';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { demoSeed, hostileSeed, parseSeed, startMockServer, type ParsedSeed, type Seed } from '../src';
import { androidNames } from '../src/formats/android';
import { arrayKeys } from '../src/formats/array-keys';
import { pluralKeys } from '../src/formats/plural-keys';
import { TOOLS } from './oracles';
import {
  androidBundleFor,
  androidReadBundle,
  androidRepository,
  iosLanguageFolder,
  iosPluralForm,
  iosReadTables,
  pluralKeyword,
} from './sdk-readers';

const work = mkdtempSync(join(tmpdir(), 'loc-sdk-bundles-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type SeedProject = ParsedSeed['projects'][number];
type SeedFile = SeedProject['files'][number];

/**
 * Keys the seed's layouts must handle: a string array (`planets.0`…, incomplete in de), a plural whose
 * `other` form is untranslated in de, two locales of one language beside the language alone (en, en-GB)
 * and two without it (pt-BR, pt-PT), keys that are no Android resource names, and two files of one name.
 */
function edgeSeed(): Seed {
  const locales = ['en-GB', 'pt-BR', 'pt-PT', 'de'];
  const tr = (text: string, skip: string[] = []) =>
    Object.fromEntries(
      locales.filter((l) => !skip.includes(l)).map((l) => [l, { text: `${text} [${l}]`, status: 'APPROVED' as const }]),
    );
  const keys = (prefix: string) =>
    [
      { key: 'title', source: 'Notes', translations: tr('Notes') },
      { key: 'planets.0', source: 'Mercury', translations: tr('Mercury') },
      { key: 'planets.1', source: 'Venus', translations: tr('Venus', ['de']) },
      { key: 'planets.2', source: 'Earth', translations: tr('Earth') },
      { key: 'files.one', source: '{count} file', translations: tr('{count} file') },
      { key: 'files.other', source: '{count} files', translations: tr('{count} files', ['de']) },
      { key: 'a-b', source: 'dash', translations: tr('dash', ['pt-PT']) },
      { key: 'class', source: 'keyword', translations: tr('keyword') },
      { key: '2fa.title', source: 'Two-factor', translations: tr('Two-factor') },
    ].map((s) => ({ ...s, key: `${prefix}${s.key}` }));
  const project = (slug: string, resourceType: string, paths: string[]) => ({
    workspace: 'edges',
    slug,
    title: slug,
    owner: 'admin@edges.test',
    resourceType,
    sourceLocale: 'en',
    targetLocales: locales,
    files: paths.map((path, i) => ({ path, segments: keys(i === 0 ? '' : `f${i}.`) })),
  });
  const release = (id: string) => [{ id, name: id, createdAt: '2026-11-01T08:00:00.000Z' }];
  return {
    workspaces: [{ slug: 'edges', name: 'Edges' }],
    users: [{ email: 'admin@edges.test', tokens: ['loc_test_edges'], workspaceRoles: { edges: 'admin' } }],
    projects: [
      project('android', 'xml.android.resources', [
        'app/src/main/res/values-%{locale}/strings.xml',
        'lib/src/main/res/values-%{locale}/strings.xml',
      ]),
      project('ios', 'strings.ios', [
        'App/%{locale}.lproj/Localizable.strings',
        'Widget/%{locale}.lproj/Localizable.strings',
        'Shared/%{locale}.strings',
      ]),
    ],
    distributions: [
      {
        workspace: 'edges',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_ANDROID',
        project: 'android',
        releases: release('rel_edges_android'),
      },
      {
        workspace: 'edges',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        project: 'ios',
        releases: release('rel_edges_ios'),
      },
    ],
    cdnKeys: [{ key: 'lh-cdn_edges', workspace: 'edges' }],
  };
}

const language = (locale: string) => parseLocale(locale)!.language;

/**
 * The locale whose strings a device in `device` locale gets from the SDK, which looks up the device's
 * language alone: the device's own when no other locale of the project has its language; else the
 * locale that is that language alone (`en` for an `en-GB` device), if the project has one; else none
 * (`pt-BR` and `pt-PT`: the app's built-in strings serve).
 */
function servedLocale(project: SeedProject, device: string): string | undefined {
  const all = [project.sourceLocale, ...project.targetLocales];
  const same = all.filter((l) => language(l) === language(device));
  return same.length === 1 ? device : same.find((l) => l === language(device));
}

/** A file's text for each key in a locale: undefined where it is untranslated (the app's own serves). */
function textsOf(project: SeedProject, file: SeedFile, locale: string): Map<string, string | undefined> {
  return new Map(
    file.segments.map((s) => {
      if (locale === project.sourceLocale) return [s.key, s.source];
      const t = s.translations[locale];
      return [s.key, t && t.status !== 'NOT_TRANSLATED' ? t.text : undefined];
    }),
  );
}

/** Counts to ask for: the first of 0–200 and a million in each CLDR category of the locale. */
function samples(locale: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of [...Array.from({ length: 201 }, (_, i) => i), 1_000_000]) {
    const category = pluralKeyword(locale, n);
    if (!out.has(category)) out.set(category, n);
  }
  return out;
}

function unpack(bytes: Uint8Array, dir: string): string[] {
  const names = Object.keys(unzipSync(bytes));
  for (const [path, data] of Object.entries(unzipSync(bytes))) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    if (!path.endsWith('/')) writeFileSync(target, data);
  }
  return names;
}

/** What the Android SDK must answer a device in `device` locale, from the seed alone. */
function checkAndroid(dir: string, project: SeedProject, device: string) {
  const repository = androidRepository(androidBundleFor(androidReadBundle(dir), device));
  const served = servedLocale(project, device);
  for (const file of project.files) {
    const keys = file.segments.map((s) => s.key);
    const texts = served ? textsOf(project, file, served) : new Map<string, undefined>();
    const plurals = pluralKeys(keys);
    const arrays = arrayKeys(keys);
    // An app built from the project's Android export has its keys under these resource names.
    const names = androidNames(keys);
    const baseName = (base: string) => androidNames([base]).get(base)!;
    for (const key of keys) {
      if (plurals.has(key) || arrays.has(key)) continue;
      expect(repository.getText(names.get(key)!), `${device}: getText(${names.get(key)})`).toBe(texts.get(key) ?? null);
    }
    for (const base of new Set([...plurals.values()].map((p) => p.base))) {
      for (const [quantity, count] of samples(device)) {
        expect(
          repository.getPlural(baseName(base), pluralKeyword(device, count)),
          `${device}: getQuantityText(${base}, ${count})`,
        ).toBe(texts.get(`${base}.${quantity}`) ?? null);
      }
    }
    for (const base of new Set([...arrays.values()].map((a) => a.base))) {
      const items = [...arrays].filter(([, a]) => a.base === base).sort(([, a], [, b]) => a.index - b.index);
      const values = items.map(([key]) => texts.get(key));
      expect(repository.getTextArray(baseName(base)), `${device}: getTextArray(${base})`).toEqual(
        values.every((v) => v !== undefined) ? values : null,
      );
    }
  }
}

describe.each([
  ['demo', demoSeed()],
  ['hostile', hostileSeed()],
  ['edge-case', edgeSeed()],
] as [string, Seed][])('the %s seed’s mobile bundles, read as the official SDKs read them', (name, seedInput) => {
  const seed = parseSeed(seedInput);
  let server: Awaited<ReturnType<typeof startMockServer>> | undefined;
  afterAll(() => server?.close());

  /** The release's ZIP as an app gets it: a CDN check for the distribution, then its filesUrl. */
  async function bundleOf(d: ParsedSeed['distributions'][number]): Promise<Uint8Array> {
    server ??= await startMockServer({ port: 0, host: '127.0.0.1', exportDelayMs: 0, seed: seedInput });
    const key = seed.cdnKeys.find((k) => k.workspace === d.workspace && !k.revoked && !k.expiresAt)!.key;
    const check = await fetch(`${server.url}/cdn/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        distributionEnvironment: d.environment,
        distributionType: d.type,
        ...(d.clientVersions ? { clientVersion: '99.0.0' } : {}),
      }),
    });
    expect(check.status).toBe(200);
    const { filesUrl } = (await check.json()) as { filesUrl: string };
    return new Uint8Array(await (await fetch(filesUrl)).arrayBuffer());
  }

  /** The project's export in its own format, path → bytes. */
  async function exportOf(p: SeedProject): Promise<Record<string, Uint8Array>> {
    server ??= await startMockServer({ port: 0, host: '127.0.0.1', exportDelayMs: 0, seed: seedInput });
    const token = seed.users.find((u) => u.workspaceRoles[p.workspace] === 'admin')!.tokens[0]!;
    const base = `${server.url}/v1/${p.workspace}/projects/${p.slug}/exports`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await (await fetch(base, { method: 'POST', headers, body: '{}' })).json();
    let url: string | undefined;
    // Bounded by count, not time: an export with no delay is done on the first GET or soon after.
    for (let attempt = 0; attempt < 500 && !url; attempt++) {
      const job = await (await fetch(`${base}/${created.id}`, { headers })).json();
      if (job.status === 'SUCCESS') url = job.downloadUrl;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return unzipSync(new Uint8Array(await (await fetch(url!)).arrayBuffer()));
  }

  /**
   * The names an app built from the project's `xml.android.resources` export has, from the source locale's
   * files (values/, which holds every resource), read with fast-xml-parser: each `<string>`'s, each
   * `<plurals>`' `<name>_<quantity>` (what the SDK asks for), each `<string-array>`'s.
   */
  async function androidResourcesOfExport(p: SeedProject): Promise<{ texts: Set<string>; arrays: Set<string> }> {
    const zip = await exportOf(p);
    const parser = new XMLParser({
      ignoreAttributes: false,
      isArray: (tag) => ['string', 'plurals', 'string-array', 'item'].includes(tag),
      stopNodes: ['*.string', '*.item'],
    });
    const texts = new Set<string>();
    const arrays = new Set<string>();
    for (const [path, bytes] of Object.entries(zip)) {
      if (!/(^|\/)values\/[^/]+\.xml$/.test(path)) continue;
      const resources = parser.parse(strFromU8(bytes)).resources as Record<string, Record<string, unknown>[]>;
      for (const s of resources.string ?? []) texts.add(String(s['@_name']));
      for (const plural of resources.plurals ?? [])
        for (const item of plural.item as Record<string, unknown>[])
          texts.add(`${plural['@_name']}_${item['@_quantity']}`);
      for (const array of resources['string-array'] ?? []) arrays.add(String(array['@_name']));
    }
    return { texts, arrays };
  }

  const releases = seed.distributions.filter((d) => d.releases.length > 0);
  const projectOf = (d: (typeof releases)[number]) =>
    seed.projects.find((p) => p.workspace === d.workspace && p.slug === d.project)!;

  for (const d of releases.filter((x) => x.type === 'MOBILE_SDK_ANDROID')) {
    it(`${d.workspace} ${d.environment}: JSON files at the top, every locale’s strings, plurals and arrays`, async () => {
      const p = projectOf(d);
      const dir = join(work, name, d.workspace, d.environment, 'android');
      const names = unpack(await bundleOf(d), dir);
      // FileHelper reads every top-level entry as a file of JSON: no folder, nothing else.
      expect(
        names.every((n) => !n.includes('/') && n.endsWith('.json')),
        names.join(', '),
      ).toBe(true);
      const bundles = androidReadBundle(dir);
      for (const device of [p.sourceLocale, ...p.targetLocales]) checkAndroid(dir, p, device);
      // The SDK asks for the resources of the app built from the project's Android export: every item names
      // one in the export's default values/ (a `<string>`, a `<plurals>`' quantity, a `<string-array>`).
      const built = await androidResourcesOfExport(p);
      for (const bundle of bundles)
        for (const item of bundle.items)
          expect(
            item.type === 'ARRAY' ? built.arrays.has(item.key) : built.texts.has(item.key),
            `${bundle.iso}: ${item.type} ${item.key} is a resource of the app`,
          ).toBe(true);
      // Each locale is in the bundle once, under the iso its devices look up or, when that is shared, its code.
      expect(bundles.map((b) => b.iso).sort()).toEqual(
        [p.sourceLocale, ...p.targetLocales].map((l) => (servedLocale(p, l) === l ? language(l) : l)).sort(),
      );
    });
  }

  const iosTest = TOOLS.gnustep.available && TOOLS.plistutil.available && TOOLS.python.available ? it : it.skip;
  for (const d of releases.filter((x) => x.type === 'MOBILE_SDK_IOS')) {
    const missing =
      iosTest === it ? '' : ' — SKIPPED, missing apt packages gnustep-base-runtime, libplist-utils, python3';
    iosTest(
      `${d.workspace} ${d.environment}: <lang>.lproj at the root, every locale’s strings and plurals${missing}`,
      async () => {
        const p = projectOf(d);
        const zip = await bundleOf(d);
        const dir = join(work, name, d.workspace, d.environment, createHash('sha256').update(zip).digest('hex'));
        const names = unpack(zip, dir);
        // The SDK looks a language's folder up at the bundle's root: every entry is inside one.
        expect(
          names.filter((n) => !/^[^/]+\.lproj\/[^/]+$/.test(n)),
          'entries outside a top-level .lproj',
        ).toEqual([]);
        const devices = [p.sourceLocale, ...p.targetLocales];
        const reads: { device: string; folder: string }[] = [];
        for (const device of devices) {
          const served = servedLocale(p, device);
          // Locale.current.languageCode; a locale whose language is shared is there under its code, for setLanguage.
          const folder = iosLanguageFolder(dir, language(device));
          expect(folder !== undefined, `${device}: ${language(device)}.lproj`).toBe(served !== undefined);
          if (served === device) reads.push({ device, folder: folder! });
          else reads.push({ device, folder: iosLanguageFolder(dir, device)! });
        }
        expect(
          reads.every((r) => r.folder !== undefined),
          'every locale has its .lproj',
        ).toBe(true);
        // Tables by name: the resource file's name, `-2`… for a second file of that name, Localizable for one
        // named by its locale.
        const taken = new Map<string, number>();
        const tables = p.files.map((f) => {
          const base = /%\{locale\}/.test(f.path.split('/').pop()!)
            ? 'Localizable'
            : f.path
                .split('/')
                .pop()!
                .replace(/\.[^.]*$/, '');
          const n = (taken.get(base) ?? 0) + 1;
          taken.set(base, n);
          return n === 1 ? base : `${base}-${n}`;
        });
        const asked = reads.flatMap(({ folder }) =>
          p.files.map((f, i) => ({ file: join(folder, `${tables[i]}.strings`), keys: f.segments.map((s) => s.key) })),
        );
        const withPlurals = reads.flatMap(({ folder }) =>
          p.files.flatMap((f, i) =>
            pluralKeys(f.segments.map((s) => s.key)).size ? [join(folder, `${tables[i]}.stringsdict`)] : [],
          ),
        );
        // Each table is the project's strings.ios export of the file in that locale: its .strings, and the
        // .stringsdict beside it for a file with plurals.
        const exported = await exportOf(p);
        for (const { device, folder } of reads)
          p.files.forEach((f, i) => {
            const path = localizePath(f.path, device, { format: 'strings.ios', sourceLocale: p.sourceLocale });
            for (const extension of pluralKeys(f.segments.map((s) => s.key)).size
              ? ['strings', 'stringsdict']
              : ['strings'])
              expect(
                readFileSync(join(folder, `${tables[i]}.${extension}`), 'utf8'),
                `${device}: ${tables[i]}.${extension} is the export's`,
              ).toBe(strFromU8(exported[path.replace(/\.strings$/, `.${extension}`)]!));
          });
        const read = await iosReadTables(asked, withPlurals);
        for (const { device, folder } of reads) {
          p.files.forEach((f, i) => {
            const texts = textsOf(p, f, device);
            const plurals = pluralKeys(f.segments.map((s) => s.key));
            const strings = read.strings[join(folder, `${tables[i]}.strings`)]!;
            for (const [key, text] of texts)
              expect(strings[key], `${device} ${tables[i]}.strings: ${key}`).toBe(plurals.has(key) ? undefined : text);
            if (!plurals.size) return;
            const rules = read.rules[join(folder, `${tables[i]}.stringsdict`)]!;
            for (const base of new Set([...plurals.values()].map((x) => x.base))) {
              const other = texts.get(`${base}.other`);
              // Foundation needs `other`: without it the rule is left out and the app's own serves.
              if (other === undefined) {
                expect(rules[base], `${device}: ${base} without other`).toBeUndefined();
                continue;
              }
              expect(rules[base]!.format).toBe('%#@value@');
              for (const [quantity, count] of samples(device))
                expect(iosPluralForm(rules[base]!, device, count), `${device}: ${base} for ${count}`).toBe(
                  texts.get(`${base}.${quantity}`) ?? other,
                );
            }
          });
        }
      },
      120_000,
    );
  }
});
