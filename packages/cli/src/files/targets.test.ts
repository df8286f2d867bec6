import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkOutputFile, checkOutputFolder } from './targets';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'loc-targets-'));
  writeFileSync(join(root, 'file.txt'), 'x');
  mkdirSync(join(root, 'folder'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('output targets, checked before any request', () => {
  it('accepts a folder, or one that does not exist yet', () => {
    expect(() => checkOutputFolder(join(root, 'folder'), '--out')).not.toThrow();
    expect(() => checkOutputFolder(join(root, 'new/deeper'), '--out')).not.toThrow();
  });

  it('refuses a file as the output folder, or a folder below a file (exit 2)', () => {
    expect(() => checkOutputFolder(join(root, 'file.txt'), '--out')).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: expect.stringMatching(/--out .*file\.txt is a file, not a folder/),
      }),
    );
    expect(() => checkOutputFolder(join(root, 'file.txt/sub'), '--out')).toThrow(/inside .*file\.txt, which is a file/);
  });

  it('refuses a folder as the ZIP file', () => {
    const keep = { replace: false };
    expect(() => checkOutputFile(join(root, 'folder'), '--zip', keep)).toThrow(
      expect.objectContaining({ exitCode: 2, message: expect.stringMatching(/--zip .*folder is a folder/) }),
    );
    expect(() => checkOutputFile(`${join(root, 'new')}/`, '--zip', keep)).toThrow(/is a folder/);
    expect(() => checkOutputFile(join(root, 'file.txt/x.zip'), '--zip', keep)).toThrow(/which is a file/);
    expect(checkOutputFile(join(root, 'new/x.zip'), '--zip', keep)).toEqual({ exists: false });
  });

  it('refuses an existing file unless told to replace it (exit 10), and says how', () => {
    expect(() => checkOutputFile(join(root, 'file.txt'), '--zip', { replace: false })).toThrow(
      expect.objectContaining({
        exitCode: 10,
        message: expect.stringMatching(/file\.txt exists already, so nothing was requested/),
        hint: 'Rerun with --force to replace it, or name another file with --zip.',
      }),
    );
    expect(checkOutputFile(join(root, 'file.txt'), '--zip', { replace: true })).toEqual({ exists: true });
  });

  it.skipIf(process.getuid?.() === 0)('refuses a folder this user cannot write into', () => {
    const locked = join(root, 'locked');
    mkdirSync(locked, { mode: 0o555 });
    expect(() => checkOutputFolder(join(locked, 'out'), '--out')).toThrow(
      expect.objectContaining({ exitCode: 10, message: expect.stringMatching(/is not writable/) }),
    );
  });
});
