import { FormatReadError, snippet } from './text-reading';
import { startTag, type XmlElement, type XmlNode } from './xml-read';

/**
 * An Android resource's text as aapt2 compiles it, loc-mock's reader of uploads (its android-read.ts) and
 * loc's reader of the files it pushes alike: the text, or the refusal aapt2 gives (an unescaped `'`
 * outside double quotes, a bad `\u` escape, a nested `<xliff:g>`), naming the element's line.
 */

const XLIFF_1_2 = 'urn:oasis:names:tc:xliff:document:1.2';

/** aapt2's `isspace` on ASCII (its whitespace rule): space, tab, line feed, vertical tab, form feed, carriage return. */
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';

/** aapt2's resource types: `@<type>/<name>` of another type is a text. */
const RESOURCE_TYPES =
  'anim|animator|array|attr|bool|color|configVarying|dimen|drawable|font|fraction|id|integer|interpolator|layout|macro|menu|mipmap|navigation|plurals|raw|string|style|styleable|transition|xml';

/**
 * What aapt2 compiles as a reference rather than a string (its ResourceUtils::TryParseReference, as
 * aapt2 2.19 reads it): `@null`, `@empty`, `@[+*][package:]<type>/<name>`, and `?[package:][type/]<name>`,
 * whatever the name holds but a `/` (`? help` is a reference to the attribute " help").
 */
const REFERENCE = new RegExp(
  `^(?:@(?:null|empty)|@[+*]?(?:[^:/]+:)?(?:${RESOURCE_TYPES})\\/[^/]+|\\?(?:[^:/]+:)?(?:[^:/]+\\/)?[^/]+)$`,
);

type Piece =
  | { kind: 'segment'; data: string }
  | { kind: 'span'; element: XmlElement; children: Piece[] }
  | { kind: 'group'; children: Piece[] };

/**
 * What aapt2 makes of a resource's text (its ResourceParser::FlattenXmlSubtree and
 * StringBuilder::AppendText), with its spans kept as their tags: `<b>`, `<i>`, `<font color="…">` and
 * any other element without a namespace is a span of a styled string, which the store keeps as the tag's
 * text (`<b>bold</b>`); an `<xliff:g>` is unwrapped (aapt2 keeps its content and drops the tag), as are
 * elements of other namespaces. The rules, in aapt2's order: the text of the first and last pieces is
 * trimmed when the string has no span; then, outside double quotes, every run of ASCII white space is one
 * space; an unescaped `"` opens or closes quoting and is dropped; `\n \t \uXXXX` are a line feed, a tab
 * and that character, a backslash before anything else is that character (so `\r` is `r`), and a
 * trailing one is dropped; an unescaped `'` outside quotes is an error; quoting and the white space run
 * end at each span's edges. CDATA is text like any other (its markup stays text). `plain` is the text
 * without the spans' tags, what `aapt2 dump` shows; `reference` the text when aapt2 would read a reference.
 *
 * @example
 * aaptText(parseXml('<string name="a">  Hi \\"you\\" <b>there</b>  </string>'), 'a').value; // ' Hi "you" <b>there</b> '
 */
export function aaptText(element: XmlElement, key: string): { value: string; plain: string; reference?: string } {
  const root: Piece = { kind: 'group', children: [] };
  const segments: Extract<Piece, { kind: 'segment' }>[] = [];
  let sawSpan = false;
  let raw = '';
  let inUntranslatable = false;
  const flatten = (nodes: XmlNode[], into: Piece[]) => {
    let current = '';
    const flush = () => {
      if (current === '') return;
      const segment = { kind: 'segment' as const, data: current };
      into.push(segment);
      segments.push(segment);
      current = '';
    };
    for (const node of nodes) {
      if (node.kind === 'text') {
        current += node.text;
        raw += node.text;
      } else if (node.kind === 'element') {
        flush();
        if (node.uri === '') {
          sawSpan = true;
          const span: Piece = { kind: 'span', element: node, children: [] };
          into.push(span);
          flatten(node.children, span.children);
        } else {
          const untranslatable = node.uri === XLIFF_1_2 && node.local === 'g';
          if (untranslatable && inUntranslatable)
            throw new FormatReadError(`a nested <${node.name}> in ${snippet(key)}: aapt2 refuses it`, node.line);
          const group: Piece = { kind: 'group', children: [] };
          into.push(group);
          inUntranslatable ||= untranslatable;
          flatten(node.children, group.children);
          if (untranslatable) inUntranslatable = false;
        }
      }
    }
    flush();
  };
  flatten(element.children, root.children);

  if (!sawSpan && segments.length) {
    const first = segments[0]!;
    first.data = first.data.replace(/^[ \t\n\v\f\r]+/, '');
    const last = segments.at(-1)!;
    last.data = last.data.replace(/[ \t\n\v\f\r]+$/, '');
  }
  if (!sawSpan && REFERENCE.test(raw.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '')))
    return { value: '', plain: '', reference: raw.trim() };

  let value = '';
  let plain = '';
  let quote = false;
  let lastSpace = false;
  const emit = (s: string) => {
    value += s;
    plain += s;
  };
  const append = (data: string) => {
    const chars = [...data];
    for (let k = 0; k < chars.length; k++) {
      const c = chars[k]!;
      if (!quote && isSpace(c)) {
        if (!lastSpace) emit(' ');
        lastSpace = true;
        continue;
      }
      lastSpace = false;
      if (c === '\\') {
        if (k + 1 >= chars.length) continue;
        const e = chars[++k]!;
        if (e === 't') emit('\t');
        else if (e === 'n') emit('\n');
        else if (e === 'u') {
          let code = 0;
          let digits = 0;
          for (; digits < 4 && k + 1 < chars.length; digits++) {
            const h = chars[k + 1]!;
            if (!/^[0-9a-fA-F]$/.test(h))
              throw new FormatReadError(
                `an invalid \\u escape in ${snippet(key)}: write \\u and four hex digits`,
                element.line,
              );
            code = code * 16 + Number.parseInt(h, 16);
            k++;
          }
          if (code >= 0xd800 && code <= 0xdfff)
            throw new FormatReadError(
              `\\u${code.toString(16)} in ${snippet(key)} is half of a surrogate pair, which aapt2 refuses: write the character itself`,
              element.line,
            );
          emit(String.fromCodePoint(code));
        } else emit(e);
      } else if (c === '"') quote = !quote;
      else if (!quote && c === "'")
        throw new FormatReadError(
          `an unescaped apostrophe in ${snippet(key)}: write \\' (aapt2 refuses it), or quote the text`,
          element.line,
        );
      else emit(c);
    }
  };
  const build = (pieces: Piece[]) => {
    for (const piece of pieces) {
      if (piece.kind === 'segment') append(piece.data);
      else if (piece.kind === 'group') build(piece.children);
      else {
        quote = false;
        lastSpace = false;
        const tag = startTag(piece.element);
        if (piece.children.length === 0) value += `${tag.slice(0, -1)}/>`;
        else {
          value += tag;
          build(piece.children);
          value += `</${piece.element.name}>`;
        }
        quote = false;
        lastSpace = false;
      }
    }
  };
  build(root.children);
  return { value, plain };
}
