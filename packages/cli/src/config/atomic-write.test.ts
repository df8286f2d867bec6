import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomically } from './atomic-write';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loc-atomic-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writeFileAtomically', () => {
  it('writes the file whole and leaves no temporary file', () => {
    const dir = folder();
    writeFileAtomically(join(dir, 'loc.config.json'), '{}\n', { what: 'loc.config.json' });
    expect(readFileSync(join(dir, 'loc.config.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(dir)).toEqual(['loc.config.json']);
  });

  it('sweeps what a run killed outright left beside the file (loc’s staging name, a process that is gone)', () => {
    const dir = folder();
    // pid 2^22 + 1 is above Linux's pid_max limit, so no process has it.
    const left = join(dir, `.loc-staging-${2 ** 22 + 1}-0a1b2c3d.tmp`);
    writeFileSync(left, '{"half":');
    utimesSync(left, new Date(0), new Date(0));
    writeFileSync(join(dir, 'notes.tmp'), 'a file of the user’s');
    writeFileAtomically(join(dir, 'loc.config.json'), '{}\n', { what: 'loc.config.json' });
    expect(readdirSync(dir).sort()).toEqual(['loc.config.json', 'notes.tmp']);
  });

  it('refuses a symbolic link at the path, dangling or not, and writes nothing', () => {
    const dir = folder();
    const outside = join(folder(), 'target.json');
    symlinkSync(outside, join(dir, 'loc.config.json'));
    expect(() => writeFileAtomically(join(dir, 'loc.config.json'), '{}\n', { what: 'loc.config.json' })).toThrow(
      /symbolic link/,
    );
    expect(readdirSync(dir)).toEqual(['loc.config.json']);
    expect(() => readFileSync(outside)).toThrow();
  });
});
