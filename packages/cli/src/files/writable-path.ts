import { isAbsolute, join, posix, relative } from 'node:path';
import { foldName, segmentProblem } from '@loc/sdk/internal';
import { isInside, realpathLoose } from './real-path';

/**
 * Which paths of a repository loc may touch: the one rule for every file loc writes (an export's and a
 * release's files, their records, the types file, each checked in their output folder: `--out`,
 * `export.out`, each target's `out`, `cdn.out`) and every path the GitHub Action commits; and the rule
 * that `loc push` is to read the files it sends by (`use: 'read'`). What may be written is allowed by a
 * rule, not found harmless by a list: a path is inside the repository (by its path and its real path),
 * below an output folder the settings name (and the repository's root itself only when they opt in:
 * checkWritableFolder), and, for an export's file, ends in an extension of the format it asked for
 * (files/format-extensions.ts). On top of that, no segment of it is a name that a tool in the repository's
 * ecosystem runs or reads as its configuration (TOOL_PATHS), compared as file systems compare names
 * (foldName): whoever controls a translation, a template, a locale map or the service's answer would
 * otherwise run code with the pipeline's secrets (issue 32: a `loc-{locale}.yml` of JSON in
 * `.github/workflows` is a valid workflow; issue 42: `{locale}vcontainer.json` with `de` in `.devcontainer/`,
 * `{locale}rcel.json` mapped to `ve` at the root).
 *
 * A leaf module (node:path and ./real-path only): the GitHub Action (packages/action) checks the paths it
 * commits with checkWritablePath, and bundles nothing else of loc for it.
 */

/** What a listed name is, for messages: whose it is, and so why loc never writes (or reads) it. */
export type ToolKind = 'git' | 'ci' | 'dev' | 'deploy' | 'package' | 'build' | 'editor' | 'secret' | 'loc';

/** What each kind is, as the end of "a … folder" or "a … file". */
const KIND_TEXT: Readonly<Record<ToolKind, string>> = {
  git: "git's own",
  ci: "a CI service's or a git hook runner's",
  dev: "a dev container's or development environment's (run when it is opened)",
  deploy: "a deployment platform's",
  package: "a package manager's",
  build: "a build or task runner's",
  editor: "an editor's or a coding agent's (tasks, launch configurations, hooks)",
  secret: 'a credentials',
  loc: "loc's own",
};

/**
 * A name loc never writes nor reads: a `folder` is matched as any segment of a path (a file of that name
 * too: a `.git` file points git elsewhere), a `file` as the last one. `*` stands for any run of characters
 * within the name (`docker-compose.*.yml`). Matched after foldName, so `.GIT`, `vercel.json.`, `Vercel.json
 * ::$DATA` and `ｖercel.json` are `vercel.json`.
 */
export interface ToolPath {
  name: string;
  kind: 'folder' | 'file';
  tool: ToolKind;
}

const folders = (tool: ToolKind, names: string[]): ToolPath[] => names.map((name) => ({ name, kind: 'folder', tool }));
const files = (tool: ToolKind, names: string[]): ToolPath[] => names.map((name) => ({ name, kind: 'file', tool }));

/**
 * The names of files and folders that tools run or read as their configuration, by kind. Every entry has
 * a test of its own, each with the variants file systems fold into it (writable-path.test.ts). A name that
 * is also a fair translation file's (`app.json` of an i18next namespace `app`) stays refused: a fixed part
 * in the path template renames it (`{locale}/strings-{basename}.json`).
 */
export const TOOL_PATHS: readonly ToolPath[] = [
  ...folders('git', ['.git']),
  ...files('git', ['.gitattributes', '.gitmodules', '.gitignore', '.lfsconfig', '.mailmap', 'CODEOWNERS']),
  ...folders('ci', [
    '.github',
    '.gitlab',
    '.circleci',
    '.husky',
    '.buildkite',
    '.woodpecker',
    '.semaphore',
    '.gitea',
    '.forgejo',
    '.teamcity',
    '.tekton',
    '.azure-pipelines',
    '.azuredevops',
  ]),
  ...files('ci', [
    '.gitlab-ci.yml',
    'Jenkinsfile',
    'azure-pipelines.yml',
    'azure-pipelines.yaml',
    'bitbucket-pipelines.yml',
    '.travis.yml',
    '.drone.yml',
    '.woodpecker.yml',
    'appveyor.yml',
    '.appveyor.yml',
    '.cirrus.yml',
    'cloudbuild.yaml',
    'cloudbuild.yml',
    'buildspec.yml',
    'codemagic.yaml',
    'bitrise.yml',
    'action.yml',
    'action.yaml',
    '.pre-commit-config.yaml',
    '.pre-commit-hooks.yaml',
    'lefthook.yml',
    'lefthook.yaml',
    '.lefthook.yml',
    '.lefthook.yaml',
    '.lintstagedrc',
    '.lintstagedrc.*',
    'lint-staged.config.*',
    '.huskyrc',
    '.huskyrc.*',
    'renovate.json',
    'renovate.json5',
    '.renovaterc',
    '.renovaterc.*',
    '.releaserc',
    '.releaserc.*',
    'release.config.*',
  ]),
  ...folders('dev', ['.devcontainer', '.idx', '.codesandbox', '.devbox', '.direnv']),
  ...files('dev', [
    '.devcontainer.json',
    'devcontainer.json',
    '.gitpod.yml',
    '.gitpod.Dockerfile',
    '.replit',
    'replit.nix',
    'devbox.json',
    'flake.nix',
    'shell.nix',
    '.envrc',
    'mise.toml',
    '.mise.toml',
    '.tool-versions',
    '.nvmrc',
    '.node-version',
    'Vagrantfile',
    'Brewfile',
  ]),
  ...folders('deploy', ['.vercel', '.netlify', '.wrangler', '.firebase', '.ebextensions', '.platform', '.do']),
  ...files('deploy', [
    'vercel.json',
    'now.json',
    'netlify.toml',
    '_redirects',
    '_headers',
    '_routes.json',
    'wrangler.toml',
    'wrangler.json',
    'wrangler.jsonc',
    'firebase.json',
    '.firebaserc',
    'apphosting.yaml',
    'fly.toml',
    'render.yaml',
    'Procfile',
    'app.json',
    'heroku.yml',
    'app.yaml',
    'app.yml',
    'railway.json',
    'railway.toml',
    'nixpacks.toml',
    'amplify.yml',
    'serverless.yml',
    'serverless.yaml',
    'appspec.yml',
    '.platform.app.yaml',
    'cdk.json',
    'Pulumi.yaml',
    'Dockerfile',
    'Dockerfile.*',
    'Containerfile',
    'docker-compose.yml',
    'docker-compose.yaml',
    'docker-compose.*.yml',
    'docker-compose.*.yaml',
    'compose.yml',
    'compose.yaml',
    '.dockerignore',
    'skaffold.yaml',
    'Tiltfile',
    'kustomization.yaml',
    '*.tf',
    '*.tfvars',
    '.terraformrc',
    '.htaccess',
    '.user.ini',
    'web.config',
    'application.properties',
    'application.yml',
    'application.yaml',
    'bootstrap.properties',
    'bootstrap.yml',
  ]),
  ...folders('package', ['.yarn', '.cargo', '.mvn', '.bundle']),
  ...files('package', [
    'package.json',
    'package-lock.json',
    'npm-shrinkwrap.json',
    'yarn.lock',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    '.npmrc',
    '.yarnrc',
    '.yarnrc.yml',
    '.pnpmfile.cjs',
    'bunfig.toml',
    'bun.lock',
    'bun.lockb',
    'deno.json',
    'deno.jsonc',
    'deno.lock',
    'jsr.json',
    'composer.json',
    'composer.lock',
    'Gemfile',
    'Gemfile.lock',
    '*.gemspec',
    '.gemrc',
    'Pipfile',
    'Pipfile.lock',
    'pyproject.toml',
    'setup.py',
    'setup.cfg',
    'requirements*.txt',
    'poetry.lock',
    'uv.lock',
    '.python-version',
    'Cargo.toml',
    'Cargo.lock',
    'rust-toolchain',
    'rust-toolchain.toml',
    'go.mod',
    'go.sum',
    'go.work',
    'pom.xml',
    'mvnw',
    'mvnw.cmd',
    'maven-wrapper.properties',
    'build.gradle',
    'build.gradle.kts',
    'settings.gradle',
    'settings.gradle.kts',
    'gradle.properties',
    'gradle-wrapper.properties',
    'gradlew',
    'gradlew.bat',
    'libs.versions.toml',
    'local.properties',
    'Podfile',
    'Podfile.lock',
    '*.podspec',
    'Package.swift',
    'Package.resolved',
    'Cartfile',
    'Cartfile.resolved',
    'Mintfile',
    '*.csproj',
    '*.fsproj',
    '*.vbproj',
    '*.sln',
    'Directory.Build.props',
    'Directory.Build.targets',
    'Directory.Packages.props',
    'NuGet.Config',
    'global.json',
    'pubspec.yaml',
    'pubspec.lock',
    'mix.exs',
    'stack.yaml',
    'cabal.project',
  ]),
  ...folders('build', ['*.xcodeproj', '*.xcworkspace', '.storybook', '.moon', '.bazel']),
  ...files('build', [
    'Makefile',
    'GNUmakefile',
    '*.mk',
    'CMakeLists.txt',
    '*.cmake',
    'meson.build',
    'BUILD',
    'BUILD.bazel',
    'WORKSPACE',
    'WORKSPACE.bazel',
    'MODULE.bazel',
    '.bazelrc',
    '.bazelversion',
    'Rakefile',
    'Justfile',
    '.justfile',
    'Taskfile.yml',
    'Taskfile.yaml',
    'Earthfile',
    'gulpfile.*',
    'gruntfile.*',
    'turbo.json',
    'nx.json',
    'project.json',
    'workspace.json',
    'lerna.json',
    'rush.json',
    'moon.yml',
    'angular.json',
    'tsconfig.json',
    'tsconfig.*.json',
    'jsconfig.json',
    'babel.config.*',
    '.babelrc',
    '.babelrc.*',
    'webpack.config.*',
    'vite.config.*',
    'vitest.config.*',
    'rollup.config.*',
    'next.config.*',
    'nuxt.config.*',
    'svelte.config.*',
    'astro.config.*',
    'metro.config.*',
    'jest.config.*',
    'playwright.config.*',
    'cypress.config.*',
    'cypress.json',
    'karma.conf.*',
    'postcss.config.*',
    '.postcssrc',
    '.postcssrc.*',
    'tailwind.config.*',
    '.eslintrc',
    '.eslintrc.*',
    'eslint.config.*',
    '.prettierrc',
    '.prettierrc.*',
    'prettier.config.*',
    '.stylelintrc',
    '.stylelintrc.*',
    'stylelint.config.*',
    'biome.json',
    'biome.jsonc',
    '.swcrc',
    '.mocharc.*',
    '.nycrc',
    '.nycrc.*',
    '.czrc',
    '.commitlintrc',
    '.commitlintrc.*',
    'commitlint.config.*',
    '.rubocop.yml',
    'Guardfile',
    'Capfile',
    'config.ru',
    'conftest.py',
    'noxfile.py',
    'tox.ini',
    'app.config.*',
    'eas.json',
    'react-native.config.*',
    'capacitor.config.*',
    'electron-builder.*',
    'forge.config.*',
    'project.pbxproj',
    '*.xcscheme',
    '*.xcconfig',
    'Fastfile',
    'Appfile',
    'Matchfile',
    'Pluginfile',
    'AndroidManifest.xml',
    'network_security_config.xml',
    'build.xml',
    'phpunit.xml',
    'phpunit.xml.dist',
    'build.yaml',
    'analysis_options.yaml',
  ]),
  ...folders('editor', [
    '.vscode',
    '.idea',
    '.fleet',
    '.zed',
    '.vs',
    '.settings',
    '.cursor',
    '.claude',
    '.continue',
    '.windsurf',
    '.kiro',
  ]),
  ...files('editor', [
    '*.code-workspace',
    '*.sublime-project',
    '.project',
    '.classpath',
    '.exrc',
    '.nvimrc',
    '.nvim.lua',
    '.mcp.json',
  ]),
  ...folders('secret', ['.ssh', '.aws', '.gnupg', '.docker', '.kube', '.terraform']),
  ...files('secret', [
    '.env',
    '.env.*',
    '.netrc',
    '.pypirc',
    '.git-credentials',
    '.htpasswd',
    '.vault-token',
    'auth.json',
    'credentials.json',
    'client_secret*.json',
    'google-services.json',
    'GoogleService-Info.plist',
    'id_rsa',
    'id_ecdsa',
    'id_ed25519',
    '*.pem',
    '*.key',
    '*.p12',
    '*.pfx',
    '*.jks',
    '*.keystore',
    '*.tfstate',
  ]),
  ...files('loc', ['loc.config.json']),
];

/** A glob of TOOL_PATHS (`*` for any run of characters), folded, as a regular expression. */
function patternOf(name: string): RegExp {
  const parts = foldName(name).split('*');
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
}

const MATCHERS = TOOL_PATHS.map((entry) => ({ entry, pattern: patternOf(entry.name) }));

/** The entry a folded segment is, as a folder (any segment) or a file (the last). */
function toolPathOf(folded: string, last: boolean): ToolPath | undefined {
  return MATCHERS.find(({ entry, pattern }) => (entry.kind === 'folder' || last) && pattern.test(folded))?.entry;
}

/**
 * A Windows 8.3 short name (`GIT~1`, `VERCEL~1.JSO`, `PACKAG~1.JSO`) that may stand for a listed name: its
 * first up to six characters begin the name (dots and spaces left out).
 */
function shortNameOf(folded: string, last: boolean): ToolPath | undefined {
  const short = /^([^~.]{1,6})~[1-9]\d{0,5}(\.[^.]*)?$/.exec(folded);
  if (!short) return undefined;
  const prefix = short[1]!;
  return TOOL_PATHS.find(
    (entry) =>
      (entry.kind === 'folder' || last) &&
      !entry.name.includes('*') &&
      foldName(entry.name).replace(/[. ]/g, '').startsWith(prefix),
  );
}

/** Which part of the rule a path breaks. */
export type WritableRule = 'outside' | 'root' | 'folder' | 'name' | 'extension';

/** Why a path may not be written: the rule, the offending part, and what to do. */
export interface WritableRefusal {
  rule: WritableRule;
  /** The path as checked, relative to the root, `/` separators. */
  path: string;
  /** What is wrong, as the end of a sentence: "lies inside .git/, git's own folder, …". */
  reason: string;
  hint: string;
}

export interface WritableOptions {
  /** `file` (the default): every rule; `folder`: an output folder, checked for where it is only. */
  kind?: 'file' | 'folder';
  /** The extensions (without the dot, lowercase) a file may carry; undefined: any. */
  extensions?: readonly string[] | undefined;
  /** `write` (the default) or `read` (what `loc push` would send): only the messages differ. */
  use?: 'write' | 'read';
  /**
   * A folder (`kind: 'folder'`) may be the root itself: the settings opted in (`allowRootOutput` in
   * loc.config.json, or the folder named on the command line). Default: it may.
   */
  allowRoot?: boolean;
}

const REFUSED_HINT =
  "Choose an output folder and a path template that keep the files in the app's own resource folders (a fixed part renames a file: {locale}/strings-{basename}.json).";
/** The same refusal of a file to read and send (`loc push`): the file is the user's to rename or move. */
const REFUSED_READ_HINT =
  "Rename the file, or move it out of the folder loc push reads: loc push sends only the app's resource files.";
const refusedHint = (options: WritableOptions) => (options.use === 'read' ? REFUSED_READ_HINT : REFUSED_HINT);

/** The key of loc.config.json that lets an output folder be the repository's root. */
export const ROOT_OPT_IN = 'allowRootOutput';

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

/**
 * Which paths loc may read from the repository and send (what `loc push` uploads): the same rule as for
 * what it writes (checkWritablePath with `use: 'read'`), so that a `.env`, a key, a workflow or a manifest
 * never leaves the machine, whatever a config or a pattern says.
 *
 * @example checkReadablePath('/repo', 'config/locales/de.yml', { extensions: ['yml', 'yaml'] }); // undefined
 */
export function checkReadablePath(
  root: string,
  relativePath: string,
  options: Omit<WritableOptions, 'use'> = {},
): WritableRefusal | undefined {
  return checkWritablePath(root, relativePath, { ...options, use: 'read' });
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
 * the output folder loc never writes through a symbolic link: files/safe-fs.ts refuses every one). Whether
 * the output folder may be the root was decided when it was chosen (files/targets.ts, checkWritableFolder).
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
  const verb = options.use === 'read' ? 'reads and sends' : 'writes';
  if (segments.length === 0 && options.kind === 'folder' && options.allowRoot === false)
    return {
      rule: 'root',
      path,
      reason: `is the repository's root, where tools find the files they run or read as their configuration (package.json, vercel.json, .devcontainer/ …)`,
      hint: `Name a folder of the app's resources (for example locales); to write into the root itself, set "${ROOT_OPT_IN}": true in loc.config.json, or name the folder on the command line.`,
    };
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const refused = segmentRefusal(segment, last, options);
    if (refused) return { ...refused, path };
    const folded = foldName(segment);
    const entry = toolPathOf(folded, false) ?? shortNameOf(folded, false);
    if (entry) {
      return {
        rule: 'folder',
        path,
        reason: `lies inside ${entry.name.includes('*') ? segment : entry.name}/, ${KIND_TEXT[entry.tool]} folder, whose files tools run or read as their configuration (loc never ${verb} a file there)`,
        hint: refusedHint(options),
      };
    }
  }
  if (options.kind === 'folder' || segments.length === 0) return undefined;
  const last = segments.at(-1)!;
  const folded = foldName(last);
  const entry = toolPathOf(folded, true) ?? shortNameOf(folded, true);
  if (entry) {
    return {
      rule: 'name',
      path,
      reason: `is named ${entry.name.includes('*') ? last : entry.name}, ${KIND_TEXT[entry.tool]} file, which tools run or read as their configuration (loc never ${verb} one)`,
      hint: refusedHint(options),
    };
  }
  const extensions = options.extensions;
  if (extensions) {
    const extension = posix.extname(folded).slice(1);
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

/** What no segment may be, whatever its name: the SDK's rule for any relative path (base/relative-path.ts). */
function segmentRefusal(
  segment: string,
  last: boolean,
  options: WritableOptions,
): Omit<WritableRefusal, 'path'> | undefined {
  const problem = segmentProblem(segment);
  if (!problem) return undefined;
  // A device's name says what it is not, where the rule knows whether a file or a folder was meant.
  const reason = problem.device
    ? `${problem.reason}, not a ${last && options.kind !== 'folder' ? 'file' : 'folder'}`
    : problem.reason;
  return { rule: problem.rule, reason, hint: refusedHint(options) };
}
