// A developer at a terminal: prompts, spinners and colours in a real pseudo-terminal.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runLocInTerminal, tempDir, TOKENS } from '@loc/test-utils';
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
  it('loc init asks for the project, format, folder and template, and writes the file', async () => {
    const { code, screen } = await runLocInTerminal(
      ['init'],
      [
        [/Which project\?/, '\x1b[B\r'], // arrow down: the second project, mobile-android
        [/Export format/, '\r'],
        [/Folder the exported files go into/, '\x7fres\r'], // replace the default "." with "res"
        [/Path of each file below it/, '\x7f\x7f\x7f\x7f\x7f\x7fvalues-{android_locale}/{filename}\r'],
      ],
      env(),
      dir.path,
    );
    expect(code, screen).toBe(0);
    const config = JSON.parse(readFileSync(join(dir.path, 'loc.config.json'), 'utf8'));
    expect(config).toEqual({
      $schema: expect.stringMatching(/loc\.config\.schema\.json$/),
      workspace: 'acme',
      project: 'mobile-android',
      export: { out: 'res', pathTemplate: 'values-{android_locale}/{filename}' },
    });
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
