// Every shell and CI block of docs/*.md runs, word for word, against a real loc-mock on a loopback port:
// `loc`, `loc-mock`, `npx -p @loc/cli loc` and `npx @loc/cli` are the built binaries, `npm install` of our
// packages is already done (the pack tests, examples/pack-install.pack.test.ts and
// examples/mobile-recipes.pack.test.ts, run them for real), and the service's addresses in the text point
// at the mock. A bare `npx loc` or `npx loc-mock` fails, as it does in a folder without a package.json
// (npx runs the npm packages of those names, not ours). Each command of a block must exit 0, or a code its own comment
// names ("exit 11"); a script block (one with `case`, `if` or `$?`) must exit 0 as a whole. A block that
// cannot run here says why, in a `<!-- docs-test: skip (reason) -->` line just above it.
//
// Each block runs as a reader who copies only it would run it (issue 44): in a fresh, empty folder, with
// no stored login, and with only the environment its page tells the reader to set (PAGE_ENV: the demo
// seed's developer token, which the pages name, and nothing that may create a project). A block that goes
// on from the one above it (its loc.config.json, its files) says so, in prose for the reader and in a
// `<!-- docs-test: continues (what it takes from above) -->` line for this test, and runs in that block's
// folder.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { LOC_BIN, MOCK_BIN, startMock, type RunningMock } from '@loc/test-utils';

const docs = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
const RUNNABLE = new Set(['sh', 'bash', 'yaml']);
/** Addresses the pages use for the service; the test sends nothing anywhere but the mock. */
const SERVICE_URLS = /https?:\/\/(?:127\.0\.0\.1:4010|localhost:4010|(?:api|staging)\.loc\.dev)/g;

interface Block {
  page: string;
  line: number;
  lang: string;
  code: string;
  skip?: string;
  /** What the block takes from the block above it (it runs in that block's folder). */
  continues?: string;
}

/**
 * The environment a page tells its reader to set before its blocks: the demo seed's credentials of the
 * mock (docs/cli.md's introduction, docs/mock-server.md). getting-started.md starts from nothing: its
 * blocks set what they need themselves.
 */
const DEMO_ENV = {
  LOC_BASE_URL: 'http://127.0.0.1:4010',
  LOC_API_TOKEN: 'loc_test_developer',
  LOC_CDN_KEY: 'lh-cdn_demo_acme',
};
const PAGE_ENV: Record<string, Partial<typeof DEMO_ENV>> = { 'getting-started.md': {} };

function blocksOf(page: string): Block[] {
  const lines = readFileSync(join(docs, page), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    const marker = /^<!-- docs-test: (skip|continues) \((.+)\) -->$/.exec(lines[i - 1] ?? '');
    blocks.push({
      page,
      line: i + 1,
      lang: open[1]!,
      code: lines.slice(i + 1, end).join('\n'),
      ...(marker ? { [marker[1]!]: marker[2] } : {}),
    });
    i = end;
  }
  return blocks;
}

const pages = readdirSync(docs).filter((file) => file.endsWith('.md'));
const blocks = pages.flatMap(blocksOf).filter((b) => RUNNABLE.has(b.lang) || b.skip);

let mock: RunningMock;
let shims: string;
let work: string;

/** Executables standing in for what a user's project has after `npm install --save-dev @loc/cli @loc/mock-server`. */
function writeShims(dir: string) {
  const node = JSON.stringify(process.execPath);
  const scripts: Record<string, string> = {
    loc: `exec ${node} ${JSON.stringify(LOC_BIN)} "$@"`,
    'loc-mock': `exec ${node} ${JSON.stringify(MOCK_BIN)} "$@"`,
    // npx [-y] -p <package> <command> …, or npx <package> …: only our packages, as their npm names.
    npx: `pkg=
while [ "\${1#-}" != "$1" ]; do
  case "$1" in
    -p|--package) pkg=$2; shift 2 ;;
    --package=*) pkg=\${1#--package=}; shift ;;
    *) shift ;;
  esac
done
case "\${pkg%@[0-9]*}:$1" in
  @loc/cli:loc|:@loc/cli) shift; exec loc "$@" ;;
  @loc/mock-server:loc-mock|:@loc/mock-server) shift; exec loc-mock "$@" ;;
  :loc|:loc-mock) echo "npx $1: without a package.json that lists ours, npx runs the npm package named '$1' (could not determine executable to run): write npx -p @loc/cli loc, or npx -p @loc/mock-server loc-mock" >&2; exit 1 ;;
  *) echo "npx $*: not available in this test" >&2; exit 127 ;;
esac`,
    npm: `case "$1" in
  install|i|ci|add) echo "(npm $*: the built packages stand in for the installed ones)" >&2 ;;
  *) echo "npm $1: not available in this test" >&2; exit 127 ;;
esac`,
  };
  scripts.pnpm = scripts.npm!.replace(/npm/g, 'pnpm').replace('  *)', '  loc) shift; exec loc "$@" ;;\n  *)');
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
}

/** The block as a bash script that checks each command's exit code, or runs whole when it branches itself. */
function scriptOf(code: string): string {
  const joined = code.replace(/\\\n\s*/g, ' ').replace(SERVICE_URLS, mock.url);
  // Only loopback traffic: a block that names another host must be marked as one that cannot run here.
  const elsewhere = /https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])[^\s"']+/.exec(joined);
  if (elsewhere) throw new Error(`${elsewhere[0]} is not the mock: mark the block <!-- docs-test: skip (reason) -->`);
  if (/^\s*(case|if)\b|\$\?/m.test(joined)) return joined;
  const checked = joined
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .map((line) => {
      const allowed = [0, ...[...line.matchAll(/#.*?\bexits? (\d+)/g)].map((m) => Number(m[1]))];
      const serve = /^\s*(?:npx\s+(?:-p\s+@loc\/mock-server\s+)?)?loc-mock serve\b/;
      const command = serve.test(line) ? `serve_briefly ${line.replace(serve, '').replace(/#.*$/, '')}` : line;
      return `${command}\ncode=$?; case " ${allowed.join(' ')} " in *" $code "*) ;; *) echo "exit $code from: ${line.replace(/["`$\\]/g, '\\$&')}" >&2; exit 100 ;; esac`;
    });
  return [SERVE_BRIEFLY, ...checked].join('\n');
}

/** `loc-mock serve …` on a free port: it must start and print its address, then it is stopped. */
const SERVE_BRIEFLY = `serve_briefly() {
  # A fresh file for each server: reading a previous server's "listening on" would stop this one before
  # its signal handlers exist (exit 143). The wait is bounded by count (2 minutes at most), ends at the line.
  out=$(mktemp)
  loc-mock serve "$@" --port 0 > "$out" 2>&1 & pid=$!
  i=0; until grep -q 'listening on' "$out"; do
    if ! kill -0 $pid 2>/dev/null || [ $i -ge 2400 ]; then cat "$out" >&2; rm -f "$out"; kill $pid 2>/dev/null; return 1; fi
    i=$((i + 1)); sleep 0.05
  done
  kill -TERM $pid; wait $pid; code=$?
  rm -f "$out"
  return $code
}`;

function runScript(
  script: string,
  cwd: string,
  page: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const pageEnv = Object.fromEntries(
    Object.entries(PAGE_ENV[page] ?? DEMO_ENV).map(([name, value]) => [name, value.replace(SERVICE_URLS, mock.url)]),
  );
  const env = {
    PATH: `${shims}:${process.env.PATH ?? ''}`,
    // No login stored by another block: the block's own folder holds its home and config folder.
    HOME: join(cwd, '.home'),
    LOC_CONFIG_DIR: join(cwd, '.home', 'config'),
    ...pageEnv,
    CI: '1',
    NO_COLOR: '1',
    // What Xcode gives a run-script phase.
    SRCROOT: cwd,
    MARKETING_VERSION: '2.1.0',
  };
  const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`did not finish within 120 s\n${stdout}\n${stderr}`));
    }, 120_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** The commands of a CI file: GitHub Actions steps' `run` (a job's or a list of steps) or GitLab jobs' `script`. */
function commandsOfCi(yaml: string): string[] {
  const doc = parseYaml(yaml) as unknown;
  const steps = (list: unknown) =>
    Array.isArray(list) ? list.flatMap((s) => (s && typeof s.run === 'string' ? [s.run as string] : [])) : [];
  if (Array.isArray(doc)) return steps(doc);
  const root = doc as Record<string, any>;
  if (root.jobs) return Object.values(root.jobs).flatMap((job: any) => steps(job.steps));
  return Object.values(root).flatMap((job: any) => (Array.isArray(job?.script) ? (job.script as string[]) : []));
}

beforeAll(async () => {
  mock = await startMock(['--export-delay', '50ms']);
  work = mkdtempSync(join(tmpdir(), 'loc-docs-'));
  shims = join(work, 'bin');
  mkdirSync(shims);
  writeShims(shims);
});
afterAll(async () => {
  await mock?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the code blocks of docs/', () => {
  it('finds the shell and CI blocks of every page', () => {
    expect(blocks.filter((b) => !b.skip).length).toBeGreaterThan(15);
    for (const page of ['getting-started.md', 'recipes.md', 'cli.md'])
      expect(blocks.some((b) => b.page === page)).toBe(true);
  });

  for (const page of pages) {
    const ofPage = blocks.filter((b) => b.page === page);
    if (ofPage.length === 0) continue;
    // A fresh folder for each block, but for one that says it continues the block above it.
    describe(page, () => {
      let cwd = '';
      for (const block of ofPage) {
        const title = `line ${block.line} (${block.lang})`;
        if (block.skip) {
          it.skip(`${title}: ${block.skip}`, () => {});
          continue;
        }
        it(block.continues ? `${title}, in the folder of the block above (${block.continues})` : title, async () => {
          if (!block.continues || !cwd) cwd = mkdtempSync(join(work, page.replace('.md', '-')));
          const scripts = block.lang === 'yaml' ? commandsOfCi(block.code) : [block.code];
          expect(scripts.length, 'a CI block with no command').toBeGreaterThan(0);
          for (const script of scripts) {
            const result = await runScript(scriptOf(script), cwd, page);
            expect(result.code, `${script}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`).toBe(0);
          }
        }, 180_000);
      }
    });
  }
});
