// The peer CLIs the start-up figures compare with, installed from the npm registry into a folder of
// their own (never dependencies of this repository). The folder is kept between runs, so only the
// first `pnpm bench` on a machine pays for the install; BENCH_PEERS=0 skips them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Each peer is timed with `args` (default `--version`), the cheapest command that prints its version. */
const PEERS = [
  { name: 'Tolgee CLI', pkg: '@tolgee/cli', bin: 'tolgee' },
  // It has no --version: its --help prints the version first and exits 0.
  { name: 'Localazy CLI', pkg: '@localazy/cli', bin: 'localazy', args: ['--help'] },
  // A Java program behind a Node launcher: it needs `java` on PATH.
  { name: 'Crowdin CLI', pkg: '@crowdin/cli', bin: 'crowdin', needs: 'java' },
];

const PEERS_DIR = process.env.BENCH_PEERS_DIR ?? join(tmpdir(), 'loc-bench-peers');

/**
 * Installs the peers that are not there yet (bounded: 5 minutes) and returns those that answer their
 * version command, each with the command that runs it; the others with the reason they are missing.
 */
export function preparePeers(log = () => {}) {
  const binOf = (peer) => join(PEERS_DIR, 'node_modules', '.bin', peer.bin);
  const missing = PEERS.filter((p) => !existsSync(binOf(p)));
  if (missing.length) {
    log(`installing ${missing.map((p) => p.pkg).join(', ')} into ${PEERS_DIR} (once per machine)`);
    const result = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        PEERS_DIR,
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        ...missing.map((p) => p.pkg),
      ],
      { encoding: 'utf8', timeout: 300_000 },
    );
    if (result.status !== 0)
      log(`npm install failed: ${(result.stderr || String(result.error)).trim().split('\n').slice(-3).join(' ')}`);
  }
  return PEERS.map((peer) => {
    if (peer.needs && spawnSync('sh', ['-c', `command -v ${peer.needs}`]).status !== 0)
      return { ...peer, missing: `${peer.needs} is not installed` };
    if (!existsSync(binOf(peer))) return { ...peer, missing: 'did not install from npm' };
    const args = peer.args ?? ['--version'];
    const probe = spawnSync(binOf(peer), args, { encoding: 'utf8', timeout: 60_000 });
    if (probe.status !== 0) return { ...peer, args, missing: `${args.join(' ')} exited ${probe.status}` };
    const version = /\d+\.\d+\.\d+/.exec(probe.stdout)?.[0] ?? '';
    return { ...peer, args, command: binOf(peer), version };
  });
}
