import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { LocalFileError } from '../run/errors';
import { diskFullError } from './disk-full';

const fsError = (code: string) => Object.assign(new Error(`${code}: no space left on device, write`), { code });

describe('diskFullError', () => {
  it('says the disk is full, where, how much was needed and how much is free', () => {
    const error = diskFullError(
      new Error('The download failed', { cause: fsError('ENOSPC') }),
      tmpdir(),
      3 * 1024 * 1024,
    );
    expect(error).toBeInstanceOf(LocalFileError);
    expect(error?.exitCode).toBe(10);
    expect(error?.message).toMatch(
      new RegExp(`^The disk holding ${tmpdir()} is full \\(ENOSPC\\): 3(\\.0)? MB were needed, .* free\\.`),
    );
    expect(error?.hint).toMatch(/Free some space/);
  });

  it('names a used-up quota and a file too large for the file system', () => {
    expect(diskFullError(fsError('EDQUOT'), '/x')?.message).toMatch(/quota/);
    expect(diskFullError(fsError('EFBIG'), '/x', 2048)?.message).toMatch(
      /too large for the file system of \/x \(EFBIG\): 2(\.0)? KB/,
    );
  });

  it('leaves other errors, and errors already explained, alone', () => {
    expect(diskFullError(fsError('EACCES'), '/x')).toBeUndefined();
    expect(diskFullError(new LocalFileError('said', { cause: fsError('ENOSPC') }), '/x')).toBeUndefined();
  });
});
