#!/usr/bin/env node
// A Node server that renders localized pages with strings that come over the air (@loc/sdk/ota/node):
// releases are kept in a folder (fileStorage), so a restart serves the last one at once, offline too, and
// the check schedule (15 minutes, longer after errors) survives restarts as well.
//
//   LOC_CDN_KEY=lh-cdn_… LOC_CDN_BASE_URL=https://… node ota-node-server.mjs [port] [storage folder]
import { createServer } from 'node:http';
import { createOtaClient, fileStorage } from '@loc/sdk/ota/node';

const [port = '3000', folder = '.cache/loc-ota'] = process.argv.slice(2);
const ota = createOtaClient({
  cdnKey: process.env.LOC_CDN_KEY ?? '',
  baseUrl: process.env.LOC_CDN_BASE_URL,
  environment: 'DEVELOPMENT',
  type: 'NATIVE_FORMAT',
  clientVersion: '1.0.0',
  storage: fileStorage(folder),
  // Strings shipped with the server: what it renders before the first release arrives.
  fallback: { en: { 'app.title': 'Notes (bundled)' }, de: { 'app.title': 'Notizen (mitgeliefert)' } },
});
ota.onUpdate((release) => console.log(`Strings updated to release ${release.id} (${release.locales.join(', ')})`));
ota.onError((failure) => console.error(`Strings not updated (${failure.stage}): ${failure.error.message}`));

/** @param {string} text */
const html = (text) => text.replace(/[&<>"]/g, (/** @type {string} */ c) => `&#${c.charCodeAt(0)};`);
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const lang = url.searchParams.get('lang') ?? 'en';
  // t() is synchronous and never throws: a page renders whatever the network does.
  const body = `<h1>${html(ota.t('app.title', lang))}</h1><p>${html(ota.t('checkout.pay', lang))}</p>`;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="${html(lang)}">${body}</html>`);
});

await ota.ready;
server.listen(Number(port), '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`Listening on http://127.0.0.1:${address.port}/ (release ${ota.currentRelease?.id ?? 'none yet'})`);
  ota.start();
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    ota.stop();
    server.close();
  });
