import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { UnsafePathError } from '../run/errors';
import { checkUnder, isFileUnder, makeFolderUnder, moveInto, removeFileUnder, writeFileUnder } from './safe-fs';

let dir: ReturnType<typeof tempDir>;
let root: string;
let outside: string;
beforeEach(() => {
  dir = tempDir('loc-safe-fs-');
  root = join(dir.path, 'root');
  outside = join(dir.path, 'outside');
  mkdirSync(join(root, 'a', 'b'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'victim.txt'), 'secret');
});
afterEach(() => dir.remove());

describe('safe-fs: nothing through a symbolic link below the root, nothing outside it', () => {
  it.each([
    ['the first component', 'link', 'link/victim.txt'],
    ['a middle component', 'a/link', 'a/link/victim.txt'],
    ['a deep component', 'a/b/link', 'a/b/link/victim.txt'],
    ['the file itself', 'a/victim.txt', 'a/victim.txt'],
  ])('refuses a link as %s, for every operation', (_name, link, rel) => {
    symlinkSync(rel.endsWith(link) ? join(outside, 'victim.txt') : outside, join(root, link));
    const staged = join(dir.path, 'staged');
    writeFileSync(staged, 'new');
    expect(() => checkUnder(root, rel)).toThrow(UnsafePathError);
    expect(() => removeFileUnder(root, rel)).toThrow(/symbolic link/);
    expect(() => moveInto(root, rel, staged)).toThrow(/symbolic link/);
    expect(() => writeFileUnder(root, rel, 'new')).toThrow(/symbolic link/);
    if (link !== rel) expect(() => makeFolderUnder(root, `${link}/new`)).toThrow(/symbolic link/);
    expect(isFileUnder(root, rel)).toBe(false);
    // A pass that remembers the folders it found still looks at every folder it has not seen.
    expect(() => checkUnder(root, rel, new Set([join(root, 'a')]))).toThrow(UnsafePathError);
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('secret');
    expect(readdirSync(outside)).toEqual(['victim.txt']);
  });

  it.each([['../outside/victim.txt'], ['/etc/passwd'], ['a/../../outside/victim.txt'], ['']])(
    'refuses %j as a path below the root',
    (rel) => {
      expect(() => removeFileUnder(root, rel)).toThrow(/not a path inside/);
    },
  );

  it('remembers the folders one pass found, for that pass: each is looked at once', () => {
    const folders = new Set<string>();
    writeFileSync(join(root, 'a', 'b', 'x.txt'), 'x');
    expect(checkUnder(root, 'a/b/x.txt', folders).stats?.isFile()).toBe(true);
    expect([...folders]).toEqual([join(root, 'a'), join(root, 'a', 'b')]);
    expect(checkUnder(root, 'a/b/y.txt', folders).stats).toBeUndefined();
    // A folder not yet seen is looked at: a file where a folder should be is refused.
    expect(() => checkUnder(root, 'a/b/x.txt/z', folders)).toThrow(/not a folder/);
  });

  it('refuses to delete or replace a folder', () => {
    expect(() => removeFileUnder(root, 'a/b')).toThrow(/a folder/);
  });

  it('writes a file whole, replacing a regular file, leaving no temporary file', () => {
    writeFileSync(join(root, 'record.json'), 'old');
    writeFileUnder(root, 'record.json', 'new');
    expect(readFileSync(join(root, 'record.json'), 'utf8')).toBe('new');
    expect(readdirSync(root).sort()).toEqual(['a', 'record.json']);
  });
});
