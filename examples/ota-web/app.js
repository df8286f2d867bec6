// A web page whose strings come over the air (@loc/sdk/ota) through i18next, with the strings shipped in
// the bundle as the fallback: the page has text on its first paint, offline too, and shows a new release
// as soon as it is applied. Built by build.mjs (esbuild); served by server.mjs.
import i18next from 'i18next';
import { browserStorage, createOtaClient, i18nextBackend, indexedDbStorage } from '@loc/sdk/ota';
import bundledGerman from './locales/de.json';

/** @type {{ cdnKey: string, baseUrl?: string, storage?: string }} (set by index.html) */
const config = /** @type {any} */ (window).OTA_CONFIG;
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

/** @param {string} selector @param {string} text */
function show(selector, text) {
  const element = document.querySelector(selector);
  if (element) element.textContent = text;
}

function render() {
  show('#title', i18next.t('app.title'));
  show('#pay', i18next.t('checkout.pay'));
  show('#release', ota.currentRelease?.id ?? 'bundled');
}

ota.onError((failure) => show('#error', `${failure.stage}: ${failure.error.message}`));
ota.onUpdate(() => void i18next.reloadResources().then(render));
await i18next.use(i18nextBackend(ota)).init({ lng: 'de', fallbackLng: false });
render();
ota.start();
