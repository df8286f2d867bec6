#!/usr/bin/env node
// A loc-mock seed at scale: 10,000 keys × 30 locales, in 4 resource files per project, for an iOS and an
// Android project (so that every export format has a project that may export it). The same arguments
// always give the same seed (a fixed pseudo-random sequence), so runs compare.
//
//   node bench/scale-seed.mjs [out.json] [--keys 10000] [--locales 30]
//   node packages/mock-server/dist/bin.js serve --seed out.json
//
// Workspace `scale`; token `loc_scale_admin`; CDN key `lh-cdn_scale`; projects `app-ios`, `app-android`.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededRandom } from './lib/random.mjs';

/** The scale the issue names: 10,000 keys × 30 locales, 120 files per export. */
export const SCALE = { keys: 10_000, locales: 30, files: 4 };
export const SCALE_CREDENTIALS = { token: 'loc_scale_admin', cdnKey: 'lh-cdn_scale', workspace: 'scale' };

const LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt-BR',
  'pt-PT',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'cs',
  'sk',
  'hu',
  'ro',
  'bg',
  'el',
  'tr',
  'ru',
  'uk',
  'ar',
  'he',
  'ja',
  'ko',
  'zh-Hans',
  'zh-Hant',
  'th',
  'vi',
  'id',
  'ms',
  'hi',
  'hr',
  'sr-Latn',
  'sl',
  'lt',
  'lv',
  'et',
  'ca',
];
const WORDS = [
  'save',
  'cancel',
  'account',
  'profile',
  'settings',
  'message',
  'order',
  'payment',
  'total',
  'search',
  'home',
  'share',
  'delete',
  'confirm',
  'review',
  'upload',
  'download',
  'network',
  'error',
  'retry',
  'welcome',
  'back',
  'next',
  'done',
  'help',
];
// A share of each status, in 1/20: most strings approved, some drafts and gaps, as in a real project.
const STATUSES = [
  ...Array(12).fill('APPROVED'),
  ...Array(4).fill('TRANSLATED'),
  'DRAFT',
  'PREFILLED',
  'NOT_TRANSLATED',
  'NOT_TRANSLATED',
];

/**
 * The scale seed as a plain object (what `loc-mock serve --seed` reads).
 * @example const seed = scaleSeed({ keys: 1000, locales: 5 });
 */
export function scaleSeed({ keys = SCALE.keys, locales = SCALE.locales, files = SCALE.files } = {}) {
  if (locales > LOCALES.length) throw new RangeError(`at most ${LOCALES.length} locales`);
  const next = seededRandom(42);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const [source, ...targets] = LOCALES.slice(0, locales);

  // One set of strings, shared by both projects: keys in dotted groups, some with placeholders and comments,
  // and one pair in twenty a plural group (`<base>.one`, `<base>.other`: the stringsdict.ios export and
  // Android's `<plurals>` have something to write). A pair never straddles two files (files hold multiples of 20).
  const perFile = Math.ceil(keys / files / 20) * 20;
  const segments = Array.from({ length: keys }, (_, i) => {
    const text = sentence(1 + Math.floor(next() * 8)) + (i % 7 === 0 ? ' {count}' : '');
    const word = pick(WORDS);
    const plural = i % 20 === 10 || i % 20 === 11 ? i - (i % 20) + 10 : undefined;
    return {
      key:
        plural === undefined
          ? `screen${Math.floor(i / 50)}.${word}_${i}`
          : `screen${Math.floor(plural / 50)}.items_${plural}.${i === plural ? 'one' : 'other'}`,
      source: text,
      ...(i % 5 === 0 ? { comment: `Shown on screen ${Math.floor(i / 50)}` } : {}),
      translations: Object.fromEntries(
        targets.map((locale) => [locale, { text: `[${locale}] ${text}`, status: pick(STATUSES) }]),
      ),
    };
  });
  const fileList = (pattern) =>
    Array.from({ length: files }, (_, f) => ({
      path: pattern(f),
      segments: segments.slice(f * perFile, (f + 1) * perFile),
    }));

  const project = (slug, title, resourceType, pattern) => ({
    workspace: SCALE_CREDENTIALS.workspace,
    slug,
    title,
    owner: 'scale@loc.test',
    resourceType,
    sourceLocale: source,
    targetLocales: targets,
    files: fileList(pattern),
  });
  return {
    workspaces: [{ slug: SCALE_CREDENTIALS.workspace, name: 'Scale' }],
    users: [{ email: 'scale@loc.test', tokens: [SCALE_CREDENTIALS.token], workspaceRoles: { scale: 'admin' } }],
    projects: [
      project('app-ios', 'App iOS', 'strings.ios', (f) => `Resources/%{locale}.lproj/Strings${f + 1}.strings`),
      project(
        'app-android',
        'App Android',
        'xml.android.resources',
        (f) => `app/src/main/res/values-%{locale}/strings${f + 1}.xml`,
      ),
    ],
    distributions: [
      {
        workspace: SCALE_CREDENTIALS.workspace,
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        project: 'app-ios',
        releases: [{ id: 'rel_scale_1', name: 'Scale 1', createdAt: '2026-11-01T08:00:00.000Z' }],
      },
    ],
    cdnKeys: [{ key: SCALE_CREDENTIALS.cdnKey, workspace: SCALE_CREDENTIALS.workspace }],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { keys: { type: 'string' }, locales: { type: 'string' } },
  });
  const out = positionals[0] ?? 'scale-seed.json';
  const seed = scaleSeed({ keys: Number(values.keys ?? SCALE.keys), locales: Number(values.locales ?? SCALE.locales) });
  writeFileSync(out, JSON.stringify(seed));
  console.log(
    `${out}: ${seed.projects.length} projects × ${SCALE.files} files, ${values.keys ?? SCALE.keys} keys × ${values.locales ?? SCALE.locales} locales`,
  );
}
