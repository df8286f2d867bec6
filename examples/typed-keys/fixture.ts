// The strings of the i18next app of examples/typed-keys/ and the calls it must not compile: one list for
// examples/typed-keys.test.ts (TypeScript 6's API, the workspace's packages) and
// examples/strict-types.pack.test.ts (TypeScript 6 and 7, the packed tarballs).

/** A key of a loc-mock seed's file, with its German text. */
export interface Segment {
  key: string;
  source: string;
  translations: Record<string, { text: string; status: string }>;
}

const de = (text: string) => ({ de: { text, status: 'APPROVED' } });
const segment = (key: string, source: string, german: string): Segment => ({
  key,
  source,
  translations: de(german),
});

/**
 * The web shop's strings, as the demo's web-frontend keeps them: two namespaces, `common` and `checkout`,
 * neither i18next's default `translation`. A text with a value, a key with contexts (`friend` also without
 * one), an ordinal plural, a plural and a text with two values.
 */
export const WEB_SHOP_FILES: { path: string; segments: Segment[] }[] = [
  {
    path: 'locales/%{locale}/common.json',
    segments: [
      segment('nav.home', 'Home', 'Start'),
      segment('greeting', 'Hello, {name}!', 'Hallo, {name}!'),
      segment('friend', 'A friend', 'Ein Freund'),
      segment('friend_male', 'A boyfriend', 'Ein Freund'),
      segment('friend_female', 'A girlfriend', 'Eine Freundin'),
      segment('invite_male', 'Invite him', 'Lade ihn ein'),
      segment('invite_female', 'Invite her', 'Lade sie ein'),
      // loc-mock writes these as place_ordinal_one… in json.i18next, as i18next reads ordinals.
      segment('place_ordinal.one', '{count}st place', '{count}. Platz'),
      segment('place_ordinal.two', '{count}nd place', '{count}. Platz'),
      segment('place_ordinal.few', '{count}rd place', '{count}. Platz'),
      segment('place_ordinal.other', '{count}th place', '{count}. Platz'),
    ],
  },
  {
    path: 'locales/%{locale}/checkout.json',
    segments: [
      segment('cart.items.one', '{count} item', '{count} Artikel'),
      segment('cart.items.other', '{count} items', '{count} Artikel'),
      segment('checkout.total', 'Total: {amount} ({currency})', 'Summe: {amount} ({currency})'),
    ],
  },
];

/** The web shop as a project of a loc-mock seed (json.i18next, en and de), with `files` as its strings. */
export function webShopProject(files = WEB_SHOP_FILES) {
  return {
    workspace: 'acme',
    slug: 'web-shop',
    title: 'Web shop',
    owner: 'developer@acme.test',
    resourceType: 'json.i18next',
    sourceLocale: 'en',
    targetLocales: ['de'],
    createdAt: '2026-01-15T09:00:00.000Z',
    files,
  };
}

/** `loc export` of the web shop for i18next, below an app's folder: the layout of i18next's http backend. */
export const WEB_SHOP_EXPORT = [
  'export',
  '--workspace',
  'acme',
  '--project',
  'web-shop',
  '--out',
  'public/locales',
  '--path-template',
  '{locale}/{filename}',
  '--types',
  'src/loc-keys.d.ts',
];

/** A call the app must not compile, and what TypeScript's message (TS2345) must say besides the key. */
export interface WrongCall {
  what: string;
  call: string;
  /** The key the call names: the message quotes it (`'["nav.hom"]'`). */
  key: string;
  /** A part of the message (with its elaboration) in TypeScript 6 and 7 alike, when there is more to say. */
  says?: string;
}

/**
 * What i18next's `t()` must refuse with the file `loc export --types` writes for the web shop (and the
 * app's `defaultNS: "common"`, the declaration the run prints): each kind the issue names (context,
 * ordinal, unknown key, missing value, wrong namespace).
 */
export const I18NEXT_WRONG_CALLS: WrongCall[] = [
  { what: 'an unknown key', call: "i18next.t('nav.hom')", key: 'nav.hom' },
  {
    what: 'an unknown key of a namespace',
    call: "i18next.t('checkout:cart.itemz', { count: 1 })",
    key: 'checkout:cart.itemz',
  },
  {
    what: 'a value left out',
    call: "i18next.t('greeting')",
    key: 'greeting',
    says: "'pass these arguments as t() options': { name: string | number; }",
  },
  {
    what: 'one of two values left out',
    call: "i18next.t('checkout:checkout.total', { amount: 1 })",
    key: 'checkout:checkout.total',
    says: "Property 'currency' is missing",
  },
  {
    what: 'a value misnamed',
    call: "i18next.t('greeting', { nam: 'Ada' })",
    key: 'greeting',
    says: "Property 'name' is missing",
  },
  {
    what: 'a plural without its count',
    call: "i18next.t('checkout:cart.items')",
    key: 'checkout:cart.items',
    says: "'pass these arguments as t() options': { count: number; }",
  },
  {
    what: 'a count that is not a number',
    call: "i18next.t('checkout:cart.items', { count: '3' })",
    key: 'checkout:cart.items',
    says: "Type 'string' is not assignable to type 'number'",
  },
  { what: 'a context the key does not have', call: "i18next.t('invite', { context: 'friend' })", key: 'invite' },
  { what: 'a key of contexts only, without one', call: "i18next.t('invite')", key: 'invite' },
  // What a made-up base key let compile, printing "2th place": the ordinal's forms are `place`'s.
  { what: 'an ordinal named by its forms', call: "i18next.t('place_ordinal', { count: 2 })", key: 'place_ordinal' },
  {
    what: 'an ordinal without its count',
    call: "i18next.t('place', { ordinal: true })",
    key: 'place',
    says: "Property 'count' is missing",
  },
  { what: 'a key of another namespace', call: "i18next.t('cart.items', { count: 3 })", key: 'cart.items' },
  { what: 'a key in the wrong namespace', call: "i18next.t('nav.home', { ns: 'checkout' })", key: 'nav.home' },
  { what: 'a key under the wrong prefix', call: "i18next.t('checkout:nav.home')", key: 'checkout:nav.home' },
  { what: 'an unknown namespace', call: "i18next.t('chekout:cart.items', { count: 1 })", key: 'chekout:cart.items' },
];

/**
 * What the over-the-air client's typed `t()` must refuse with the json.nested file of the same strings
 * (`ota.t` of createOtaClient<LocKeys>(), `t` of typedT<LocKeys>(ota)): an unknown key, a value left out, a
 * plural without its count, a key that needs a value through `ota.t`, a context or an ordinal called wrong.
 */
export const OTA_WRONG_CALLS: WrongCall[] = [
  { what: 'an unknown key', call: "ota.t('nav.hom')", key: 'nav.hom' },
  { what: 'a key whose text needs a value', call: "ota.t('greeting')", key: 'greeting' },
  { what: 'an unknown key', call: "t('nav.hom')", key: 'nav.hom' },
  { what: 'a value left out', call: "t('greeting')", key: 'greeting' },
  { what: 'one of two values left out', call: "t('checkout.total', { amount: 1 })", key: 'checkout.total' },
  { what: 'a plural without its count', call: "t('cart.items')", key: 'cart.items' },
  // Contexts and ordinals, as i18next reads them (docs/ota.md#typed-keys).
  { what: 'a context the key does not have', call: "t('friend', { context: 'mal' })", key: 'friend' },
  { what: 'an ordinal without ordinal: true', call: "t('place', { count: 2 })", key: 'place' },
  {
    what: 'ordinal where there are no ordinal forms',
    call: "t('cart.items', { count: 2, ordinal: true })",
    key: 'cart.items',
  },
  { what: 'a context where there are no contexts', call: "t('nav.home', { context: 'male' })", key: 'nav.home' },
];

/** The wrong calls as a module, one a line after `header` lines: the line of each call, 1-based. */
export function wrongCallsModule(calls: readonly WrongCall[], header: string[]): { text: string; lines: number[] } {
  return {
    text: [...header, ...calls.map((c) => `${c.call};`), ''].join('\n'),
    lines: calls.map((_, i) => header.length + i + 1),
  };
}
