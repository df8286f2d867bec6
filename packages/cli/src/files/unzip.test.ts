import { describe, expect, it } from 'vitest';
import { safeEntryPath } from './unzip';

// The policy behind every archive loc unzips; test/unzip.test.ts runs crafted ZIPs through the whole command.
describe('safeEntryPath', () => {
  it('keeps ordinary relative paths, with / separators and no empty or . segments', () => {
    expect(safeEntryPath('de.lproj/Localizable.strings')).toBe('de.lproj/Localizable.strings');
    expect(safeEntryPath('res\\values-de\\strings.xml')).toBe('res/values-de/strings.xml');
    expect(safeEntryPath('./a//b/./c.json')).toBe('a/b/c.json');
    expect(safeEntryPath('日本語/ファイル.json')).toBe('日本語/ファイル.json');
  });

  it.each([
    ['', 'is empty'],
    ['./', 'is empty'],
    ['/etc/passwd', 'is an absolute path'],
    ['\\\\host\\share\\x', 'is an absolute path'],
    ['C:evil.txt', 'is an absolute path'],
    ['c:/windows/x', 'is an absolute path'],
    ['../x', 'has a part ("..") that a file system reads as "." or ".."'],
    ['a/../../x', 'has a part ("..") that a file system reads as "." or ".."'],
    ['a\\..\\..\\x', 'has a part ("..") that a file system reads as "." or ".."'],
    ['a\u0000b', 'has a control character in its name'],
    ['line\nbreak.json', 'has a control character in its name'],
    ['del\u007f.json', 'has a control character in its name'],
  ])('refuses %j: %s', (name, refused) => {
    expect(safeEntryPath(name)).toEqual({ refused });
  });
});
