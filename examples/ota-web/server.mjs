// Serves the built web app and passes every other request to the CDN (a loc-mock in the tests), so that
// the page, the CDN check and the download share an origin (as an app does when its CDN sends no CORS headers): `node ota-web/server.mjs <built dir> <CDN base URL> [port]`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {Record<string, string>} */
const TYPES = { '/': 'text/html', '/index.html': 'text/html', '/app.js': 'text/javascript' };

/**
 * Starts the server on `port` (0: any free one) of 127.0.0.1 and resolves to it once it listens.
 * @param {string} dir
 * @param {string} cdnBaseUrl
 * @returns {Promise<import('node:http').Server>}
 */
export function serveWebApp(dir, cdnBaseUrl, port = 0) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (request.method === 'GET' && TYPES[path]) {
      response.writeHead(200, { 'content-type': TYPES[path], 'cache-control': 'no-store' });
      response.end(readFileSync(join(dir, path === '/' ? 'index.html' : path)));
      return;
    }
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (name !== 'host' && typeof value === 'string') headers.set(name, value);
    const answer = await fetch(new URL(request.url ?? '/', cdnBaseUrl), {
      method: request.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    }).catch(() => new Response('CDN unreachable', { status: 502 }));
    // fetch has already decoded the body: its length and encoding are no longer the headers' ones.
    const forwarded = Object.fromEntries(answer.headers);
    delete forwarded['content-encoding'];
    delete forwarded['content-length'];
    response.writeHead(answer.status, forwarded);
    // The CDN signs filesUrl for its own origin: the page downloads through this one.
    const body = Buffer.from(await answer.arrayBuffer());
    const own = `http://${request.headers.host}`;
    const origin = new URL(cdnBaseUrl).origin;
    response.end(path === '/cdn/check' ? Buffer.from(body.toString('utf8').replaceAll(origin, own)) : body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = 'ota-web/dist', cdn = 'http://127.0.0.1:4010', port = '0'] = process.argv.slice(2);
  const server = await serveWebApp(dir, cdn, Number(port));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`Web app on http://127.0.0.1:${address.port}/`);
}
