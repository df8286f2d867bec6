// An app on over-the-air strings typed by `loc export --format json.nested --types src/ota-keys.d.ts`:
// `createOtaClient<LocKeys>()` types `t()` with the keys of the source strings and the values they need.
// examples/typed-keys.test.ts compiles it with tsc against a file made by the real `loc`.
import { createOtaClient } from '@loc/sdk/ota';
import type { LocKeys } from './ota-keys';

const ota = createOtaClient<LocKeys>({
  cdnKey: 'lh-cdn_demo_acme',
  environment: 'DEVELOPMENT',
  type: 'NATIVE_FORMAT',
  languageCode: 'en',
  fallback: { en: { nav: { home: 'Home' } } },
});

export function render(): string[] {
  return [
    ota.t('nav.home'),
    ota.t('nav.home', 'de'),
    ota.t('greeting', { name: 'Ada' }),
    ota.t('cart.items', { count: 3 }),
    ota.t('checkout.total', { amount: '12.50', currency: 'EUR' }, 'de'),
  ];
}
