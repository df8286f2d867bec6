// An i18next app typed by `loc export --format json.i18next --types src/loc-keys.d.ts`: the generated file
// augments i18next's CustomTypeOptions, so `t()` takes the keys of the source strings and the values their
// texts need; i18next-options.d.ts names the app's default namespace. examples/typed-keys.test.ts and
// examples/strict-types.pack.test.ts compile it with tsc against a file made by the real `loc`.
import i18next from 'i18next';

export async function render(): Promise<string[]> {
  await i18next.init({ lng: 'en', ns: ['common', 'checkout'], defaultNS: 'common', resources: {} });
  const checkout = i18next.getFixedT(null, 'checkout');
  return [
    i18next.t('nav.home'),
    i18next.t('greeting', { name: 'Ada' }),
    i18next.t('friend'),
    i18next.t('friend', { context: 'female' }),
    i18next.t('invite', { context: 'male' }),
    i18next.t('place', { count: 2, ordinal: true }),
    i18next.t('checkout:cart.items', { count: 3 }),
    i18next.t('cart.items', { ns: 'checkout', count: 3 }),
    checkout('checkout.total', { amount: '12.50', currency: 'EUR' }),
  ];
}
