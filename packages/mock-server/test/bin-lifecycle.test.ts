// `loc-mock serve --exit-with-parent` does not outlive what started it: `npx` runs it under a shell, and a
// test runner (Python's `Popen(["npx", …]).terminate()`) that kills that shell must not leak a server.
// Run as users run it: the built binary, under `sh -c` as npx does; the test waits for the server's end
// (its stdout closing), not for a time.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/**
 * Starts `loc-mock serve` under `sh -c` (a shell that forks, as npm's does, then waits), and answers the
 * shell, the server's banner, and a promise of the server's end: its stdout, which the server holds,
 * closes only when it exits.
 */
async function underShell(flags: string[]) {
  const command = `"${process.execPath}" "${BIN}" serve --port 0 --json --quiet ${flags.join(' ')}; true`;
  const shell = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  const ended = new Promise<void>((resolve) => shell.stdout.on('close', () => resolve()));
  const banner = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    shell.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
      if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0]!));
    });
    shell.on('error', reject);
  });
  return { shell, banner, ended };
}

/** Whether a process runs (a zombie does not: an orphan's new parent may be slow to reap it, or never). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return !existsSync('/proc/self/stat');
    } catch {
      return false;
    }
  }
};

/**
 * Whether the process is gone once its stdout has closed. The kernel closes a process's files before it
 * marks it a zombie, so right after the close it may still read as running for a moment (longer on a busy
 * machine): looked at again every 20 ms until it is not, at most 500 times; a server that stays up fails
 * the test.
 */
async function exited(pid: number): Promise<boolean> {
  for (let look = 0; look < 500; look++) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('loc-mock serve --exit-with-parent', () => {
  it('stops when the shell that started it is killed with SIGTERM (what npx and Popen.terminate() do)', async () => {
    const { shell, banner, ended } = await underShell(['--exit-with-parent']);
    expect(banner.pid).not.toBe(shell.pid);
    expect((await fetch(`${banner.url}/__admin/state`)).status).toBe(200);
    shell.kill('SIGTERM');
    await ended;
    expect(await exited(banner.pid)).toBe(true);
    await expect(fetch(`${banner.url}/__admin/state`)).rejects.toThrow();
  });

  it('stops when the shell is killed with SIGKILL, which no process can pass on', async () => {
    const { shell, banner, ended } = await underShell(['--exit-with-parent']);
    shell.kill('SIGKILL');
    await ended;
    expect(await exited(banner.pid)).toBe(true);
  });

  it('without the flag, outlives it (as a CI step that starts it in the background needs), until its pid is killed', async () => {
    const { shell, banner, ended } = await underShell([]);
    const shellGone = new Promise((resolve) => shell.on('exit', resolve));
    shell.kill('SIGKILL');
    await shellGone;
    expect((await fetch(`${banner.url}/__admin/state`)).status).toBe(200);
    // Stopped by the banner's pid, as the docs' recipes do.
    process.kill(banner.pid, 'SIGTERM');
    await ended;
    expect(await exited(banner.pid)).toBe(true);
  });
});
