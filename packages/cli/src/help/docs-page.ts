import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a page of the docs is on this machine, for `--help` and hints: the copy inside the installed
 * package (`docs/` ships in the tarball), else the repository's own `docs/` when `loc` runs from a
 * checkout. A pointer printed to a user must lead to a file that exists.
 *
 * @example
 * docsPage('cli.md'); // '/home/me/app/node_modules/@loc/cli/docs/cli.md'
 */
export function docsPage(page: string): string {
  // The package's docs/, then the repository's: from dist/program.cjs, then from src/help/ (under the tests).
  for (const base of ['../docs/', '../../../docs/', '../../docs/', '../../../../docs/']) {
    const path = fileURLToPath(new URL(base + page, import.meta.url));
    if (existsSync(path)) return path;
  }
  return `docs/${page} in the @loc/cli package`;
}
