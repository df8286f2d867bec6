import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a page of the docs is on this machine, for the `--help` of `loc` and `loc-mock` and their hints:
 * the copy inside the installed package (`docs/` ships in its tarball), else the repository's own `docs/`
 * when it runs from a checkout. A pointer printed to a user must lead to a file that exists. Node only
 * (`@loc/sdk/internal`).
 *
 * @param from - the caller's `import.meta.url`: the search starts beside it (dist/, or src/ under the tests)
 * @param packageName - named when no copy is found
 * @example
 * docsPage('cli.md', import.meta.url, '@loc/cli'); // '/home/me/app/node_modules/@loc/cli/docs/cli.md'
 */
export function docsPage(page: string, from: string, packageName: string): string {
  // The package's docs/ is one folder up from dist/; the repository's, three. Under the tests the caller
  // is a module of src/ (one or two folders down): at most four folders up, never past the repository.
  for (let up = 1; up <= 4; up++) {
    const path = fileURLToPath(new URL(`${'../'.repeat(up)}docs/${page}`, from));
    if (existsSync(path)) return path;
  }
  return `docs/${page} in the ${packageName} package`;
}
