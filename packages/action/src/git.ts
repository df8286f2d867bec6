// git, run by the Action: one function, which never shows its command line (an Authorization header may be
// on it, as `-c http.<url>.extraheader=…`) and never waits for a prompt.
import { spawn } from 'node:child_process';

export interface GitOptions {
  cwd: string;
  /** Added to the environment (GIT_INDEX_FILE, the author …). */
  env?: NodeJS.ProcessEnv;
  /** Written to git's stdin. */
  input?: string;
  /** Exit codes that are answers, not failures (`git check-ignore` exits 1 when nothing is ignored). */
  ok?: readonly number[];
}

class GitError extends Error {
  override name = 'GitError';
}

/**
 * Runs git and resolves with its stdout. A failure names the subcommand and git's own message, never the
 * arguments.
 *
 * @example await git(['rev-parse', 'HEAD^{tree}'], { cwd })
 */
export function git(args: readonly string[], options: GitOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      // No prompt for a user name or password: a push without access fails at once.
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => reject(new GitError(`git could not be started: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0 || (code !== null && options.ok?.includes(code))) return resolve(stdout);
      const subcommand = args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-c') ?? '';
      reject(new GitError(`git ${subcommand} failed: ${stderr.trim() || `exit ${code}`}`));
    });
    // git may exit without reading its input (a failure): the broken pipe is not an error of its own.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}
