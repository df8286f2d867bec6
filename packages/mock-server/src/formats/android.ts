import type { Writer } from './types';
import { escapeXml } from './xml';

/**
 * `xml.android.resources`: `<string name="…">` elements. Android's own escapes come first (backslash,
 * quotes, newlines, a leading `@` or `?` that would be read as a reference, spaces aapt would collapse),
 * then XML's; `formatted="false"` where aapt2 would refuse the `%` substitutions.
 */
export const writeAndroid: Writer = ({ entries }) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${entries
    .map(
      (e) =>
        `${e.comment ? `    <!-- ${escapeXml(e.comment).replace(/--/g, '- -')} -->\n` : ''}    <string name="${androidName(e.key)}"${needsUnformatted(e.value) ? ' formatted="false"' : ''}>${escapeXml(escapeAndroid(e.value))}</string>`,
    )
    .join('\n')}\n</resources>\n`;

/**
 * Whether aapt2 would refuse the text as a format string: more than one `%` substitution, and one of them
 * not positional (`%s` rather than `%1$s`), fails the build unless the string says `formatted="false"`.
 * The attribute only turns that check off; `getString(id, args)` still formats.
 */
export function needsUnformatted(text: string): boolean {
  // `%%` and `%n` are no substitutions, nor is a `%` that ends the text.
  const substitutions = [...text.matchAll(/%([%n]|\d+\$)?/g)].filter((m) => m[1] !== '%' && m[1] !== 'n' && m.index < text.length - 1);
  return substitutions.length > 1 && substitutions.some((m) => !m[1]);
}

/** Resource names allow letters, digits, `_` and `.`; anything else becomes `_`. */
export function androidName(key: string): string {
  return key.replace(/[^A-Za-z0-9_.]/g, '_');
}

export function escapeAndroid(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(/\r/g, '\\u000d')
    .replace(/^([@?])/, '\\$1')
    // aapt collapses runs of whitespace and trims the ends: such spaces survive only as \u0020.
    .replace(/^ +| +$/g, (run) => '\\u0020'.repeat(run.length))
    .replace(/ {2,}/g, (run) => ` ${'\\u0020'.repeat(run.length - 1)}`);
}
