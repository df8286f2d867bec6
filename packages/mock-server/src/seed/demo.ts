import type { Seed } from './schema';

/** The demo seed's well-known credentials, slugs and ids (docs/mock-server.md lists them with their roles). */
export const DEMO = {
  workspace: 'acme',
  otherWorkspace: 'globex',
  tokens: {
    admin: 'loc_test_admin',
    developer: 'loc_test_developer',
    viewer: 'loc_test_viewer',
    collaborator: 'loc_test_collaborator',
    outsider: 'loc_test_outsider',
    globex: 'loc_test_globex',
  },
  cdnKeys: {
    valid: 'lh-cdn_demo_acme',
    expired: 'lh-cdn_demo_expired',
    revoked: 'lh-cdn_demo_revoked',
    budget: 'lh-cdn_demo_globex',
  },
  projects: { ios: 'mobile-ios', android: 'mobile-android', web: 'web-frontend', backend: 'backend' },
  /** The workspaces' ids, in the service's form: paths take them wherever they take the slugs. */
  workspaceIds: { acme: 'space_16kPs3bRIpXi-29323', globex: 'space_1H3sKf8Lq2Zw-29324' },
  /** The projects' ids, in the service's form (`pr_…`), by the keys of `projects` (and globex's storefront). */
  projectIds: {
    ios: 'pr_18JCETCbT9NW-31003',
    android: 'pr_19Kd4TmQx7Rb-31004',
    web: 'pr_1AMf6VoSz9Tc-31005',
    backend: 'pr_1BNh8XqU2bVd-31006',
    storefront: 'pr_1CPj0ZsW4dXe-31007',
  },
} as const;

type Status = 'NOT_TRANSLATED' | 'DRAFT' | 'TRANSLATED' | 'PREFILLED' | 'APPROVED';
type Row = [key: string, source: string, translations: Record<string, [string, Status]>];

function segments(rows: Row[]) {
  return rows.map(([key, source, t]) => ({
    key,
    source,
    translations: Object.fromEntries(Object.entries(t).map(([locale, [text, status]]) => [locale, { text, status }])),
  }));
}

/** Strings that break naive writers: quotes, apostrophes, newlines, placeholders, markup, scripts. */
const APP_STRINGS: Row[] = [
  [
    'app.title',
    'Acme Notes',
    {
      de: ['Acme Notizen', 'APPROVED'],
      fr: ['Acme Notes', 'APPROVED'],
      ja: ['Acme ノート', 'APPROVED'],
      'zh-Hant': ['Acme 筆記', 'TRANSLATED'],
    },
  ],
  [
    'greeting',
    'Hello, {name}!',
    {
      de: ['Hallo, {name}!', 'APPROVED'],
      fr: ['Bonjour, {name} !', 'TRANSLATED'],
      ja: ['こんにちは、{name}さん！', 'DRAFT'],
    },
  ],
  [
    'quote',
    'She said "it\'s done" & left <b>early</b>',
    {
      de: ['Sie sagte „es ist fertig" & ging <b>früh</b>', 'APPROVED'],
      fr: ["Elle a dit « c'est fini » & est partie <b>tôt</b>", 'PREFILLED'],
    },
  ],
  ['multiline', 'Line one\nLine two\tTabbed', { de: ['Zeile eins\nZeile zwei\tTab', 'TRANSLATED'] }],
  [
    'format',
    '%@ has %d new messages (100%)',
    { de: ['%@ hat %d neue Nachrichten (100%)', 'APPROVED'], fr: ['%@ a %d nouveaux messages (100 %)', 'DRAFT'] },
  ],
  ['at.start', '@home', { de: ['@zuhause', 'APPROVED'] }],
  ['question.start', '?help', { de: ['?Hilfe', 'DRAFT'] }],
  ['emoji', 'Ship it 🚀', { de: ['Los geht’s 🚀', 'APPROVED'], ja: ['出荷 🚀', 'TRANSLATED'] }],
  [
    'rtl',
    'Welcome — مرحبا بكم — שלום',
    { de: ['Willkommen — مرحبا بكم — שלום', 'APPROVED'], fr: ['Bienvenue — مرحبا بكم', 'APPROVED'] },
  ],
  [
    'backslash',
    'C:\\Users\\acme = path: yes # not a comment',
    { de: ['C:\\Benutzer\\acme = Pfad: ja # kein Kommentar', 'TRANSLATED'] },
  ],
  [
    'settings.title',
    'Settings',
    {
      de: ['Einstellungen', 'APPROVED'],
      fr: ['Paramètres', 'APPROVED'],
      ja: ['設定', 'APPROVED'],
      'zh-Hant': ['設定', 'APPROVED'],
    },
  ],
  ['settings.logout', 'Log out', {}],
];

const BACKEND_STRINGS: Row[] = [
  [
    'mail.subject',
    'Your order #{0} shipped',
    { de: ['Ihre Bestellung #{0} wurde versandt', 'APPROVED'], 'pt-BR': ['Seu pedido #{0} foi enviado', 'TRANSLATED'] },
  ],
  ['mail.footer', 'Questions? Reply: support@acme.test', { de: ['Fragen? Antworten Sie: support@acme.test', 'DRAFT'] }],
  ['error.generic', 'Something went wrong: {0}', { 'pt-BR': ['Algo deu errado: {0}', 'APPROVED'] }],
];

/** The demo seed: users for each role, four projects, distributions, CDN keys and a small budget. */
export function demoSeed(): Seed {
  const created = '2026-01-15T09:00:00.000Z';
  return {
    workspaces: [
      { slug: 'acme', id: DEMO.workspaceIds.acme, name: 'Acme Inc.', cdnBudget: null },
      { slug: 'globex', id: DEMO.workspaceIds.globex, name: 'Globex (small CDN budget)', cdnBudget: 3 },
    ],
    users: [
      { email: 'admin@acme.test', tokens: [DEMO.tokens.admin], workspaceRoles: { acme: 'admin' } },
      { email: 'developer@acme.test', tokens: [DEMO.tokens.developer], workspaceRoles: { acme: 'developer' } },
      { email: 'viewer@acme.test', tokens: [DEMO.tokens.viewer], workspaceRoles: { acme: 'viewer' } },
      { email: 'translator@partner.test', tokens: [DEMO.tokens.collaborator], projects: ['acme/web-frontend'] },
      { email: 'outsider@elsewhere.test', tokens: [DEMO.tokens.outsider] },
      { email: 'admin@globex.test', tokens: [DEMO.tokens.globex], workspaceRoles: { globex: 'admin' } },
    ],
    projects: [
      {
        workspace: 'acme',
        slug: 'mobile-ios',
        id: DEMO.projectIds.ios,
        title: 'Mobile iOS',
        description: 'The iPhone and iPad app',
        owner: 'admin@acme.test',
        resourceType: 'strings.ios',
        sourceLocale: 'en',
        targetLocales: ['de', 'fr', 'ja', 'zh-Hant'],
        createdAt: created,
        repositoryConnections: [
          { provider: 'github', connected: true, canPush: true },
          { provider: 'bitbucket', connected: false },
          { provider: 'gitlab', connected: false },
          { provider: 'azure', connected: false },
        ],
        files: [
          { path: 'Resources/%{locale}.lproj/Localizable.strings', segments: segments(APP_STRINGS) },
          {
            path: 'Resources/%{locale}.lproj/InfoPlist.strings',
            segments: segments([
              [
                'CFBundleDisplayName',
                'Acme',
                {
                  de: ['Acme', 'APPROVED'],
                  fr: ['Acme', 'APPROVED'],
                  ja: ['Acme', 'APPROVED'],
                  'zh-Hant': ['Acme', 'APPROVED'],
                },
              ],
              ['NSCameraUsageDescription', 'Scan "receipts"', { de: ['Belege „scannen"', 'TRANSLATED'] }],
            ]),
          },
        ],
      },
      {
        workspace: 'acme',
        slug: 'mobile-android',
        id: DEMO.projectIds.android,
        title: 'Mobile Android',
        owner: 'admin@acme.test',
        resourceType: 'xml.android.resources',
        sourceLocale: 'en',
        targetLocales: ['de', 'fr', 'pt-BR'],
        createdAt: created,
        repositoryConnections: [{ provider: 'gitlab', connected: true, canPush: false }],
        files: [{ path: 'app/src/main/res/values-%{locale}/strings.xml', segments: segments(APP_STRINGS) }],
      },
      {
        workspace: 'acme',
        slug: 'web-frontend',
        id: DEMO.projectIds.web,
        title: 'Web frontend',
        description: 'React single-page app',
        owner: 'developer@acme.test',
        resourceType: 'json.standard',
        sourceLocale: 'en',
        targetLocales: ['de', 'fr', 'ja'],
        createdAt: created,
        files: [
          { path: 'locales/%{locale}/common.json', segments: segments(APP_STRINGS) },
          {
            path: 'locales/%{locale}/checkout.json',
            segments: segments([
              [
                'checkout.pay',
                'Pay now',
                { de: ['Jetzt bezahlen', 'APPROVED'], fr: ['Payer', 'APPROVED'], ja: ['今すぐ支払う', 'APPROVED'] },
              ],
              [
                'checkout.total',
                'Total: {amount}',
                {
                  de: ['Summe: {amount}', 'APPROVED'],
                  fr: ['Total : {amount}', 'APPROVED'],
                  ja: ['合計: {amount}', 'APPROVED'],
                },
              ],
            ]),
          },
        ],
      },
      {
        workspace: 'acme',
        slug: 'backend',
        id: DEMO.projectIds.backend,
        title: 'Backend',
        owner: 'admin@acme.test',
        resourceType: 'properties',
        sourceLocale: 'en',
        targetLocales: ['de', 'pt-BR'],
        createdAt: created,
        files: [{ path: 'src/main/resources/messages_%{locale}.properties', segments: segments(BACKEND_STRINGS) }],
      },
      {
        workspace: 'globex',
        slug: 'storefront',
        id: DEMO.projectIds.storefront,
        title: 'Storefront',
        owner: 'admin@globex.test',
        resourceType: 'xml.android.resources',
        sourceLocale: 'en',
        targetLocales: ['es'],
        createdAt: created,
        files: [
          {
            path: 'res/values-%{locale}/strings.xml',
            segments: segments([['buy', 'Buy', { es: ['Comprar', 'APPROVED'] }]]),
          },
        ],
      },
    ],
    distributions: [
      {
        workspace: 'acme',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_IOS',
        project: 'mobile-ios',
        clientVersions: '>=1.0.0',
        releases: [
          {
            id: 'rel_ios_1_9',
            name: 'iOS 1.x strings (September)',
            createdAt: '2026-09-01T08:00:00.000Z',
            clientVersions: '>=1.0.0 <2.0.0',
          },
          {
            id: 'rel_ios_2_0',
            name: 'iOS 2.x launch',
            createdAt: '2026-10-01T08:00:00.000Z',
            clientVersions: '>=2.0.0',
          },
          {
            id: 'rel_ios_2_1',
            name: 'iOS 2.x November',
            createdAt: '2026-11-01T08:00:00.000Z',
            clientVersions: '>=2.0.0',
          },
        ],
      },
      {
        workspace: 'acme',
        environment: 'STAGING',
        type: 'MOBILE_SDK_IOS',
        project: 'mobile-ios',
        releases: [],
      },
      {
        workspace: 'acme',
        environment: 'STAGING',
        type: 'MOBILE_SDK_ANDROID',
        project: 'mobile-android',
        releases: [{ id: 'rel_android_staging', name: 'Android staging', createdAt: '2026-11-10T08:00:00.000Z' }],
      },
      {
        workspace: 'acme',
        environment: 'DEVELOPMENT',
        type: 'NATIVE_FORMAT',
        project: 'web-frontend',
        releases: [{ id: 'rel_web_dev', name: 'Web nightly', createdAt: '2026-11-20T22:00:00.000Z' }],
      },
      // The mobile apps' own files, for a build step to compile in (docs/recipes.md): the SDK types above
      // are what the official SDKs download at run time.
      {
        workspace: 'acme',
        environment: 'PRODUCTION',
        type: 'NATIVE_FORMAT',
        project: 'mobile-ios',
        clientVersions: '>=1.0.0',
        releases: [{ id: 'rel_ios_files_2_1', name: 'iOS files, November', createdAt: '2026-11-01T08:00:00.000Z' }],
      },
      {
        workspace: 'acme',
        environment: 'STAGING',
        type: 'NATIVE_FORMAT',
        project: 'mobile-android',
        releases: [
          { id: 'rel_android_files_staging', name: 'Android files, staging', createdAt: '2026-11-10T08:00:00.000Z' },
        ],
      },
      {
        workspace: 'globex',
        environment: 'PRODUCTION',
        type: 'MOBILE_SDK_ANDROID',
        project: 'storefront',
        releases: [{ id: 'rel_globex_1', name: 'Storefront 1', createdAt: '2026-11-01T08:00:00.000Z' }],
      },
    ],
    cdnKeys: [
      { key: DEMO.cdnKeys.valid, workspace: 'acme' },
      { key: DEMO.cdnKeys.expired, workspace: 'acme', expiresAt: '2025-01-01T00:00:00.000Z' },
      { key: DEMO.cdnKeys.revoked, workspace: 'acme', revoked: true },
      { key: DEMO.cdnKeys.budget, workspace: 'globex' },
    ],
  };
}
