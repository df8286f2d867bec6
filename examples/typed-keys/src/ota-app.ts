// An app on over-the-air strings typed by `loc export --format json.nested --types src/ota-keys.d.ts`:
// `createOtaClient<LocKeys>()` types `ota.t()` with the keys that need no value, `typedT(ota)` every key with
// the values it needs, contexts and ordinals as i18next reads them.
// examples/typed-keys.test.ts compiles it with tsc against a file made by the real `loc`.
import { createOtaClient, typedT } from '@loc/sdk/ota';
import type { LocKeys } from './ota-keys';

const ota = createOtaClient<LocKeys>({
  cdnKey: 'lh-cdn_demo_acme',
  environment: 'DEVELOPMENT',
  type: 'NATIVE_FORMAT',
  languageCode: 'en',
  fallback: { en: { nav: { home: 'Home' } } },
});
// The keys come from the client (typedT<LocKeys>(ota, 'en') says the same).
const t = typedT(ota, 'en');

export function render(): string[] {
  return [
    ota.t('nav.home'),
    ota.t('nav.home', 'de'),
    t('nav.home'),
    t('greeting', { name: 'Ada' }),
    t('cart.items', { count: 3 }),
    t('checkout.total', { amount: '12.50', currency: 'EUR' }, 'de'),
    // As i18next calls them: a context's key (`friend_female`), an ordinal plural (`place_ordinal_two`).
    t('friend'),
    t('friend', { context: 'male' }),
    t('friend', { context: 'female' }),
    t('place', { count: 2, ordinal: true }),
    // The key the file names the ordinal's forms by: read as an ordinal too.
    t('place_ordinal', { count: 2 }),
  ];
}
