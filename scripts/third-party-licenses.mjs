// The notices of the third-party code a package's dist/ carries. The CLI bundles its dependencies,
// loc-mock bundles msw, the SDK bundles ofetch and zod/mini: their licenses (MIT, ISC, BSD,
// Apache-2.0…) ask that the copyright and license text travel with every copy. esbuild names each bundled file, in a `// path`
// comment (unminified output) or in the source map's `sources`; the packages are found from those paths.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

const LICENSE_FILE = /^(licen[sc]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** Files of node_modules that went into the bundles of `dist`. */
function bundledFiles(dist) {
  const files = new Set();
  for (const name of readdirSync(dist)) {
    const path = join(dist, name);
    if (name.endsWith('.map')) {
      for (const source of JSON.parse(readFileSync(path, 'utf8')).sources ?? []) files.add(resolve(dist, source));
    } else if (/\.[cm]?js$/.test(name)) {
      // esbuild writes these relative to the folder it ran in: the package's.
      for (const match of readFileSync(path, 'utf8').matchAll(/^\/\/ (\S*node_modules\/\S+)$/gm))
        files.add(resolve(dist, '..', match[1]));
    }
  }
  return [...files].filter((file) => file.includes(`${sep}node_modules${sep}`));
}

/** The package folder a file of node_modules belongs to. */
function packageDirOf(file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  const length = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return parts.slice(0, at + length).join(sep);
}

/**
 * THIRD_PARTY_LICENSES.md for the package whose build is in `dist`, or null when it bundles nothing.
 *
 * @example
 * thirdPartyLicenses('packages/cli/dist'); // '# Third-party licenses\n…## commander 14.0.3 (MIT)…'
 */
export function thirdPartyLicenses(dist, ownName) {
  const packages = new Map();
  for (const file of bundledFiles(dist)) {
    const dir = packageDirOf(file);
    if (packages.has(dir) || !existsSync(join(dir, 'package.json'))) continue;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (pkg.name === ownName || pkg.name?.startsWith('@loc/')) continue;
    packages.set(dir, pkg);
  }
  if (packages.size === 0) return null;
  const sections = [...packages]
    .sort(([, a], [, b]) => a.name.localeCompare(b.name))
    .map(([dir, pkg]) => {
      const licenseFile = readdirSync(dir).find((f) => LICENSE_FILE.test(f));
      const license = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see below');
      const text = licenseFile
        ? readFileSync(join(dir, licenseFile), 'utf8').trim()
        : `(no license file; package.json says ${license})`;
      return `## ${pkg.name} ${pkg.version} (${license})\n\n\`\`\`text\n${text}\n\`\`\``;
    });
  return `# Third-party licenses\n\n${ownName} ships code of these packages inside its dist/ (bundled by its build). Their licenses follow.\n\n${sections.join('\n\n')}\n`;
}
