import { nest } from './json';
import { railsText } from './placeholders';
import { pluralKeysOf } from './plural-keys';
import type { Writer } from './types';

/**
 * `yaml.standard`: keys nested at dots, written so that YAML 1.1 readers (Ruby's Psych, hence Rails i18n;
 * PyYAML) and YAML 1.2 readers read the same strings. A 1.1 reader types plain scalars that a 1.2 reader
 * leaves as text: `yes`, `No`, `on`, `OFF`, `y`, `~`, `2026-11-01`, `1_000`, `190:20:30`, `.inf`, `:symbol`
 * (Psych) and more. So only text that is plainly a string in every version stays unquoted: a letter first,
 * then letters, marks, digits, spaces and `._'()-`, not ending in a space, and none of the words that a 1.1
 * reader turns into a boolean or null, in any case. Everything else, keys included, is double-quoted with
 * escapes for every line break (`\n`, `\r`, U+0085, U+2028, U+2029: raw, a reader would fold them) and for
 * every character outside YAML's printable set.
 */
export const writeYaml: Writer = ({ entries }) => emit(nest(entries), '') || '{}\n';

/**
 * `yaml.rails`: what Rails' I18n loads from `config/locales/<locale>.yml`: the locale as the root key (the
 * service's code, `pt-BR`), below it the keys nested at dots as in `yaml.standard` and quoted the same way,
 * placeholders as `%{name}` (placeholders.ts), and a plural's forms (plural-keys.ts) as the nested
 * `one:`/`other:`… keys that `I18n.t(key, count: n)` picks from.
 */
export const writeRailsYaml: Writer = (file) => {
  const plurals = pluralKeysOf(file);
  const entries = file.entries.map((e) => ({ key: e.key, value: railsText(e.value, plurals.has(e.key)) }));
  const body = emit(nest(entries), '  ');
  return `${yamlScalar(file.locale)}:${body ? `\n${body}` : ' {}\n'}`;
};

type Tree = ReturnType<typeof nest>;

function emit(tree: Tree, indent: string): string {
  let out = '';
  for (const key of Object.keys(tree)) {
    const value = tree[key]!;
    out +=
      typeof value === 'string'
        ? `${indent}${yamlScalar(key)}: ${yamlScalar(value)}\n`
        : `${indent}${yamlScalar(key)}:\n${emit(value, `${indent}  `)}`;
  }
  return out;
}

const PLAIN = /^\p{L}[\p{L}\p{M}\p{N} ._'()-]*$/u;
/** Words YAML 1.1 (and Psych, case-insensitively) reads as booleans or null. */
const TYPED_WORDS = /^(y|n|yes|no|true|false|on|off|null)$/i;
/**
 * Text that goes between double quotes as it is: printable, and neither a quote, a backslash, a line
 * break, a tab, a BOM nor a surrogate (the character-by-character path below decides those).
 */
const QUOTED_AS_IS = /^[\x20\x21\x23-\x5B\x5D-\x7E\xA0-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]*$/;

/**
 * A string as a YAML scalar that every reader takes for that same string.
 *
 * @example
 * yamlScalar('Hello');  // Hello
 * yamlScalar('Yes');    // "Yes"
 * yamlScalar('a\u2028b'); // "a\u2028b"
 */
export function yamlScalar(text: string): string {
  if (PLAIN.test(text) && !text.endsWith(' ') && !TYPED_WORDS.test(text)) return text;
  if (QUOTED_AS_IS.test(text)) return `"${text}"`;
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (!isPrintable(code) || code === 0x85 || code === 0x2028 || code === 0x2029 || code === 0xfeff)
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** YAML's printable set (the same in 1.1 and 1.2); PyYAML refuses a file with anything else in it. */
function isPrintable(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x20 && code <= 0x7e) ||
    code === 0x85 ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}
