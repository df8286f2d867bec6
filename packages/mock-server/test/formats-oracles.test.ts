// Every export format of every project of the demo seed and of a hostile seed, and every NATIVE_FORMAT CDN
// bundle, read by the tools our users build with (test/oracles.ts): each string the tool reads must be the
// seed's string. (The mobile SDK bundles: sdk-bundles.test.ts.)
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exportFormatsFor, type SegmentStatus } from '@loc/sdk';
import { withFormatExtension } from '@loc/sdk/internal';
import { localizePath } from '@loc/sdk/locales';
import { parse as parseProperties } from 'dot-properties';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { demoSeed, hostileSeed, parseSeed, startMockServer, WRITERS, type ParsedSeed, type Seed } from '../src';
import { formatsOfFile } from '../src/formats';
import { pluralForms } from '../src/formats/plural-forms';
import { parsePluralForms, pluralCategories } from '../src/formats/plural-formula';
import { pluralKeys } from '../src/formats/plural-keys';
import { androidKeysOf } from './android-expected';
import {
  aapt2Read,
  eachLimited,
  flattenStrict,
  gettextRead,
  gnustepRead,
  ngettextRead,
  i18nextRead,
  type Lookup,
  plistutilRead,
  psychRead,
  pythonRead,
  railsI18nRead,
  run,
  TOOLS,
  xliff2poRead,
  xmllintCheck,
} from './oracles';

const work = mkdtempSync(join(tmpdir(), 'loc-oracles-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type SeedProject = ParsedSeed['projects'][number];

/** What one exported file must hold: key → text, from the seed alone. */
interface Expected {
  project: SeedProject;
  locale: string;
  /** The format the file is written in: the export's, or the `.stringsdict` beside a `.strings` (formatsOfFile). */
  format: string;
  strings: Record<string, string>;
  /** Every key of its resource file (Android names are derived from all of them). */
  keys: string[];
  /** Every key's status in the locale (the source locale's are APPROVED) and its source text. */
  segments: Map<string, { status: SegmentStatus; source: string; text: string }>;
}

/**
 * Each file an export of `format` holds, by its path, and what it must hold: every file in every locale, in
 * each format the export writes it in (a `.strings` without its plural forms, and the `.stringsdict` of
 * those beside it, with the plurals whose `other` form the locale has).
 */
function expectedFiles(project: SeedProject, format: string): Map<string, Expected> {
  const out = new Map<string, Expected>();
  for (const file of project.files) {
    const keys = file.segments.map((s) => s.key);
    const plurals = pluralKeys(keys);
    for (const written of formatsOfFile(format, keys)) {
      for (const locale of [project.sourceLocale, ...project.targetLocales]) {
        const path = withFormatExtension(
          localizePath(file.path, locale, { format: written, sourceLocale: project.sourceLocale }),
          written,
        );
        const strings: Record<string, string> = {};
        const segments: Expected['segments'] = new Map();
        for (const s of file.segments) {
          const t = s.translations[locale];
          const status = locale === project.sourceLocale ? 'APPROVED' : (t?.status ?? 'NOT_TRANSLATED');
          const text = locale === project.sourceLocale ? s.source : status === 'NOT_TRANSLATED' ? '' : t!.text;
          if (status !== 'NOT_TRANSLATED') strings[s.key] = text;
          segments.set(s.key, { status, source: s.source, text });
        }
        for (const key of Object.keys(strings)) {
          const plural = plurals.get(key);
          if (written === 'strings.ios' && plural) delete strings[key];
          if (written === 'stringsdict.ios' && (!plural || strings[`${plural.base}.other`] === undefined))
            delete strings[key];
        }
        out.set(path, { project, locale, format: written, strings, keys, segments });
      }
    }
  }
  return out;
}

/** The counts an app's npgettext is asked for: integers, where gettext's formulas and CLDR's rules agree in the seeds' locales. */
const COUNTS = [0, 1, 2, 3, 4, 5, 6, 11, 12, 14, 21, 22, 25, 100, 101, 102, 111, 1000];

/**
 * The plural groups of an exported PO file (src/formats/po.ts): `grouped`, the keys its plural entries
 * hold (each form of the file's Plural-Forms named by pluralCategories; a group's other categories stay
 * entries of their own, and so do all of a source locale's group that lacks a form there); `compiled`, the
 * bases of those entries that msgfmt compiles (msgstr[0] translated, not fuzzy).
 */
function poPluralsOf(e: Expected, header: string): { grouped: Set<string>; compiled: Set<string> } {
  const forms = pluralCategories(parsePluralForms(header), e.locale);
  const grouped = new Set<string>();
  const compiled = new Set<string>();
  const bases = new Set([...pluralKeys(e.keys).values()].map((p) => p.base));
  for (const base of bases) {
    const strs = forms.map((names) => names.map((c) => e.strings[`${base}.${c}`]).find((t) => t) ?? '');
    if (strs.every((t) => t === '') || (e.locale === e.project.sourceLocale && strs.includes(''))) continue;
    for (const names of forms) for (const c of names) grouped.add(`${base}.${c}`);
    const id = (e.segments.get(`${base}.one`) ?? e.segments.get(`${base}.other`))!.source;
    const texts = [e.segments.get(`${base}.other`)!.source, ...strs];
    if (strs[0] !== '' && texts.every((t) => newlineEnds(t) === newlineEnds(id))) compiled.add(base);
  }
  return { grouped, compiled };
}

/** XML 1.0 cannot carry most C0 controls, not even as character references: the XML formats leave them out. */
const withoutXmlControls = (strings: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(strings).map(([k, v]) => [k, v.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')]),
  );

/**
 * Whether a text is markup that aapt2 compiles as the spans of a styled string, which the writer writes as
 * markup: every `<` opens a tag, and the tags nest (enough for the seeds' texts). A styled string's text is
 * its text without the tags (what `getString` answers).
 */
function styled(text: string): boolean {
  if (!text.includes('<') || !/^(?:[^<]|<\/?[A-Za-z]+(?: [a-z-]+="[^"<]*")*\/?>)*$/.test(text)) return false;
  const open: string[] = [];
  for (const [, end, name, empty] of text.matchAll(/<(\/?)([A-Za-z]+)[^>]*?(\/?)>/g))
    if (end ? open.pop() !== name : !empty && !open.push(name!)) return false;
  return open.length === 0;
}

/**
 * The strings of an Android file after aapt2: each key under the name it has there (androidKeysOf: plurals
 * and arrays whole in the locale or not at all), a styled string's text without its tags; NUL is left out
 * (aapt2 ends a string at it), every other control character kept (the writer writes it as `\uXXXX`).
 */
function androidExpected(e: Expected): Record<string, string> {
  const names = androidKeysOf(e.keys, (key) => key in e.strings);
  return Object.fromEntries(
    [...names].map(([key, name]) => {
      const text = e.strings[key]!.replace(/\u0000/g, '');
      return [name, styled(text) ? text.replace(/<[^>]*>/g, '') : text];
    }),
  );
}

/** Writes a ZIP's files below `dir`; answers path → absolute path. */
function unpack(bytes: Uint8Array, dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, data] of Object.entries(unzipSync(bytes))) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
    files.set(path, target);
  }
  return files;
}

/**
 * The Android configuration aapt2 prints for a values folder: '' for `values`, `pt-rBR` for `values-pt-rBR`;
 * aapt2 prints a language with a numeric region in the old form (`values-b+es+419` → `es-r419`).
 */
const androidConfig = (path: string) =>
  (/(?:^|\/)values(?:-([^/]+))?\/[^/]+$/.exec(path)?.[1] ?? '').replace(/^b\+([a-z]{2,3})\+(\d{3})$/, '$1-r$2');

/**
 * Reads every file of one export (or bundle) with the oracle of the format it is written in, and compares
 * each with the seed. `files`: ZIP path → file on disk; `expected`: ZIP path → what it must hold.
 */
async function checkWithOracles(files: Map<string, string>, expected: Map<string, Expected>, dir: string) {
  expect([...files.keys()].sort()).toEqual([...expected.keys()].sort());
  const byFormat = new Map<string, { path: string; file: string; e: Expected }[]>();
  for (const [path, e] of expected) {
    if (!byFormat.has(e.format)) byFormat.set(e.format, []);
    byFormat.get(e.format)!.push({ path, file: files.get(path)!, e });
  }
  for (const [format, entries] of byFormat) await checkFormat(format, entries, dir);
}

/** Reads the files of one format with its oracle and compares each with the seed. */
async function checkFormat(format: string, entries: { path: string; file: string; e: Expected }[], dir: string) {
  switch (format) {
    case 'xml.android.resources': {
      // One res/ folder per resource file pattern: compile and link them as one app.
      const resDirs = new Set(entries.map(({ file }) => dirname(dirname(file))));
      for (const resDir of resDirs) {
        const { table, warnings } = await aapt2Read(resDir, join(dir, 'aapt2', String([...resDirs].indexOf(resDir))));
        expect(warnings, 'aapt2 link warned').toBe('');
        for (const { path, file, e } of entries.filter((x) => dirname(dirname(x.file)) === resDir)) {
          expect(table[androidConfig(path)] ?? {}, `${file}: strings after aapt2 link`).toEqual(androidExpected(e));
        }
      }
      return;
    }
    case 'strings.ios': {
      // A file whose very bytes GNUstep has read already (an iOS bundle holds the export's files) is not read again.
      const seenOf = (file: string, e: Expected) =>
        `${createHash('sha256').update(readFileSync(file)).digest('hex')} ${JSON.stringify(e.strings)}`;
      const unread = entries.filter(({ file, e }) => !gnustepVerified.has(seenOf(file, e)));
      const read = await gnustepRead(unread.map(({ file, e }) => ({ file, keys: Object.keys(e.strings) })));
      for (const { file, e } of unread) {
        expect(read[file], `${file} through GNUstep`).toEqual(e.strings);
        gnustepVerified.add(seenOf(file, e));
      }
      return;
    }
    case 'stringsdict.ios': {
      const read = await plistutilRead(entries.map((x) => x.file));
      for (const { file, e } of entries)
        expect(read[file], `${file} through plistutil: every plural form`).toEqual(withoutXmlControls(e.strings));
      return;
    }
    case 'po.gettext':
      for (const { file, e } of entries) {
        const read = await gettextRead(file);
        expect(read.warnings, `msgfmt -c ${file}`).toBe('');
        expect(read.header['Plural-Forms']).toBe(pluralForms(e.locale));
        // gettext leaves out what is untranslated (empty) and what is fuzzy (its newlines differ from the source's).
        const segments = new Map(e.project.files.flatMap((f) => f.segments.map((s) => [s.key, s.source] as const)));
        const groups = poPluralsOf(e, read.header['Plural-Forms']!);
        const kept = Object.entries(e.strings).filter(
          ([k, v]) => !groups.grouped.has(k) && v !== '' && newlineEnds(v) === newlineEnds(segments.get(k)!),
        );
        expect(read.strings, `${file} through msgfmt and msgunfmt`).toEqual(Object.fromEntries(kept));
        // A plural group is one entry, as an app's npgettext(base, one's source, other's source, n) looks it up.
        expect(Object.keys(read.plurals).sort(), `${file}: the plural entries`).toEqual([...groups.compiled].sort());
        for (const base of groups.compiled) {
          const lookup = { context: base, id: segments.get(`${base}.one`)!, plural: segments.get(`${base}.other`)! };
          // msgid and msgid_plural are the source texts of one and other, whichever the locale translates.
          expect(read.plurals[base], `${file}: ${base}`).toMatchObject({ id: lookup.id, plural: lookup.plural });
          const rules = new Intl.PluralRules(e.locale);
          const wanted = COUNTS.map((n) => e.strings[`${base}.${rules.select(n)}`] ?? '');
          expect(await ngettextRead(read.mo, lookup, COUNTS), `${file}: npgettext(${base}, …, n) by ngettext`).toEqual(
            wanted,
          );
        }
      }
      return;
    case 'yaml.standard': {
      const paths = entries.map((x) => x.file);
      const [psych, pyyaml] = await Promise.all([
        psychRead(paths),
        pythonRead(paths.map((path) => ({ kind: 'yaml' as const, path }))),
      ]);
      for (const { file, e } of entries) {
        expect(flattenStrict(psych[file]), `${file} through Psych`).toEqual(e.strings);
        expect(flattenStrict(pyyaml.yaml[file]), `${file} through PyYAML`).toEqual(e.strings);
      }
      return;
    }
    case 'json.standard':
    case 'json.nested': {
      const read = (await pythonRead(entries.map((x) => ({ kind: 'json' as const, path: x.file })))).json;
      for (const { file, e } of entries) {
        const strings = format === 'json.standard' ? (read[file] as Record<string, string>) : flattenStrict(read[file]);
        expect(strings, `${file} through Python's json`).toEqual(e.strings);
      }
      return;
    }
    case 'xliff.standard': {
      const files = entries.map((x) => x.file);
      const [lint, python, xliff2poOf] = await Promise.all([
        xmllintCheck(files),
        pythonRead(
          files.flatMap((path) => [
            { kind: 'xliff' as const, path },
            { kind: 'xliffStates' as const, path },
          ]),
        ),
        xliff2poRead(dir, files, `${dir}.xliff2po`),
      ]);
      expect(lint, 'xmllint --noout').toBe('');
      const { xliff: texts, xliffStates: states } = python;
      for (const { file, e } of entries) {
        // Every translated key is a unit; an untranslated one is left out, as in every format (an app
        // would read an empty target as an empty text).
        const units = [...e.segments].filter(([, s]) => s.status !== 'NOT_TRANSLATED');
        const targets = withoutXmlControls(Object.fromEntries(units.map(([k, s]) => [k, s.text])));
        expect(texts[file], `${file} through expat`).toEqual(targets);
        expect(states[file], `${file}: approved and state of each unit`).toEqual(
          Object.fromEntries(units.map(([k, s]) => [k, XLIFF_STATES[s.status]])),
        );
        // A PO entry cannot have an empty msgid (that is the header): xliff2po leaves out units whose source is empty.
        const inPo = units.filter(([, s]) => s.source !== '').map(([k]) => k);
        const xliff2po = xliff2poOf[file]!;
        expect(xliff2po.targets, `${file} through xliff2po: targets`).toEqual(
          Object.fromEntries(inPo.map((k) => [k, targets[k]])),
        );
        expect(xliff2po.sources, `${file} through xliff2po: sources`).toEqual(
          withoutXmlControls(Object.fromEntries(inPo.map((k) => [k, e.segments.get(k)!.source]))),
        );
        // The Translate Toolkit reads a translation as fuzzy unless its unit is approved.
        expect(xliff2po.fuzzy, `${file} through xliff2po: fuzzy`).toEqual(
          Object.fromEntries(inPo.map((k) => [k, e.segments.get(k)!.status !== 'APPROVED' && targets[k] !== ''])),
        );
      }
      return;
    }
    case 'yaml.rails': {
      const paths = entries.map((x) => x.file);
      const [psych, i18n] = await Promise.all([
        psychRead(paths),
        railsI18nRead(
          entries.map(({ file, e }) => ({
            path: file,
            locale: e.locale,
            lookups: lookupsOf(e, 'rails').map((l) => l.lookup),
          })),
          pluralRules(entries.map((x) => x.e.locale)),
        ),
      ]);
      for (const { file, e } of entries) {
        // Psych's safe_load: one root key, the locale; below it every leaf a string (nothing typed).
        const root = psych[file] as Record<string, unknown>;
        expect(Object.keys(root), `${file}: root keys`).toEqual([e.locale]);
        expect(Object.keys(flattenStrict(root[e.locale])).sort(), `${file} through Psych: keys`).toEqual(
          Object.keys(e.strings).sort(),
        );
        expect(flattenStrict(root[e.locale]), `${file} through Psych: every leaf a string`).not.toContain(
          expect.stringMatching(/^NotAString/),
        );
        const read = i18n[file]!;
        expect(read.error, `${file}: I18n.backend.load_translations`).toBeUndefined();
        expect(read.locales, `${file}: the locales I18n loaded`).toEqual([e.locale]);
        const lookups = lookupsOf(e, 'rails');
        expect(read.results, `${file} through Ruby's I18n`).toEqual(lookups.map((l) => l.expected));
      }
      return;
    }
    case 'json.i18next': {
      for (const { file, e } of entries) {
        const lookups = lookupsOf(e, 'i18next');
        const read = await i18nextRead(
          file,
          e.locale,
          lookups.map((l) => l.lookup),
        );
        expect(read, `${file} through i18next`).toEqual(lookups.map((l) => l.expected));
      }
      return;
    }
    case 'properties':
      // No Java here: read by dot-properties, which follows java.util.Properties.load.
      for (const { file, e } of entries)
        expect(parseProperties(readText(file)), `${file} through dot-properties`).toEqual(e.strings);
      return;
    default:
      throw new Error(`no oracle for ${format}`);
  }
}

const XLIFF_STATES: Record<SegmentStatus, [approved: string | null, state: string]> = {
  NOT_TRANSLATED: [null, 'needs-translation'],
  DRAFT: [null, 'needs-review-translation'],
  PREFILLED: [null, 'needs-review-translation'],
  TRANSLATED: [null, 'translated'],
  APPROVED: ['yes', 'final'],
};

/** The seed's placeholders (`{name}`), given values that show where they landed. */
const SEED_PLACEHOLDER = /\{(\w+)\}/g;
const shownValue = (name: string) => `⟨${name}⟩`;
const filled = (text: string, count?: number) =>
  text.replace(SEED_PLACEHOLDER, (_, name: string) =>
    name === 'count' && count !== undefined ? String(count) : shownValue(name),
  );

/** Counts to try per category: the first of 0–200 (and a million, pt's and es's `many`) in each. */
const SAMPLE_COUNTS = [...Array.from({ length: 201 }, (_, n) => n), 1_000_000];

/** Per locale, a count of each CLDR plural category it has, by ICU's CLDR data (Node's Intl). */
function samplesOf(locale: string): Map<string, number> {
  const rules = new Intl.PluralRules(locale);
  const samples = new Map<string, number>();
  for (const n of SAMPLE_COUNTS) if (!samples.has(rules.select(n))) samples.set(rules.select(n), n);
  return samples;
}

/** The plural rule Ruby's I18n is given for each locale: count → category, for every sample count. */
function pluralRules(locales: string[]): Record<string, Record<number, string>> {
  return Object.fromEntries(
    locales.map((l) => {
      const rules = new Intl.PluralRules(l);
      return [l, Object.fromEntries(SAMPLE_COUNTS.map((n) => [n, rules.select(n)]))];
    }),
  );
}

/**
 * What an app asks its framework for each string of an expected file, and what it must answer: every key
 * that is not a plural form with a value for each placeholder (none when it has none); every plural with a
 * count of each category of the locale whose form the file has. Rails cannot split a key below another key
 * that has a text (`placeholders` and `placeholders.plain`): the writer keeps it dotted at that level, and
 * I18n finds it by segments.
 */
function lookupsOf(e: Expected, framework: 'rails' | 'i18next'): { lookup: Lookup; expected: string }[] {
  const plurals = pluralKeys(e.keys);
  const out: { lookup: Lookup; expected: string }[] = [];
  for (const [key, text] of Object.entries(e.strings)) {
    if (plurals.has(key)) continue;
    const values = Object.fromEntries([...text.matchAll(SEED_PLACEHOLDER)].map((m) => [m[1]!, shownValue(m[1]!)]));
    const above = key
      .split('.')
      .map((_, i, parts) => parts.slice(0, i + 1).join('.'))
      .slice(0, -1)
      .find((prefix) => prefix in e.strings);
    const lookup =
      framework === 'rails' && above !== undefined
        ? [...above.split('.').slice(0, -1), key.slice(above.lastIndexOf('.') + 1)]
        : key;
    out.push({ lookup: { key: lookup, values }, expected: filled(text) });
  }
  const bases = new Set([...plurals.values()].map((p) => p.base));
  for (const base of bases) {
    for (const [category, count] of samplesOf(e.locale)) {
      const text = e.strings[`${base}.${category}`];
      if (text === undefined) continue;
      const values = Object.fromEntries(
        [...text.matchAll(SEED_PLACEHOLDER)].filter((m) => m[1] !== 'count').map((m) => [m[1]!, shownValue(m[1]!)]),
      );
      out.push({ lookup: { key: base, values, count }, expected: filled(text, count) });
    }
  }
  return out;
}

const gnustepVerified = new Set<string>();
const readText = (file: string) => strFromU8(new Uint8Array(readFileSync(file)));
const newlineEnds = (text: string) => `${text.startsWith('\n')}${text.endsWith('\n')}`;

/** The oracles a format needs; the test is skipped (and says so) when one is missing. */
const ORACLES: Record<string, (keyof typeof TOOLS)[]> = {
  'xml.android.resources': ['aapt2'],
  'strings.ios': ['gnustep', 'plistutil', 'python'],
  'stringsdict.ios': ['plistutil', 'python'],
  'po.gettext': ['gettext'],
  'yaml.standard': ['psych', 'pyyaml'],
  'yaml.rails': ['psych', 'rubyI18n'],
  'json.i18next': [],
  'json.standard': ['python'],
  'json.nested': ['python'],
  'xliff.standard': ['xmllint', 'python', 'xliff2po', 'gettext'],
  properties: [],
};
const missingFor = (format: string) => ORACLES[format]!.filter((t) => !TOOLS[t].available);

describe.each([
  ['demo', demoSeed()],
  ['hostile', hostileSeed()],
] as [string, Seed][])('the %s seed read by the platforms’ own tools', (name, seedInput) => {
  const seed = parseSeed(seedInput);
  let server: Awaited<ReturnType<typeof startMockServer>> | undefined;
  afterAll(() => server?.close());
  async function url() {
    server ??= await startMockServer({ port: 0, host: '127.0.0.1', exportDelayMs: 0, seed: seedInput });
    return server.url;
  }
  const tokenFor = (workspace: string) => seed.users.find((u) => u.workspaceRoles[workspace] === 'admin')!.tokens[0]!;

  async function exportZip(project: SeedProject, format: string): Promise<Uint8Array> {
    const base = `${await url()}/v1/${project.workspace}/projects/${project.slug}/exports`;
    const headers = { authorization: `Bearer ${tokenFor(project.workspace)}`, 'content-type': 'application/json' };
    const created = await (
      await fetch(base, { method: 'POST', headers, body: JSON.stringify({ exportFormat: format }) })
    ).json();
    // Bounded by count, not time: an export with no delay is done on the first GET or soon after.
    for (let attempt = 0; attempt < 500; attempt++) {
      const job = await (await fetch(`${base}/${created.id}`, { headers })).json();
      if (job.status === 'SUCCESS') return new Uint8Array(await (await fetch(job.downloadUrl)).arrayBuffer());
      if (job.status === 'ERROR') throw new Error(`export ${project.slug} ${format}: ${job.errorDetails}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`export ${project.slug} ${format} did not finish`);
  }

  /** Skipped when a tool is missing, and the test's name says which. */
  const oracleTest = (title: string, format: string, body: () => Promise<void>) => {
    const missing = missingFor(format);
    const named = missing.length
      ? `${title} — SKIPPED, missing ${missing.map((t) => TOOLS[t].install).join(', ')}`
      : title;
    it.skipIf(missing.length > 0)(named, body, 180_000);
  };

  for (const p of seed.projects.filter((x) => x.files.length > 0)) {
    for (const { id: format } of exportFormatsFor(p.resourceType)) {
      oracleTest(`${p.workspace}/${p.slug} as ${format}`, format, async () => {
        const dir = join(work, name, p.workspace, p.slug, format);
        await checkWithOracles(unpack(await exportZip(p, format), dir), expectedFiles(p, format), dir);
      });
    }
  }

  // The mobile SDK types' bundles are the official SDKs' shapes, no export format: sdk-bundles.test.ts reads them.
  for (const d of seed.distributions.filter((x) => x.releases.length > 0 && x.type === 'NATIVE_FORMAT')) {
    const p = seed.projects.find((x) => x.workspace === d.workspace && x.slug === d.project)!;
    const format = p.resourceType;
    oracleTest(`CDN bundle ${d.workspace} ${d.environment} ${d.type} (${format})`, format, async () => {
      const key = seed.cdnKeys.find((k) => k.workspace === d.workspace && !k.revoked && !k.expiresAt)!.key;
      const check = await fetch(`${await url()}/cdn/check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          distributionEnvironment: d.environment,
          distributionType: d.type,
          ...(d.clientVersions ? { clientVersion: '99.0.0' } : {}),
        }),
      });
      expect(check.status).toBe(200);
      const { filesUrl } = await check.json();
      const dir = join(work, name, 'cdn', d.type, d.environment);
      const zip = new Uint8Array(await (await fetch(filesUrl)).arrayBuffer());
      await checkWithOracles(unpack(zip, dir), expectedFiles(p, format), dir);
    });
  }
});

describe('PO plural forms', () => {
  // GNU gettext's own table, as msginit writes it, for every language it knows among ours.
  it.skipIf(!TOOLS.gettext.available)('match what msginit writes for each language it knows', async () => {
    const pot = join(work, 'empty.pot');
    writeFileSync(pot, 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n');
    const locales = [
      'be',
      'bg',
      'cs',
      'da',
      'de',
      'el',
      'en',
      'eo',
      'es',
      'et',
      'fi',
      'fr',
      'ga',
      'he',
      'hr',
      'hu',
      'it',
      'ja',
      'ko',
      'lt',
      'lv',
      'nb',
      'nl',
      'nn',
      'pl',
      'pt',
      'pt-BR',
      'ro',
      'ru',
      'sk',
      'sl',
      'sr',
      'sv',
      'tr',
      'uk',
      'vi',
    ];
    const written = await eachLimited(locales, async (locale) => {
      const result = await run('msginit', [
        '-i',
        pot,
        '-o',
        '-',
        '-l',
        locale.replace('-', '_'),
        '--no-translator',
        '--no-wrap',
      ]);
      return /"Plural-Forms: (.*)\\n"/.exec(result.stdout)?.[1];
    });
    expect(Object.fromEntries(locales.map((l, i) => [l, written[i]]))).toEqual(
      Object.fromEntries(locales.map((l) => [l, pluralForms(l)])),
    );
  });

  // The bug this holds: a plural group (files.one, files.other) was exported as two entries
  // (`msgctxt "files.one"`, `msgctxt "files.other"`), which npgettext("files", …) never finds.
  it.skipIf(!TOOLS.gettext.available)(
    'hold a plural group as one entry that msgfmt -c accepts and ngettext reads in each locale',
    async () => {
      const dir = join(work, 'po-plurals');
      mkdirSync(dir, { recursive: true });
      // Locales of 1 (ja), 2 (en, de, fr), 3 (ru, pl, cs) and 6 (ar) forms, where gettext and CLDR agree on integers.
      for (const locale of ['en', 'de', 'fr', 'ja', 'ru', 'pl', 'cs', 'ar']) {
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
        // Every category of the locale, and `one` (of the source's forms) in every locale, Japanese too.
        const forms = [...new Set(['one', ...categories])];
        const entries = [
          { key: 'title', source: 'Files', value: `Files [${locale}]` },
          ...forms.map((c) => ({
            key: `files.${c}`,
            source: c === 'one' ? '%d file' : '%d files',
            value: `%d ${c} [${locale}]`,
          })),
        ];
        const file = join(dir, `${locale}.po`);
        writeFileSync(file, WRITERS['po.gettext']({ locale, sourceLocale: 'en', path: 'messages.po', entries }));
        const read = await gettextRead(file);
        expect(read.warnings, `msgfmt -c ${locale}`).toBe('');
        expect(Object.keys(read.plurals), locale).toEqual(['files']);
        expect(read.plurals.files, locale).toMatchObject({ id: '%d file', plural: '%d files' });
        expect(read.plurals.files!.strs.length, locale).toBe(Number(/nplurals=(\d)/.exec(pluralForms(locale))![1]));
        const rules = new Intl.PluralRules(locale);
        const lookup = { context: 'files', id: '%d file', plural: '%d files' };
        expect(await ngettextRead(read.mo, lookup, COUNTS), locale).toEqual(
          COUNTS.map((n) => `%d ${rules.select(n)} [${locale}]`),
        );
      }
    },
    60_000,
  );
});
