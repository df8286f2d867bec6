import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';

/**
 * Where a path is, for checks that it stays inside a folder: a leaf module, so that the GitHub Action
 * (packages/action) bundles these two without the rest of loc.
 */

/** realpath of a path that may not exist yet: its nearest existing ancestor resolved, the rest appended. */
export function realpathLoose(path: string): string {
  if (existsSync(path)) return realpathSync(path);
  const parent = dirname(path);
  return parent === path ? path : join(realpathLoose(parent), basename(path));
}

/** `path` is `folder` or below it (by the paths as given: resolve links first with realpathLoose). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
