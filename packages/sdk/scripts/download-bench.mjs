#!/usr/bin/env node
// Download throughput and memory of `downloadToFile` against its floors, on loopback, in one run:
// `curl -o`, a plain Node `fetch` → file loop, node:http → file, and the SDK (built dist). Each runs in
// its own process (peak RSS from /usr/bin/time-free `process.resourceUsage().maxRSS`), `--runs` times;
// prints one JSON object: { sizeMiB, runs, results: { name: { medianMs, MiBps, maxRssMiB, samplesMs } } }.
//
//   node packages/sdk/scripts/download-bench.mjs [--mib 200] [--runs 3]
//
// Unset NODE_EXTRA_CA_CERTS for start-up-free figures; the file is served from memory by node:http.
import { spawnSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { mib: { type: 'string', default: '200' }, runs: { type: 'string', default: '3' } },
});
const sizeMiB = Number(values.mib);
const runs = Number(values.runs);
if (!(sizeMiB > 0 && sizeMiB <= 4096) || !(Number.isInteger(runs) && runs >= 1 && runs <= 20)) {
  console.error('usage: download-bench.mjs [--mib 1..4096] [--runs 1..20]');
  process.exit(2);
}
const node = dirname(fileURLToPath(import.meta.url));
const sdkNode = pathToFileURL(resolve(node, '../dist/node.js')).href;

const chunk = Buffer.alloc(1024 * 1024, 7);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/zip', 'content-length': sizeMiB * chunk.length });
  let sent = 0;
  const pump = () => {
    while (sent < sizeMiB) {
      sent++;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/bundle.zip?signature=x`;
const dir = mkdtempSync(join(tmpdir(), 'loc-download-bench-'));

const measureRss = `process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'));`;
const scripts = {
  'plain fetch → file': `${measureRss}
    const { createWriteStream } = await import('node:fs');
    const { Readable } = await import('node:stream');
    const { pipeline } = await import('node:stream/promises');
    const response = await fetch(process.argv[1]);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(process.argv[2]));`,
  'node:http → file': `${measureRss}
    const { createWriteStream } = await import('node:fs');
    const { get } = await import('node:http');
    const { pipeline } = await import('node:stream/promises');
    const response = await new Promise((r, j) => get(process.argv[1], r).on('error', j));
    await pipeline(response, createWriteStream(process.argv[2]));`,
  'downloadToFile (@loc/sdk/node)': `${measureRss}
    const { downloadToFile } = await import(${JSON.stringify(sdkNode)});
    await downloadToFile(process.argv[1], process.argv[2]);`,
};

function runChild(command, args) {
  return new Promise((resolveRun, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NODE_EXTRA_CA_CERTS: '' },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`${command} exited ${code}: ${stderr.slice(-500)}`));
      const rss = /maxrss (\d+)/.exec(stderr);
      resolveRun({ ms, maxRssKiB: rss ? Number(rss[1]) : undefined });
    });
  });
}

const tasks = {};
if (spawnSync('curl', ['--version']).status === 0)
  tasks['curl -o'] = (out) => runChild('curl', ['-sS', '-o', out, url]);
for (const [name, source] of Object.entries(scripts)) {
  tasks[name] = (out) => runChild(process.execPath, ['--input-type=module', '-e', source, url, out]);
}

const results = {};
try {
  for (const [name, task] of Object.entries(tasks)) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const out = join(dir, `out-${i}.zip`);
      samples.push(await task(out));
      if (statSync(out).size !== sizeMiB * chunk.length) throw new Error(`${name} wrote ${statSync(out).size} bytes`);
      rmSync(out);
    }
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    const medianMs = sorted[Math.floor(sorted.length / 2)];
    const rss = samples.map((s) => s.maxRssKiB).filter((v) => v !== undefined);
    results[name] = {
      medianMs: Math.round(medianMs),
      MiBps: Math.round(sizeMiB / (medianMs / 1000)),
      maxRssMiB: rss.length ? Math.round(Math.max(...rss) / 1024) : null,
      samplesMs: samples.map((s) => Math.round(s.ms)),
    };
  }
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ sizeMiB, runs, node: process.version, results }, null, 2));
