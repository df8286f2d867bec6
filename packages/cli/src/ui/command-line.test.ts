import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandLine, shellQuote } from './command-line';

describe('command lines a shell reads back word for word', () => {
  const words = [
    'loc',
    'export',
    'download',
    'reg_1',
    '--out',
    '/tmp/My Strings',
    '--path-template',
    "{locale}/it's {filename}",
    '--locale-map',
    'en=Base,zh-Hant=zh-TW',
    '$HOME',
    '`x`',
    '',
    'a"b',
  ];

  it('quotes only what needs it', () => {
    expect(shellQuote('reg_1')).toBe('reg_1');
    expect(shellQuote('en=Base,zh-Hant=zh-TW')).toBe('en=Base,zh-Hant=zh-TW');
    expect(shellQuote('{locale}.lproj/{filename}')).toBe("'{locale}.lproj/{filename}'");
    expect(shellQuote('')).toBe("''");
  });

  it('sh splits the line into the same words', () => {
    const result = spawnSync('sh', ['-c', `for w in ${commandLine(words)}; do printf '%s\\0' "$w"; done`], {
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\0').slice(0, -1)).toEqual(words);
  });
});
