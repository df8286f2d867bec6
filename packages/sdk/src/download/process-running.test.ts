import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isProcessRunning } from './process-running';

describe('isProcessRunning', () => {
  it('is true for this process and a running child, false once the child has exited', async () => {
    expect(isProcessRunning(process.pid)).toBe(true);
    const child = spawn(process.execPath, ['-e', 'process.stdin.resume()'], { stdio: ['pipe', 'ignore', 'ignore'] });
    await once(child, 'spawn');
    expect(isProcessRunning(child.pid!)).toBe(true);
    child.stdin!.end();
    await once(child, 'exit');
    expect(isProcessRunning(child.pid!)).toBe(false);
  });
});
