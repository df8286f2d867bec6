// An i18next app typed by `loc export --format json.i18next --types src/loc-keys.d.ts`: the generated file
// augments i18next's CustomTypeOptions, so `t()` takes the keys of the source strings and the values their
// texts need. examples/typed-keys.test.ts compiles it with tsc against a file made by the real `loc`.
import i18next from 'i18next';

export async function render(): Promise<string[]> {
  await i18next.init({ lng: 'en', resources: {} });
  return [
    i18next.t('nav.home'),
    i18next.t('greeting', { name: 'Ada' }),
    i18next.t('cart.items', { count: 3 }),
    i18next.t('checkout.total', { amount: '12.50', currency: 'EUR' }),
  ];
}
