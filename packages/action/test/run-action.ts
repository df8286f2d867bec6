// The Action run as the runner runs it: from a copy of only the files git tracks in this repository (what
// `uses: owner/repo@v1` downloads: a bundle file left untracked is missing there, as it would be for users),
// `node <runs.main>` of action.yml with INPUT_* variables (action.yml's defaults filled in, as the runner
// does), GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_WORKSPACE (a temporary git repository whose origin
// is a bare repository).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { MOCK_BIN, TOKENS, type RunningMock } from '@loc/test-utils';
import { GITHUB_TOKEN } from './fake-github';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const ACTION = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  runs: { using: string; main: string };
  inputs: Record<string, { default?: string; description: string }>;
  outputs: Record<string, { description: string }>;
};

/** Copies the files git tracks (index and working tree: what the next commit holds) into `to`. */
export function trackedCopy(to: string): string {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    try {
      copyFileSync(join(ROOT, file), join(to, file));
    } catch {
      // deleted in the working tree, not yet in the index: not there for the runner either
    }
  }
  return to;
}

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });

/** A repository with loc.config.json committed on main, its origin a bare repository (or `origin`, a URL). */
export function repository(
  parent: string,
  name: string,
  config: object,
  origin?: string,
): { path: string; origin: string } {
  const bare = join(parent, `${name}.git`);
  const path = join(parent, name);
  mkdirSync(path);
  git(parent, 'init', '--quiet', '--bare', bare);
  git(path, 'init', '--quiet');
  writeFileSync(join(path, 'loc.config.json'), JSON.stringify(config, null, 2));
  git(path, 'add', '.');
  git(path, 'commit', '--quiet', '-m', 'init');
  git(path, 'remote', 'add', 'origin', bare);
  git(path, 'push', '--quiet', 'origin', 'main');
  if (origin) git(path, 'remote', 'set-url', 'origin', origin);
  return { path, origin: bare };
}

/** The part of loc-mock's seed the tests edit. */
interface Seed {
  projects: {
    slug: string;
    files: { segments: { key: string; translations: Record<string, { text: string }> }[] }[];
  }[];
}

/**
 * Two seeds for loc-mocks, written into `dir`: before.json, the demo seed as `loc-mock seed` prints it, and
 * after.json, the same with web-frontend's German `app.title` set to `title` (a change loc exports and the
 * Action commits). Returns their paths.
 */
export function beforeAndAfterSeeds(dir: string, title: string): { before: string; after: string } {
  const seed = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' })) as Seed;
  const before = join(dir, 'before.json');
  writeFileSync(before, JSON.stringify(seed));
  const web = seed.projects.find((p) => p.slug === 'web-frontend')!;
  web.files[0]!.segments.find((s) => s.key === 'app.title')!.translations.de!.text = title;
  const after = join(dir, 'after.json');
  writeFileSync(after, JSON.stringify(seed));
  return { before, after };
}

export const CONFIG = {
  workspace: 'acme',
  project: 'web-frontend',
  export: { out: 'locales', pathTemplate: '{locale}/{filename}' },
};

export interface ActionRun {
  code: number | null;
  printed: string;
  outputs: Record<string, string>;
  summary: string;
  outputText: string;
}

/**
 * Runs the Action of `action` (a tracked copy) the way the runner does.
 *
 * @example await runAction({ action, dir, githubUrl }, mock, repo.path, { 'api-token': TOKENS.developer })
 */
export async function runAction(
  where: { action: string; dir: string; githubUrl: string },
  mock: RunningMock,
  workspace: string,
  inputs: Record<string, string>,
  runner: Record<string, string | undefined> = {},
): Promise<ActionRun> {
  const outputFile = join(where.dir, `output-${Math.random().toString(36).slice(2)}`);
  const summaryFile = `${outputFile}-summary`;
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const defaults = Object.fromEntries(
    Object.entries(ACTION.inputs).flatMap(([name, input]) =>
      input.default !== undefined && !input.default.includes('${{') ? [[name, input.default]] : [],
    ),
  );
  const all: Record<string, string> = { ...defaults, 'base-url': mock.url, 'github-token': GITHUB_TOKEN, ...inputs };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: where.dir,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'acme/app',
    // A workflow on a schedule or a push, on main.
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_REF_TYPE: 'branch',
    GITHUB_API_URL: where.githubUrl,
    RUNNER_TEMP: where.dir,
    LOC_CONFIG_DIR: join(where.dir, 'loc-config'),
    GITHUB_ACTIONS: 'true',
    // No system or global git config of this machine's user (the runner's HOME is its own).
    GIT_CONFIG_NOSYSTEM: '1',
  };
  for (const [name, value] of Object.entries(all)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  // What this runner sets otherwise (undefined: a variable it does not set).
  for (const [name, value] of Object.entries(runner)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, [join(where.action, ACTION.runs.main)], { cwd: workspace, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  const outputs: Record<string, string> = {};
  const text = readFileSync(outputFile, 'utf8');
  for (const m of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!;
  // What the log shows: the runner takes ::add-mask:: lines as commands, it does not print them.
  const printed = `${stdout.replace(/^::add-mask::.*$/gm, '')}\n${stderr}`;
  return { code, printed, outputs, summary: readFileSync(summaryFile, 'utf8'), outputText: text };
}

/** Neither token in anything the run printed or handed over. */
export function secretsIn(run: ActionRun): string[] {
  return [TOKENS.developer, GITHUB_TOKEN].filter(
    (secret) => run.printed.includes(secret) || run.outputText.includes(secret) || run.summary.includes(secret),
  );
}
