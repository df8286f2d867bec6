import { FormatReadError, snippet, type XmlElement, type XmlNode } from '@loc/sdk/internal';

/**
 * Refuses an Android resource's text that aapt2 refuses, as loc-mock's reader of uploads refuses it
 * (packages/mock-server/src/formats/android-read.ts, aaptText), naming the element's line: an unescaped
 * `'` outside double quotes. aapt2's rules, as far as they decide it: in each run of text between
 * elements (CDATA is text, comments are not there), a backslash escapes the character after it (a
 * trailing one escapes nothing), an unescaped `"` opens or closes quoting; quoting ends at the edges of
 * a span (an element of no namespace, `<b>`), not of an element of another namespace (`<xliff:g>`), whose
 * content is read through. `key` names the text in the message (`name`, `name.one`, `name.0`).
 *
 * @example
 * androidText(parseXml("<string name='a'>It\\'s \"it's\"</string>"), 'a'); // passes
 * androidText(parseXml("<string name='a'>It&apos;s</string>"), 'a'); // throws: line 1: an unescaped apostrophe in "a": …
 */
export function androidText(element: XmlElement, key: string): void {
  let quote = false;
  let run = '';
  const flush = () => {
    for (let k = 0; k < run.length; k++) {
      const c = run[k];
      if (c === '\\') k++;
      else if (c === '"') quote = !quote;
      else if (c === "'" && !quote)
        throw new FormatReadError(
          `an unescaped apostrophe in ${snippet(key)}: write \\' (aapt2 refuses it), or quote the text`,
          element.line,
        );
    }
    run = '';
  };
  const walk = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') run += node.text;
      else if (node.kind === 'element') {
        flush();
        const span = node.uri === '';
        if (span) quote = false;
        walk(node.children);
        flush();
        if (span) quote = false;
      }
    }
  };
  walk(element.children);
  flush();
}
