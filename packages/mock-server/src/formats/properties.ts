import type { Writer } from './types';

/**
 * `properties`: Java's format, written in ISO-8859-1-safe form: every character outside printable ASCII
 * becomes `\uXXXX` (UTF-16 units, so emoji become surrogate pairs), as `Properties.load` expects.
 */
export const writeProperties: Writer = ({ locale, entries }) => {
  let out = `# ${locale}\n`;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (i > 0) out += '\n';
    out += `${escapeProperty(e.key, true)}=${escapeProperty(e.value, false)}`;
  }
  return `${out}\n`;
};

/** Whether a key or a value has anything to escape: most have not, and are written as they are. */
const KEY_SPECIAL = /[^\x21-\x7e]|[\\=:#!]/;
const VALUE_SPECIAL = /[^\x20-\x7e]|[\\=:#!]|^ /;
const NAMED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\f': '\\f' };

function escapeProperty(text: string, isKey: boolean): string {
  if (!(isKey ? KEY_SPECIAL : VALUE_SPECIAL).test(text)) return text;
  let out = '';
  let from = 0; // start of the run of characters kept as they are
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const code = text.charCodeAt(i);
    let escaped: string;
    if (NAMED[c] !== undefined) escaped = NAMED[c];
    else if (c === ' ') {
      if (!isKey && i > 0) continue;
      escaped = '\\ ';
    } else if (c === '=' || c === ':' || c === '#' || c === '!') escaped = `\\${c}`;
    else if (code < 0x20 || code > 0x7e) escaped = `\\u${code.toString(16).padStart(4, '0')}`;
    else continue;
    out += text.slice(from, i) + escaped;
    from = i + 1;
  }
  return out + text.slice(from);
}
