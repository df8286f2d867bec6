/**
 * The service's placeholders are `{name}` (a name of ASCII letters, digits and `_`: `{name}`, `{amount}`,
 * `{0}`), as the seeds write them; everything else in a text is text, `%{x}` and `{{x}}` included. The
 * framework formats write each placeholder their framework's way and keep the rest literal.
 */
const PLACEHOLDER = /\{(\w+)\}/g;

/** Whether a text has a placeholder. */
function hasPlaceholder(text: string): boolean {
  return text.includes('{') && /\{\w+\}/.test(text);
}

/**
 * A text for Ruby's I18n (Rails): each placeholder as `%{name}`. I18n interpolates only when `t` is given
 * values, and then reads `%%` as `%`: so in a text that will be interpolated (it has a placeholder, or it
 * is a plural form, which `t(key, count:)` interpolates) every literal `%` is doubled, and a text that
 * will not be is written as it is (doubled, it would show `%%`).
 *
 * @example
 * railsText('{percent}% of {total}', false); // '%{percent}%% of %{total}'
 * railsText('100% sure', false);             // '100% sure'
 */
export function railsText(text: string, interpolated: boolean): string {
  if (!interpolated && !hasPlaceholder(text)) return text;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    out += `${text.slice(last, m.index).replaceAll('%', '%%')}%{${m[1]}}`;
    last = m.index + m[0].length;
  }
  return out + text.slice(last).replaceAll('%', '%%');
}

/**
 * A text for i18next: each placeholder as `{{name}}`. i18next has no escape for a literal `{{…}}` or
 * `$t(…)`: such text is written as it is, and i18next reads it as its own syntax.
 *
 * @example
 * i18nextText('Hello, {name}!'); // 'Hello, {{name}}!'
 */
export function i18nextText(text: string): string {
  return hasPlaceholder(text) ? text.replace(PLACEHOLDER, '{{$1}}') : text;
}

/**
 * The inverse of railsText: `%{name}` back to `{name}` and `%%` to `%`, in a text that I18n interpolates
 * (a plural form, or one with a `%{name}`); any other text is as it is. A `%` that starts neither (`50 %`,
 * `%<n>d`) stays, as I18n shows it.
 *
 * @example
 * readRailsText('%{percent}%% of %{total}', false); // '{percent}% of {total}'
 * readRailsText('100%% sure', false);                // '100%% sure'
 */
export function readRailsText(text: string, interpolated: boolean): string {
  if (!text.includes('%')) return text;
  // railsText writes every placeholder as `%{name}`: a text with no `{name}` had none, and was written as it is.
  if (!interpolated && !hasPlaceholder(text)) return text;
  return text.replace(/%%|%\{(\w+)\}/g, (_, name?: string) => (name === undefined ? '%' : `{${name}}`));
}

/**
 * The inverse of i18nextText: each `{{name}}` back to `{name}`. Only that spelling: i18next also reads
 * `{{ name }}` and `{{name, number}}`, which have no `{name}` of the service to stand for, and stay as
 * they are (an export writes them back the same).
 *
 * @example
 * readI18nextText('Hello, {{name}}!'); // 'Hello, {name}!'
 */
export function readI18nextText(text: string): string {
  return text.includes('{{') ? text.replace(/\{\{(\w+)\}\}/g, '{$1}') : text;
}

/**
 * An i18next key as the store keeps it: what i18next reads as a plural form (`items_one`, `cart.items_other`:
 * the CLDR category after the last `_`) is the form `items.one`, as plural-keys.ts groups them.
 *
 * @example
 * i18nextPlural('cart.items_one'); // 'cart.items.one'
 * i18nextPlural('done');           // 'done'
 */
export function i18nextPlural(key: string): string {
  return key.replace(/_(zero|one|two|few|many|other)$/, '.$1');
}
