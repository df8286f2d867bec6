// An app on over-the-air strings typed by `loc export --format json.nested --types src/ota-keys.d.ts`:
// `createOtaClient<LocKeys>()` types `ota.t()` with the keys that need no value, `typedT<LocKeys>(ota)`
// every key with the values it needs.
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
const t = typedT<LocKeys>(ota, 'en');

export function render(): string[] {
  return [
    ota.t('nav.home'),
    ota.t('nav.home', 'de'),
    t('nav.home'),
    t('greeting', { name: 'Ada' }),
    t('cart.items', { count: 3 }),
    t('checkout.total', { amount: '12.50', currency: 'EUR' }, 'de'),
  ];
}
