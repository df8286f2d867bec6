// The peers' names of loc's commands: `loc pull` is `loc export` and `loc upload` is `loc push`, with their
// subcommands and flags, parsed by the real program; help shows both names; push's flags are declared once.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { allCommands, buildProgram } from '../program';
import type { Run } from '../context/run-types';

/** What the program runs for `words`: the command's path and the options it was given. */
async function parsed(words: string[]) {
  let seen: { path: string; options: Record<string, unknown> } | undefined;
  const run: Run =
    () =>
    async (...received) => {
      const command = received.at(-1) as CommandUnknownOpts;
      const names: string[] = [];
      for (let c: CommandUnknownOpts | null = command; c?.parent; c = c.parent) names.unshift(c.name());
      seen = { path: names.join(' '), options: received.at(-2) as Record<string, unknown> };
    };
  const program = buildProgram(run);
  for (const command of allCommands(program)) command.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  await program.parseAsync(words, { from: 'user' });
  return seen!;
}

describe('the peers’ names', () => {
  it('loc pull is loc export, its subcommands included', async () => {
    expect(await parsed(['pull', '--status', 'approved', '--check'])).toEqual({
      path: 'export',
      options: expect.objectContaining({ status: 'approved', check: true }),
    });
    expect((await parsed(['pull', 'download', 'reg_1', '--out', 'x'])).path).toBe('export download');
  });

  it('loc upload is loc push', async () => {
    expect(await parsed(['upload', '--translations', '--locale', 'de,fr', '--dry-run'])).toEqual({
      path: 'push',
      options: expect.objectContaining({ translations: true, locale: ['de', 'fr'], dryRun: true }),
    });
  });

  it('help names both, and an unknown status is refused before anything runs', async () => {
    const program = buildProgram(() => async () => {});
    let help = '';
    program.configureOutput({ writeOut: (text) => (help += text) });
    program.outputHelp();
    expect(help).toMatch(/export\|pull \[options\]/);
    expect(help).toMatch(/push\|upload \[options\]/);
    await expect(parsed(['export', '--status', 'reviewed'])).rejects.toThrow(
      /Allowed choices are all, translated, approved/,
    );
  });
});
