// The resume command is derived from the one declaration of each flag (DELIVERY_FLAGS, GLOBAL_FLAGS in
// commands/export.ts): every flag of `loc export` and `loc export download` has a rule, and a command made
// with every carried flag set parses, with the real program, back to the same values.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { allCommands, buildProgram } from '../../program';
import type { Run } from '../../context/run-types';
import { DELIVERY_FLAGS, GLOBAL_FLAGS, type ResumeRun } from '../export';
import { resumeLine } from './resume';

/** The real program, whose `loc export download` action keeps what it was called with. */
function program() {
  const seen: { options?: Record<string, unknown>; command?: CommandUnknownOpts } = {};
  const run: Run =
    () =>
    async (...received) => {
      seen.command = received.at(-1) as CommandUnknownOpts;
      seen.options = received.at(-2) as Record<string, unknown>;
    };
  const root = buildProgram(run);
  for (const command of allCommands(root)) command.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  return { root, seen };
}

/** Shell words of a command line resumeLine made (single quotes only, as shellQuote writes them). */
function words(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? '').replaceAll(`'\\''`, "'"));
}

/** The options a resume command gives, with a source 'cli' (those it names), by attribute. */
async function parsed(line: string) {
  const { root, seen } = program();
  await root.parseAsync(words(line).slice(1), { from: 'user' });
  const command = seen.command!;
  const named: Record<string, unknown> = {};
  const all = { ...command.optsWithGlobals(), ...seen.options };
  for (const [key, value] of Object.entries(all))
    if (command.getOptionValueSourceWithGlobals(key) === 'cli') named[key] = value;
  return { path: `${command.parent?.name()} ${command.name()}`, named };
}

const everything: ResumeRun = {
  options: {
    force: true,
    dryRun: true,
    check: true,
    summaryKeys: 3,
    status: 'approved',
    json: true,
    quiet: true,
    profile: 'staging',
  },
  workspace: 'acme',
  project: 'web-frontend',
  outDir: "/work/out dir/it's",
  zip: undefined,
  template: '{locale}/{filename}',
  localeMap: { en: 'Base', 'zh-Hant': 'zh-TW' },
  types: '/work/src/loc-keys.d.ts',
  summary: '/work/summary.md',
  selection: { files: ['locales/%{locale}/common.json', 'locales/%{locale}/checkout.json'], locales: ['de', 'fr'] },
  baseUrl: 'http://127.0.0.1:4010',
  config: '/work/loc.config.json',
};

const carried = (rules: Record<string, unknown>) =>
  Object.entries(rules)
    .filter(([, rule]) => typeof (rule as { resume?: unknown }).resume === 'function' || typeof rule === 'function')
    .map(([key]) => key);

describe('the resume command, derived from the declaration of each flag', () => {
  it('has a rule for every flag of loc export, loc export download and the global flags: carried, or named as not', () => {
    const { root } = program();
    const exportCommand = root.commands.find((c) => c.name() === 'export')!;
    const download = exportCommand.commands.find((c) => c.name() === 'download')!;
    const missing = [
      ...[...exportCommand.options, ...download.options]
        .map((o) => o.attributeName())
        .filter((key) => !Object.hasOwn(DELIVERY_FLAGS, key)),
      // --version is commander's, and prints the version instead of running anything.
      ...root.options
        .filter((o) => o.long !== '--version')
        .map((o) => o.attributeName())
        .filter((key) => !Object.hasOwn(GLOBAL_FLAGS, key)),
    ];
    expect(missing).toEqual([]);
    for (const [key, flag] of Object.entries(DELIVERY_FLAGS))
      if (typeof flag.resume !== 'function') expect(flag.resume.notCarried, key).toMatch(/\w{4}/);
  });

  it('carries every flag the table carries, and each parses back to its value (every other is left out)', async () => {
    const line = resumeLine('reg_1', everything);
    const { path, named } = await parsed(line);
    expect(path).toBe('export download');
    // Every flag a rule carries is in the command (but --zip, which the folder's flags exclude)…
    expect(Object.keys(named).sort()).toEqual(
      [...carried(DELIVERY_FLAGS), ...carried(GLOBAL_FLAGS)].filter((k) => k !== 'zip').sort(),
    );
    // …with the run's value.
    expect(named).toEqual({
      workspace: 'acme',
      project: 'web-frontend',
      out: "/work/out dir/it's",
      pathTemplate: '{locale}/{filename}',
      localeMap: { en: 'Base', 'zh-Hant': 'zh-TW' },
      force: true,
      dryRun: true,
      check: true,
      summary: '/work/summary.md',
      types: '/work/src/loc-keys.d.ts',
      summaryKeys: 3,
      status: 'approved',
      file: ['locales/%{locale}/common.json', 'locales/%{locale}/checkout.json'],
      locale: ['de', 'fr'],
      json: true,
      quiet: true,
      baseUrl: 'http://127.0.0.1:4010',
      profile: 'staging',
      config: '/work/loc.config.json',
    });
  });

  it('keeps the ZIP instead of the folder when the run did, and names no credential nor the timeout', async () => {
    const line = resumeLine('reg_1', {
      ...everything,
      zip: '/work/strings.zip',
      outDir: undefined,
      options: { ...everything.options, token: 'loc_secret', cdnKey: 'lh-cdn_secret', timeout: 1000, verbose: true },
    });
    expect(line).not.toMatch(/secret|--timeout|--verbose|--token|--cdn-key/);
    const { named } = await parsed(line);
    expect(named.zip).toBe('/work/strings.zip');
    for (const key of ['out', 'pathTemplate', 'localeMap', 'file', 'locale']) expect(named).not.toHaveProperty(key);
  });
});
