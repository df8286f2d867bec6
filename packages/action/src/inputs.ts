// The Action's inputs, declared once: what each does, what kind of value it takes, its default and what it
// becomes for `loc`. The flags the Action passes, the check of the values it owns, the warning for an input
// it does not have, the rewriting of loc's messages into the workflow's terms (loc-errors.ts), and both
// action.yml's `inputs:` and the inputs table of docs/github-action.md (scripts/inputs-doc.mjs writes them;
// a test checks they are fresh) all derive from INPUTS.
// Imports nothing: the Action's start loads it, and the docs script reads it on its own.

/** The `loc` commands the Action runs: the gate, then the export; or, with `push`, the push. */
export type LocCommand = 'status' | 'export' | 'push';

/**
 * - `text`: passed as written;
 * - `list`: comma- or space-separated, passed comma-separated;
 * - `boolean`: true or false as YAML 1.2 writes them (@actions/core's getBooleanInput accepts the same);
 * - `number`: a number, its range checked by `loc` (one rule, the CLI's).
 */
export type InputKind = 'text' | 'list' | 'boolean' | 'number';

export interface ActionInput {
  /** What it does: action.yml's description and the docs table's last column. */
  description: string;
  /** The step fails without it (action.yml's `required`). */
  required?: true;
  kind: InputKind;
  /**
   * What `loc` receives: a flag of these commands (a boolean input: the flag alone, when true), or, for
   * the token, an environment variable (never the command line). `env` beside a flag is the variable loc
   * also reads it from, which its messages may name. None: the Action itself uses the input.
   */
  loc?: { flag: `--${string}`; commands: readonly LocCommand[]; env?: string } | { env: string };
  /** action.yml's default, when it is a literal: the runner passes it, and an input set empty gets it too. */
  default?: string;
  /** action.yml's default when it is an expression the runner evaluates (`${{ github.token }}`). */
  expression?: string;
  /** A value to show in a message (number inputs). */
  example?: string;
}

const BOTH: readonly LocCommand[] = ['status', 'export', 'push'];
const EXPORT: readonly LocCommand[] = ['export'];
const STATUS: readonly LocCommand[] = ['status'];
const FILES: readonly LocCommand[] = ['export', 'push'];
const PUSH: readonly LocCommand[] = ['push'];

/** The commits' author and committer by default: the identity GitHub shows for the Actions bot. */
const BOT = 'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>';

/** Every input of action.yml, in its order. */
export const INPUTS = {
  'api-token': {
    description: 'API token of the service. Pass it from a secret: ${{ secrets.LOC_API_TOKEN }}.',
    required: true,
    kind: 'text',
    loc: { env: 'LOC_API_TOKEN' },
  },
  'base-url': {
    description: 'Base URL of the service (default: https://api.lingohub.com).',
    kind: 'text',
    loc: { flag: '--base-url', commands: BOTH, env: 'LOC_BASE_URL' },
  },
  config: {
    description: 'Path of loc.config.json (default: found from the repository root).',
    kind: 'text',
    loc: { flag: '--config', commands: BOTH },
  },
  workspace: {
    description: 'Workspace URL slug or id (default: from loc.config.json).',
    kind: 'text',
    loc: { flag: '--workspace', commands: BOTH },
  },
  project: {
    description: 'Project URL slug or id (default: from loc.config.json).',
    kind: 'text',
    loc: { flag: '--project', commands: BOTH },
  },
  out: {
    description: 'Folder the files go into (with push: are read from) (default: from loc.config.json).',
    kind: 'text',
    loc: { flag: '--out', commands: FILES },
  },
  format: {
    description: "Export format id: any the project lists (default: from loc.config.json, else the project's own).",
    kind: 'text',
    loc: { flag: '--format', commands: FILES },
  },
  locales: {
    description:
      'Locales to export (with push and translations: to push), comma-separated (default: from loc.config.json, else all).',
    kind: 'list',
    loc: { flag: '--locale', commands: BOTH },
  },
  targets: {
    description:
      'Targets of loc.config.json to pull (or push), comma-separated (default: all of them, when it has targets).',
    kind: 'list',
    loc: { flag: '--target', commands: BOTH },
  },
  check: {
    description:
      'Only check whether the files are out of date (loc export --check; with push: whether a push would change the project, loc push --check); writes and sends nothing.',
    kind: 'boolean',
    loc: { flag: '--check', commands: FILES },
    default: 'false',
  },
  push: {
    description:
      "Push instead of pulling: upload the source locale's files (loc push) to import their strings. Runs on the default branch only, never for a pull request (check: true may).",
    kind: 'boolean',
    default: 'false',
  },
  translations: {
    description:
      "With push: upload the target locales' files too (loc push --translations); translations a reviewer approved are kept.",
    kind: 'boolean',
    loc: { flag: '--translations', commands: PUSH },
    default: 'false',
  },
  'deactivate-missing': {
    description:
      "With push: deactivate the project's keys the source files no longer have (loc push --deactivate-missing).",
    kind: 'boolean',
    loc: { flag: '--deactivate-missing', commands: PUSH },
    default: 'false',
  },
  'min-translated': {
    description:
      'Gate: fail before exporting when a locale is below this percentage translated (loc status --min-translated).',
    kind: 'number',
    loc: { flag: '--min-translated', commands: STATUS },
    example: '80',
  },
  'min-approved': {
    description:
      'Gate: fail before exporting when a locale is below this percentage approved (loc status --min-approved).',
    kind: 'number',
    loc: { flag: '--min-approved', commands: STATUS },
    example: '80',
  },
  'create-pull-request': {
    description: 'Commit the changed files to a branch and open a pull request, or update the open one.',
    kind: 'boolean',
    default: 'false',
  },
  branch: {
    description: 'Branch of the pull request: force-pushed when its files change, so never the branch it goes into.',
    kind: 'text',
    default: 'loc/translations',
  },
  base: {
    description:
      'Branch the pull request goes into (default: the branch checked out; required when the checkout is a detached commit).',
    kind: 'text',
  },
  title: {
    description: 'Title of the pull request (and of its commit, unless commit-message is set).',
    kind: 'text',
    default: 'Update translations',
  },
  body: {
    description:
      'Body of the pull request, a template: {summary} stands for the key-by-key change summary (default: the summary). The list of committed files follows it.',
    kind: 'text',
  },
  'commit-message': { description: 'Message of the commit (default: the title).', kind: 'text' },
  author: { description: 'Author of the commit, as Name <email>.', kind: 'text', default: BOT },
  committer: { description: 'Committer of the commit, as Name <email>.', kind: 'text', default: BOT },
  'sign-commits': {
    description:
      "Make the commit through GitHub's API, which signs it (shown as Verified); author and committer are then the token's.",
    kind: 'boolean',
    default: 'false',
  },
  labels: { description: 'Labels of the pull request, comma-separated.', kind: 'list' },
  draft: { description: 'Open the pull request as a draft.', kind: 'boolean', default: 'false' },
  reviewers: { description: 'Users asked to review the pull request, comma-separated.', kind: 'list' },
  'team-reviewers': { description: 'Teams (slugs) asked to review the pull request, comma-separated.', kind: 'list' },
  assignees: { description: 'Users the pull request is assigned to, comma-separated.', kind: 'list' },
  'delete-branch': {
    description:
      'When the strings come back to what the base holds and the open pull request is closed, delete its branch too.',
    kind: 'boolean',
    default: 'false',
  },
  'summary-keys': {
    description: 'Keys of each kind (added, changed, removed) named per locale in the summary.',
    kind: 'number',
    loc: { flag: '--summary-keys', commands: EXPORT },
    default: '10',
    example: '10',
  },
  'github-token': {
    description:
      'Token that pushes the branch and opens the pull request (needs contents: write and pull-requests: write), whatever actions/checkout persisted.',
    expression: '${{ github.token }}',
    kind: 'text',
  },
} as const satisfies Record<string, ActionInput>;

export type InputName = keyof typeof INPUTS;

/** The value of each input, by kind; an input left empty is '' (text), [] (list) or undefined (number). */
export type InputValues = {
  [N in InputName]: (typeof INPUTS)[N]['kind'] extends 'boolean'
    ? boolean
    : (typeof INPUTS)[N]['kind'] extends 'list'
      ? string[]
      : (typeof INPUTS)[N]['kind'] extends 'number'
        ? string | undefined
        : string;
};

const entries = Object.entries(INPUTS) as [InputName, ActionInput][];

/** The spellings of true and false that YAML 1.2's core schema (and getBooleanInput) accepts. */
const BOOLEANS: Record<string, boolean> = {
  true: true,
  True: true,
  TRUE: true,
  false: false,
  False: false,
  FALSE: false,
};

/**
 * Reads and checks every input (`read` is @actions/core's getInput, which trims), before anything runs:
 * a boolean that is not true or false, or a number input that is not a number, is refused with a message
 * that names the input and what it accepts. What only `loc` can judge (a range, a project) it judges.
 *
 * @example readInputs((name) => ({ check: 'true' })[name] ?? '').check // true
 */
export function readInputs(read: (name: string) => string): InputValues {
  const values: Record<string, unknown> = {};
  for (const [name, input] of entries) {
    const raw = read(name) || input.default || '';
    switch (input.kind) {
      case 'boolean': {
        const value = BOOLEANS[raw || 'false'];
        if (value === undefined)
          throw new Error(
            `The input ${name} is '${raw}', which is not true or false. Set \`${name}: true\` or \`${name}: false\` in the step's \`with:\` (YAML 1.2 booleans: ${Object.keys(BOOLEANS).join(', ')}).`,
          );
        values[name] = value;
        break;
      }
      case 'number':
        // loc takes a percentage with its sign (95%) as well: what stays once it is dropped must be a number.
        if (raw && !/^[-+]?(\d+\.?\d*|\.\d+)%?$/.test(raw))
          throw new Error(
            `The input ${name} is '${raw}', which is not a number. Set it to a number in the step's \`with:\`, for example \`${name}: ${input.example ?? '10'}\`.`,
          );
        values[name] = raw || undefined;
        break;
      case 'list':
        values[name] = raw.split(/[\s,]+/).filter(Boolean);
        break;
      default:
        values[name] = raw;
    }
  }
  return values as InputValues;
}

/**
 * The flags of `loc <command>` that the inputs set; what they leave out comes from loc.config.json (or
 * loc's own defaults).
 *
 * @example locFlags('status', values) // ['--workspace', 'acme', '--min-translated', '80']
 */
export function locFlags(command: LocCommand, values: InputValues): string[] {
  const flags: string[] = [];
  for (const [name, input] of entries) {
    if (!input.loc || !('flag' in input.loc) || !input.loc.commands.includes(command)) continue;
    const value: unknown = values[name];
    if (value === true) flags.push(input.loc.flag);
    else if (Array.isArray(value) && value.length) flags.push(input.loc.flag, value.join(','));
    else if (typeof value === 'string' && value) flags.push(input.loc.flag, value);
  }
  return flags;
}

/**
 * The names `loc` knows an input by (its flag, the variable it also reads), each with the input: what
 * loc-errors.ts rewrites.
 */
export function locNames(): { name: InputName; flag: string | undefined; aliases: string[] }[] {
  return entries.flatMap(([name, input]) => {
    if (!input.loc) return [];
    const flag = 'flag' in input.loc ? input.loc.flag : undefined;
    const aliases = [flag, input.loc.env].filter((n): n is string => n !== undefined);
    return [{ name, flag, aliases }];
  });
}

/** `Name <email>`, as git writes an identity. */
const IDENTITY = /^([^<>]*[^<>\s])\s*<([^<>\s]+)>$/;

/**
 * The author or committer input as a name and an email, refused (naming the input) when it is not
 * `Name <email>`.
 *
 * @example identityOf('author', 'Ada <ada@example.com>') // { name: 'Ada', email: 'ada@example.com' }
 */
export function identityOf(input: 'author' | 'committer', value: string): { name: string; email: string } {
  const match = IDENTITY.exec(value.trim());
  if (!match)
    throw new Error(
      `The input ${input} is '${value}', which is not \`Name <email>\`. Set it in the step's \`with:\`, for example \`${input}: Ada Lovelace <ada@example.com>\`, or leave it out (default: ${BOT}).`,
    );
  return { name: match[1]!, email: match[2]! };
}

/** The runner's variable of an input: `INPUT_` and the name in capitals (spaces as `_`, as the runner does). */
const variableOf = (name: string) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;

/** How many single-character edits turn `a` into `b` (for "did you mean"). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The inputs the runner passed (`INPUT_*` variables) that action.yml does not declare — a misspelled
 * `with:` key, which would otherwise be ignored in silence — each with the declared input it is nearest to.
 *
 * @example unknownInputs({ 'INPUT_CRETE-PULL-REQUEST': 'true' }) // [{ name: 'crete-pull-request', nearest: 'create-pull-request' }]
 */
export function unknownInputs(env: NodeJS.ProcessEnv): { name: string; nearest: string | undefined }[] {
  const declared = new Map(entries.map(([name]) => [variableOf(name), name]));
  return Object.keys(env)
    .filter((variable) => variable.startsWith('INPUT_') && !declared.has(variable))
    .map((variable) => {
      const name = variable.slice('INPUT_'.length).toLowerCase();
      let nearest: string | undefined;
      let best = Math.max(2, Math.floor(name.length / 4)) + 1;
      for (const known of declared.values()) {
        const d = distance(name.replace(/_/g, '-'), known);
        if (d < best) [best, nearest] = [d, known];
      }
      return { name, nearest };
    });
}
