// The clients of the download benchmark, one per process so each has its own peak RSS:
//   node bench/lib/download-clients.mjs <fetch|http|sdk|import> <url> <file>
// `fetch`: Node's fetch piped to a file, the plain way; `http`: node:http piped to a file; `sdk`:
// @loc/sdk's downloadToFile (streaming, SHA-256 in the same pass, rename into place); `import`: only
// imports @loc/sdk/node (the memory the SDK's process has before any download).
import { createWriteStream } from 'node:fs';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [kind, url, file] = process.argv.slice(2);
const root = resolve(fileURLToPath(import.meta.url), '../../..');

if (kind === 'fetch') {
  const response = await fetch(url);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
} else if (kind === 'http') {
  await new Promise((done, fail) =>
    get(url, (res) => pipeline(res, createWriteStream(file)).then(done, fail)).on('error', fail),
  );
} else if (kind === 'sdk') {
  const { downloadToFile } = await import(pathToFileURL(join(root, 'packages/sdk/dist/node.js')).href);
  await downloadToFile(url, file);
} else if (kind === 'import') {
  await import(pathToFileURL(join(root, 'packages/sdk/dist/node.js')).href);
} else {
  throw new Error(`unknown client ${kind}: expected fetch, http, sdk or import`);
}
