// The inputs table (src/inputs.ts) against action.yml and docs/github-action.md, what it derives (flags, the
// check of values), and loc's messages rewritten into the workflow's terms (src/loc-errors.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { identityOf, INPUTS, locFlags, readInputs, unknownInputs } from '../src/inputs';
import { inWorkflowTerms } from '../src/loc-errors';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ACTION = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string; required?: boolean }>;
};

const read =
  (given: Record<string, string>) =>
  (name: string): string =>
    given[name] ?? '';

describe('the inputs table', () => {
  it('declares exactly the inputs of action.yml, in its order', () => {
    expect(Object.keys(INPUTS)).toEqual(Object.keys(ACTION.inputs));
  });

  it('holds the literal defaults of action.yml, and only those', () => {
    for (const [name, input] of Object.entries(ACTION.inputs)) {
      const literal = input.default?.includes('${{') ? undefined : input.default;
      expect((INPUTS as Record<string, { default?: string }>)[name]!.default, name).toBe(literal);
    }
  });

  it('is the table of docs/github-action.md (scripts/inputs-doc.mjs --check)', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'packages/action/scripts/inputs-doc.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const page = readFileSync(join(ROOT, 'docs/github-action.md'), 'utf8');
    for (const name of Object.keys(ACTION.inputs)) expect(page).toContain(`| \`${name}\` |`);
  });

  it('derives the flags of each loc command from the inputs set', () => {
    const inputs = readInputs(
      read({
        'api-token': 'secret',
        'base-url': 'http://127.0.0.1:1',
        workspace: 'acme',
        locales: 'de, fr ja',
        targets: 'web',
        check: 'True',
        'min-translated': '95%',
        labels: 'i18n',
      }),
    );
    expect(locFlags('status', inputs)).toEqual([
      '--base-url',
      'http://127.0.0.1:1',
      '--workspace',
      'acme',
      '--locale',
      'de,fr,ja',
      '--target',
      'web',
      '--min-translated',
      '95%',
    ]);
    expect(locFlags('export', inputs)).toEqual([
      '--base-url',
      'http://127.0.0.1:1',
      '--workspace',
      'acme',
      '--locale',
      'de,fr,ja',
      '--target',
      'web',
      '--check',
      '--summary-keys',
      '10',
    ]);
    expect(inputs.labels).toEqual(['i18n']);
    expect(inputs.branch).toBe('loc/translations');
    // The token goes to loc's environment, never its command line.
    expect([...locFlags('status', inputs), ...locFlags('export', inputs)]).not.toContain('secret');
  });

  it('refuses a boolean that is not true or false, naming the input and the accepted values', () => {
    for (const [name, value] of [
      ['check', 'yes'],
      ['create-pull-request', 'on'],
    ] as const) {
      expect(() => readInputs(read({ [name]: value }))).toThrow(
        `The input ${name} is '${value}', which is not true or false. Set \`${name}: true\` or \`${name}: false\` in the step's \`with:\` (YAML 1.2 booleans: true, True, TRUE, false, False, FALSE).`,
      );
    }
    for (const value of ['true', 'True', 'TRUE']) expect(readInputs(read({ check: value })).check).toBe(true);
    for (const value of ['false', 'False', 'FALSE', '']) expect(readInputs(read({ check: value })).check).toBe(false);
  });

  it('refuses a number input that is not a number, and leaves its range to loc', () => {
    expect(() => readInputs(read({ 'summary-keys': 'abc' }))).toThrow(
      "The input summary-keys is 'abc', which is not a number. Set it to a number in the step's `with:`, for example `summary-keys: 10`.",
    );
    expect(() => readInputs(read({ 'min-translated': 'most' }))).toThrow(/^The input min-translated is 'most'/);
    expect(readInputs(read({ 'min-approved': '95%', 'summary-keys': '-1' }))).toMatchObject({
      'min-approved': '95%',
      'summary-keys': '-1',
    });
  });
});

describe("loc's failures in the workflow's terms", () => {
  it('names the input and its flag where loc refused a value, and where the value is set', () => {
    expect(
      inWorkflowTerms({
        message: "option '--summary-keys <n>' argument '-1' is invalid. Expected a whole number from 0 to 10000.",
        hint: 'See `loc export --help`.',
      }),
    ).toBe(
      "The input summary-keys (--summary-keys) must be a whole number from 0 to 10000; it is '-1'. Set `summary-keys:` in the step's `with:` to such a value (`loc export --help` describes --summary-keys).",
    );
  });

  it('rewrites each mention outside backquotes, and keeps the loc commands to run locally', () => {
    expect(
      inWorkflowTerms({
        message: '--target names a target of loc.config.json, and there is no `targets` list.',
        hint: 'Add one with `loc init --target <name> --project <slug>` (docs/cli.md#several-targets).',
      }),
    ).toBe(
      'The input targets (--target) names a target of loc.config.json, and there is no `targets` list. Add one with `loc init --target <name> --project <slug>` (docs/cli.md#several-targets).',
    );
    expect(inWorkflowTerms({ message: '--out is empty.', hint: 'Give --out a value, or leave it out.' })).toBe(
      'The input out (--out) is empty. Give the input out a value, or leave it out.',
    );
    expect(
      inWorkflowTerms({
        message: 'Your token reaches no workspace.',
        hint: 'Pass --workspace <slug>.',
      }),
    ).toBe('Your token reaches no workspace. Pass the input workspace.');
    expect(
      inWorkflowTerms({
        message: 'Could not reach the service.',
        hint: 'Check your network, --base-url / LOC_BASE_URL, and HTTPS_PROXY / NO_PROXY.',
      }),
    ).toBe('Could not reach the service. Check your network, the input base-url, and HTTPS_PROXY / NO_PROXY.');
    expect(
      inWorkflowTerms({
        message: 'The base URL (given with --base-url) is not a URL.',
        hint: 'Give it in full, for example https://api.lingohub.com (the service) or http://127.0.0.1:4010 (loc-mock).',
      }),
    ).toBe(
      'The base URL (given with the input base-url, --base-url) is not a URL. Give it in full, for example https://api.lingohub.com (the service) or http://127.0.0.1:4010 (loc-mock).',
    );
  });

  it('leaves flags the Action does not pass, and longer flags that start alike, as they are', () => {
    expect(
      inWorkflowTerms({ message: 'Move it away, or choose another --path-template.', hint: 'See --locale-map.' }),
    ).toBe('Move it away, or choose another --path-template. See --locale-map.');
  });
});

describe('inputs the runner passed that action.yml does not declare, and identities', () => {
  it('names a misspelled input with the nearest declared one, and nothing for the declared ones', () => {
    const env = Object.fromEntries(Object.keys(ACTION.inputs).map((n) => [`INPUT_${n.toUpperCase()}`, 'x']));
    expect(unknownInputs(env)).toEqual([]);
    expect(
      unknownInputs({ ...env, 'INPUT_CRETE-PULL-REQUEST': 'true', INPUT_BASE_BRANCH: 'main', INPUT_ZZZ: '1' }),
    ).toEqual([
      { name: 'crete-pull-request', nearest: 'create-pull-request' },
      { name: 'base_branch', nearest: undefined },
      { name: 'zzz', nearest: undefined },
    ]);
    expect(unknownInputs({ INPUT_REVIEWER: 'octocat' })).toEqual([{ name: 'reviewer', nearest: 'reviewers' }]);
  });

  it('reads Name <email>, and refuses anything else naming the input', () => {
    expect(identityOf('author', 'Ada Lovelace <ada@example.com>')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(identityOf('committer', INPUTS.committer.default)).toEqual({
      name: 'github-actions[bot]',
      email: '41898282+github-actions[bot]@users.noreply.github.com',
    });
    for (const bad of ['ada@example.com', 'Ada <>', '<ada@example.com>', 'Ada <a b@c>'])
      expect(() => identityOf('author', bad)).toThrow(`The input author is '${bad}', which is not \`Name <email>\`.`);
  });
});

describe('a refused loc token, in the workflow', () => {
  it('says it once, without `loc login`, and what to store', () => {
    expect(
      inWorkflowTerms({
        name: 'AuthenticationError',
        message:
          'The API token was refused (401): The API token is invalid or was revoked. Create a new one, or check LOC_API_TOKEN.',
        hint: 'Log in again with `loc login`, or check LOC_API_TOKEN.',
      }),
    ).toBe(
      'The API token was refused (401): The API token is invalid or was revoked. Create a new one, or check the input api-token. Store a valid loc API token as the repository secret the step passes as api-token (Settings → Secrets and variables → Actions).',
    );
  });
});
