/**
 * Whether process `pid` is running, for the files a run names by its pid (a download's `.part` file, the
 * CLI's staging folders and folder lock): a file whose process is gone was left by a run that was killed
 * outright, and may be removed. EPERM means it runs, as another user. Node only (`process.kill`), held in
 * one place for the SDK and the CLI (`@loc/sdk/internal`).
 *
 * @example
 * if (!isProcessRunning(Number(pidInName))) await rm(leftover, { force: true });
 */
export function isProcessRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
