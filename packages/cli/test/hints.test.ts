// Every command loc suggests — in a hint, an error, a "Resume with" line or a help example — exists, with
// the flags it names: each is parsed by the real program (nothing runs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { allCommands, buildProgram } from '../src/program';
import type { Run } from '../src/context/run-types';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const nothing: Run = () => async () => {};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** Shell words of a command line, up to the first redirection, pipe or `&&`; placeholders become `x`. */
export function wordsOf(line: string): string[] {
  const words: string[] = [];
  const text = line
    .replace(/\$\{[^}]*\}/g, 'x')
    .replace(/<[a-z-]+>/g, 'x')
    .replace(/\$\(.*?\)|"\$\w+"/g, 'x');
  const pattern = /\s*(?:"([^"]*)"|'([^']*)'|(&&|\|\||[|;<>])|([^\s"'|;<>&]+))/gy;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[3]) break;
    words.push(match[1] ?? match[2] ?? match[4] ?? '');
  }
  return words;
}

/** Every `loc …` the source suggests: in backticks, after "Resume with:" / "For example:", in examples(). */
function suggestedInSource(): { file: string; line: string }[] {
  const found: { file: string; line: string }[] = [];
  for (const file of sources(SRC)) {
    // Comments name commands in prose (`loc export status` prints …); only code suggests them.
    const text = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => !/^\s*(\/\/|\/?\*)/.test(l))
      .join('\n');
    for (const match of text.matchAll(/\\?`(loc [^`\\]*)\\?`/g)) found.push({ file, line: match[1] ?? '' });
    for (const match of text.matchAll(/(?:Resume with|Fetch it with|Follow it with|Next):\s*(loc [^`'\n)]*)/g))
      found.push({ file, line: match[1] ?? '' });
    for (const call of text.matchAll(/examples\(([\s\S]*?)\)\s*[,;}`]/g)) {
      for (const arg of (call[1] ?? '').matchAll(/'(loc [^']*)'/g)) found.push({ file, line: arg[1] ?? '' });
    }
    for (const match of text.matchAll(/const (?:\w*EXAMPLE|example) = '(loc [^']*)'/g))
      found.push({ file, line: match[1] ?? '' });
  }
  return found;
}

/** Every `$ loc …` line of every command's help. */
function suggestedInHelp(): string[] {
  const lines: string[] = [];
  for (const command of allCommands(buildProgram(nothing))) {
    let help = '';
    command.configureOutput({ writeOut: (text) => (help += text) });
    command.outputHelp();
    for (const [, line = ''] of help.matchAll(/^\s+\$ (.*)$/gm)) {
      lines.push(...line.split(/\s*(?:&&|\|\||;|\$\(|\))\s*/).filter((part) => part.startsWith('loc ')));
    }
  }
  return lines;
}

async function parse(line: string): Promise<string | undefined> {
  const words = wordsOf(line);
  if (words[0] !== 'loc') return `not a loc command: ${line}`;
  const program: CommandUnknownOpts = buildProgram(nothing);
  for (const command of allCommands(program)) command.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  try {
    await program.parseAsync(words.slice(1), { from: 'user' });
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return undefined;
    return `${line}: ${(error as Error).message}`;
  }
}

describe('suggested commands', () => {
  const inSource = suggestedInSource();
  const inHelp = suggestedInHelp();

  it('finds the suggestions (the scan itself works)', () => {
    expect(inSource.length).toBeGreaterThan(25);
    expect(inHelp.length).toBeGreaterThan(20);
    expect(inSource.map((s) => s.line)).toContain('loc login');
  });

  it('parses every suggestion of the source with the real program', async () => {
    const problems = (await Promise.all(inSource.map(async (s) => [s.file, await parse(s.line)] as const))).filter(
      ([, p]) => p,
    );
    expect(problems).toEqual([]);
  });

  it('parses every example of every --help', async () => {
    const problems = (await Promise.all(inHelp.map(parse))).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('would catch a flag that does not exist', async () => {
    expect(await parse('loc status --by-locale')).toMatch(/unknown option/);
    expect(await parse('loc projects lst')).toMatch(/unknown command/);
  });
});
