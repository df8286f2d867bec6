import { aaptText, FormatReadError, parseXml, snippet, type XmlElement } from '@loc/sdk/internal';
import { entryList } from './read-entries';
import type { ReadEntry, Reader } from './reader-types';
import { xmlText } from './read-text';

/**
 * `xml.android.resources`: a `values/strings.xml` as aapt2 compiles it. A `<string>`'s name is its key
 * (the writer derives names from keys, androidResources in android.ts, which is lossy: a key reads back
 * as it was when it is a valid resource name already, letters, digits, `_` and `.`, not a Java keyword);
 * a `<plurals>`' items are the forms `<name>.<quantity>`; a `<string-array>`'s items the keys `<name>.0`,
 * `<name>.1`… (the store has no arrays), as the writer writes plural groups and lists. Each text is what
 * aapt2 makes of it (aaptText), the comment before a resource is its comment, as aapt2 takes it for
 * R.java, and in a `<plurals>` or `<string-array>` the comment before an item is that item's (the writer
 * writes one there where the items' comments differ). Left out: resources marked
 * `translatable="false"`, those of a `product` other than the default, and resources that are no text
 * (`<color>`, `<dimen>`, `<integer>`…). A text that aapt2 would compile as a reference (`@string/name`,
 * `?attr/name`) is refused: it is no text, and written back it would be one (`\@string/name`).
 */
export const readAndroid: Reader = (file) => {
  const root = parseXml(xmlText(file, 'An Android resource file'));
  if (root.name !== 'resources')
    throw new FormatReadError(`the root element must be <resources>, not <${root.name}>`, root.line);
  const entries = entryList();
  let comment: string | undefined;
  for (const child of root.children) {
    if (child.kind === 'comment') {
      comment = unescapeComment(child.text);
      continue;
    }
    if (child.kind === 'text') {
      if (child.text.trim() !== '') throw new FormatReadError('text outside a resource element', child.line);
      continue;
    }
    if (child.uri !== '') continue;
    const about = comment;
    comment = undefined;
    const kind = child.local === 'item' && child.attrs.get('type') === 'string' ? 'string' : child.local;
    if (kind !== 'string' && kind !== 'plurals' && kind !== 'string-array') continue;
    const name = child.attrs.get('name');
    if (!name) throw new FormatReadError(`a <${child.name}> without a name: the name is the key`, child.line);
    const translatable = child.attrs.get('translatable');
    if (translatable !== undefined && translatable !== 'true' && translatable !== 'false')
      throw new FormatReadError(`translatable="${translatable}" on ${snippet(name)}: it is true or false`, child.line);
    if (translatable === 'false') continue;
    const product = child.attrs.get('product');
    if (product !== undefined && product !== 'default') continue;
    const add = (key: string, element: XmlElement, comment = about) => {
      const entry: ReadEntry = { key, value: textOf(element, key), line: element.line };
      if (comment !== undefined) entry.comment = comment;
      entries.add(entry);
    };
    if (kind === 'string') {
      add(name, child);
      continue;
    }
    const seen = new Set<string>();
    let index = 0;
    // A comment before an item is that item's (the writer's, where a resource's items differ in theirs).
    let itemComment: string | undefined;
    for (const item of child.children) {
      if (item.kind === 'comment') {
        itemComment = unescapeComment(item.text);
        continue;
      }
      if (item.kind === 'text') {
        if (item.text.trim() !== '') throw new FormatReadError(`text outside an <item> of ${snippet(name)}`, item.line);
        continue;
      }
      if (item.name !== 'item')
        throw new FormatReadError(`<${item.name}> in <${child.name}>: it holds <item>s`, item.line);
      const comment = itemComment ?? about;
      itemComment = undefined;
      if (kind === 'string-array') {
        add(`${name}.${index++}`, item, comment);
        continue;
      }
      const quantity = item.attrs.get('quantity') ?? '';
      if (!QUANTITIES.has(quantity))
        throw new FormatReadError(
          `quantity="${quantity}" in ${snippet(name)}: an item's quantity is zero, one, two, few, many or other`,
          item.line,
        );
      if (seen.has(quantity)) throw new FormatReadError(`quantity="${quantity}" twice in ${snippet(name)}`, item.line);
      seen.add(quantity);
      add(`${name}.${quantity}`, item, comment);
    }
  }
  return { entries: entries.entries };
};

const QUANTITIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * The writer escapes a comment as text (escapeXml, and a `-` after a `-` as `&#45;`, since XML refuses
 * `--` in a comment): its entities are undone, as a reader of the text (R.java's Javadoc) sees it.
 */
function unescapeComment(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#13|#45);/g, (_, name: string) => COMMENT_ENTITIES[name]!);
}
const COMMENT_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#13': '\r',
  '#45': '-',
};

function textOf(element: XmlElement, key: string): string {
  const { value, reference } = aaptText(element, key);
  if (reference)
    throw new FormatReadError(
      `${snippet(key)} is the reference ${snippet(reference)}, not a text: aapt2 compiles it to the resource it names. Mark it translatable="false", or write \\${reference.trim()[0]} for the text`,
      element.line,
    );
  return value;
}
