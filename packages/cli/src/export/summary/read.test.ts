import { describe, expect, it } from 'vitest';
import { readEntries, readKeys } from './read';

/** The `.strings` reader as it was, one regular expression for every token: the reference. */
function plainStrings(text: string): Map<string, string> {
  const C_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', "'": "'", '0': '\0' };
  const unescapeC = (t: string) =>
    t.replace(/\\(U[0-9a-fA-F]{4}|u[0-9a-fA-F]{4}|[\s\S])/g, (_m, code: string) =>
      code.length === 5 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : (C_ESCAPES[code] ?? code),
    );
  const entries = new Map<string, string>();
  const token =
    /\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"([^"\\]*(?:\\[\s\S][^"\\]*)*)"\s*=\s*"([^"\\]*(?:\\[\s\S][^"\\]*)*)"\s*;|([A-Za-z0-9_.$/:-]+)\s*=\s*"([^"\\]*(?:\\[\s\S][^"\\]*)*)"\s*;/y;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (index < text.length) {
    token.lastIndex = index;
    const match = token.exec(text);
    if (!match) throw new Error(`cannot read the text at offset ${index}`);
    index = token.lastIndex;
    const key = match[1] ?? match[3];
    if (key !== undefined) entries.set(unescapeC(key), unescapeC(match[2] ?? match[4] ?? ''));
  }
  return entries;
}

const outcome = async (read: () => Map<string, string> | Promise<Map<string, string>>) => {
  try {
    return [...(await read())];
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the .strings reader', () => {
  it('reads every text as the plain reader does, and refuses the same (a fixed-seed property test)', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const texts = ['a', 'key.one', 'Ünï', 'x y', 'a\\"b', 'tab\\t', '\\U00e9', 'end\\\\', '', '=;', '/*x*/'];
    const spaces = ['', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2028', '\ufeff', '\v'];
    const pieces = [
      () => `"${pick(texts)}"${pick(spaces)}=${pick(spaces)}"${pick(texts)}"${pick(spaces)};`,
      () => `${pick(['key', 'a.b', '/k', 'k:1', 'x$'])}${pick(spaces)}=${pick(spaces)}"${pick(texts)}";`,
      () => `/* ${pick(texts)} */`,
      () => `// ${pick(texts)}\n`,
      () => pick(spaces),
      () => pick(['/*', '//', '"', '=', ';', 'é', '"a" = "b"', '"a" "b";', '*/']),
    ];
    for (let round = 0; round < 3000; round++) {
      const text =
        (random() < 0.1 ? '\ufeff' : '') +
        Array.from({ length: Math.floor(random() * 8) }, () => pick(pieces)()).join(pick(['', '\n', ' ']));
      const expected = await outcome(() => plainStrings(text));
      expect(await outcome(() => readEntries('de.lproj/app.strings', text, 'de')), JSON.stringify(text)).toEqual(
        expected,
      );
      const keys = await readKeys('de.lproj/app.strings', text, 'de', 3).catch((error: Error) => error.message);
      expect(keys, JSON.stringify(text)).toEqual(
        typeof expected === 'string'
          ? expected
          : {
              count: expected.length,
              first: expected
                .map(([key]) => key)
                .sort()
                .slice(0, 3),
            },
      );
    }
  });
});
