// Issue 20, items 3 and 6: a closed terminal (SIGHUP) mid-download cleans up like Ctrl-C; what a run killed
// outright (SIGKILL) left is removed by the next run; two runs into one folder: the second is told that the
// first holds it. The download stalls at a stand-in host until the test acts: every step waits on an event.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CDN_KEYS, runLoc, spawnLocInTerminal, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

let mock: RunningMock;
let stalling: Server;
let stallingUrl = '';
/** Called when the stand-in has sent the first bytes of the ZIP (and holds the rest back). */
let onDownloadStarted: () => void = () => {};
const held: ServerResponse[] = [];
let home: ReturnType<typeof tempDir>;
let dir: ReturnType<typeof tempDir>;

beforeAll(async () => {
  mock = await startMock();
  home = tempDir('loc-home-');
  // A CDN whose release ZIP arrives 1 KiB of a promised 1 MiB, then nothing.
  stalling = createServer((req, res) => {
    if (req.url?.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': 1024 * 1024 });
      res.write(Buffer.alloc(1024), () => onDownloadStarted());
      held.push(res);
      return;
    }
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          distributionReleaseId: 'rel_stalling',
          name: 'Stalling',
          createdAt: new Date().toISOString(),
          filesUrl: `${stallingUrl}/files/release.zip?signature=abc`,
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
  stallingUrl = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await new Promise((resolve) => stalling.close(resolve));
  await mock.stop();
  home.remove();
});
beforeEach(() => {
  dir = tempDir('loc-interrupted-');
});
afterEach(() => dir.remove());

const CHECK = ['cdn', 'check', '-e', 'PRODUCTION', '-t', 'MOBILE_SDK_IOS', '--client-version', '2.1.0'];
const env = (baseUrl: string) => ({
  LOC_BASE_URL: baseUrl,
  LOC_CDN_KEY: CDN_KEYS.acme,
  LOC_CONFIG_DIR: home.path,
  CI: '1',
});
/** A download into `out` from the stalling host; `act` runs with the child once its download has begun. */
function stalledDownload(out: string, act: (child: ChildProcess) => void | Promise<void>) {
  let child: ChildProcess | undefined;
  onDownloadStarted = () => void act(child!);
  return runLoc([...CHECK, '--download', out], { env: env(stallingUrl), onSpawn: (c) => (child = c) });
}
const leftovers = (out: string) => (existsSync(out) ? readdirSync(out).filter((n) => n.startsWith('.loc-')) : []);

describe('signals mid-download', () => {
  it('SIGHUP cleans up like Ctrl-C: exit 130, no staging folder, no lock, no folder it created', async () => {
    const out = join(dir.path, 'Strings');
    const result = await stalledDownload(out, (child) => void child.kill('SIGHUP'));
    expect(result.signal).toBeNull();
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toMatch(/Interrupted/);
    expect(existsSync(out)).toBe(false);
  });

  it.each(['SIGINT', 'SIGHUP'] as const)(
    '%s with the stored credentials open (conf, whose exit hook raises the signal again) still cleans up',
    async (signal) => {
      const config = tempDir('loc-interrupted-config-');
      try {
        const stored = { LOC_CONFIG_DIR: config.path, CI: '1' };
        const login = await runLoc(['login', '--cdn-key', CDN_KEYS.acme, '--base-url', stallingUrl], { env: stored });
        expect(login.code, login.stderr).toBe(0);
        const out = join(dir.path, 'Strings');
        let child: ChildProcess | undefined;
        onDownloadStarted = () => void child!.kill(signal);
        // No base URL or key in the environment: both come from the store, which conf reads.
        const result = await runLoc([...CHECK, '--download', out], { env: stored, onSpawn: (c) => (child = c) });
        expect(result.signal).toBeNull();
        expect(result.code, result.stderr).toBe(130);
        expect(existsSync(out)).toBe(false);
      } finally {
        config.remove();
      }
    },
  );

  it('SIGHUP in a folder that exists leaves it as it was', async () => {
    const out = join(dir.path, 'Strings');
    mkdirSync(out);
    const result = await stalledDownload(out, (child) => void child.kill('SIGHUP'));
    expect(result.code, result.stderr).toBe(130);
    expect(readdirSync(out)).toEqual([]);
  });

  it('after a SIGKILL, the next run removes the staging folder left behind and takes the lock over', async () => {
    const out = join(dir.path, 'Strings');
    let second: Awaited<ReturnType<typeof runLoc>> | undefined;
    let killedPid: number | undefined;
    const killed = await stalledDownload(out, async (child) => {
      // While the first run holds the folder, a second one is told so, and spends no check.
      second = await runLoc([...CHECK, '--download', out, '--json'], { env: env(mock.url) });
      killedPid = child.pid;
      child.kill('SIGKILL');
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(second?.code, second?.stderr).toBe(10);
    expect(second?.json().error.message).toContain(`Another loc run (pid ${killedPid}) is writing into`);
    expect(leftovers(out).some((n) => n.startsWith('.loc-staging-'))).toBe(true);

    // A process of its own: what it sweeps is what processes gone before its start left behind.
    const next = await runLoc([...CHECK, '--download', out], { env: env(mock.url), spawn: true });
    expect(next.code, next.stderr).toBe(0);
    expect(leftovers(out)).toEqual(['.loc-release.json']);
  });
});

const terminals: ChildProcess[] = [];
// A terminal still open after its test (a run that hung) is closed: loc gets its SIGHUP.
afterEach(() => {
  for (const child of terminals.splice(0)) child.kill('SIGKILL');
});

/** loc at a terminal of `columns` (a spinner, no CI), closed once its download has begun with 'hang up'. Resolves with loc's exit. */
function inTerminal(columns: number, args: string[], baseUrl: string, onDownloadStartedThen?: 'hang up') {
  const child = spawnLocInTerminal(args, {
    columns,
    stdin: 'hang-up',
    env: {
      HOME: home.path,
      LOC_BASE_URL: baseUrl,
      LOC_CDN_KEY: CDN_KEYS.acme,
      LOC_CONFIG_DIR: home.path,
      // A run that loops on its spinner runs out of memory at once, not after gigabytes.
      NODE_OPTIONS: '--max-old-space-size=96',
    },
  });
  terminals.push(child);
  if (onDownloadStartedThen === 'hang up') onDownloadStarted = () => void child.stdin.write('close\n');
  else child.stdin.end();
  child.stdout.resume(); // the terminal's bytes: not looked at here
  return new Promise<number | null>((resolve) => child.once('close', resolve));
}

describe('at a terminal', () => {
  it('closing the terminal mid-download (SIGHUP, then EIO on every write) cleans up and exits 130, no crash', async () => {
    const out = join(dir.path, 'Strings');
    const code = await inTerminal(120, [...CHECK, '--download', out], stallingUrl, 'hang up');
    expect(code).toBe(130);
    expect(existsSync(out)).toBe(false);
  });

  it('a terminal of no width (a pty nobody sized) gets its files, not a spinner that loops', async () => {
    const out = join(dir.path, 'Strings');
    const code = await inTerminal(0, [...CHECK, '--download', out], mock.url);
    expect(code).toBe(0);
    expect(readdirSync(out)).toContain('.loc-release.json');
  });
});

describe('two loc export runs into one folder', () => {
  it('the second is told which run holds the folder (exit 10), and the first releases it on Ctrl-C', async () => {
    const slow = await startMock(['--export-delay', '60s']);
    try {
      const out = join(dir.path, 'Resources');
      const exportEnv = { LOC_BASE_URL: slow.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: home.path, CI: '1' };
      const args = ['export', '-w', 'acme', '-p', 'mobile-ios', '--out', out];
      let second: Awaited<ReturnType<typeof runLoc>> | undefined;
      let firstPid: number | undefined;
      const first = await runLoc(args, {
        env: exportEnv,
        // Once the first run waits for its export (an event, not a delay), it holds the folder.
        onSpawn: (child) =>
          child.stderr!.on('data', async function whenWaiting(chunk: Buffer) {
            if (!/: PROCESSING/.test(chunk.toString())) return;
            child.stderr!.off('data', whenWaiting);
            firstPid = child.pid;
            second = await runLoc([...args, '--json'], { env: exportEnv });
            child.kill('SIGINT');
          }),
      });
      expect(first.code, first.stderr).toBe(130);
      expect(second?.code, second?.stderr).toBe(10);
      expect(second?.json().error.message).toMatch(
        new RegExp(
          `^Another loc run \\(pid ${firstPid}\\) is writing into .*Resources; nothing was requested or written\\.$`,
        ),
      );
      expect(second?.json().error.hint).toMatch(/Wait for it to finish/);
      expect(existsSync(out)).toBe(false);
    } finally {
      await slow.stop();
    }
  });
});
