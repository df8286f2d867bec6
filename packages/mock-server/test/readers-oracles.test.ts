// The readers (src/formats/readers.ts) on files that the platforms' own tools wrote, and against the
// tools' own reading of the same files: aapt2 for Android texts, GNU gettext (msgcat, msgunfmt, msginit,
// ngettext) for PO, Ruby's Psych and PyYAML for YAML, Python's and Ruby's JSON, GNUstep's pldes for
// .strings, Python's plistlib and libplist's plistutil for stringsdict, the Translate Toolkit's po2xliff
// for XLIFF. A missing tool skips its test, loudly (test/oracles.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportFormatId } from '@loc/sdk';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileSeed, parseSeed, WRITERS } from '../src';
import { aaptText } from '@loc/sdk/internal';
import { FormatReadError } from '../src/formats/readers';
import { parseXml, type XmlElement } from '@loc/sdk/internal';
import { AAPT_CASES } from './android-cases';
import { gnustepRead, PYTHON, run, TOOLS } from './oracles';
import { read, texts } from './read-file';

const work = mkdtempSync(join(tmpdir(), 'loc-readers-oracles-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const FRAMEWORK_RES = '/usr/share/android-framework-res/framework-res.apk';

/** The hostile seed's texts (typed words, every line break, quotes, markup, emoji…), key → text. */
const HOSTILE = Object.fromEntries(
  parseSeed(hostileSeed())
    .projects[0]!.files[0]!.segments.map((s) => [s.key, s.source])
    // XML and the YAML writers of the tools cannot hold C0 controls; the seed's are tested elsewhere.
    .filter(([, text]) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(text!)),
) as Record<string, string>;

const tool = (available: boolean, install: string) => (title: string) =>
  available ? title : `${title} — SKIPPED, missing ${install}`;

async function must(command: string, args: string[], options: { input?: string; cwd?: string } = {}) {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result;
}

describe('Android texts read as aapt2 compiles them', () => {
  const available = TOOLS.aapt2.available;
  const named = tool(available, TOOLS.aapt2.install);

  /** `aapt2 compile` + `link` a values folder and dump it: per string name, its text (a styled string's without spans). */
  async function aapt2Strings(files: Record<string, string>, dir: string) {
    const values = join(dir, 'res', 'values');
    mkdirSync(values, { recursive: true });
    for (const [name, xml] of Object.entries(files)) writeFileSync(join(values, name), xml);
    const compiled = await run('aapt2', ['compile', '--dir', join(dir, 'res'), '-o', join(dir, 'c.zip')]);
    if (compiled.code !== 0) return { failed: compiled.stderr, strings: {} };
    writeFileSync(
      join(dir, 'AndroidManifest.xml'),
      '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="test.readers"/>',
    );
    await must('aapt2', [
      'link',
      '-o',
      join(dir, 'o.apk'),
      '-I',
      FRAMEWORK_RES,
      '--manifest',
      join(dir, 'AndroidManifest.xml'),
      join(dir, 'c.zip'),
    ]);
    const dump = (await must('aapt2', ['dump', 'resources', join(dir, 'o.apk')])).stdout;
    const strings: Record<string, string> = {};
    let name: string | undefined;
    let lines: string[] | undefined;
    const flush = () => {
      if (name && lines) {
        const value = lines.join('\n');
        const styled = /^\(styled string\) "(.*)"(?: [^" ]+:\d+,\d+)*$/s.exec(value);
        strings[name] = styled ? styled[1]! : value.replace(/^"/, '').replace(/"$/, '');
      }
      name = lines = undefined;
    };
    // A value's further lines come indented by six spaces, an empty one as an empty line.
    for (const line of dump.replace(/\n$/, '').split('\n')) {
      const resource = /^ {4}resource 0x[0-9a-f]+ string\/(.+)$/.exec(line);
      const config = /^ {6}\(\) (.*)$/s.exec(line);
      if (resource) {
        flush();
        name = resource[1];
      } else if (config && name && !lines) lines = [config[1]!];
      else if (lines && (line === '' || line.startsWith(' '.repeat(6)))) lines.push(line.slice(6));
      else if (!/^ {4}resource/.test(line)) flush();
    }
    flush();
    return { failed: '', strings };
  }

  const resources = (strings: string[]) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" xmlns:tools="http://schemas.android.com/tools">\n${strings.join('\n')}\n</resources>\n`;
  /** The reader's text of a `<string>`, without the tags of its spans (what aapt2's dump shows), or its reference. */
  const aaptOf = (xml: string) => {
    const root = parseXml(resources([`<string name="s">${xml}</string>`]));
    return aaptText(root.children.find((c) => c.kind === 'element') as XmlElement, 's');
  };

  it.skipIf(!available)(
    named('the unit tests’ cases are what aapt2 compiles'),
    async () => {
      const { failed, strings } = await aapt2Strings(
        { 'strings.xml': resources(AAPT_CASES.map(([, xml], i) => `<string name="s${i}">${xml}</string>`)) },
        join(work, 'aapt-cases'),
      );
      expect(failed).toBe('');
      AAPT_CASES.forEach(([name, xml], i) => {
        expect(strings[`s${i}`], name).toBe(aaptOf(xml).plain);
      });
    },
    120_000,
  );

  // Random texts of Android's syntax: what the reader takes, aapt2 compiles to the same text; what it
  // refuses, aapt2 refuses. (No leading @ or ?: a reference compiles, and fails only at link; no \u of a
  // surrogate or NUL: aapt2 2.19 drops them silently, where the reader refuses them.)
  it.skipIf(!available)(
    named('random texts: the reader and aapt2 agree on each'),
    async () => {
      const chunk = fc
        .array(
          fc.constantFrom(
            'a',
            'b',
            ' ',
            '  ',
            '\t',
            '\n',
            '\\n',
            '\\t',
            "\\'",
            '\\"',
            '"',
            '\\\\',
            '\\u00e9',
            '\\@',
            '\\?',
            '\\z',
            '&amp;',
            '&lt;',
            '&#160;',
            '&quot;',
            '@',
            '?',
            "'",
            '%1$s',
            'é',
            '🚀',
          ),
          { maxLength: 6 },
        )
        .map((parts) => parts.join(''));
      const piece = fc.oneof(
        { weight: 4, arbitrary: chunk },
        { weight: 1, arbitrary: chunk.map((c) => `<b>${c}</b>`) },
        { weight: 1, arbitrary: chunk.map((c) => `<xliff:g id="x">${c}</xliff:g>`) },
        { weight: 1, arbitrary: chunk.map((c) => `<![CDATA[${c.replace(/&\w+;|&#\d+;/g, '<i>')}]]>`) },
        { weight: 1, arbitrary: chunk.map((c) => `<!-- c -->${c}<br/>`) },
      );
      const text = fc
        .array(piece, { maxLength: 4 })
        .map((p) => p.join(''))
        .filter((t) => !/^[\s]*[@?]/.test(t));
      const samples = fc.sample(text, { seed: 2026, numRuns: 400 });
      const accepted: [number, string][] = [];
      const refused: [number, string][] = [];
      samples.forEach((xml, i) => {
        try {
          const { plain, reference } = aaptOf(xml);
          // A reference compiles, and fails only at link (the unit tests hold the reader to aapt2 on them).
          if (reference === undefined) accepted.push([i, plain]);
        } catch (error) {
          if (!(error instanceof FormatReadError)) throw error;
          refused.push([i, xml]);
        }
      });
      expect(accepted.length).toBeGreaterThan(100);
      expect(refused.length).toBeGreaterThan(20);
      const files: Record<string, string> = {
        'strings.xml': resources(accepted.map(([i]) => `<string name="s${i}">${samples[i]}</string>`)),
      };
      const ok = await aapt2Strings(files, join(work, 'aapt-random'));
      expect(ok.failed).toBe('');
      for (const [i, plain] of accepted) expect(ok.strings[`s${i}`], samples[i]).toBe(plain);
      // Each refused text alone in a file, each file compiled alone (aapt2 compile --dir stops reporting
      // after some failures), in one shell: aapt2 must fail on every one of them.
      const values = join(work, 'aapt-refused', 'res', 'values');
      mkdirSync(values, { recursive: true });
      for (const [i, xml] of refused)
        writeFileSync(join(values, `r${i}.xml`), resources([`<string name="r${i}">${xml}</string>`]));
      const script = 'for f in "$@"; do aapt2 compile "$f" -o "$f.flat" >/dev/null 2>&1; echo "$?"; done';
      const codes = (await must('sh', ['-c', script, 'sh', ...refused.map(([i]) => join(values, `r${i}.xml`))])).stdout
        .trim()
        .split('\n');
      refused.forEach(([, xml], k) => {
        expect(codes[k], xml).not.toBe('0');
      });
    },
    120_000,
  );
});

describe('PO files written by GNU gettext', () => {
  const available = TOOLS.gettext.available;
  const named = tool(available, TOOLS.gettext.install);
  const entries = Object.entries(HOSTILE).map(([key, text]) => ({ key, source: text, value: `${text} [de]` }));
  const po = () => WRITERS['po.gettext']({ locale: 'de', sourceLocale: 'en', path: 'de.po', entries });

  it.skipIf(!available)(
    named('msgcat’s rewrite (long strings over lines) and msgunfmt’s, from the catalog, read as the original'),
    async () => {
      const dir = join(work, 'po');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'de.po'), po());
      const original = texts(read('po.gettext', po()));
      const msgcat = (await must('msgcat', ['--width=40', join(dir, 'de.po')])).stdout;
      expect(msgcat.split('\n').length).toBeGreaterThan(po().split('\n').length);
      expect(texts(read('po.gettext', msgcat))).toEqual(original);
      await must('msgfmt', ['-o', join(dir, 'de.mo'), join(dir, 'de.po')]);
      const unfmt = (await must('msgunfmt', [join(dir, 'de.mo')])).stdout;
      // The catalog leaves out fuzzy entries (the writer marks those whose newlines differ from the source's).
      const kept = Object.fromEntries(
        Object.entries(original).filter(([key, value]) => {
          const source = HOSTILE[key]!;
          return source.startsWith('\n') === value.startsWith('\n') && source.endsWith('\n') === value.endsWith('\n');
        }),
      );
      expect(texts(read('po.gettext', unfmt))).toEqual(kept);
    },
    60_000,
  );

  // msginit writes each language's Plural-Forms; for every count, the form our reader names by CLDR's
  // category of the count must be the one gettext's own ngettext chooses.
  it.skipIf(!available)(
    named('plural forms as msginit heads them and ngettext chooses them'),
    async () => {
      const dir = join(work, 'plurals');
      const pot = join(dir, 'messages.pot');
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        pot,
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgctxt "files"\nmsgid "file"\nmsgid_plural "files"\nmsgstr[0] ""\nmsgstr[1] ""\n',
      );
      const counts = [...Array.from({ length: 32 }, (_, n) => n), 100, 101, 102, 111, 112, 1000];
      const disagree: string[] = [];
      for (const locale of ['cs', 'de', 'fr', 'ga', 'ja', 'lt', 'lv', 'pl', 'pt', 'ro', 'ru', 'sl']) {
        const initialized = (await must('msginit', ['-i', pot, '-o', '-', '-l', locale, '--no-translator'])).stdout;
        const filled = initialized.replace(/msgstr\[(\d)\] ""/g, 'msgstr[$1] "form$1"');
        const poFile = join(dir, `${locale}.po`);
        writeFileSync(poFile, filled);
        mkdirSync(join(dir, locale, 'LC_MESSAGES'), { recursive: true });
        await must('msgfmt', ['-o', join(dir, locale, 'LC_MESSAGES', 't.mo'), poFile]);
        const script = counts.map((n) => `ngettext -d t -c files file files ${n}; echo`).join('; ');
        const chosen = (
          await run('sh', ['-c', `LANGUAGE=${locale} LC_ALL=C.UTF-8 TEXTDOMAINDIR=${dir} sh -c '${script}'`])
        ).stdout.split('\n');
        const ours = texts(read('po.gettext', filled, { locale }));
        const rules = new Intl.PluralRules(locale);
        counts.forEach((n, k) => {
          const form = ours[`files.${rules.select(n)}`];
          if (form !== undefined && form !== chosen[k]) disagree.push(`${locale} n=${n}: ${form} vs ${chosen[k]}`);
        });
      }
      // Where gettext's formula and CLDR's rule part ways, no naming of the forms serves both: Portuguese
      // counts 0 with the other counts (CLDR: one), Latvian has its form for 0 alone (CLDR's zero also
      // holds 10–20, 30…). Everywhere else, the form an app finds by CLDR is the one gettext chooses.
      const lvZero = (n: number) => n !== 0 && new Intl.PluralRules('lv').select(n) === 'zero';
      expect(
        disagree.filter(
          (d) => !/^pt n=0:/.test(d) && !(/^lv n=(\d+):/.test(d) && lvZero(Number(/n=(\d+)/.exec(d)![1]))),
        ),
      ).toEqual([]);
      expect(disagree.filter((d) => d.startsWith('pt'))).toEqual(['pt n=0: form0 vs form1']);
    },
    60_000,
  );
});

describe('YAML written by Ruby’s Psych and PyYAML', () => {
  const psych = TOOLS.psych.available;
  const pyyaml = TOOLS.pyyaml.available;
  const nested = { app: HOSTILE, 'flat.key': 'flat', list: ['one', 'two'] };
  const expected = {
    ...Object.fromEntries(Object.entries(HOSTILE).map(([k, v]) => [`app.${k}`, v])),
    'flat.key': 'flat',
    'list.0': 'one',
    'list.1': 'two',
  };

  it.skipIf(!psych)(
    tool(psych, TOOLS.psych.install)('Psych’s to_yaml, plain and as a Rails locale file, reads as the data'),
    async () => {
      const script =
        'require "yaml"; require "json"; data = JSON.parse(STDIN.read); print [data["plain"].to_yaml, data["rails"].to_yaml].to_json';
      const rails = {
        'pt-BR': {
          cart: { items: { one: '%{count} item, 100%% certo', other: '%{count} itens' }, title: 'Olá, %{name}' },
        },
      };
      const [plain, railsYaml] = JSON.parse(
        (await must('ruby', ['-e', script], { input: JSON.stringify({ plain: nested, rails }) })).stdout,
      ) as [string, string];
      expect(plain).toMatch(/^---\n/);
      expect(texts(read('yaml.standard', plain))).toEqual(expected);
      const file = read('yaml.rails', railsYaml, { locale: 'pt-BR' });
      expect(file.locale).toBe('pt-BR');
      expect(texts(file)).toEqual({
        'cart.items.one': '{count} item, 100% certo',
        'cart.items.other': '{count} itens',
        'cart.title': 'Olá, {name}',
      });
    },
    60_000,
  );

  it.skipIf(!pyyaml)(
    tool(pyyaml, TOOLS.pyyaml.install)('PyYAML’s safe_dump, escaped and not, reads as the data'),
    async () => {
      const dir = join(work, 'pyyaml');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'data.json'), JSON.stringify(nested));
      const script = `import json, yaml, sys
data = json.load(open(sys.argv[1], encoding='utf-8'))
open(sys.argv[2], 'w', encoding='utf-8').write(yaml.safe_dump(data, allow_unicode=True, width=30))
open(sys.argv[3], 'w', encoding='utf-8').write(yaml.safe_dump(data, default_flow_style=True))`;
      await must(PYTHON, ['-c', script, join(dir, 'data.json'), join(dir, 'unicode.yml'), join(dir, 'escaped.yml')]);
      for (const file of ['unicode.yml', 'escaped.yml'])
        expect(texts(read('yaml.standard', readFileSync(join(dir, file), 'utf8'))), file).toEqual(expected);
    },
    60_000,
  );
});

describe('JSON written by Python and Ruby', () => {
  const python = TOOLS.python.available;
  it.skipIf(!python)(
    tool(python, TOOLS.python.install)('json.dumps (ASCII with \\u escapes, and not) reads as the data'),
    async () => {
      const script =
        'import json, sys; d = json.load(sys.stdin); print(json.dumps([json.dumps(d), json.dumps(d, ensure_ascii=False, indent=4)]))';
      const [ascii, unicode] = JSON.parse(
        (await must(PYTHON, ['-c', script], { input: JSON.stringify({ app: HOSTILE }) })).stdout,
      ) as [string, string];
      const expected = Object.fromEntries(Object.entries(HOSTILE).map(([k, v]) => [`app.${k}`, v]));
      expect(texts(read('json.nested', ascii))).toEqual(expected);
      expect(texts(read('json.nested', unicode))).toEqual(expected);
    },
    60_000,
  );

  it.skipIf(!TOOLS.psych.available)(
    tool(TOOLS.psych.available, TOOLS.psych.install)('Ruby’s JSON.pretty_generate reads as the data'),
    async () => {
      const out = (
        await must('ruby', ['-rjson', '-e', 'print JSON.pretty_generate(JSON.parse(STDIN.read))'], {
          input: JSON.stringify(HOSTILE),
        })
      ).stdout;
      expect(texts(read('json.standard', out))).toEqual(HOSTILE);
    },
    60_000,
  );
});

describe('.strings and .stringsdict written by Apple’s formats’ tools', () => {
  const gnustep = TOOLS.gnustep.available && TOOLS.python.available;
  const plistutil = TOOLS.plistutil.available && TOOLS.python.available;

  // GNUstep's pldes writes a property list as an OpenStep dictionary, whose inside is a .strings file.
  it.skipIf(!gnustep)(
    tool(gnustep, TOOLS.gnustep.install)('GNUstep’s pldes output reads as the dictionary'),
    async () => {
      const dir = join(work, 'pldes');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'data.json'), JSON.stringify(HOSTILE));
      await must(PYTHON, [
        '-c',
        'import json, plistlib, sys; open(sys.argv[2], "wb").write(plistlib.dumps(json.load(open(sys.argv[1], encoding="utf-8")), fmt=plistlib.FMT_BINARY))',
        join(dir, 'data.json'),
        join(dir, 'data.plist'),
      ]);
      const described = (await must('pldes', [join(dir, 'data.plist')])).stdout.trim();
      expect(described).toMatch(/^\{[\s\S]*\}$/);
      expect(texts(read('strings.ios', described.slice(1, -1)))).toEqual(HOSTILE);
    },
    60_000,
  );

  // A file as Xcode writes it (UTF-16 with a byte order mark, comments) and by hand (unquoted keys,
  // every escape): GNUstep's parser and the reader read the same strings.
  it.skipIf(!gnustep)(
    tool(gnustep, TOOLS.gnustep.install)('a hand-written .strings reads as GNUstep reads it'),
    async () => {
      // (Left out: `"key";`, which CoreFoundation reads as the key for its text and GNUstep as an empty
      // text, and 'single quotes', which CoreFoundation reads and GNUstep refuses; the unit test holds
      // the reader to CoreFoundation on both.)
      const text = `/* Xcode's header\n   comment */\n\n/* No comment provided by engineer. */\n"Cancel" = "Abbrechen";\n// a line comment\nunquoted_key = unquoted/value.1;\n"escapes" = "\\"q\\" \\\\ \\n\\t \\U00FC\\U00e9 \\101\\102 \\' tail";\n"multi" = "line\none";\n`;
      const dir = join(work, 'strings');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'Localizable.strings');
      writeFileSync(file, text);
      const keys = ['Cancel', 'unquoted_key', 'escapes', 'multi'];
      const gnustepStrings = (await gnustepRead([{ file, keys }]))[file];
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      expect(texts(read('strings.ios', new Uint8Array(utf16)))).toEqual(gnustepStrings);
      expect(texts(read('strings.ios', text))).toEqual(gnustepStrings);
    },
    60_000,
  );

  it.skipIf(!plistutil)(
    tool(plistutil, TOOLS.plistutil.install)('plural rules as plistlib and plistutil write them read as their forms'),
    async () => {
      const rule = (format: string, forms: Record<string, string>) => ({
        NSStringLocalizedFormatKey: format,
        n: { NSStringFormatSpecTypeKey: 'NSStringPluralRuleType', NSStringFormatValueTypeKey: 'd', ...forms },
      });
      const data = {
        files: rule('%#@n@', { one: '%d file <&>', other: '%d files "q"' }),
        found: rule('Found %#@n@.', { zero: 'nothing', other: '%d items' }),
        title: rule('%#@n@', { other: HOSTILE.quotes! }),
      };
      const expected = {
        'files.one': '%d file <&>',
        'files.other': '%d files "q"',
        'found.zero': 'Found nothing.',
        'found.other': 'Found %d items.',
        'title.other': HOSTILE.quotes,
      };
      const dir = join(work, 'stringsdict');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'data.json'), JSON.stringify(data));
      await must(PYTHON, [
        '-c',
        'import json, plistlib, sys; d = json.load(open(sys.argv[1])); open(sys.argv[2], "wb").write(plistlib.dumps(d)); open(sys.argv[3], "wb").write(plistlib.dumps(d, fmt=plistlib.FMT_BINARY))',
        join(dir, 'data.json'),
        join(dir, 'python.stringsdict'),
        join(dir, 'data.bin'),
      ]);
      await must('plistutil', ['-i', join(dir, 'data.bin'), '-o', join(dir, 'libplist.stringsdict'), '-f', 'xml']);
      for (const file of ['python.stringsdict', 'libplist.stringsdict'])
        expect(texts(read('stringsdict.ios', new Uint8Array(readFileSync(join(dir, file))))), file).toEqual(expected);
    },
    60_000,
  );
});

describe('XLIFF written by the Translate Toolkit', () => {
  const available = TOOLS.xliff2po.available && TOOLS.gettext.available;
  it.skipIf(!available)(
    tool(available, TOOLS.xliff2po.install)('po2xliff’s XLIFF: targets, notes, and states as the PO had them'),
    async () => {
      const dir = join(work, 'po2xliff');
      mkdirSync(dir, { recursive: true });
      const entries = Object.entries(HOSTILE)
        .filter(([, text]) => text !== '')
        .map(([key, text], i) => ({
          key,
          source: text,
          value: `${text} [de]`,
          ...(i === 0 ? { comment: 'A note' } : {}),
        }));
      writeFileSync(
        join(dir, 'de.po'),
        WRITERS['po.gettext']({ locale: 'de', sourceLocale: 'en', path: 'de.po', entries }),
      );
      await must('po2xliff', ['--progress=none', join(dir, 'de.po'), join(dir, 'de.xlf')]);
      const file = read('xliff.standard', new Uint8Array(readFileSync(join(dir, 'de.xlf'))));
      // po2xliff numbers its units and keeps the header as the first; the rest are the PO's entries in order,
      // a plural entry's forms (the group files.one, files.other: one entry) where its first form was, and
      // then the forms German has not (files.few, files.many), each an entry of its own.
      const units = file.entries.slice(1);
      const other = entries.findIndex((e) => e.key === 'files.other');
      entries.splice(entries.findIndex((e) => e.key === 'files.one') + 1, 0, ...entries.splice(other, 1));
      // (po2xliff writes a carriage return as &#13;, which XML keeps.)
      expect(units.map((u) => u.value)).toEqual(entries.map((e) => e.value));
      expect(units.map((u) => u.source)).toEqual(entries.map((e) => e.source));
      expect(units[0]!.comment).toBe('A note');
      const fuzzy = (e: { source: string; value: string }) =>
        e.source.startsWith('\n') !== e.value.startsWith('\n') || e.source.endsWith('\n') !== e.value.endsWith('\n');
      expect(units.map((u) => u.status)).toEqual(entries.map((e) => (fuzzy(e) ? 'DRAFT' : 'APPROVED')));
    },
    60_000,
  );
});

// Keeps the formats named here in step with the readers: a new format needs its oracle here too.
it('every format has an oracle above', () => {
  const covered: ExportFormatId[] = [
    'xml.android.resources',
    'po.gettext',
    'yaml.standard',
    'yaml.rails',
    'json.standard',
    'json.nested',
    'strings.ios',
    'stringsdict.ios',
    'xliff.standard',
  ];
  // json.i18next and properties: no tool of theirs here writes files (i18next reads only; no Java in the
  // test tools): their readers are held to i18next's rules and to dot-properties in their unit tests.
  expect([...covered, 'json.i18next', 'properties'].sort()).toEqual(Object.keys(WRITERS).sort());
});
