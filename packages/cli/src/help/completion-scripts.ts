import type { CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import { shellQuote as quote } from '../ui/command-line';

/**
 * Shell completion scripts for `loc`, generated from the program itself (its commands, options and
 * option choices), so they cannot drift from it. `loc completion bash|zsh|fish` prints one.
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  /** The command path below `loc`, for example `export status` ('' for loc itself). */
  path: string;
  /** Each word of the path with the command's aliases (`export` is also `pull`), as a user may type it. */
  words: string[][];
  command: CommandUnknownOpts;
}

function nodesOf(command: CommandUnknownOpts, path = '', words: string[][] = []): Node[] {
  return [
    { path, words, command },
    ...command.commands.flatMap((c) => nodesOf(c, path ? `${path} ${c.name()}` : c.name(), [...words, namesOf(c)])),
  ];
}

/** A command's name and its aliases (`export`, `pull`). */
const namesOf = (command: CommandUnknownOpts) => [command.name(), ...command.aliases()];

const visible = (command: CommandUnknownOpts): Option[] => (command.options as Option[]).filter((o) => !o.hidden);
const flagsOf = (option: Option) => [option.short, option.long].filter((f): f is string => Boolean(f));
const takesValue = (option: Option) => option.required || option.optional;

/**
 * The completion script for `shell`.
 *
 * @example completionScript(program, 'bash') // '_loc_completion() { … }\ncomplete -F _loc_completion loc'
 */
export function completionScript(program: CommandUnknownOpts, shell: Shell): string {
  return shell === 'fish' ? fish(program) : shell === 'zsh' ? zsh(program) : bash(program);
}

function bash(program: CommandUnknownOpts): string {
  const nodes = nodesOf(program);
  const globals = visible(program).flatMap(flagsOf);
  // The path is built of each command's own name: an alias (`pull`) stands for it (`export`).
  const subcommandCases = nodes
    .filter((n) => n.path !== '')
    .flatMap((n) => {
      const parent = n.path.split(' ').slice(0, -1).join(' ');
      return n.words
        .at(-1)!
        .map((word) => `      ${quote(parent ? `${parent} ${word}` : word)}) path=${quote(n.path)} ;;`);
    })
    .join('\n');
  const wordCases = nodes
    .map((n) => {
      const words = [
        ...n.command.commands.flatMap(namesOf),
        ...visible(n.command).flatMap(flagsOf),
        ...(n.path ? globals : []),
        '--help',
      ];
      return `    ${quote(n.path)}) words=${quote(words.join(' '))} ;;`;
    })
    .join('\n');
  const valueCases = nodes.flatMap((n) =>
    visible(n.command)
      .filter(takesValue)
      .map(
        (o) =>
          `    ${quote(n.path)}:${flagsOf(o).join(`|${quote(n.path)}:`)}) ${o.argChoices ? `COMPREPLY=($(compgen -W ${quote(o.argChoices.join(' '))} -- "$cur")); return ;;` : 'return ;;'}`,
      ),
  );
  const globalValues = visible(program)
    .filter(takesValue)
    .flatMap(flagsOf)
    .map((f) => `    *:${f}) return ;;`);
  return `# loc completion for bash. Load it with: source <(loc completion bash)
_loc_completion() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" word i words=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in -*) continue ;; esac
    case "\${path:+$path }$word" in
${subcommandCases}
    esac
  done
  # After an option that takes a value: its choices, or the shell's own (file names).
  case "$path:$prev" in
${[...valueCases, ...globalValues].join('\n')}
  esac
  case "$path" in
${wordCases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _loc_completion loc
`;
}

function zsh(program: CommandUnknownOpts): string {
  // zsh runs bash completion functions through bashcompinit: one generator, the same completions.
  return `#compdef loc
# loc completion for zsh. Load it with: source <(loc completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash(program)}`;
}

function fish(program: CommandUnknownOpts): string {
  const nodes = nodesOf(program);
  const lines = ['# loc completion for fish. Load it with: loc completion fish | source', 'complete -c loc -f'];
  for (const node of nodes) {
    // Each word of the path as its command's names: `export` or its alias `pull`.
    const names = node.words.map((w) => w.join(' '));
    const children = node.command.commands.flatMap(namesOf);
    // The condition: every word of the path is there, and no child of this node yet.
    const condition = [
      ...(names.length ? names.map((n) => `__fish_seen_subcommand_from ${n}`) : ['__fish_use_subcommand']),
      ...(names.length && children.length ? [`not __fish_seen_subcommand_from ${children.join(' ')}`] : []),
    ].join('; and ');
    for (const child of node.command.commands) {
      for (const name of namesOf(child))
        lines.push(`complete -c loc -n ${quote(condition)} -a ${name} -d ${quote(child.description())}`);
    }
    const options = node.path ? visible(node.command) : visible(program);
    for (const option of options) {
      const parts = [
        'complete -c loc',
        ...(node.path ? [`-n ${quote(names.map((n) => `__fish_seen_subcommand_from ${n}`).join('; and '))}`] : []),
        ...(option.long ? [`-l ${option.long.replace(/^--/, '')}`] : []),
        ...(option.short ? [`-s ${option.short.replace(/^-/, '')}`] : []),
        // -x: a value from the list only; -r -F: a value, file names offered.
        ...(option.argChoices
          ? ['-x', `-a ${quote(option.argChoices.join(' '))}`]
          : takesValue(option)
            ? ['-r', '-F']
            : []),
        `-d ${quote(option.description)}`,
      ];
      lines.push(parts.join(' '));
    }
  }
  return `${lines.join('\n')}\n`;
}
