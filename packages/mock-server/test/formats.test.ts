// Every writer's output read back with a real parser of its format: the same strings must come out.
import { parse as parseProperties } from 'dot-properties';
import { XMLParser } from 'fast-xml-parser';
import { po as gettext } from 'gettext-parser';
import { parse as parseNextstep } from 'nextstep-plist';
import { parse as parsePlist } from 'plist';
import { parse as parseYaml } from 'yaml';
import fc from 'fast-check';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { WRITERS, type Entry } from '../src';
import { androidNames } from '../src/formats/android';
import { nest } from '../src/formats/json';
import { pluralKeys } from '../src/formats/plural-keys';
import { yamlScalar } from '../src/formats/yaml';
import { I18NEXT_APP_OPTIONS } from './oracles';

/** Strings that break naive writers. */
const TRICKY: Entry[] = [
  { key: 'plain', source: 'Hello', value: 'Hallo' },
  { key: 'quotes', source: 'q', value: `She said "it's done" & left <b>early</b>` },
  { key: 'apostrophe', source: 'a', value: "l'application d'Acme" },
  { key: 'newlines', source: 'n', value: 'Line one\nLine two\r\nLine three\tTabbed' },
  { key: 'backslash', source: 'b', value: 'C:\\Users\\acme\\new' },
  { key: 'percent', source: 'p', value: '%@ has %d new messages (100%) %1$s' },
  { key: 'at', source: 'at', value: '@home' },
  { key: 'question', source: 'qm', value: '?help' },
  { key: 'unicode', source: 'u', value: 'Grüße — こんにちは 筆記 مرحبا שלום' },
  { key: 'emoji', source: 'e', value: 'Ship it 🚀👩‍👩‍👧' },
  { key: 'spaces', source: 's', value: '  leading and trailing  ' },
  { key: 'inner.spaces', source: 'is', value: 'two  spaces   three' },
  { key: 'separators', source: 'sep', value: 'a = b : c # not a comment ! no' },
  { key: 'braces', source: 'br', value: '{name} {{double}} ${dollar}' },
  { key: 'empty', source: 'em', value: '' },
  { key: 'yaml.words', source: 'y', value: 'yes' },
  { key: 'number.like', source: 'n', value: '007' },
  { key: 'comment', source: 'c', value: 'with a comment', comment: 'Shown on the */ home screen -- really' },
  { key: 'key with = and : and spaces', source: 'k', value: 'a key of its own' },
  { key: 'positional', source: 'pos', value: '%1$s sent %2$d files to %1$s' },
  { key: 'non.positional', source: 'np', value: '%s sent %d files' },
  { key: 'escaped.percent', source: 'ep', value: '100%% of %s' },
  { key: 'control', source: 'ctl', value: 'tab\there, form\ffeed' },
];
/** Keys with dots, for the nested formats. */
const NESTED: Entry[] = [
  { key: 'settings.title', source: 't', value: 'Einstellungen' },
  { key: 'settings.account.logout', source: 'l', value: 'Abmelden "jetzt"' },
  { key: 'top', source: 'top', value: 'Oben' },
  // A key that is both a string and a prefix of others, in both orders.
  { key: 'menu.file', source: 'f', value: 'Datei' },
  { key: 'menu', source: 'm', value: 'Menü' },
  { key: 'menu.edit', source: 'e', value: 'Bearbeiten' },
  { key: 'toolbar', source: 'tb', value: 'Werkzeugleiste' },
  { key: 'toolbar.left.icon', source: 'tl', value: 'Links' },
  { key: 'toolbar.left', source: 'tl', value: 'Linke Seite' },
  // Names of Object.prototype members are plain keys.
  { key: '__proto__.polluted', source: 'pp', value: 'nein' },
  { key: 'constructor', source: 'c', value: 'Konstruktor' },
  { key: 'toString.label', source: 'ts', value: 'Text' },
  { key: 'hasOwnProperty', source: 'h', value: 'eigen' },
];
const file = (entries: Entry[]) => ({ locale: 'de', sourceLocale: 'en', path: 'Resources/de.lproj/app.txt', entries });
const expected = (entries: Entry[]) => Object.fromEntries(entries.map((e) => [e.key, e.value]));

function flatten(tree: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      v !== null && typeof v === 'object'
        ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`))
        : [[`${prefix}${k}`, String(v)]],
    ),
  );
}

/**
 * Apple's `.strings` grammar (an old-style plist of string pairs): `"key" = "value";` with C escapes
 * (\\ \" \n \r \t \UXXXX), and comments between pairs. Read character by character, as CFPropertyList does.
 */
function parseDotStrings(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  const skip = () => {
    for (;;) {
      if (/\s/.test(text[i] ?? '')) i++;
      else if (text.startsWith('/*', i)) i = text.indexOf('*/', i + 2) + 2;
      else if (text.startsWith('//', i)) i = text.indexOf('\n', i) + 1 || text.length;
      else return;
    }
  };
  const string = () => {
    if (text[i] !== '"') throw new Error(`expected " at ${i}: ${text.slice(i, i + 20)}`);
    let value = '';
    for (i++; text[i] !== '"'; i++) {
      if (i >= text.length) throw new Error('unterminated string');
      if (text[i] !== '\\') {
        value += text[i];
        continue;
      }
      const c = text[++i];
      if (c === 'n') value += '\n';
      else if (c === 'r') value += '\r';
      else if (c === 't') value += '\t';
      else if (c === 'U' || c === 'u') {
        value += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
        i += 4;
      } else value += c;
    }
    i++;
    return value;
  };
  for (skip(); i < text.length; skip()) {
    const key = string();
    skip();
    if (text[i++] !== '=') throw new Error(`expected = after "${key}"`);
    skip();
    out[key] = string();
    skip();
    if (text[i++] !== ';') throw new Error(`expected ; after "${key}"`);
  }
  return out;
}

/**
 * Android's resource compiler (aapt2) on a `<string>`'s inside, as written: markup without a namespace
 * (`<b>`, `<font color="…">`) is a span, kept as its tag; the text between tags is XML text (its references
 * decoded), in which whitespace outside double quotes collapses to one space (and is trimmed at the ends of
 * a string without spans); `\n \t \' \" \\ \@ \? \uXXXX` are escapes; unescaped double quotes only
 * switch quoting on and off, and a span's edges end quoting and a run of spaces.
 */
function aaptString(raw: string): string {
  const pieces = raw.split(/(<[^>]*>)/);
  const spans = pieces.length > 1;
  let out = '';
  let quoted = false;
  let pendingSpace = false;
  for (const [p, piece] of pieces.entries()) {
    if (p % 2 === 1) {
      if (pendingSpace) out += ' ';
      pendingSpace = false;
      quoted = false;
      out += piece;
      continue;
    }
    const text = piece.replace(/&(lt|gt|amp|quot|apos|#\d+);/g, (_, e: string) =>
      e.startsWith('#')
        ? String.fromCharCode(Number(e.slice(1)))
        : ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[e]!,
    );
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (!quoted && /\s/.test(c)) {
        pendingSpace = spans || out.length > 0;
        continue;
      }
      if (pendingSpace) {
        out += ' ';
        pendingSpace = false;
      }
      if (c === '"') quoted = !quoted;
      else if (c === '\\') {
        const n = text[++i];
        if (n === 'n') out += '\n';
        else if (n === 't') out += '\t';
        else if (n === 'u') {
          out += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
          i += 4;
        } else out += n ?? '';
      } else out += c;
    }
  }
  return spans && pendingSpace ? `${out} ` : out;
}

/**
 * aapt2's check of a `<string>` without `formatted="false"` (ResourceUtils VerifyJavaStringFormat): more
 * than one substitution with any of them not positional fails the build, unless the text looks like a
 * Time.format pattern.
 */
function aaptAcceptsFormat(text: string): boolean {
  let args = 0;
  let nonPositional = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '%' || i + 1 >= text.length) continue;
    i++;
    if (text[i] === '%' || text[i] === 'n') continue;
    args++;
    const digits = /^\d*/.exec(text.slice(i))![0].length;
    if (digits > 0) {
      i += digits;
      if (i < text.length && text[i] !== '$') nonPositional = true;
    } else if (text[i] === '<') {
      nonPositional = true;
      i++;
      if (text[i] === '$') i++;
    } else nonPositional = true;
    while (i < text.length && /[-#+ ,(0-9]/.test(text[i]!)) i++;
    if (i < text.length && 'DFKMWZkmwyz'.includes(text[i]!)) return true;
  }
  return !(args > 1 && nonPositional);
}

// htmlEntities: decode character references (&#13;) as every conforming XML parser does.
const xml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['string', 'trans-unit', 'plurals', 'string-array', 'item'].includes(name),
});

/** The same parser, keeping an Android text's inside as written (its markup is aapt2's spans). */
const androidXml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: false,
  stopNodes: ['*.string', '*.item'],
  isArray: (name) => ['string', 'plurals', 'string-array', 'item'].includes(name),
});

type AndroidNode = { '@_name': string; '@_formatted'?: string; '@_quantity'?: string; '#text'?: string } | string;
const textOfNode = (node: AndroidNode) => (typeof node === 'string' ? node : (node['#text'] ?? ''));

/**
 * What aapt2 compiles a resource file to, name → text: a `<plurals>`' items `<name>.<quantity>`, a
 * `<string-array>`'s `<name>.<index>`; a `<string>` that aapt2 would refuse as a format string throws.
 */
function readAndroid(text: string): Record<string, string> {
  const resources = androidXml.parse(text).resources as Record<string, AndroidNode[]>;
  const out: Record<string, string> = {};
  for (const s of resources.string ?? []) {
    if (typeof s === 'string') continue;
    const value = aaptString(textOfNode(s));
    if (s['@_formatted'] !== 'false' && !aaptAcceptsFormat(value))
      throw new Error(`aapt2 refuses ${s['@_name']}: multiple non-positional substitutions`);
    out[s['@_name']] = value;
  }
  for (const p of (resources.plurals ?? []) as unknown as { '@_name': string; item: AndroidNode[] }[])
    for (const item of p.item)
      out[`${p['@_name']}.${(item as { '@_quantity': string })['@_quantity']}`] = aaptString(textOfNode(item));
  for (const a of (resources['string-array'] ?? []) as unknown as { '@_name': string; item: AndroidNode[] }[])
    for (const [i, item] of a.item.entries()) out[`${a['@_name']}.${i}`] = aaptString(textOfNode(item));
  return out;
}

/**
 * What Ruby's I18n shows for a text when the app gives each placeholder the value `{name}` (I18n's own
 * interpolation pattern: `%%` is `%`, `%{name}` a value), and nothing when the text has no placeholder,
 * as an app calls `t` then (I18n leaves the text as it is). The oracle test runs the gem itself.
 */
function railsShown(text: string): string {
  if (!/%\{\w+\}/.test(text)) return text;
  return text.replace(/%%|%\{(\w+)\}/g, (m, name?: string) => (m === '%%' ? '%' : `{${name}}`));
}

/** What i18next itself shows for each key when the app gives each `{{name}}` the value `{name}`. */
function i18nextShown(resources: Record<string, unknown>): Record<string, string> {
  const instance = i18next.createInstance();
  instance.init({
    lng: 'de',
    initAsync: false,
    resources: { de: { translation: resources } },
    ...I18NEXT_APP_OPTIONS,
  });
  const t = instance.t as unknown as (key: string, options: object) => string;
  return Object.fromEntries(
    Object.entries(flatten(resources)).map(([key, text]) => [
      key,
      t(key, Object.fromEntries([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], `{${m[1]}}`]))),
    ]),
  );
}

/** Each format: how a real parser reads it back into key → value. */
const READERS: Record<string, (text: string) => Record<string, string>> = {
  'json.standard': (text) => JSON.parse(text),
  'json.nested': (text) => flatten(JSON.parse(text)),
  'json.i18next': (text) => i18nextShown(JSON.parse(text)),
  'yaml.standard': (text) => flatten(parseYaml(text)),
  'yaml.rails': (text) => {
    const root = parseYaml(text);
    expect(Object.keys(root)).toEqual(['de']);
    return Object.fromEntries(Object.entries(flatten(root.de)).map(([k, v]) => [k, railsShown(v)]));
  },
  properties: (text) => parseProperties(text) as Record<string, string>,
  'po.gettext': (text) => {
    const po = gettext.parse(text);
    return Object.fromEntries(
      Object.entries(po.translations)
        .filter(([context]) => context !== '')
        .map(([context, units]) => [context, Object.values(units)[0]?.msgstr[0] ?? '']),
    );
  },
  'xliff.standard': (text) => {
    const units = xml.parse(text).xliff.file.body['trans-unit'] as {
      '@_id': string;
      target: string | { '#text': string };
    }[];
    return Object.fromEntries(
      units.map((u) => [u['@_id'], typeof u.target === 'string' ? u.target : (u.target?.['#text'] ?? '')]),
    );
  },
  'strings.ios': parseDotStrings,
  'stringsdict.ios': (text) => {
    const dict = parsePlist(text) as Record<
      string,
      { NSStringLocalizedFormatKey: string; value: Record<string, string> }
    >;
    return Object.fromEntries(
      Object.entries(dict).flatMap(([key, rule]) => {
        expect(rule.NSStringLocalizedFormatKey).toBe('%#@value@');
        const { NSStringFormatSpecTypeKey: type, NSStringFormatValueTypeKey: _, ...forms } = rule.value;
        expect(type).toBe('NSStringPluralRuleType');
        return Object.entries(forms).map(([category, form]) => [`${key}.${category}`, form]);
      }),
    );
  },
  'xml.android.resources': readAndroid,
};

const XML_FORMATS = ['xliff.standard', 'stringsdict.ios', 'xml.android.resources'];

/** Android resource names allow only letters, digits, `_` and `.`. */
const androidKeys = (entries: Entry[]) => {
  const names = androidNames(entries.map((e) => e.key));
  return entries.map((e) => ({ ...e, key: names.get(e.key)! }));
};

describe('format writers', () => {
  it('cover every format', () => {
    expect(Object.keys(READERS).sort()).toEqual(Object.keys(WRITERS).sort());
  });

  it.each(Object.keys(WRITERS))('%s: tricky strings survive a real parser', (format) => {
    const write = WRITERS[format as keyof typeof WRITERS];
    // A stringsdict holds plurals only: each tricky text is the `other` form of a plural of its own.
    const entries = format === 'stringsdict.ios' ? TRICKY.map((e) => ({ ...e, key: `${e.key}.other` })) : TRICKY;
    const text = write(file(entries));
    const read = READERS[format]!(text);
    let want = format === 'xml.android.resources' ? expected(androidKeys(entries)) : expected(entries);
    // i18next has no escape for its own `{{…}}`: the seed's `{{double}}` (a placeholder in literal braces)
    // is written `{{{double}}}`, which i18next reads as a placeholder named `{double` and leaves unfilled.
    if (format === 'json.i18next') want.braces = '{name} {{{double}}} ${dollar}';
    // XML 1.0 cannot carry most C0 controls, not even as &#12;: the XML formats leave them out, but for
    // Android, where they are `\uXXXX` escapes.
    if (XML_FORMATS.includes(format) && format !== 'xml.android.resources')
      want = Object.fromEntries(
        Object.entries(want).map(([k, v]) => [k, v.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')]),
      );
    expect(read).toEqual(want);
  });

  it.each(['json.nested', 'yaml.standard'])('%s nests keys at dots, and keeps every key of a clash', (format) => {
    const text = WRITERS[format as keyof typeof WRITERS](file(NESTED));
    expect(READERS[format]!(text)).toEqual(expected(NESTED));
    const tree = format === 'json.nested' ? JSON.parse(text) : parseYaml(text);
    expect(tree.settings.account.logout).toBe('Abmelden "jetzt"');
  });

  it('nested formats keep every key of a clash, and no key touches Object.prototype', () => {
    expect(JSON.parse(WRITERS['json.nested'](file(NESTED))).menu).toBe('Menü');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // The JSON writers build their text directly, for speed: it must be what JSON.stringify writes, key order
  // (integer-like keys first), repeated keys, escapes and lone surrogates included.
  it('json writers write exactly what JSON.stringify(…, null, 2) writes, for any keys and texts', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('a', '.', '"', '\\', '\n', '\u0001', '\ud83d', '\ude80'),
        fc.string({ unit: 'binary', maxLength: 1 }),
      ),
    });
    const key = fc.oneof(
      text,
      fc.constantFrom('0', '7', '01', '-1', '4294967294', '4294967295', '__proto__', 'a', 'a.b', 'a.0'),
    );
    const entries = fc.array(fc.record({ key, value: text }), { maxLength: 12 });
    fc.assert(
      fc.property(entries, (list) => {
        const given = list.map((e) => ({ ...e, source: '' }));
        expect(WRITERS['json.standard'](file(given))).toBe(
          `${JSON.stringify(Object.fromEntries(list.map((e) => [e.key, e.value])), null, 2)}\n`,
        );
        expect(WRITERS['json.nested'](file(given))).toBe(`${JSON.stringify(nest(list), null, 2)}\n`);
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('android: formatted="false" exactly where aapt2 would refuse the substitutions', () => {
    const text = WRITERS['xml.android.resources'](file(TRICKY));
    const unformatted = [...text.matchAll(/<string name="([^"]+)" formatted="false">/g)].map((m) => m[1]);
    expect(unformatted).toEqual(['percent', 'non.positional']);
    expect(aaptAcceptsFormat('%s sent %d files')).toBe(false);
    expect(aaptAcceptsFormat('%1$s sent %2$d files')).toBe(true);
  });

  it('android: a plural is a <plurals>, an array a <string-array>, under its base’s name; a locale without the plural’s other form or an item of the array leaves it out', () => {
    const keys = ['files.one', 'files.other', 'planets.0', 'planets.1', 'a-b.one', 'a-b.other', 'a_b.one'];
    const entries = (...wanted: string[]) => wanted.map((key) => ({ key, source: key, value: `${key}!` }));
    const full = WRITERS['xml.android.resources']({ ...file(entries(...keys)), keys });
    expect(full).toContain(
      '<plurals name="files">\n        <item quantity="one">files.one!</item>\n        <item quantity="other">files.other!</item>\n    </plurals>',
    );
    expect(full).toContain('<string-array name="planets">\n        <item>planets.0!</item>');
    // `a_b.one`, a string, would read back as the form `one` of the plurals `a_b` (of `a-b.one`): it takes `_2`.
    expect(readAndroid(full)).toEqual({
      'files.one': 'files.one!',
      'files.other': 'files.other!',
      'planets.0': 'planets.0!',
      'planets.1': 'planets.1!',
      'a_b.one': 'a-b.one!',
      'a_b.other': 'a-b.other!',
      'a_b.one_2': 'a_b.one!',
    });
    const partial = WRITERS['xml.android.resources']({ ...file(entries('files.one', 'planets.0', 'a-b.other')), keys });
    expect(readAndroid(partial)).toEqual({ 'a_b.other': 'a-b.other!' });
  });

  it.each([
    ['Tap <b>Save</b>', 'Tap <b>Save</b>'],
    ['<font color="#ff0000">red</font> &amp; <br/>', '<font color="#ff0000">red</font> &amp;amp; <br/>'],
    ['it\'s "quoted"', 'it\\\'s \\"quoted\\"'],
    ['a < b > c ]]>', 'a &lt; b > c ]]&gt;'],
    ['<b>unclosed', '&lt;b>unclosed'],
    ['<b></b>', '&lt;b>&lt;/b>'],
    ['<b>x</i>', '&lt;b>x&lt;/i>'],
    ['<xliff:g id="n">%d</xliff:g>', '&lt;xliff:g id=\\"n\\">%d&lt;/xliff:g>'],
    ['<!-- c --> <![CDATA[x]]>', '&lt;!-- c --> &lt;![CDATA[x]]&gt;'],
  ])(
    'android: %j is written %j (markup only where aapt2 compiles spans that read back as written)',
    (text, written) => {
      expect(WRITERS['xml.android.resources'](file([{ key: 'k', source: '', value: text }]))).toContain(
        `<string name="k">${written}</string>`,
      );
    },
  );

  it('xliff: a key’s tabs and line breaks are character references in the id, which XML would read as spaces', () => {
    const text = WRITERS['xliff.standard'](file([{ key: 'a\tb\nc\rd', source: 's', value: 'v' }]));
    expect(text).toContain('<trans-unit id="a&#9;b&#10;c&#13;d"');
    expect(READERS['xliff.standard']!(text)).toEqual({ 'a\tb\nc\rd': 'v' });
  });

  it('strings.ios leaves a plural’s forms to the stringsdict beside it, which holds them alone', () => {
    const entries: Entry[] = [
      { key: 'title', source: 't', value: 'Titel' },
      { key: 'files.one', source: 'o', value: 'eine Datei' },
      { key: 'files.other', source: 'f', value: '%d Dateien' },
    ];
    expect(READERS['strings.ios']!(WRITERS['strings.ios'](file(entries)))).toEqual({ title: 'Titel' });
    expect(READERS['stringsdict.ios']!(WRITERS['stringsdict.ios'](file(entries)))).toEqual({
      'files.one': 'eine Datei',
      'files.other': '%d Dateien',
    });
  });

  it('properties are ASCII only, with \\uXXXX escapes', () => {
    const text = WRITERS.properties(file(TRICKY));
    expect(/^[\x00-\x7f]*$/.test(text)).toBe(true);
    expect(text).toContain('\\u00fc');
  });

  // A second, independent reader of the old-style plist grammar. It knows no comments and leaves C
  // escapes such as \n as they are (Apple's reader above decodes them), so it checks the rest.
  it('strings.ios reads the same in nextstep-plist, for texts without C escapes', () => {
    const plain = TRICKY.filter((e) => !/[\n\r\t\f]/.test(e.value));
    const text = WRITERS['strings.ios'](file(plain)).replace(/^\/\*.*\*\/$/gm, '');
    expect(parseNextstep(`{${text}}`)).toEqual(expected(plain));
  });

  it('android resource names are valid, Java-safe and unique as R fields, the same in every locale', () => {
    const names = androidNames(['settings.title', 'a-b', 'a_b', 'a.b', 'class', '2fa', 'ok', 'a-b']);
    expect([...names.values()]).toEqual(['settings.title', 'a_b', 'a_b_2', 'a.b_3', 'class_', '_2fa', 'ok']);
    // A locale that lacks a key still names the others as the full file does.
    const text = WRITERS['xml.android.resources']({
      ...file([{ key: 'a_b', source: 'x', value: 'y' }]),
      keys: ['a-b', 'a_b'],
    });
    expect(text).toContain('<string name="a_b_2">y</string>');
  });

  it.each([
    ['Hello', 'Hello'],
    ['Grüße aus Köln', 'Grüße aus Köln'],
    ["l'app (beta)", "l'app (beta)"],
    ...['yes', 'No', 'ON', 'off', 'y', 'N', 'true', 'Null', 'yEs'].map((w) => [w, `"${w}"`]),
    ['~', '"~"'],
    ['2026-11-01', '"2026-11-01"'],
    ['190:20:30', '"190:20:30"'],
    ['.inf', '".inf"'],
    ['@home', '"@home"'],
    [':symbol', '":symbol"'],
    ['a: b', '"a: b"'],
    ['trailing ', '"trailing "'],
    ['', '""'],
    ['a\u2028b\u2029c\u0085d', '"a\\u2028b\\u2029c\\u0085d"'],
    ['crlf\r\n"q"\\', '"crlf\\r\\n\\"q\\"\\\\"'],
  ])('yaml: %j is written as %s', (text, written) => {
    expect(yamlScalar(text)).toBe(written);
  });

  it('the plural forms of a key are the keys below it named by CLDR categories, `other` among them', () => {
    const forms = pluralKeys([
      'files.one',
      'files.other',
      'menu.other',
      'menu.file',
      'few',
      'x.few',
      'a.b.many',
      'a.b.other',
    ]);
    expect([...forms.keys()]).toEqual(['files.one', 'files.other', 'a.b.many', 'a.b.other']);
    expect(forms.get('a.b.many')).toEqual({ base: 'a.b', category: 'many' });
  });

  it('yaml.rails and json.i18next write plural forms their framework’s way, placeholders too', () => {
    const entries: Entry[] = [
      { key: 'cart.items.one', source: '{count} item', value: '{count} Artikel' },
      { key: 'cart.items.other', source: '{count} items', value: '{count} Artikel, 100% sicher' },
      { key: 'cart.title', source: '50% off', value: '50% Rabatt' },
    ];
    // The German file lacks `few`, but the file's keys make `cart.items` a plural in every locale.
    const keys = [...entries.map((e) => e.key), 'cart.items.few'];
    expect(parseYaml(WRITERS['yaml.rails']({ ...file(entries.slice(0, 1)), keys }))).toEqual({
      de: { cart: { items: { one: '%{count} Artikel' } } },
    });
    expect(parseYaml(WRITERS['yaml.rails']({ ...file(entries), keys }))).toEqual({
      de: {
        cart: { items: { one: '%{count} Artikel', other: '%{count} Artikel, 100%% sicher' }, title: '50% Rabatt' },
      },
    });
    expect(JSON.parse(WRITERS['json.i18next']({ ...file(entries), keys }))).toEqual({
      cart: { items_one: '{{count}} Artikel', items_other: '{{count}} Artikel, 100% sicher', title: '50% Rabatt' },
    });
    expect(WRITERS['yaml.rails']({ ...file([]), locale: 'no' })).toBe('"no": {}\n');
  });

  it('po keeps the source text as msgid', () => {
    const po = gettext.parse(WRITERS['po.gettext'](file(TRICKY)));
    expect(Object.keys(po.translations.quotes ?? {})).toEqual(['q']);
  });
});
