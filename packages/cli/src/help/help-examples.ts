/**
 * `Examples:` for a command's help. Every line is parsed by a test with the real program
 * (test/hints.test.ts), so each must be a command that exists.
 *
 * @example examples('loc status --min-approved 95')
 */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}
