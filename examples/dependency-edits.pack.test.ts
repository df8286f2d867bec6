// The CLI's edits of bundled dependencies' code (packages/cli/build/dependency-edits.ts), built and run
// against the previous minor and the latest release of each dependency from the npm registry: an edit
// bound to one version's text fails here before an upgrade finds it (issue 35). Not part of `npm test`
// (it installs from the registry): it runs with the packed-tarball tests (vitest.pack.config.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPENDENCY_EDITS, editDependencies } from '../packages/cli/build/dependency-edits';

const work = mkdtempSync(join(tmpdir(), 'loc-dependency-edits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const npmEnv = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

function npm(args: string[], cwd = work): string {
  const result = spawnSync('npm', args, { cwd, env: npmEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** The latest release of `name`, and the newest release of the minor before it. */
function versionsToCheck(name: string): string[] {
  const { versions, 'dist-tags': tags } = JSON.parse(npm(['view', name, 'versions', 'dist-tags', '--json'])) as {
    versions: string[];
    'dist-tags': { latest: string };
  };
  const parse = (v: string) => v.split('.').map(Number) as [number, number, number];
  const [major, minor] = parse(tags.latest);
  const previous = versions
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .map(parse)
    .filter(([ma, mi]) => ma < major || (ma === major && mi < minor))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
    .at(-1);
  return [...(previous ? [previous.join('.')] : []), tags.latest];
}

const edited = Object.entries(DEPENDENCY_EDITS);
const ofetch = edited.find(([, edit]) => edit.dependency === 'ofetch');

describe.each(edited.map(([name, edit]) => [name, edit.dependency] as const))('%s', (_name, dependency) => {
  it.each(versionsToCheck(dependency))(`applies to ${dependency}@%s`, async (version) => {
    const dir = join(work, `${dependency}-${version}`);
    npm(['install', '--prefix', dir, '--no-save', '--no-package-lock', `${dependency}@${version}`]);
    // Bundled as the SDK compiles it in (its web build, the `worker` condition) and as loc's build edits it:
    // the plugin throws when the edit finds nothing to change.
    const out = join(dir, 'bundle.cjs');
    await build({
      stdin: { contents: `export * from '${dependency}';`, resolveDir: dir, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      conditions: ['worker'],
      outfile: out,
      logLevel: 'silent',
      plugins: [editDependencies(Object.fromEntries(edited.filter(([, edit]) => edit.dependency === dependency)))],
    });
    if (dependency === ofetch?.[1].dependency) {
      // Runs it: a request through ofetch builds its headers with loc's class, and nothing reads the global
      // `Headers` (in Node that read loads undici, which the edit is for).
      const probe = join(dir, 'probe.cjs');
      writeFileSync(
        probe,
        `Object.defineProperty(globalThis, 'Headers', { get() { throw new Error('the global Headers was read'); } });
let seen;
globalThis.fetch = async (url, init) => { seen = init.headers; return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }); };
const { ofetch } = require(${JSON.stringify(out)});
ofetch('http://127.0.0.1:9/x', { method: 'POST', body: { a: 1 }, headers: { 'x-a': '1' } }).then((body) => {
  console.log(JSON.stringify({ body, headers: seen.constructor.name, xa: seen.get('x-a'), type: seen.get('content-type') }));
});
`,
      );
      const ran = spawnSync(process.execPath, [probe], { encoding: 'utf8' });
      expect(ran.status, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout)).toEqual({
        body: { ok: true },
        headers: 'HttpHeaders',
        xa: '1',
        type: expect.stringMatching(/^application\/json/),
      });
    }
  });
});
