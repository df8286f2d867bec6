#!/usr/bin/env node
// Check + download + verify + apply of a 1 MiB release bundle: @loc/sdk/ota's checkNow() against a
// hand-written script doing the same (fetch the check, fetch the ZIP, SHA-256, fflate's unzipSync,
// JSON.parse of each file, and JSON.stringify of the result to keep it for the next start: the client keeps
// each release too, as its files' texts), interleaved in one process against a loopback server. The client
// also checks each entry's CRC-32, which unzipSync does not, and inflates with Node's zlib (one whole deflate
// stream per entry, as browsers read it). bench/run.mjs reports
// it (part 'OTA apply'); `node bench/ota-apply.mjs [runs]` prints it.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// fflate is @loc/sdk's dependency, not the root's: the same copy the client uses.
const { strToU8, unzipSync, zipSync } = createRequire(join(root, 'packages/sdk/package.json'))('fflate');

/** A release ZIP of about `bytes` compressed: 4 locales, keys of random (incompressible) text. */
function releaseZip(bytes) {
  const files = {};
  // Base64 text deflates to about 3/4: the ZIP comes out near `bytes`.
  const perLocale = Math.ceil((bytes * 4) / 3 / 4);
  for (const locale of ['de', 'fr', 'ja', 'es']) {
    const strings = {};
    for (let i = 0, size = 0; size < perLocale; i++) {
      const text = randomBytes(48).toString('base64');
      strings[`screen${i % 50}.key${i}`] = text;
      size += text.length + 20;
    }
    files[`locales/${locale}.json`] = strToU8(JSON.stringify(strings));
  }
  return zipSync(files, { level: 6 });
}

/** Runs both clients `runs` times each, interleaved; resolves to their times in ms. */
export async function benchApply({ runs = 15, bytes = 1024 * 1024 } = {}) {
  const { createOtaClient, memoryStorage } = await import(pathToFileURL(join(root, 'packages/sdk/dist/ota.js')).href);
  const zip = releaseZip(bytes);
  const sha = createHash('sha256').update(zip).digest('hex');
  const server = createServer((request, response) => {
    if (request.url === '/cdn/check') {
      request.resume();
      request.on('end', () => {
        const url = `http://127.0.0.1:${server.address().port}/files/r1.zip`;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ distributionReleaseId: 'r1', name: 'R1', createdAt: '', filesUrl: url, filesSha256: sha }),
        );
      });
    } else {
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
      response.end(zip);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;

  const kept = new Map();
  async function handWritten() {
    const check = await fetch(`${base}/cdn/check`, {
      method: 'POST',
      headers: { authorization: 'Bearer lh-cdn_k', 'content-type': 'application/json' },
      body: JSON.stringify({ distributionEnvironment: 'PRODUCTION', distributionType: 'NATIVE_FORMAT' }),
    });
    const release = await check.json();
    const bytes = new Uint8Array(await (await fetch(release.filesUrl)).arrayBuffer());
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
    if (digest !== release.filesSha256) throw new Error('sha');
    const strings = {};
    for (const [path, data] of Object.entries(unzipSync(bytes)))
      strings[path] = JSON.parse(new TextDecoder().decode(data));
    // Kept for the next start, as the client keeps its release (in memory here, as the client's memoryStorage).
    kept.set('release', JSON.stringify(strings));
    return strings;
  }
  async function ota() {
    const client = createOtaClient({
      cdnKey: 'lh-cdn_k',
      environment: 'PRODUCTION',
      type: 'NATIVE_FORMAT',
      baseUrl: base,
      storage: memoryStorage(),
    });
    const result = await client.checkNow();
    if (result.status !== 'updated') throw new Error(JSON.stringify(result));
  }
  const times = { ota: [], handWritten: [] };
  try {
    await handWritten();
    await ota();
    for (let i = 0; i < runs; i++) {
      for (const [name, run] of i % 2
        ? [
            ['ota', ota],
            ['handWritten', handWritten],
          ]
        : [
            ['handWritten', handWritten],
            ['ota', ota],
          ]) {
        const start = performance.now();
        await run();
        times[name].push(performance.now() - start);
      }
    }
  } finally {
    server.close();
  }
  return { ...times, zipBytes: zip.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ota, handWritten, zipBytes } = await benchApply({ runs: Number(process.argv[2] ?? 15) });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `ZIP ${zipBytes} bytes: @loc/sdk/ota ${median(ota).toFixed(1)} ms, hand-written ${median(handWritten).toFixed(1)} ms, ratio ${(median(ota) / median(handWritten)).toFixed(2)}×`,
  );
}
