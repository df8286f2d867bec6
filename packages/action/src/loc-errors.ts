// loc's failures in the workflow's terms. loc's messages name its flags (`--summary-keys`, `--target`) and
// the variables it reads (LOC_BASE_URL); the workflow's author wrote inputs (`summary-keys:`) and never typed
// a flag. So each name an input becomes (inputs.ts) is rewritten to the input: the message names both
// ("the input summary-keys (--summary-keys)"), the hint says what to set in the workflow. A command in
// backquotes is left as it is: a `loc` command there is one to run locally.
import { type InputName, locNames } from './inputs';

/** What a `loc` run printed. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const NAMES = locNames();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `--base-url / LOC_BASE_URL`, `--out <dir>` or `LOC_API_TOKEN`: one mention of an input, as loc writes it. */
const MENTIONS = NAMES.map(({ name, flag, aliases }) => {
  const one = `(?:${aliases.map(escapeRegExp).join('|')})(?: <[\\w-]+>)?`;
  return { name, flag, pattern: new RegExp(`(?<![\\w-])${one}(?: ?/ ?${one})*(?![\\w-])`, 'g') };
});

/** commander's refusal of a value: `option '--summary-keys <n>' argument 'abc' is invalid. Expected …` */
const INVALID_ARGUMENT = /^option '(--[\w-]+)(?: <[^>]+>)?' argument '(.*)' is invalid\.\s*(.*)$/s;

/** Rewrites the mentions of inputs outside backquotes; `first` names the flag too, once per input. */
function rewrite(text: string, mentioned: Set<InputName>, first: boolean): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => {
      if (part.startsWith('`')) return part;
      for (const { name, flag, pattern } of MENTIONS) {
        part = part.replace(pattern, (found: string, at: number, whole: string) => {
          const again = mentioned.has(name);
          mentioned.add(name);
          if (!first || again || !flag) return `the input ${name}`;
          // Inside loc's own parentheses ("(given with --base-url)") a second pair would nest.
          const before = whole.slice(0, at);
          const open = before.split('(').length > before.split(')').length;
          if (!open) return `the input ${name} (${flag})`;
          return `the input ${name}, ${flag}${/^ \w/.test(whole.slice(at + found.length)) ? ',' : ''}`;
        });
      }
      return part;
    })
    .join('');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A failure of `loc --json` ({ message, hint }) in the workflow's terms, as one line for the log.
 *
 * @example
 * inWorkflowTerms({ message: "option '--summary-keys <n>' argument 'abc' is invalid. Expected a whole number from 0 to 10000.", hint: 'See `loc export --help`.' })
 * // "The input summary-keys (--summary-keys) must be a whole number from 0 to 10000; it is 'abc'. Set summary-keys: in the step's `with:` to such a value (`loc export --help` describes --summary-keys)."
 */
export function inWorkflowTerms(error: {
  message: string;
  hint?: string | undefined;
  name?: string | undefined;
}): string {
  const invalid = INVALID_ARGUMENT.exec(error.message);
  const input = invalid && NAMES.find((n) => n.flag === invalid[1]);
  if (invalid && input) {
    // The hint of a refused value only points at `--help`: say where the value is set instead.
    const help = /`loc [\w ]+--help`/.exec(error.hint ?? '')?.[0];
    const [, , value, why] = invalid;
    const expected = /^Expected (.*?)\.?$/s.exec(why!)?.[1];
    const what = expected ? `must be ${expected}; it is '${value}'.` : `is '${value}': ${why}`;
    return `The input ${input.name} (${input.flag}) ${what} Set \`${input.name}:\` in the step's \`with:\` to such a value${help ? ` (${help} describes ${input.flag})` : ''}.`;
  }
  const mentioned = new Set<InputName>();
  const message = capitalized(rewrite(error.message, mentioned, true));
  // A hint's sentence that says again what the message says, or names a step that means nothing in a
  // workflow (`loc login`: there is no one to log in), is left out.
  const said = new Set(sentencesOf(message).map(normalized));
  const hint = sentencesOf(error.hint ? rewrite(error.hint, mentioned, false) : '')
    .filter((sentence) => !LOCAL_ONLY.test(sentence) && !said.has(normalized(sentence)))
    .map(capitalized);
  if (error.name === 'AuthenticationError') hint.push(STORE_TOKEN);
  return [message, ...hint].join(' ');
}

/** A step a person takes at a terminal: no use to a workflow. */
const LOCAL_ONLY = /`loc (login|logout)\b/;

/** What a refused loc token asks of the workflow's author. */
const STORE_TOKEN =
  'Store a valid loc API token as the repository secret the step passes as api-token (Settings → Secrets and variables → Actions).';

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z`(])/).filter(Boolean);
/** A sentence compared by its words ("Log in again with …, or check the input api-token" ~ "… check the input api-token."). */
const normalized = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The error a `loc --json` run printed, in the workflow's terms: from its JSON, or else from what it wrote
 * to stderr (a result printed before the failure, as the gate's table of locales, leaves the error there).
 */
export function errorOf(run: Run): string {
  try {
    const { error } = JSON.parse(run.stdout) as { error?: { message: string; hint?: string; name?: string } };
    if (error) return inWorkflowTerms(error);
  } catch {
    // not JSON: stderr says it
  }
  const text = run.stderr
    .split('\n')
    .map((line) => line.replace(/^[✖!]\s*/, '').trim())
    .filter(Boolean)
    .join(' ');
  return text ? inWorkflowTerms({ message: text }) : `loc exited with ${run.code}.`;
}
