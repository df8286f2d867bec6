// The clients of the download benchmark, one per process so each has its own peak RSS:
//   node bench/lib/download-clients.mjs <fetch|http|sdk|import> <url> <file>
// `fetch`: Node's fetch piped to a file, the plain way; `http`: node:http piped to a file; `sdk`:
// @loc/sdk's downloadToFile (streaming, SHA-256 in the same pass, rename into place); `import`: only
// imports @loc/sdk/node (the memory the SDK's process has before any download).
// Each client loads only what it uses: a module this script imported for another client (node:http's
// namespace alone is 12 MiB on Node 26) would count in every client's peak RSS.
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [kind, url, file] = process.argv.slice(2);
const root = resolve(fileURLToPath(import.meta.url), '../../..');
const sdkNode = () => import(pathToFileURL(join(root, 'packages/sdk/dist/node.js')).href);

if (kind === 'fetch') {
  const [{ createWriteStream }, { Readable }, { pipeline }] = await Promise.all([
    import('node:fs'),
    import('node:stream'),
    import('node:stream/promises'),
  ]);
  const response = await fetch(url);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
} else if (kind === 'http') {
  const [{ createWriteStream }, { get }, { pipeline }] = await Promise.all([
    import('node:fs'),
    import('node:http'),
    import('node:stream/promises'),
  ]);
  await new Promise((done, fail) =>
    get(url, (res) => pipeline(res, createWriteStream(file)).then(done, fail)).on('error', fail),
  );
} else if (kind === 'sdk') {
  const { downloadToFile } = await sdkNode();
  await downloadToFile(url, file);
} else if (kind === 'import') {
  await sdkNode();
} else {
  throw new Error(`unknown client ${kind}: expected fetch, http, sdk or import`);
}
