// What differs between two bundle folders (a fresh bundle and the committed one): the release script and
// the freshness test (check-dist) both ask it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function filesOf(root) {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/**
 * The files that are in one folder only, or differ, each with what is wrong; [] when the two are equal.
 *
 * @example bundleDifferences('/tmp/fresh', 'packages/action/bundle') // ['loc/program.cjs differs']
 */
export function bundleDifferences(fresh, committed) {
  const a = filesOf(fresh);
  const b = filesOf(committed);
  const differences = [
    ...a.filter((f) => !b.includes(f)).map((f) => `${f} is missing from the committed bundle`),
    ...b.filter((f) => !a.includes(f)).map((f) => `${f} is no longer part of the bundle`),
  ];
  for (const file of a.filter((f) => b.includes(f)))
    if (!readFileSync(join(fresh, file)).equals(readFileSync(join(committed, file))))
      differences.push(`${file} differs`);
  return differences;
}
