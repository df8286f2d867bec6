import type { Writer } from './types';

/**
 * `properties`: Java's format, written in ISO-8859-1-safe form: every character outside printable ASCII
 * becomes `\uXXXX` (UTF-16 units, so emoji become surrogate pairs), as `Properties.load` expects.
 */
export const writeProperties: Writer = ({ locale, entries }) =>
  `# ${locale}\n${entries.map((e) => `${escapeProperty(e.key, true)}=${escapeProperty(e.value, false)}`).join('\n')}\n`;

function escapeProperty(text: string, isKey: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const code = text.charCodeAt(i);
    if (c === '\\') out += '\\\\';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c === '\f') out += '\\f';
    else if (c === ' ' && (isKey || i === 0)) out += '\\ ';
    else if ('=:#!'.includes(c)) out += `\\${c}`;
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return out;
}
