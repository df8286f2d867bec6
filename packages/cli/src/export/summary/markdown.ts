import type { KeyChangeKind, KeySummary } from './diff';
import { counted } from '../../ui/quantities';

/**
 * The change summary as Markdown for a pull request body or a CI step summary. Every name that comes
 * from the service or the files (keys, locales, paths, a parser's message) is written as a code span:
 * inside one, GitHub and GitLab render no HTML, link no URL and notify no @mention. Control and
 * direction characters are shown as escapes, so a name cannot end the span's line or reorder the text.
 */

const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` as a code span that shows it literally: fenced with one backtick more than the longest run in it.
 *
 * @example codeSpan('<img src=x>') // '`<img src=x>`'
 */
export function codeSpan(text: string): string {
  const visible = text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const longest = Math.max(0, ...(visible.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // Spaces only where the span needs them (a backtick or space at an end, or nothing inside).
  if (visible === '') return '` `';
  const pad = /^[` ]|[` ]$/.test(visible) ? ' ' : '';
  return `${fence}${pad}${visible}${pad}${fence}`;
}

/** A code span in a table cell: GitHub splits cells at `|` even inside code spans unless escaped. */
const cell = (text: string) => codeSpan(text).replace(/\|/g, '\\|');

const KINDS: readonly KeyChangeKind[] = ['added', 'changed', 'removed'];

/** The Markdown of a summary; `title` names what was compared (a target, a project). */
export function renderMarkdown(summary: KeySummary, title = 'Translations'): string {
  const { totals, locales, unread } = summary;
  const lines: string[] = [];
  const keyCount = totals.added + totals.changed + totals.removed;
  const heading =
    keyCount === 0 && unread.length === 0
      ? 'no change'
      : `${totals.added} added, ${totals.changed} changed, ${totals.removed} removed ${keyCount === 1 ? 'key' : 'keys'}` +
        (locales.length ? ` in ${counted(locales.length, 'locale')}` : '') +
        (unread.length
          ? `, ${counted(unread.length, 'file')} compared as ${unread.length === 1 ? 'a file' : 'files'}`
          : '');
  lines.push(`### ${title.replace(/[^\w .:/-]/g, '')}: ${heading}`, '');
  if (locales.length) {
    lines.push('| locale | added | changed | removed |', '|---|--:|--:|--:|');
    for (const l of locales)
      lines.push(`| ${l.locale === null ? '(none)' : cell(l.locale)} | ${l.added} | ${l.changed} | ${l.removed} |`);
    lines.push('');
    for (const l of locales) {
      lines.push(`**${l.locale === null ? 'Files of no locale' : codeSpan(l.locale)}**`, '');
      for (const kind of KINDS) {
        const count = l[kind];
        if (!count) continue;
        const shown = l.keys[kind].map(codeSpan).join(', ');
        const more = count > l.keys[kind].length ? ` and ${count - l.keys[kind].length} more` : '';
        lines.push(`- ${kind} (${count}): ${shown}${more}`);
      }
      const { placeholders } = l;
      if (placeholders?.count) {
        const more =
          placeholders.count > placeholders.keys.length
            ? ` and ${placeholders.count - placeholders.keys.length} more`
            : '';
        lines.push(
          `- placeholders changed (${placeholders.count}), calls of these keys must pass other values: ${placeholders.keys.map(codeSpan).join(', ')}${more}`,
        );
      }
      lines.push('');
    }
  }
  if (unread.length) {
    lines.push('Compared as whole files (not key by key):', '');
    for (const f of unread) lines.push(`- ${codeSpan(f.path)} ${f.change}: ${codeSpan(f.reason)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
