import type { Writer } from './types';

/** `po.gettext`: the key as `msgctxt`, the source text as `msgid`, the translation as `msgstr`. */
export const writePo: Writer = ({ locale, entries }) => {
  const header = [
    'msgid ""',
    'msgstr ""',
    `"Language: ${locale}\\n"`,
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
  ].join('\n');
  const units = entries.map((e) =>
    [
      ...(e.comment ? [`#. ${e.comment.replace(/\n/g, ' ')}`] : []),
      `msgctxt ${quote(e.key)}`,
      `msgid ${quote(e.source)}`,
      `msgstr ${quote(e.value)}`,
    ].join('\n'),
  );
  return `${[header, ...units].join('\n\n')}\n`;
};

function quote(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\t/g, '\\t')
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n');
  return `"${escaped}"`;
}
