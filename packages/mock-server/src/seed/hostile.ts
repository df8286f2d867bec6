import type { Seed } from './schema';

/**
 * Texts that a naive writer or a YAML 1.1 reader gets wrong: words read as booleans or null, dates,
 * times and numbers, format placeholders, quotes, markup, indicators at the start, every kind of line
 * break, bidirectional text and emoji sequences, Rails' and i18next's placeholder syntax as text, styled
 * markup, a list and a plural. The keys are hostile too (`Yes` and `On` would collide as booleans; `class`, `a-b`/`a_b` and
 * `2fa` are no Android resource names as they stand).
 */
const HOSTILE: [key: string, text: string][] = [
  ['yes', 'yes'],
  ['no', 'no'],
  ['on', 'on'],
  ['off', 'off'],
  ['Yes', 'Ja'],
  ['On', 'Off'],
  ['Off', 'On'],
  ['NO', 'Y'],
  ['words.y', 'y'],
  ['words.n', 'N'],
  ['words.true', 'True'],
  ['words.null', 'null'],
  ['words.tilde', '~'],
  ['words.empty', ''],
  ['words.mixed', 'yEs'],
  ['date', '2026-11-01'],
  ['datetime', '2026-11-01 08:00:00 +01:00'],
  ['time', '12:30:00'],
  ['sexagesimal', '190:20:30'],
  ['number.octal', '007'],
  ['number.underscore', '1_000'],
  ['number.comma', '1,000'],
  ['number.hex', '0x1F'],
  ['number.exp', '1e3'],
  ['number.float', '3.14'],
  ['number.signed', '+12'],
  ['number.inf', '.inf'],
  ['number.nan', '.NaN'],
  ['placeholders', '%1$s sent %2$d files to %@ for {name}'],
  ['placeholders.plain', '%s and %d: 100%'],
  ['quotes', `She said "it's done" & left`],
  ['apostrophe', "l'application d'Acme"],
  ['backslash', 'C:\\Users\\acme\\new'],
  ['markup', '<b>bold</b> &amp; <![CDATA[x]]> <!-- c -->'],
  // Markup that Android compiles as a styled string's spans (the one above is no such markup).
  ['markup.styled', 'Tap <b>Save</b> or <font color="#ff0000">Cancel</font>'],
  ['start.at', '@home'],
  ['start.question', '?help'],
  ['start.dash', '- item'],
  ['start.colon', ':symbol'],
  ['start.bang', '!tag'],
  ['start.amp', '&anchor'],
  ['start.star', '*alias'],
  ['start.hash', '# not a comment'],
  ['start.pipe', '| block'],
  ['start.bracket', '[a, b]'],
  ['start.brace', '{a: b}'],
  ['start.percent', '%YAML 1.1'],
  ['start.backtick', '`code`'],
  ['start.equals', '='],
  ['start.merge', '<<'],
  ['inner.colon', 'key: value # and a comment'],
  ['spaces', '  leading and trailing  '],
  ['spaces.inner', 'two  spaces\tand a tab'],
  ['break.lf', 'Line one\nLine two'],
  ['break.crlf', 'Line one\r\nLine two'],
  ['break.cr', 'Line one\rLine two'],
  ['break.ends', '\nstarts and ends with a newline\n'],
  ['break.ls', 'Line\u2028separator'],
  ['break.ps', 'Paragraph\u2029separator'],
  ['break.nel', 'Next\u0085line'],
  ['rtl', 'مرحبا بكم — שלום \u200fעולם\u200e (1)'],
  ['emoji', 'Family 👩‍👩‍👧‍👦, flag 🇧🇷, heart ❤️, skin 👍🏽'],
  ['combining', 'e\u0301 vs é, n\u0303'],
  ['invisible', 'zero\u200bwidth, no\u00a0break, bom\ufeffinside'],
  ['control', 'form\ffeed, bell\u0007, escape\u001b, delete\u007f, c1\u0090'],
  ['class', 'a Java keyword as key'],
  ['a-b', 'dash key'],
  ['a_b', 'underscore key'],
  ['2fa.title', 'Two-factor'],
  // Rails' and i18next's own syntax as text: only `{name}` is a placeholder of the service.
  ['percent.lookalikes', '100%{ not a placeholder } %{a-b} %<x>d %% done'],
  ['percent.placeholder', '{name} saved 50% on %{ sale }, %<n>d, 100%% sure'],
  // A list: one key per item, numbered from 0 (an Android <string-array>, the Android SDK's ARRAY).
  ['steps.0', 'First'],
  ['steps.1', 'Then "quoted", and so on'],
  ['steps.2', '  Last  '],
  // A plural: one key per CLDR category (the locales need one, few, many and other between them).
  ['files.one', '{count} file'],
  ['files.few', '{count} files (few)'],
  ['files.many', '{count} files (many)'],
  ['files.other', '{count} files, 100% synced'],
];

/**
 * A translation: texts with a space get the locale after them, so a mix-up of locales shows; single
 * words (`yes`, `2026-11-01`, `@home`) stay as they are, since being that exact word is their point.
 */
function translated(text: string, locale: string): string {
  return /\s/.test(text) ? `${text} [${locale}]` : text;
}

const TARGETS = ['pt-BR', 'zh-Hant', 'sr-Latn-RS'];

function segments(keys: [string, string][], targets: string[]) {
  return keys.map(([key, text], i) => ({
    key,
    source: text,
    translations: Object.fromEntries(
      targets.map((locale, j) => [
        locale,
        {
          text: translated(text, locale),
          status: (i + j) % 7 === 0 ? ('NOT_TRANSLATED' as const) : ('APPROVED' as const),
        },
      ]),
    ),
  }));
}

/**
 * A seed whose every project carries the hostile strings, in the locales that need platform names
 * (pt-BR, zh-Hant, sr-Latn-RS; es-419 for Android): one project per platform and one generic, with a CDN distribution each.
 * The format tests export every format of it and read the files with the platforms' own tools.
 *
 * @example
 * const server = await startMockServer({ seed: hostileSeed() });
 */
export function hostileSeed(): Seed {
  const project = (slug: string, resourceType: string, path: string, targets = TARGETS) => ({
    workspace: 'hostile',
    slug,
    title: `Hostile ${slug}`,
    owner: 'admin@hostile.test',
    resourceType,
    sourceLocale: 'en',
    targetLocales: targets,
    files: [{ path, segments: segments(HOSTILE, targets) }],
  });
  return {
    workspaces: [{ slug: 'hostile', name: 'Hostile strings' }],
    users: [{ email: 'admin@hostile.test', tokens: ['loc_test_hostile'], workspaceRoles: { hostile: 'admin' } }],
    projects: [
      // A numeric region too: Android's qualifier for it has only the b+ form (values-b+es+419).
      project('android', 'xml.android.resources', 'app/src/main/res/values-%{locale}/strings.xml', [
        ...TARGETS,
        'es-419',
      ]),
      project('ios', 'strings.ios', 'App/%{locale}.lproj/Localizable.strings'),
      project('web', 'yaml.standard', 'config/locales/%{locale}.yml'),
    ],
    distributions: [
      {
        workspace: 'hostile',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_ANDROID',
        project: 'android',
        releases: [{ id: 'rel_hostile_android', name: 'Android', createdAt: '2026-11-01T08:00:00.000Z' }],
      },
      {
        workspace: 'hostile',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        project: 'ios',
        releases: [{ id: 'rel_hostile_ios', name: 'iOS', createdAt: '2026-11-01T08:00:00.000Z' }],
      },
      {
        workspace: 'hostile',
        environment: 'PRODUCTION',
        type: 'NATIVE_FORMAT',
        project: 'web',
        releases: [{ id: 'rel_hostile_web', name: 'Web', createdAt: '2026-11-01T08:00:00.000Z' }],
      },
    ],
    cdnKeys: [{ key: 'lh-cdn_hostile', workspace: 'hostile' }],
  };
}
