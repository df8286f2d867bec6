// A web page whose strings come over the air (@loc/sdk/ota) through i18next, with the strings shipped in
// the bundle as the fallback: the page has text on its first paint, offline too, and shows a new release
// as soon as it is applied. Built by build.mjs (esbuild); served by server.mjs.
import i18next from 'i18next';
import { browserStorage, createOtaClient, i18nextBackend, indexedDbStorage } from '@loc/sdk/ota';
import bundledGerman from './locales/de.json';

const config = window.OTA_CONFIG;
const ota = createOtaClient({
  cdnKey: config.cdnKey,
  baseUrl: config.baseUrl,
  environment: 'DEVELOPMENT',
  type: 'NATIVE_FORMAT',
  clientVersion: '1.0.0',
  languageCode: 'de',
  // IndexedDB holds big releases and writes each one in one transaction; localStorage is synchronous and small.
  storage: config.storage === 'indexeddb' ? indexedDbStorage() : browserStorage(),
  fallback: { de: bundledGerman },
});

function render() {
  document.querySelector('#title').textContent = i18next.t('app.title');
  document.querySelector('#pay').textContent = i18next.t('checkout.pay');
  document.querySelector('#release').textContent = ota.currentRelease?.id ?? 'bundled';
}

ota.onError((failure) => {
  document.querySelector('#error').textContent = `${failure.stage}: ${failure.error.message}`;
});
ota.onUpdate(() => void i18next.reloadResources().then(render));
await i18next.use(i18nextBackend(ota)).init({ lng: 'de', fallbackLng: false });
render();
ota.start();
