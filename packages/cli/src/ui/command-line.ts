/**
 * Commands `loc` suggests (resume hints): words quoted so that a POSIX shell reads each back unchanged,
 * whatever it holds (spaces, `{locale}`, `%`, quotes).
 */

const SAFE_WORD = /^[A-Za-z0-9_./:=,@%+-]+$/;

/**
 * One word for a POSIX shell: bare when it holds only safe characters, else in single quotes.
 *
 * @example
 * shellQuote('{locale}.lproj/{filename}') // "'{locale}.lproj/{filename}'"
 */
export function shellQuote(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * A command line of words, each quoted as needed.
 *
 * @example
 * commandLine(['loc', 'export', 'download', 'reg_1', '--out', 'My Strings']) // "loc export download reg_1 --out 'My Strings'"
 */
export function commandLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
