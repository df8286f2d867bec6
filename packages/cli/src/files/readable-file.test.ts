// The read side of the allowed-paths rule (readable-file.ts): what `loc push` may read and send. Hostile
// checkouts (links out, links in, forbidden folders and names, loc's own files, large files, special files)
// and a property test: whatever relative path is asked for, a file is read only when the rule holds.
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsafePathError } from '../run/errors';
import { checkReadableFile, type ReadScope, readRepositoryFile } from './readable-file';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'loc-readable-')));
const repo = join(base, 'repo');
const outside = join(base, 'outside');
const scope: ReadScope = { root: repo, folder: join(repo, 'locales'), extensions: ['json'], maxBytes: 64 };

beforeAll(() => {
  mkdirSync(join(repo, 'locales', 'en'), { recursive: true });
  mkdirSync(join(repo, 'locales', 'de'), { recursive: true });
  mkdirSync(join(repo, 'locales', '.git'), { recursive: true });
  mkdirSync(join(repo, 'locales', '.github', 'workflows'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(repo, 'locales', 'en', 'common.json'), '{"a":"A"}');
  writeFileSync(join(repo, 'locales', 'de', 'common.json'), '{"a":"Ä"}');
  writeFileSync(join(repo, 'locales', 'en', 'big.json'), `{"a":"${'x'.repeat(100)}"}`);
  writeFileSync(join(repo, 'locales', 'en', 'notes.txt'), 'not a resource file');
  writeFileSync(join(repo, 'locales', '.git', 'config.json'), '{}');
  writeFileSync(join(repo, 'locales', '.github', 'workflows', 'ci.json'), '{}');
  writeFileSync(join(repo, 'locales', 'en', 'package.json'), '{}');
  writeFileSync(join(repo, 'locales', '.loc-export.json'), '{}');
  writeFileSync(join(repo, '.env.json'), '{"TOKEN":"s3cr3t-value"}');
  writeFileSync(join(outside, 'secret.json'), '{"TOKEN":"s3cr3t-value"}');
  symlinkSync(join(outside, 'secret.json'), join(repo, 'locales', 'en', 'link-out.json'));
  symlinkSync(join(repo, 'locales', 'de', 'common.json'), join(repo, 'locales', 'en', 'link-in.json'));
  symlinkSync(outside, join(repo, 'locales', 'fr'));
  symlinkSync(join(repo, 'locales', 'en', 'nowhere.json'), join(repo, 'locales', 'en', 'dangling.json'));
  try {
    execFileSync('mkfifo', [join(repo, 'locales', 'en', 'fifo.json')]);
  } catch {
    // no mkfifo here: the other special-file cases still run
  }
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('checkReadableFile and readRepositoryFile', () => {
  it('reads a resource file of the folder, exactly as it is', () => {
    expect(checkReadableFile(scope, 'en/common.json')).toBeUndefined();
    expect(readRepositoryFile(scope, 'en/common.json').toString()).toBe('{"a":"A"}');
  });

  it.each([
    ['en/link-out.json', /symbolic link/],
    ['en/link-in.json', /symbolic link/],
    ['en/dangling.json', /symbolic link/],
    ['fr/secret.json', /symbolic link/],
    ['../.env.json', /outside/],
    ['/etc/passwd.json', /outside/],
    ['en/../../.env.json', /outside/],
    ['.git/config.json', /\.git\//],
    ['.github/workflows/ci.json', /\.github\//],
    ['en/package.json', /package\.json/],
    ['.loc-export.json', /loc's own/],
    ['en/notes.txt', /\.txt/],
    ['en/big.json', /more than the 64/],
    ['en', /folder|extension/],
    ['en/missing.json', /is not there/],
  ])('refuses %j', (rel, reason) => {
    const refusal = checkReadableFile(scope, rel);
    expect(refusal?.reason).toMatch(reason);
    expect(() => readRepositoryFile(scope, rel)).toThrow(UnsafePathError);
    try {
      readRepositoryFile(scope, rel);
    } catch (error) {
      // The message names the file and why, never its content.
      expect((error as Error).message).not.toMatch(/s3cr3t/);
      expect((error as Error).message).toMatch(/nothing was sent/);
    }
  });

  it('refuses a special file (a named pipe) without blocking on it', () => {
    const fifo = join(repo, 'locales', 'en', 'fifo.json');
    if (!lstatSync(fifo, { throwIfNoEntry: false })) return;
    expect(checkReadableFile(scope, 'en/fifo.json')?.reason).toMatch(/not a regular file/);
    expect(() => readRepositoryFile(scope, 'en/fifo.json')).toThrow(/not a regular file/);
  });

  it('refuses a folder that is forbidden, or leads out of the repository', () => {
    const out = { ...scope, folder: join(repo, 'locales', 'fr') };
    expect(checkReadableFile(out, 'secret.json')?.reason).toMatch(/outside the repository/);
    const git = { ...scope, folder: join(repo, 'locales', '.git') };
    expect(checkReadableFile(git, 'config.json')?.reason).toMatch(/\.git\//);
  });

  it('never reads a file the rule does not allow, whatever path is asked for (fast-check, fixed seed)', () => {
    const segment = fc.constantFrom(
      'en',
      'de',
      'fr',
      '..',
      '.',
      '',
      '.git',
      '.GIT',
      '.github',
      'workflows',
      'common.json',
      'link-out.json',
      'link-in.json',
      'dangling.json',
      'big.json',
      'package.json',
      'notes.txt',
      '.loc-export.json',
      '.env.json',
      'secret.json',
      'fifo.json',
      'ci.json',
      'config.json',
    );
    const path = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.constantFrom('/', '\\'), fc.boolean())
      .map(([parts, sep, absolute]) => `${absolute ? sep : ''}${parts.join(sep)}`);
    fc.assert(
      fc.property(path, (rel) => {
        let bytes: Buffer | undefined;
        try {
          bytes = readRepositoryFile(scope, rel);
        } catch (error) {
          expect(error).toBeInstanceOf(UnsafePathError);
          expect(checkReadableFile(scope, rel)).toBeDefined();
          return;
        }
        // Read: then it is a regular file below the folder, reached without a link, of the format's
        // extension, in no forbidden folder, at most maxBytes, and what was read is the file.
        expect(checkReadableFile(scope, rel)).toBeUndefined();
        const slashed = rel.replaceAll('\\', '/');
        const absolute = resolve(scope.folder, slashed);
        const inside = relative(scope.folder, absolute);
        expect(inside.startsWith('..')).toBe(false);
        let at = scope.folder;
        for (const part of inside.split('/')) {
          at = join(at, part);
          expect(lstatSync(at).isSymbolicLink()).toBe(false);
        }
        expect(lstatSync(absolute).isFile()).toBe(true);
        expect(posix.extname(absolute)).toBe('.json');
        expect(inside.split('/').some((p) => /^\.git/i.test(p) || p === 'package.json')).toBe(false);
        expect(bytes.length).toBeLessThanOrEqual(64);
        expect(bytes.equals(readFileSync(absolute))).toBe(true);
      }),
      { seed: 43, numRuns: 1000 },
    );
  });
});
