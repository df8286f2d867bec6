import { isAbsolute, join, posix, relative } from 'node:path';
import { isInside, realpathLoose } from './real-path';

/**
 * Where an export may write: the one rule for every output folder (`--out`, `export.out`, each target's
 * `out`, `cdn.out`) and every file placed below one, whatever a template, a locale, a ZIP entry or a record
 * says. A repository holds files that tools execute or obey: git's own folder, CI workflows, hooks, package
 * manifests. An export that could write one of them would let whoever controls a translation, a template
 * or the service's answer run code with the pipeline's secrets (issue 32: a `loc-{locale}.yml` of JSON in
 * `.github/workflows` is a valid workflow). So a file goes only into a folder inside the repository, never
 * into one of FORBIDDEN_FOLDERS, never under one of FORBIDDEN_NAMES, and carries its format's extension.
 *
 * A leaf module (node:path and ./real-path only): the GitHub Action (packages/action) checks the paths it
 * commits with checkWritablePath, and bundles nothing else of loc for it.
 */

/** Folders no file of an export lands in, at any depth: git's own, and those CI services and hooks run from. */
export const FORBIDDEN_FOLDERS: readonly string[] = ['.git', '.github', '.gitlab', '.circleci', '.husky'];

/** Names no file of an export has, at any depth: CI definitions, package manifests, git's per-path settings. */
export const FORBIDDEN_NAMES: readonly string[] = [
  '.gitlab-ci.yml',
  'Jenkinsfile',
  'azure-pipelines.yml',
  'bitbucket-pipelines.yml',
  '.travis.yml',
  'package.json',
  '.npmrc',
  '.gitattributes',
];

/** Which part of the rule a path breaks. */
export type WritableRule = 'outside' | 'folder' | 'name' | 'extension';

/** Why a path may not be written: the rule, the offending part, and what to do. */
export interface WritableRefusal {
  rule: WritableRule;
  /** The path as checked, relative to the root, `/` separators. */
  path: string;
  /** What is wrong, as the end of a sentence: "lies inside .git/, where tools execute or obey files". */
  reason: string;
  hint: string;
}

export interface WritableOptions {
  /** `file` (the default): every rule; `folder`: an output folder, checked for where it is only. */
  kind?: 'file' | 'folder';
  /** The extensions (without the dot, lowercase) a file may carry; undefined: any. */
  extensions?: readonly string[] | undefined;
}

/**
 * A path segment as the file systems a checkout may land on read it, so that `.GIT`, `.git.` and `.git `
 * (Windows drops trailing dots and spaces), `.git::$INDEX_ALLOCATION` (an NTFS stream of the folder) and
 * `.g\u200cit` (HFS+ ignores some invisible characters) all count as `.git`, as git itself counts them
 * (`is_ntfs_dotgit`, `is_hfs_dotgit`).
 */
function canonical(segment: string): string {
  return segment
    .normalize('NFC')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
    .replace(/:.*$/s, '')
    .replace(/[. ]+$/, '')
    .toLowerCase();
}

const FOLDERS = new Set(FORBIDDEN_FOLDERS.map(canonical));
const NAMES = new Set(FORBIDDEN_NAMES.map(canonical));

/** A Windows 8.3 short name (`GIT~1`, `GITHUB~1`, `GITLAB~1.YML`) that may stand for a forbidden name. */
function isShortNameOfForbidden(segment: string): boolean {
  const short = /^([^~.]{1,6})~[1-9]\d{0,5}(\.[^.]*)?$/.exec(segment);
  if (!short) return false;
  const prefix = short[1]!;
  return [...FOLDERS, ...NAMES].some((name) => name.replace(/[. ]/g, '').startsWith(prefix));
}

const REFUSED_HINT =
  "Choose an output folder and a path template that keep the files in the app's own resource folders.";

/**
 * Why `relativePath` (below `root`, `/` or `\` separators) may not be written, or undefined when it may. It
 * is checked as given and as it really is (a folder of the path may be a symbolic link: its target must obey
 * the rule too). Never throws; reads the file system only to resolve links.
 *
 * @example
 * checkWritablePath('/repo', '.github/workflows/loc-de.yml', { extensions: ['json'] })?.rule; // 'folder'
 * checkWritablePath('/repo', 'locales/de.json', { extensions: ['json'] }); // undefined
 */
export function checkWritablePath(
  root: string,
  relativePath: string,
  options: WritableOptions = {},
): WritableRefusal | undefined {
  const refused = writableRefusal(relativePath, options);
  if (refused) return refused;
  const path = normalized(relativePath);
  // The real path: a folder of the repository may be a link to .git or outside it.
  const realRoot = realpathLoose(root);
  const real = realpathLoose(join(root, path));
  if (!isInside(realRoot, real))
    return {
      rule: 'outside',
      path,
      reason: 'leads outside the repository through a symbolic link',
      hint: 'Replace the link with a real folder, or choose another output folder.',
    };
  const realRelative = relative(realRoot, real).replaceAll('\\', '/');
  const throughLink = refusalOf(realRelative, options);
  return throughLink && { ...throughLink, path, reason: `${throughLink.reason} (through a symbolic link)` };
}

/** Where a delivery's files may go: the folder the rule starts from, and the extensions of their format. */
export interface WritableScope {
  /** The repository: the folder of loc.config.json, else the working folder, else the output folder itself. */
  root: string;
  /** The extensions a file may carry (files/format-extensions.ts); undefined: any. */
  extensions?: readonly string[] | undefined;
}

/**
 * checkWritablePath of a file `to` (relative to `outDir`, `/` separators) placed into `outDir`, a folder of
 * `scope.root` or that root itself: the folder by its path and its real path, the file by its path (below
 * the output folder loc never writes through a symbolic link: files/safe-fs.ts refuses every one).
 */
export function checkPlacedFile(scope: WritableScope, outDir: string, to: string): WritableRefusal | undefined {
  const folder = relative(scope.root, outDir).replaceAll('\\', '/');
  return (
    checkWritablePath(scope.root, folder, { kind: 'folder' }) ??
    writableRefusal(posix.join(folder, to), { extensions: scope.extensions })
  );
}

/** `path` with `/` separators, `.` and `..` resolved, '' for the root itself. */
function normalized(path: string): string {
  const slashed = posix.normalize(path.replaceAll('\\', '/')).replace(/^(\.\/)+/, '');
  return slashed === '.' ? '' : slashed;
}

/**
 * checkWritablePath by the path alone, with no file system to resolve links in: for a path that is not
 * there yet, such as what a path template's fixed parts give.
 */
export function writableRefusal(relativePath: string, options: WritableOptions = {}): WritableRefusal | undefined {
  const path = normalized(relativePath);
  if (isAbsolute(relativePath) || /^[A-Za-z]:/.test(path) || path === '..' || path.startsWith('../'))
    return {
      rule: 'outside',
      path: relativePath.replaceAll('\\', '/'),
      reason: 'leads outside the repository',
      hint: 'Name a folder inside it.',
    };
  return refusalOf(path, options);
}

/** The lexical rules, on a normalized relative path ('' for the root itself). */
function refusalOf(path: string, options: WritableOptions): WritableRefusal | undefined {
  const segments = path === '' ? [] : path.split('/');
  for (const segment of segments) {
    const name = canonical(segment);
    if (FOLDERS.has(name) || isShortNameOfForbidden(name)) {
      const folder = FORBIDDEN_FOLDERS.find((f) => canonical(f) === name) ?? segment;
      return {
        rule: 'folder',
        path,
        reason: `lies inside ${folder}/, where tools execute or obey the files (loc never writes into ${FORBIDDEN_FOLDERS.map((f) => `${f}/`).join(', ')})`,
        hint: REFUSED_HINT,
      };
    }
  }
  if (options.kind === 'folder' || segments.length === 0) return undefined;
  const last = segments.at(-1)!;
  const name = canonical(last);
  if (NAMES.has(name)) {
    return {
      rule: 'name',
      path,
      reason: `is named ${FORBIDDEN_NAMES.find((n) => canonical(n) === name)}, a file that tools execute or obey (loc never writes ${FORBIDDEN_NAMES.join(', ')})`,
      hint: REFUSED_HINT,
    };
  }
  const extensions = options.extensions;
  if (extensions) {
    const extension = posix.extname(name).slice(1);
    if (!extensions.includes(extension))
      return {
        rule: 'extension',
        path,
        reason: `${extension ? `ends in .${extension}` : 'has no extension'}, not in one of the format's own (${extensions.map((e) => `.${e}`).join(', ')})`,
        hint: `End the path template in the format's extension, for example {locale}.${extensions[0] ?? 'json'}, or keep the file's own with {filename}.`,
      };
  }
  return undefined;
}
