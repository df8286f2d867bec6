/**
 * The placeholders of a text, for the typed keys (which values a call must pass) and for the change
 * summary (a key whose placeholders changed breaks the app's calls). One reading of each syntax:
 * - `{{name}}` (i18next; also `{{- name}}`, unescaped, and `{{name, number}}`, formatted);
 * - `{name}`, the service's own (a name of letters, digits and `_`, as the seeds and exports write it);
 * - `%s`, `%1$s`, `%d`, `%@`… (printf, as Android, iOS and Java files write them): the summary counts
 *   them, the typed keys do not (neither i18next nor the over-the-air client fills them).
 */

/** Whose placeholders a JSON file holds: i18next's `{{name}}` (json.i18next), or the service's `{name}`. */
export type PlaceholderSyntax = 'i18next' | 'service';

const I18NEXT = /\{\{-?\s*([\w.]+)\s*(?:,[^{}]*)?\}\}/g;
// `{name}` that is not half of `{{name}}`: the two braces around are checked by hand (no look-behind).
const SERVICE = /\{(\w+)\}/g;
const PRINTF = /%(?:(\d+)\$)?[-+ 0#']*\d*(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t|q)?([sdiufFxXoeEgGcp@])/g;

/**
 * The names of the placeholders a call of `text` must pass values for, in the syntax of its file, sorted
 * and each once.
 *
 * @example namedPlaceholders('Hi {{name}}, {{count}} new', 'i18next') // ['count', 'name']
 */
export function namedPlaceholders(text: string, syntax: PlaceholderSyntax): string[] {
  if (!text.includes('{')) return [];
  const names = new Set<string>();
  if (syntax === 'i18next') for (const m of text.matchAll(I18NEXT)) names.add(m[1]!);
  else
    for (const m of text.matchAll(SERVICE)) {
      const at = m.index;
      if (text[at - 1] !== '{' || text[at + m[0].length] !== '}') names.add(m[1]!);
    }
  return [...names].sort();
}

/**
 * Every placeholder of `text` in any syntax, as one comparable text: two texts with the same signature
 * take the same values (`%s` counted by its position among the unnumbered ones). `%%` is a percent sign.
 *
 * @example placeholderSignature('%1$s of {total}') // '%1$s {total}'
 */
export function placeholderSignature(text: string): string {
  if (!text.includes('{') && !text.includes('%')) return '';
  const tokens = new Set<string>();
  for (const m of text.matchAll(I18NEXT)) tokens.add(`{${m[1]}}`);
  for (const m of text.matchAll(SERVICE)) tokens.add(`{${m[1]}}`);
  let unnumbered = 0;
  for (const m of text.replaceAll('%%', '').matchAll(PRINTF))
    tokens.add(`%${m[1] ?? `#${++unnumbered}`}$${m[2] === 'i' ? 'd' : m[2]}`);
  return [...tokens].sort().join(' ');
}
