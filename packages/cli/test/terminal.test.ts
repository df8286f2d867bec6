// A developer at a terminal: prompts, spinners and colours in a real pseudo-terminal.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runLocInTerminal, screenLines, tempDir, TOKENS } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir('loc-tty-');
});
afterEach(() => dir.remove());

const env = () => ({
  LOC_BASE_URL: service.url,
  LOC_API_TOKEN: TOKENS.developer,
  LOC_CONFIG_DIR: dir.path,
  HOME: dir.path,
});

describe('at a terminal', () => {
  it('loc init asks for the project, format, locales, folder and template, and writes the file', async () => {
    const { code, screen } = await runLocInTerminal(
      ['init'],
      [
        [/Which project\?/, '\x1b[B\r'], // arrow down: the second project, mobile-android
        [/Export format/, '\r'],
        [/Locales to export/, '\r'], // all of them, as offered
        [/Folder the exported files go into/, '\x7fres\r'], // replace the default "." with "res"
        [/Path of each file below it/, '\x7f\x7f\x7f\x7f\x7f\x7fvalues-{android_locale}/{filename}\r'],
      ],
      env(),
      dir.path,
    );
    expect(code, screen).toBe(0);
    // The project's locales were offered, all chosen.
    for (const locale of ['en', 'de', 'fr', 'pt-BR']) expect(screen).toContain(locale);
    const config = JSON.parse(readFileSync(join(dir.path, 'loc.config.json'), 'utf8'));
    expect(config).toEqual({
      $schema: expect.stringMatching(/loc\.config\.schema\.json$/),
      workspace: 'acme',
      project: 'mobile-android',
      export: { out: 'res', pathTemplate: 'values-{android_locale}/{filename}' },
    });
  });

  it('loc init writes the locales chosen when they are not all of the project’s (issue 44)', async () => {
    const { code, screen } = await runLocInTerminal(
      ['init'],
      [
        [/Which project\?/, '\x1b[B\r'],
        [/Export format/, '\r'],
        [/Locales to export/, '\x1b[B\x1b[B\x1b[B \r'], // down to the fourth, pt-BR, and unchoose it
        [/Folder the exported files go into/, '\r'],
        [/Path of each file below it/, '\r'],
      ],
      env(),
      dir.path,
    );
    expect(code, screen).toBe(0);
    const config = JSON.parse(readFileSync(join(dir.path, 'loc.config.json'), 'utf8'));
    expect(config.export).toEqual({ locales: ['en', 'de', 'fr'] });
  });

  it('loc export shows a spinner, then the files, in colour', async () => {
    const { code, screen } = await runLocInTerminal(
      ['export', '-w', 'acme', '-p', 'mobile-ios', '--locale', 'de', '--out', 'ios', '-t', '{locale}.lproj/{filename}'],
      [],
      env(),
      dir.path,
    );
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/✔.*Export \S+ ready after/);
    expect(screen).toMatch(/\u001b\[32mcreate/); // green, as a terminal allows
    expect(existsSync(join(dir.path, 'ios', 'de.lproj', 'Localizable.strings'))).toBe(true);
  });

  it('Ctrl-C at a prompt cancels with exit 130 and writes nothing', async () => {
    const { code } = await runLocInTerminal(['init'], [[/Which project\?/, '\x03']], env(), dir.path);
    expect(code).toBe(130);
    expect(existsSync(join(dir.path, 'loc.config.json'))).toBe(false);
  });
});

/** The lines of the table that starts with `header` on the screen, up to the blank line after it. */
function tableOn(screen: string, header: RegExp): string[] {
  const lines = screenLines(screen);
  const start = lines.findIndex((line) => header.test(line));
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return start < 0 ? [] : lines.slice(start, end < 0 ? undefined : end);
}

describe.each([80, 40])('at a terminal of %i columns (issue 44)', (columns) => {
  const run = (args: string[]) => runLocInTerminal(args, [], env(), dir.path, 60_000, columns);

  it('loc status --workspace acme fits, and every project reads whole', async () => {
    const { code, screen } = await run(['status', '--workspace', 'acme']);
    expect(code, screen).toBe(0);
    const table = tableOn(screen, /^PROJECT\s+LOCALE/);
    expect(table, screen).toHaveLength(17);
    for (const line of table) expect(line.length, line).toBeLessThanOrEqual(columns);
    expect(new Set(table).size).toBe(table.length);
    expect(table.filter((line) => line.startsWith('mobile-android '))).toHaveLength(4);
    expect(table.filter((line) => line.startsWith('mobile-ios '))).toHaveLength(5);
    expect(screen).not.toContain('…');
  });

  it('loc export lists the files it writes, each reading differently', async () => {
    const { code, screen } = await run([
      'export',
      '-w',
      'acme',
      '-p',
      'mobile-ios',
      '--out',
      'out-ios',
      '-t',
      'Resources/{locale}.lproj/{filename}',
      '--dry-run',
    ]);
    expect(code, screen).toBe(0);
    const table = tableOn(screen, /^WOULD BE\s+FILE/);
    expect(table, screen).toHaveLength(11);
    for (const line of table) expect(line.length, line).toBeLessThanOrEqual(columns);
    expect(new Set(table).size).toBe(table.length);
    // In the file written (the first path), its locale folder and its name survive: what tells the rows apart.
    for (const line of table.slice(1))
      expect(line).toMatch(/^created\s+\S*(en|de|fr|ja|zh-Hant)\.lproj\/(Localizable|InfoPlist|Local…|InfoP…)/);
    if (columns >= 80) expect(table).toContain('created   out-ios/Resources/zh-Hant.lproj/Localizable.strings');
  });
});

describe('loc status at a terminal without a workspace', () => {
  it('takes the one workspace the token reaches, never an internal error', async () => {
    const { code, screen } = await runLocInTerminal(['status'], [], env(), dir.path);
    expect(code, screen).toBe(0);
    expect(screen).not.toMatch(/Invalid path segment/);
    expect(screen).toContain('Workspace acme, the only one your token reaches.');
    expect(screenLines(screen).some((line) => /^mobile-android\s+pt-BR/.test(line))).toBe(true);
  });
});
