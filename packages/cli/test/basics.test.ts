// The command line itself: version, help with examples on every command, usage errors and their exit code.
import { readFileSync } from 'node:fs';
import { DISTRIBUTION_ENVIRONMENTS, DISTRIBUTION_TYPES } from '@loc/sdk';
import { describe, expect, it } from 'vitest';
import { runLoc } from '@loc/test-utils';
import { DISTRIBUTION_TYPES as CLI_TYPES, ENVIRONMENTS as CLI_ENVIRONMENTS } from '../src/commands/cdn';
import { EXIT } from '../src/run/exit-codes';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('loc', () => {
  it('prints its version', async () => {
    // A process of its own: bin.cjs answers --version before it loads the program.
    const result = await runLoc(['--version'], { spawn: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it.each([
    ['login'],
    ['logout'],
    ['init'],
    ['projects'],
    ['projects', 'list'],
    ['projects', 'show'],
    ['projects', 'create'],
    ['status'],
    ['export'],
    ['export', 'status'],
    ['export', 'download'],
    ['export', 'formats'],
    ['cdn'],
    ['cdn', 'check'],
  ])('has help with examples for %s %s', async (...command) => {
    const result = await runLoc([...command.filter(Boolean), '--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain(`$ loc ${command.filter(Boolean).join(' ')}`);
  });

  it('lists every exit code in the main help, in order (docs/cli.md#exit-codes is generated from it)', async () => {
    const result = await runLoc(['--help']);
    const section = /\nExit codes:\n((?: {2}\d+ .+\n)+)/.exec(result.stdout)?.[1] ?? '';
    const codes = section
      .trimEnd()
      .split('\n')
      .map((line) => Number(/^ {2}(\d+) /.exec(line)?.[1]));
    expect(codes).toEqual(Object.values(EXIT));
    expect(result.stdout).toMatch(/\n {2}20 +loc cdn check: no newer release\n/);
  });

  // As gh does (git and npm exit 1): asked for nothing, loc shows what it can do (docs/cli.md#help).
  it.each([[[]], [['projects']], [['cdn']], [['--verbose']]])(
    'prints the help on stdout and exits 0 for `loc %j` without a subcommand',
    async (args) => {
      const result = await runLoc(args);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Usage: loc/);
      expect(result.stdout).toContain('Commands:');
      expect(result.stderr).toBe('');
    },
  );

  it('exits 2 for help on a command that does not exist', async () => {
    const result = await runLoc(['help', 'statsu']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^✖ unknown command 'statsu'\.\n {2}See `loc --help`\.\n$/);
    expect(result.stderr).not.toContain('outputHelp');
  });

  it('exits 2 with a suggestion on an unknown command', async () => {
    const result = await runLoc(['statsu']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'statsu'/);
    expect(result.stderr).toMatch(/Did you mean status\?/);
  });

  it('exits 2 on a bad option value, and says what it accepts', async () => {
    const result = await runLoc(['status', '--min-approved', 'lots']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/percentage from 0 to 100/);
  });

  it('reports usage errors as one JSON document with --json', async () => {
    const result = await runLoc(['cdn', 'check', '--environment', 'MOON', '--json']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.json().error).toMatchObject({ exitCode: 2 });
    expect(result.json().error.message).toMatch(/MOON/);
  });

  it('keeps its value lists in step with the SDK', () => {
    expect([...CLI_ENVIRONMENTS]).toEqual([...DISTRIBUTION_ENVIRONMENTS]);
    expect([...CLI_TYPES]).toEqual([...DISTRIBUTION_TYPES]);
  });

  it('lists the export formats', async () => {
    const result = await runLoc(['export', 'formats', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json().formats.map((f: { id: string }) => f.id)).toContain('xml.android.resources');
  });
});
