import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName, relativePathProblem } from './relative-path';

// The rule of any relative path a stranger names. Its surfaces have their own tests at their boundaries:
// loc's unzip (packages/cli/test/unzip.test.ts), OTA's (test/ota-zip-corpus.test.ts), loc-mock's uploads and
// seeds (packages/mock-server/test/resource-paths.test.ts); docs/security.md lists them.
describe('relativePathProblem', () => {
  it.each([
    'de.json',
    'locales/de/app.json',
    'res\\values-de\\strings.xml',
    './a//b/./c.json',
    '日本語/ファイル.json',
    'a..b/c',
  ])('takes %j', (path) => expect(relativePathProblem(path)).toBeUndefined());

  it.each([
    ['', 'is empty'],
    ['./', 'is empty'],
    ['/etc/passwd', 'is an absolute path'],
    ['\\\\host\\share\\x', 'is an absolute path'],
    ['C:evil.json', 'is an absolute path'],
    ['../x', 'has a part ("..") that a file system reads as "." or ".."'],
    ['a\\..\\..\\x', 'has a part ("..") that a file system reads as "." or ".."'],
    ['a/. ./x', 'has a part (". .") that a file system reads as "." or ".."'],
    ['a/．．/x', 'has a part ("．．") that a file system reads as "." or ".."'],
    ['a/%2e%2e/x', 'has a part ("%2e%2e") that a file system reads as "." or ".."'],
    ['a/..%2fx', 'has a part ("..%2fx") that a file system reads as "." or ".."'],
    ['a\u0000b', 'has a control character in its name'],
    ['de/\u202egnp.json', 'has a control character in its name'],
    ['x/NUL.json', 'has a part named "NUL.json", which Windows opens as a device'],
    [`${'x'.repeat(256)}.json`, 'has a name longer than 255 bytes, which file systems refuse'],
  ])('refuses %j: %s', (path, problem) => {
    expect(relativePathProblem(path)).toBe(problem);
  });

  it('takes an empty folder only where the root may be meant', () => {
    expect(relativePathProblem('', { empty: true })).toBeUndefined();
    expect(relativePathProblem('/', { empty: true })).toBe('is an absolute path');
  });

  it('whatever the path, one it takes stays below the folder it is read from, on POSIX and on Windows', () => {
    const part = fc.constantFrom('..', '.', '', ' ', '/', '\\', 'C:', '%2e', '．', 'a', 'de.json', '\u0000', 'NUL');
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 8 }).map((parts) => parts.join('')),
        (path) => {
          if (relativePathProblem(path) !== undefined) return;
          for (const [system, root] of [
            [posix, '/r'],
            [win32, 'C:\\r'],
          ] as const) {
            const resolved = system.resolve(root, path);
            expect(resolved.startsWith(root + system.sep), `${JSON.stringify(path)} → ${resolved}`).toBe(true);
          }
          expect(path.split(/[\\/]/).some((s) => s !== '' && s !== '.' && foldName(s) === '')).toBe(false);
        },
      ),
      { seed: 43, numRuns: 5000 },
    );
  });
});
