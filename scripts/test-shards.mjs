// vitest's `--shard=i/n` by what the files cost, not by their number (vitest.config.mts): the CLI's, the
// mock's and the examples' files are cut in thirds over three Node lines (scripts/dev.mjs), and by count
// one third got three of the slowest e2e files and took half as long again as another. Each file's
// seconds are in test-costs.json beside this script; a file it does not list (a new one) counts as the
// median. Refresh the table from vitest's JSON reports of whole runs after a large change in the suite:
//
//   node_modules/.bin/vitest run --project cli --project mock-server --project examples \
//     --reporter=json --outputFile.json=report.json
//   node scripts/test-shards.mjs report.json [more.json…]
//
// The cut is deterministic: the files by cost, the slowest first (ties by path), each to the third with
// the least so far (ties: the first). Every file is in exactly one third, whatever the table says.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const TABLE = resolve(fileURLToPath(import.meta.url), '../test-costs.json');

/** A path as the table names it: relative to the repository, with `/`. */
const key = (path) => relative(root, path).split('\\').join('/');

/** The seconds each file took, by its path; the median for one the table lacks. */
function costs(paths) {
  const table = JSON.parse(readFileSync(TABLE, 'utf8'));
  const known = Object.values(table).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  return new Map(paths.map((path) => [path, table[key(path)] ?? median]));
}

/**
 * The files of shard `index` (1-based) of `count`.
 *
 * @example shardByCost(['a.test.ts', 'b.test.ts'], 1, 2) // the costlier of the two
 */
export function shardByCost(paths, index, count) {
  const cost = costs(paths);
  const order = [...paths].sort((a, b) => cost.get(b) - cost.get(a) || (key(a) < key(b) ? -1 : 1));
  const totals = new Array(count).fill(0);
  const mine = new Set();
  for (const path of order) {
    let least = 0;
    for (let i = 1; i < count; i++) if (totals[i] < totals[least]) least = i;
    totals[least] += cost.get(path);
    if (least === index - 1) mine.add(path);
  }
  return paths.filter((path) => mine.has(path));
}

// Refresh the table from JSON reports (see above).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const table = {};
  for (const report of process.argv.slice(2)) {
    for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults)
      table[key(file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10;
  }
  const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(TABLE, `${JSON.stringify(sorted, null, 2)}\n`);
  process.stdout.write(`${Object.keys(sorted).length} files written to ${relative(process.cwd(), TABLE)}\n`);
}
