#!/usr/bin/env node
// `npm run demo`: starts the embedded mock server (loc-mock, demo seed) on a free loopback port and runs
// the CLI through the jobs of its users, printing each command so it can be copied. Files land in
// ./demo-output; stored credentials go to a temporary folder, never to your real configuration.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const LOC = join(root, 'packages/cli/dist/bin.cjs');
const MOCK = join(root, 'packages/mock-server/dist/bin.js');
const out = join(root, 'demo-output');
const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[22m` : s);

/** Starts loc-mock on port 0 and resolves with its URL, read from its first line of output. */
function startMock() {
  const child = spawn(process.execPath, [MOCK, 'serve', '--port', '0', '--export-delay', '1s', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('loc-mock did not start within 10 s')), 10_000);
    child.once('exit', (code) => reject(new Error(`loc-mock exited with code ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const url = line.split(' ').at(-1);
      resolvePromise({ url, stop: () => child.kill('SIGTERM') });
    });
  });
}

const mock = await startMock();
const config = mkdtempSync(join(tmpdir(), 'loc-demo-'));
const env = {
  ...process.env,
  LOC_BASE_URL: mock.url,
  LOC_API_TOKEN: 'loc_test_developer',
  LOC_CDN_KEY: 'lh-cdn_demo_acme',
  LOC_CONFIG_DIR: config,
};
let failures = 0;

function step(title, args, expectedExit = 0) {
  console.log(`\n${bold(`▸ ${title}`)}\n$ loc ${args.join(' ')}`);
  const { status } = spawnSync(process.execPath, [LOC, ...args], { cwd: root, env, stdio: 'inherit' });
  if (status !== expectedExit) {
    failures++;
    console.log(`✖ expected exit code ${expectedExit}, got ${status}`);
  } else if (expectedExit !== 0) {
    console.log(`(exit code ${status}, as documented)`);
  }
}

try {
  rmSync(out, { recursive: true, force: true });
  console.log(`loc-mock is serving the demo seed at ${mock.url}`);
  console.log(`LOC_BASE_URL=${mock.url} LOC_API_TOKEN=loc_test_developer LOC_CDN_KEY=lh-cdn_demo_acme`);

  step('A developer looks at the projects they can reach', ['projects', 'list']);
  step('…and at how far the translations are', ['status', '--workspace', 'acme']);
  step('…per locale of one project', ['status', '--workspace', 'acme', '--project', 'mobile-ios']);
  step(
    'A release gate: every locale at least 95 % approved?',
    ['status', '--workspace', 'acme', '--project', 'mobile-ios', '--min-approved', '95'],
    11,
  );
  // The same export twice: first what it would write, then writing it.
  const iosExport = ['export', '--workspace', 'acme', '--project', 'mobile-ios'].concat([
    '--out',
    'demo-output/ios',
    '--path-template',
    '{locale}.lproj/{filename}',
  ]);
  step('Which files would an export write, and where?', [...iosExport, '--dry-run']);
  step('A CI pipeline exports, waits, downloads and unzips', iosExport);
  step('The same as JSON, for scripts', [
    'export',
    '--workspace',
    'acme',
    '--project',
    'web-frontend',
    '--locale',
    'de',
    '--out',
    'demo-output/web',
    '--json',
  ]);
  // The other half of the loop: a key added in code goes up with loc push (read from the layout loc export
  // writes), and a release pulls only the translations reviewers approved.
  const web = ['--workspace', 'acme', '--project', 'web-frontend', '--out', 'demo-output/web'];
  step('A developer pulls the source strings too', ['export', ...web, '--locale', 'en']);
  const source = join(out, 'web', 'locales', 'en', 'common.json');
  writeFileSync(
    source,
    `${JSON.stringify({ ...JSON.parse(readFileSync(source, 'utf8')), 'demo.added': 'Added in code' }, null, 2)}\n`,
  );
  console.log(`\n(the demo adds the key demo.added to ${relative(root, source)}, as a developer would)`);
  step('…sees, key by key, what a push would send', ['push', ...web, '--dry-run']);
  step('…and pushes it: new keys created, nothing deactivated', ['push', ...web]);
  step('A release pulls only what reviewers approved', [
    'export',
    ...web.slice(0, 4),
    '--locale',
    'de',
    '--status',
    'approved',
    '--out',
    'demo-output/web-approved',
  ]);
  // The same command twice: a mobile build step downloads the release, and the next build finds it current.
  const cdnCheck = [
    'cdn',
    'check',
    '--environment',
    'PRODUCTION',
    '--type',
    'MOBILE_SDK_IOS',
    '--client-version',
    '2.1.0',
    '--download',
    'demo-output/cdn',
  ];
  step('A mobile build step asks the CDN for a newer release and downloads it', cdnCheck);
  step('…and the next build finds nothing newer', cdnCheck, 20);

  console.log(`\n${bold('▸ Files written')} (${relative(process.cwd(), out) || '.'})`);
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [relative(root, path)];
    });
  for (const file of walk(out)) console.log(`  ${file}`);
} finally {
  mock.stop();
  rmSync(config, { recursive: true, force: true });
}

if (failures) {
  console.error(`\n✖ ${failures} step(s) of the demo did not behave as documented.`);
  process.exit(1);
}
console.log('\n✔ Demo complete. Start the mock yourself with: node packages/mock-server/dist/bin.js serve --port 4010');
