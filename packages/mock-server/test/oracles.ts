// Readers built by others, run as the toolchains our users feed the exports to: aapt2 for Android, GNUstep
// for .strings, libplist for stringsdict, GNU gettext for PO, Ruby's Psych and PyYAML for YAML, Ruby's I18n
// gem (what Rails runs) for Rails YAML, the i18next package for i18next JSON, libxml2 and
// Python's expat and the Translate Toolkit's xliff2po for XLIFF. Each reader answers key → text as the tool read it, so a test compares every
// string with the seed's. A missing tool is reported loudly and its tests are skipped, never passed.
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as gettext from 'gettext-parser';
import i18next from 'i18next';

const FRAMEWORK_RES = '/usr/share/android-framework-res/framework-res.apk';
const RUN_TIMEOUT_MS = 120_000;

export interface Tool {
  available: boolean;
  /** What to install when it is missing. */
  install: string;
}

function works(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 });
  return result.status === 0;
}

/**
 * The first Python that has PyYAML: the one on PATH, else Debian's (python3-yaml installs there), run by the
 * path of its executable: a version manager's `python3` (pyenv's shim) is a script that costs a start-up of
 * its own on every call.
 */
export const PYTHON =
  ['python3', '/usr/bin/python3']
    .map((p) => spawnSync(p, ['-c', 'import yaml, sys; print(sys.executable)'], { encoding: 'utf8', timeout: 30_000 }))
    .find((result) => result.status === 0 && result.stdout.trim() !== '')
    ?.stdout.trim() ?? 'python3';

export const TOOLS = {
  aapt2: {
    available: works('aapt2', ['version']) && existsSync(FRAMEWORK_RES),
    install: 'apt packages aapt, android-framework-res',
  },
  gnustep: {
    available: works('sh', ['-c', 'command -v plparse && command -v plmerge && command -v plser']),
    install: 'apt package gnustep-base-runtime',
  },
  plistutil: { available: works('plistutil', ['-h']), install: 'apt package libplist-utils' },
  gettext: {
    available: works('msgfmt', ['--version']) && works('msginit', ['--version']),
    install: 'apt package gettext',
  },
  psych: { available: works('ruby', ['-e', 'require "yaml"; require "json"']), install: 'apt package ruby' },
  rubyI18n: { available: works('ruby', ['-e', 'require "i18n"; require "json"']), install: 'apt package ruby-i18n' },
  pyyaml: { available: works(PYTHON, ['-c', 'import yaml']), install: 'apt package python3-yaml' },
  xmllint: { available: works('xmllint', ['--version']), install: 'apt package libxml2-utils' },
  xliff2po: { available: works('xliff2po', ['--version']), install: 'apt package translate-toolkit' },
  python: { available: works(PYTHON, ['-c', 'import json, xml.etree.ElementTree']), install: 'apt package python3' },
} satisfies Record<string, Tool>;

// LOC_TEST_WITHOUT=aapt2,gnustep runs the suite as on a machine without those tools.
for (const name of (process.env.LOC_TEST_WITHOUT ?? '').split(','))
  if (name in TOOLS) TOOLS[name as keyof typeof TOOLS].available = false;

const missing = Object.entries(TOOLS).filter(([, t]) => !t.available);
if (missing.length) {
  console.warn(
    `\n!!! FORMAT ORACLES MISSING — these tests are SKIPPED, not passed: ${missing.map(([name, t]) => `${name} (${t.install})`).join('; ')}.\n` +
      '!!! Install them with: sudo bash scripts/install-test-tools.sh\n',
  );
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a tool without a shell; never throws for an exit code, the caller judges it. */
export function run(
  command: string,
  args: string[],
  options: { input?: string | Buffer; cwd?: string } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, maxBuffer: 64 * 1024 * 1024, timeout: RUN_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

function must(result: Run, what: string): Run {
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}):\n${result.stderr}${result.stdout}`);
  return result;
}

/** Runs `task` over `items`, two at a time (the machine has two cores). */
export async function eachLimited<T, R>(items: T[], task: (item: T) => Promise<R>, limit = 2): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!);
      }
    }),
  );
  return results;
}

/**
 * Strings by resource name (a plural's forms `<name>.<quantity>`, an array's items `<name>.<index>`), per
 * configuration ('' is the default `values/`), as an APK holds them.
 */
export type AndroidTable = Record<string, Record<string, string>>;

/**
 * `aapt2 compile` the res/ folder, `aapt2 link` it against the Android framework (generating R.java, as a
 * build does), then read the APK's resource table back with `aapt2 dump resources`. Every warning of the
 * link (a string "without required default value" is dropped) is returned for the caller to refuse.
 */
export async function aapt2Read(resDir: string, work: string): Promise<{ table: AndroidTable; warnings: string }> {
  mkdirSync(work, { recursive: true });
  const manifest = join(work, 'AndroidManifest.xml');
  writeFileSync(
    manifest,
    '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="test.loc.oracle"/>\n',
  );
  const compiled = join(work, 'compiled.zip');
  must(await run('aapt2', ['compile', '--dir', resDir, '-o', compiled]), `aapt2 compile ${resDir}`);
  const apk = join(work, 'out.apk');
  const link = must(
    await run('aapt2', [
      'link',
      '-o',
      apk,
      '-I',
      FRAMEWORK_RES,
      '--manifest',
      manifest,
      '--java',
      join(work, 'gen'),
      compiled,
    ]),
    `aapt2 link ${resDir}`,
  );
  const dump = must(await run('aapt2', ['dump', 'resources', apk]), 'aapt2 dump resources');
  return { table: parseAaptDump(dump.stdout), warnings: link.stderr.trim() };
}

/**
 * A value as `aapt2 dump resources` prints it: raw between quotes (line breaks and all), a styled string's
 * text after `(styled string)` and before its spans (`b:6,9 font;color=#f00:15,17`).
 */
function dumpedValue(printed: string): string {
  const value = /^(?:\(styled string\) )?"(.*)"((?: [^"]*?:\d+,\d+)*)$/s.exec(printed);
  if (!value) throw new Error(`aapt2 dump: cannot read the value ${JSON.stringify(printed.slice(0, 80))}`);
  return value[1]!;
}

/**
 * `aapt2 dump resources` read back: per configuration, each `<string>` by its name, each form of a
 * `<plurals>` as `<name>.<quantity>`, each item of a `<string-array>` as `<name>.<index>` (a styled
 * string's text without its spans). A value's further lines come indented as its first (six spaces for a
 * string, eight for a form or an array), an empty one as an empty line. An array prints its items
 * between `[` and `]`, each quoted, separated by `, `: an item that holds `", "` itself cannot be told
 * apart, and the array's size (`size=N`) then disagrees, which throws.
 */
function parseAaptDump(text: string): AndroidTable {
  const table: AndroidTable = {};
  let resource: { type: string; name: string } | undefined;
  let config = '';
  let size = 0;
  let value: { name: string; indent: number; lines: string[] } | undefined;
  const flush = () => {
    if (!value || !resource) return (value = undefined);
    const printed = value.lines.join('\n');
    const into = (table[config] ??= {});
    if (resource.type !== 'array') into[value.name] = dumpedValue(printed);
    else {
      const items = printed.replace(/^\[|\]$/g, '').split(/(?<="|:\d+,\d+), (?="|\(styled string\) ")/);
      if (printed === '[]') items.length = 0;
      if (items.length !== size)
        throw new Error(`aapt2 dump: array ${resource.name} has ${size} items, read ${items.length}: ${printed}`);
      for (const [i, item] of items.entries()) into[`${value.name}.${i}`] = dumpedValue(item);
    }
    value = undefined;
  };
  for (const line of text.replace(/\n$/, '').split('\n')) {
    const start = /^ {4}resource 0x[0-9a-f]+ ([^/]+)\/(.+)$/.exec(line);
    const configLine = /^ {6}\(([^)]*)\) (.*)$/s.exec(line);
    const form = /^ {8}(zero|one|two|few|many|other)=(.*)$/s.exec(line);
    if (start) {
      flush();
      resource = ['string', 'plurals', 'array'].includes(start[1]!) ? { type: start[1]!, name: start[2]! } : undefined;
    } else if (configLine && resource) {
      flush();
      config = configLine[1]!;
      const compound = /^\((?:plurals|array)\) size=(\d+)$/.exec(configLine[2]!);
      if (compound) size = Number(compound[1]);
      else if (resource.type === 'string') value = { name: resource.name, indent: 6, lines: [configLine[2]!] };
    } else if (resource?.type === 'plurals' && form) {
      flush();
      value = { name: `${resource.name}.${form[1]}`, indent: 8, lines: [form[2]!] };
    } else if (resource?.type === 'array' && !value && line.startsWith(' '.repeat(8)))
      value = { name: resource.name, indent: 8, lines: [line.slice(8)] };
    else if (value && (line === '' || line.startsWith(' '.repeat(value.indent))))
      value.lines.push(line.slice(value.indent));
    else flush();
  }
  flush();
  return table;
}

/**
 * GNUstep's reading of `.strings` files (UTF-8 with a BOM, as GNUstep wants to be told the encoding), per file
 * each asked key's text: `plparse` must accept the file as a dictionary; `plmerge` reads it with GNUstep's
 * strings-file parser (the one `plget` and NSBundle use) and writes the dictionary out as a property list,
 * which `plser` serialises to a binary plist that Python's plistlib reads exactly. Three processes a file,
 * where `plget` took one a key (GNUstep's start-up is most of a read). A key the file lacks reads as
 * undefined. The GNUstep tools exit 0 on a parse failure, so their stderr must be empty.
 */
export async function gnustepRead(
  files: { file: string; keys: string[] }[],
): Promise<Record<string, Record<string, string | undefined>>> {
  const binaries = await eachLimited(files, async ({ file }) => {
    const bom = `${file}.bom`;
    writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(file)]));
    const parsed = await run('plparse', [bom]);
    if (parsed.code !== 0 || !/a dictionary/.test(parsed.stdout + parsed.stderr))
      throw new Error(`plparse refused ${file}: ${parsed.stdout}${parsed.stderr}`);
    const plist = `${file}.plmerge`;
    const merged = must(await run('plmerge', [plist, bom]), `plmerge ${file}`);
    if (merged.stderr !== '') throw new Error(`plmerge ${file}: ${merged.stderr}`);
    const binary = `${file}.bplist`;
    const serialised = must(
      await run('sh', ['-c', 'exec plser -Format NSPropertyListBinaryFormat_v1_0 "$1" > "$2"', 'plser', plist, binary]),
      `plser ${plist}`,
    );
    if (serialised.stderr !== '') throw new Error(`plser ${plist}: ${serialised.stderr}`);
    return binary;
  });
  const read = await pythonRead(binaries.map((path) => ({ kind: 'bplist' as const, path })));
  return Object.fromEntries(
    files.map(({ file, keys }, i) => {
      const dict = read.bplist[binaries[i]!] as Record<string, string> | string;
      if (typeof dict === 'string') throw new Error(`${file} through plmerge and plser: ${dict}`);
      return [file, Object.fromEntries(keys.map((key) => [key, dict[key]]))];
    }),
  );
}

/**
 * libplist's reading of XML property lists: `plistutil` converts each file to a binary plist (its parser is
 * the oracle), which Python's plistlib reads exactly (an XML round trip would fold carriage returns). One
 * Python reads them all (its start-up is most of a read). Answers each file's root object.
 */
export async function plistutilReadWhole(files: string[]): Promise<Record<string, unknown>> {
  await eachLimited(files, async (file) =>
    must(await run('plistutil', ['-i', file, '-o', `${file}.bin`, '-f', 'bin']), `plistutil ${file} to binary`),
  );
  const read = await pythonRead(files.map((file) => ({ kind: 'bplist' as const, path: `${file}.bin` })));
  return Object.fromEntries(
    files.map((file) => {
      const root = read.bplist[`${file}.bin`];
      if (typeof root === 'string') throw new Error(`${file}: ${root}`);
      return [file, root];
    }),
  );
}

/**
 * libplist's reading of stringsdict files (plistutilReadWhole): each plural rule's forms as
 * `<key>.<category>`, per file. A rule that is not one plural variable, as the writer writes them
 * (`%#@value@`, an `NSStringPluralRuleType` of `d`), throws.
 */
export async function plistutilRead(files: string[]): Promise<Record<string, Record<string, string>>> {
  const read = await plistutilReadWhole(files);
  return Object.fromEntries(
    files.map((file) => {
      const dict = read[file] as Record<string, { NSStringLocalizedFormatKey: string; value: Record<string, string> }>;
      const forms = Object.entries(dict).flatMap(([key, rule]) => {
        const { NSStringFormatSpecTypeKey: type, NSStringFormatValueTypeKey: valueType, ...byCategory } = rule.value;
        if (rule.NSStringLocalizedFormatKey !== '%#@value@' || type !== 'NSStringPluralRuleType' || valueType !== 'd')
          throw new Error(`${file}: ${key} is not a plural rule of one variable`);
        return Object.entries(byCategory).map(([category, text]) => [`${key}.${category}`, text] as const);
      });
      return [file, Object.fromEntries(forms)];
    }),
  );
}

/**
 * GNU gettext's reading of a PO file: `msgfmt -c` compiles it (its warnings returned for the caller to
 * refuse); the compiled catalog is read as it is (binary, no escapes to decode). Untranslated and fuzzy
 * entries are not in it. `strings`: each entry without a plural by its context; `plurals`: each plural
 * entry by its context, with its msgids and forms; `mo`: the catalog (for ngettextRead).
 */
export async function gettextRead(file: string): Promise<{
  warnings: string;
  header: Record<string, string>;
  strings: Record<string, string>;
  plurals: Record<string, { id: string; plural: string; strs: string[] }>;
  mo: string;
}> {
  const mo = `${file}.mo`;
  const compiled = must(await run('msgfmt', ['-c', '-o', mo, file]), `msgfmt -c ${file}`);
  const catalog = gettext.mo.parse(readFileSync(mo));
  // msgfmt writes a catalog without entries, not even the header, when nothing is translated.
  const header = catalog.headers['Plural-Forms']
    ? catalog.headers
    : gettext.po.parse(readFileSync(file, 'utf8')).headers;
  const strings: Record<string, string> = {};
  const plurals: Record<string, { id: string; plural: string; strs: string[] }> = {};
  for (const [context, units] of Object.entries(catalog.translations)) {
    if (context === '') continue;
    for (const unit of Object.values(units)) {
      if (unit.msgid_plural !== undefined)
        plurals[context] = { id: unit.msgid, plural: unit.msgid_plural, strs: unit.msgstr };
      else strings[context] = unit.msgstr[0] ?? '';
    }
  }
  return { warnings: compiled.stderr.trim(), header, strings, plurals, mo };
}

/**
 * What GNU gettext's own `ngettext` (libintl, as an app's `npgettext(context, id, plural, n)` calls it)
 * answers from the catalog `mo` for each count: the form its Plural-Forms chooses, or the msgid or
 * msgid_plural where the catalog has no such entry.
 */
export async function ngettextRead(
  mo: string,
  { context, id, plural }: { context: string; id: string; plural: string },
  counts: number[],
): Promise<string[]> {
  const dir = `${mo}.d`;
  mkdirSync(join(dir, 'xx', 'LC_MESSAGES'), { recursive: true });
  copyFileSync(mo, join(dir, 'xx', 'LC_MESSAGES', 't.mo'));
  const script = `export LANGUAGE=xx LC_ALL=C.UTF-8 TEXTDOMAINDIR="$4"; for n in ${counts.join(' ')}; do ngettext -d t -c "$1" -- "$2" "$3" "$n"; printf '\\000'; done`;
  const out = must(await run('sh', ['-c', script, 'sh', context, id, plural, dir]), `ngettext ${mo}`).stdout;
  return out.split('\0').slice(0, counts.length);
}

/** YAML as Ruby's Psych (`YAML.safe_load`, what Rails i18n runs) reads it, per file; a failure as `Error: …`. */
export async function psychRead(files: string[]): Promise<Record<string, unknown>> {
  const script =
    'require "yaml"; require "json"; out = {}; ARGV.each { |f| begin; out[f] = YAML.safe_load(File.read(f, encoding: "UTF-8")); rescue => e; out[f] = "Error: #{e.class}: #{e.message}"; end }; print JSON.generate(out)';
  return JSON.parse(must(await run('ruby', ['-e', script, ...files]), 'ruby').stdout);
}

/** One `t` call: the key as the app writes it, the interpolation values, and a count for a plural. */
export interface Lookup {
  /** The key, or its segments where Rails cannot split it at dots (a key below a key that has a text). */
  key: string | string[];
  values: Record<string, string>;
  count?: number;
}

const RAILS_READER = `
require "i18n"; require "json"
I18n.enforce_available_locales = false
SEPARATOR = "\u0001"
input = JSON.parse(STDIN.read)
out = {}
input["files"].each do |f|
  # A backend of its own per file (two projects' files of one locale must not merge), with the locale's
  # plural rule: I18n's Simple backend knows only one/other; rails-i18n adds each language's rule this way.
  backend = I18n::Backend::Simple.new
  backend.singleton_class.include(I18n::Backend::Pluralization)
  I18n.backend = backend
  locale = f["locale"].to_sym
  result = { "results" => [] }
  begin
    backend.load_translations(f["path"])
    result["locales"] = backend.send(:translations).keys.map(&:to_s)
    table = input["rules"][f["locale"]] || {}
    backend.store_translations(locale, i18n: { plural: { rule: ->(n) { table.fetch(n.to_s).to_sym } } })
    f["lookups"].each do |l|
      options = { locale: locale, raise: true }
      l["values"].each { |k, v| options[k.to_sym] = v }
      options[:count] = l["count"] if l.key?("count")
      key = l["key"]
      if key.is_a?(Array)
        options[:separator] = SEPARATOR
        key = key.join(SEPARATOR)
      end
      begin
        value = I18n.t(key, **options)
        result["results"] << (value.is_a?(String) ? value : "NotAString: #{value.inspect}")
      rescue I18n::ArgumentError => e
        result["results"] << "Error: #{e.class}: #{e.message}"
      end
    end
  rescue => e
    result["error"] = "#{e.class}: #{e.message}"
  end
  out[f["path"]] = result
end
print JSON.generate(out)
`;

/**
 * Rails YAML as Ruby's I18n gem (what Rails runs) reads it: `I18n.backend.load_translations` (Psych's
 * `unsafe_load_file` with `symbolize_names`, as the gem does), the locale's plural rule given as a table
 * from count to CLDR category (`rules`: locale → count → category), then `I18n.t` for each lookup with
 * `raise: true`. Answers per file the root locales it held and each lookup's text (or `Error: …`).
 */
export async function railsI18nRead(
  files: { path: string; locale: string; lookups: Lookup[] }[],
  rules: Record<string, Record<number, string>>,
): Promise<Record<string, { locales?: string[]; results: string[]; error?: string }>> {
  const input = JSON.stringify({ files, rules });
  return JSON.parse(must(await run('ruby', ['-e', RAILS_READER], { input }), 'ruby (I18n)').stdout);
}

/**
 * How the tests' i18next reads like an app that shows its texts as they are: no HTML escaping, and an empty
 * translation read as one. i18next 27 made `returnEmptyString: false` the default, which reads "" as
 * missing (the key, or a fallback language, shows instead); an app that means its empty translations sets
 * it (docs/mock-server.md).
 */
export const I18NEXT_APP_OPTIONS = { interpolation: { escapeValue: false }, returnEmptyString: true } as const;

/**
 * i18next JSON as the i18next package reads it: one instance per file, the file as the `translation`
 * namespace of its locale, values not HTML-escaped (as React apps set it), then `t` for each lookup.
 */
export async function i18nextRead(file: string, locale: string, lookups: Lookup[]): Promise<string[]> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: JSON.parse(readFileSync(file, 'utf8')) } },
    ...I18NEXT_APP_OPTIONS,
  });
  // `t` as an app calls it with any key and options (its declared types know only the app's own keys).
  const t = instance.t as unknown as (key: string | string[], options: object) => unknown;
  return lookups.map(({ key, values, count }) => {
    const value = t(key, count === undefined ? values : { ...values, count });
    return typeof value === 'string' ? value : `NotAString: ${JSON.stringify(value)}`;
  });
}

const PYTHON_READER = `
import sys, json, yaml, plistlib
import xml.etree.ElementTree as ET
NS = '{urn:oasis:names:tc:xliff:document:1.2}'
def xliff(path):
    root = ET.parse(path).getroot()
    if root.tag != NS + 'xliff' or root.get('version') != '1.2': raise ValueError('not an XLIFF 1.2 document: ' + root.tag)
    return {u.get('id'): ''.join(u.find(NS + 'target').itertext()) for u in root.iter(NS + 'trans-unit')}
def xliff_states(path):
    root = ET.parse(path).getroot()
    return {u.get('id'): [u.get('approved'), u.find(NS + 'target').get('state')] for u in root.iter(NS + 'trans-unit')}
def bplist(path):
    with open(path, 'rb') as f:
        if f.read(8) != b'bplist00': raise ValueError('not a binary plist')
        f.seek(0)
        return plistlib.load(f, fmt=plistlib.FMT_BINARY)
readers = {'yaml': lambda p: yaml.safe_load(open(p, encoding='utf-8')), 'json': lambda p: json.load(open(p, encoding='utf-8')), 'xliff': xliff, 'xliffStates': xliff_states, 'bplist': bplist}
out = {kind: {} for kind in readers}
for arg in sys.argv[1:]:
    kind, path = arg.split(':', 1)
    try: out[kind][path] = readers[kind](path)
    except Exception as e: out[kind][path] = 'Error: %s: %s' % (type(e).__name__, e)
print(json.dumps(out, default=lambda v: 'NotAString: %r' % (v,)))
`;

type PythonReading = 'yaml' | 'json' | 'xliff' | 'xliffStates' | 'bplist';

/**
 * Python's readings: PyYAML's `safe_load` (YAML 1.1), `json`, XLIFF targets through expat (and each unit's
 * `approved` and its target's `state`: `xliffStates`), binary plists. Answers kind → path → reading: one
 * Python reads a file more than one way.
 */
export async function pythonRead(
  files: { kind: PythonReading; path: string }[],
): Promise<Record<PythonReading, Record<string, unknown>>> {
  return JSON.parse(
    must(await run(PYTHON, ['-c', PYTHON_READER, ...files.map((f) => `${f.kind}:${f.path}`)]), 'python3').stdout,
  );
}

/** `xmllint --noout`: well-formed XML, nothing printed. (No XLIFF 1.2 schema is packaged in Debian.) */
export async function xmllintCheck(files: string[]): Promise<string> {
  const result = await run('xmllint', ['--noout', ...files]);
  return result.code === 0 ? result.stderr.trim() : `exit ${result.code}: ${result.stderr}`;
}

export interface Xliff2po {
  sources: Record<string, string>;
  targets: Record<string, string>;
  fuzzy: Record<string, boolean>;
}

/**
 * The Translate Toolkit's reading of XLIFF files (an XLIFF reader no one here wrote): `xliff2po` converts each
 * to PO, which GNU gettext's `msgcat` must parse, and gettext-parser reads the PO back. xliff2po records each
 * trans-unit's id as the entry's `#:` reference (none when the id is the source text itself), and marks a
 * translation fuzzy unless its unit says `approved="yes"`. Answers per file id → source, target and
 * fuzziness as xliff2po wrote them.
 *
 * One xliff2po converts the whole folder `dir` (its recursive mode converts each file as it converts one
 * alone, to the same relative path below `out`): the toolkit's start-up is most of a run's time.
 */
export async function xliff2poRead(dir: string, files: string[], out: string): Promise<Record<string, Xliff2po>> {
  mkdirSync(out, { recursive: true });
  must(await run('xliff2po', ['--progress=none', '--errorlevel=traceback', '-i', dir, '-o', out]), `xliff2po ${dir}`);
  const read: Record<string, Xliff2po> = {};
  for (const file of files) {
    read[file] = await poOfXliff(join(out, relative(dir, file)).replace(/\.[^./]+$/, '.po'));
  }
  return read;
}

async function poOfXliff(po: string): Promise<Xliff2po> {
  const sources: Record<string, string> = {};
  const targets: Record<string, string> = {};
  const fuzzy: Record<string, boolean> = {};
  // xliff2po writes no PO at all for an XLIFF without units.
  if (!existsSync(po)) return { sources, targets, fuzzy };
  // GNU gettext's parser must accept the PO: msgcat parses it without msgfmt's compile checks, which refuse
  // an approved (so not fuzzy) translation whose leading or trailing newline differs from its source's, a
  // rule of PO files, not of XLIFF (our PO writer marks such entries fuzzy instead).
  must(await run('msgcat', ['-o', '/dev/null', po]), `msgcat ${po}`);
  for (const units of Object.values(gettext.po.parse(readFileSync(po)).translations)) {
    for (const unit of Object.values(units)) {
      if (unit.msgid === '') continue;
      const id = unit.comments?.reference || unit.msgid;
      sources[id] = unit.msgid;
      targets[id] = unit.msgstr[0] ?? '';
      fuzzy[id] = /\bfuzzy\b/.test(unit.comments?.flag ?? '');
    }
  }
  return { sources, targets, fuzzy };
}

/**
 * A nested reading flattened back to dotted keys; every leaf must be a string (a boolean, number, date or
 * null means the reader typed the text), else the leaf is reported as `NotAString: …`.
 */
export function flattenStrict(tree: unknown, prefix = ''): Record<string, string> {
  if (typeof tree === 'string') return { [prefix.slice(0, -1)]: tree };
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree))
    return { [prefix.slice(0, -1)]: `NotAString: ${JSON.stringify(tree)}` };
  return Object.assign({}, ...Object.entries(tree).map(([k, v]) => flattenStrict(v, `${prefix}${k}.`)));
}
