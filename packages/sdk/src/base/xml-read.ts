import { checkDepth, FormatReadError, lineFinder, snippet } from './text-reading';

/**
 * A small, strict XML 1.0 reader for the XML formats' readers (XLIFF, Android resources, stringsdict), loc-mock's
 * of uploads and loc's of the files it pushes:
 * well-formedness as XML 1.0 defines it, namespaces resolved, every node with its line. It reads no DTD:
 * a DOCTYPE may name one (a property list's does) but an internal subset, and with it every entity
 * declaration, is refused, so no entity expands (no "billion laughs") and nothing outside the file is
 * read; the only entities are XML's five and character references. Elements nest at most
 * MAX_NESTING_DEPTH deep. Iterative, so a hostile file costs time in proportion to its size.
 */

export interface XmlElement {
  kind: 'element';
  /** The name as written (`xliff:g`). */
  name: string;
  /** The name without its prefix (`g`). */
  local: string;
  /** The namespace URI it is in ('' for none). */
  uri: string;
  /** Attributes by the name as written, values decoded and normalized as XML does. */
  attrs: Map<string, string>;
  children: XmlNode[];
  line: number;
  column: number;
}

export type XmlNode =
  | XmlElement
  | { kind: 'text'; text: string; line: number }
  | { kind: 'comment'; text: string; line: number };

/** Characters XML 1.0 allows (its `Char`); anything else anywhere in a document is an error. */
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*`, 'uy');
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/**
 * The root element of an XML document, in text already decoded. Read as XML reads it: a byte order mark
 * is no character, and `\r\n` and `\r` are `\n` (XML 1.0 §2.11), so every caller's texts compare alike.
 *
 * @example
 * parseXml('<a x="1">hi<b/></a>').children; // [{ kind: 'text', text: 'hi', … }, { kind: 'element', name: 'b', … }]
 * parseXml('<a>x\r\ny</a>').children; // [{ kind: 'text', text: 'x\ny', … }]
 */
export function parseXml(input: string): XmlElement {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const at = lineFinder(text);
  let i = 0;
  const fail = (message: string, offset = i): never => {
    const { line, column } = at(offset);
    throw new FormatReadError(message, line, column);
  };
  const bad = NOT_XML_CHAR.exec(text);
  if (bad)
    fail(
      `the character U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML 1.0, not even as a character reference`,
      bad.index,
    );

  const stack: { element: XmlElement; namespaces: Map<string, string> }[] = [];
  let root: XmlElement | undefined;
  let doctypeSeen = false;
  const rootNamespaces = new Map([['xml', XML_NAMESPACE]]);

  const name = (what: string): string => {
    NAME.lastIndex = i;
    const match = NAME.exec(text);
    if (!match) return fail(`expected ${what}, found ${snippet(text.slice(i, i + 10))}`);
    i += match[0].length;
    return match[0];
  };
  const skipSpace = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\t' || text[i] === '\r')) i++;
  };
  const until = (end: string, what: string): string => {
    const close = text.indexOf(end, i);
    if (close === -1) fail(`${what} that does not end (no ${end})`);
    const content = text.slice(i, close);
    i = close + end.length;
    return content;
  };
  /** Character data with its references decoded; `attribute` also turns white space into spaces (XML §3.3.3). */
  const decode = (raw: string, start: number, attribute: boolean): string => {
    // In an attribute, white space written as it is becomes a space; a character reference stays what it is.
    const plain = (s: string) => (attribute ? s.replace(/[\t\n\r]/g, ' ') : s);
    let out = '';
    let from = 0;
    for (let k = raw.indexOf('&'); k !== -1; k = raw.indexOf('&', from)) {
      out += plain(raw.slice(from, k));
      const semi = raw.indexOf(';', k);
      const ref = semi === -1 ? '' : raw.slice(k + 1, semi);
      let character: string | undefined;
      if (ref.startsWith('#')) {
        const code = /^#x[0-9a-fA-F]{1,6}$/.test(ref)
          ? Number.parseInt(ref.slice(2), 16)
          : /^#[0-9]{1,7}$/.test(ref)
            ? Number.parseInt(ref.slice(1), 10)
            : Number.NaN;
        if (code > 0x10ffff || Number.isNaN(code))
          fail(`an invalid character reference ${snippet(`&${ref};`)}`, start + k);
        character = String.fromCodePoint(code);
        if (NOT_XML_CHAR.test(character))
          fail(`the character reference &${ref}; stands for a character XML 1.0 does not allow`, start + k);
      } else character = Object.hasOwn(PREDEFINED, ref) ? PREDEFINED[ref] : undefined; // `&constructor;` is none
      if (character === undefined)
        fail(
          semi === -1 || !/^[^\s&<]+$/.test(ref)
            ? 'a bare "&": write it as &amp;'
            : `the entity &${ref}; is not one of XML's own (&amp; &lt; &gt; &quot; &apos;): no DTD is read; write the character itself or a character reference such as &#160;`,
          start + k,
        );
      out += character;
      from = semi + 1;
    }
    return out + plain(raw.slice(from));
  };
  const addChild = (node: XmlNode) => {
    const open = stack.at(-1);
    if (open) {
      const last = open.element.children.at(-1);
      if (node.kind === 'text' && last?.kind === 'text') last.text += node.text;
      else open.element.children.push(node);
    }
  };

  if (text.startsWith('<?xml')) {
    i = 5;
    if (!/[\s?]/.test(text[i] ?? '')) i = 0;
    else {
      const declaration = until('?>', 'an XML declaration');
      if (!/^\s+version\s*=\s*(["'])1\.[01]\1/.test(declaration))
        fail('the XML declaration must begin with version="1.0"', 0);
    }
  }

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt !== i) {
      // Text up to the next markup.
      const end = lt === -1 ? text.length : lt;
      const raw = text.slice(i, end);
      if (!stack.length) {
        const visible = raw.search(/[^ \t\n\r]/);
        if (visible !== -1) fail(root ? 'text after the root element' : 'text before the root element', i + visible);
      } else {
        const cdataEnd = raw.indexOf(']]>');
        if (cdataEnd !== -1) fail('"]]>" in text: write it as ]]&gt;', i + cdataEnd);
        addChild({ kind: 'text', text: decode(raw, i, false), line: at(i).line });
      }
      i = end;
      continue;
    }
    const start = i;
    if (text.startsWith('<!--', i)) {
      i += 4;
      const content = until('-->', 'a comment');
      if (content.includes('--') || content.endsWith('-')) fail('"--" inside a comment', start);
      addChild({ kind: 'comment', text: content, line: at(start).line });
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      if (!stack.length) fail('a CDATA section outside the root element');
      i += 9;
      addChild({ kind: 'text', text: until(']]>', 'a CDATA section'), line: at(start).line });
      continue;
    }
    if (text.startsWith('<!DOCTYPE', i)) {
      if (root || stack.length || doctypeSeen) fail('a DOCTYPE after the document has begun');
      doctypeSeen = true;
      i += 9;
      // The name and external id (quoted, may hold ">"); an internal subset ("[") would declare entities.
      for (;;) {
        if (i >= text.length) fail('a DOCTYPE that does not end', start);
        const c = text[i]!;
        if (c === '"' || c === "'") {
          const close = text.indexOf(c, i + 1);
          if (close === -1) fail('a DOCTYPE that does not end', start);
          i = close + 1;
        } else if (c === '[')
          fail('the DOCTYPE declares a DTD of its own ([ … ]): no DTD is read and no entity expands; remove it', i);
        else if (c === '>') {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (text.startsWith('<?', i)) {
      i += 2;
      const target = name('a processing instruction’s name');
      if (target.toLowerCase() === 'xml') fail('an XML declaration that is not at the very start of the file', start);
      until('?>', 'a processing instruction');
      continue;
    }
    if (text.startsWith('</', i)) {
      i += 2;
      const closing = name('the name of a closing tag');
      skipSpace();
      if (text[i] !== '>') fail(`expected ">" to end </${closing}`);
      i++;
      const open = stack.pop();
      if (!open) fail(`</${closing}> closes no element`, start);
      if (open!.element.name !== closing)
        fail(
          `</${closing}> where </${open!.element.name}> (opened on line ${open!.element.line}) should close first`,
          start,
        );
      if (!stack.length) root = open!.element;
      continue;
    }
    // A start tag.
    i++;
    if (root) fail('a second root element: an XML document has one', start);
    const elementName = name('an element name');
    const attrs = new Map<string, string>();
    let selfClosing = false;
    for (;;) {
      const before = i;
      skipSpace();
      if (text[i] === '>') {
        i++;
        break;
      }
      if (text.startsWith('/>', i)) {
        i += 2;
        selfClosing = true;
        break;
      }
      if (i >= text.length) fail(`the tag <${elementName} does not end`, start);
      if (i === before)
        fail(`expected a space, ">" or "/>" in <${elementName}, found ${snippet(text.slice(i, i + 10))}`);
      const attrAt = i;
      const attr = name('an attribute name');
      skipSpace();
      if (text[i] !== '=') fail(`expected "=" after the attribute ${attr}`);
      i++;
      skipSpace();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") fail(`expected the value of ${attr} in quotes`);
      const close = text.indexOf(quote!, i + 1);
      if (close === -1) fail(`the value of ${attr} does not end`, attrAt);
      const raw = text.slice(i + 1, close);
      if (raw.includes('<')) fail(`"<" in the value of ${attr}: write it as &lt;`, attrAt);
      if (attrs.has(attr)) fail(`the attribute ${attr} twice in one tag`, attrAt);
      attrs.set(attr, decode(raw, i + 1, true));
      i = close + 1;
    }
    const parentNamespaces = stack.at(-1)?.namespaces ?? rootNamespaces;
    let namespaces = parentNamespaces;
    for (const [attr, value] of attrs) {
      if (attr !== 'xmlns' && !attr.startsWith('xmlns:')) continue;
      if (namespaces === parentNamespaces) namespaces = new Map(parentNamespaces);
      namespaces.set(attr === 'xmlns' ? '' : attr.slice(6), value);
    }
    const colon = elementName.indexOf(':');
    const prefix = colon === -1 ? '' : elementName.slice(0, colon);
    const uri = namespaces.get(prefix);
    if (uri === undefined && prefix !== '')
      fail(`the prefix ${prefix}: of <${elementName}> is not declared (xmlns:${prefix}="…")`, start);
    for (const attr of attrs.keys()) {
      const p = attr.includes(':') ? attr.slice(0, attr.indexOf(':')) : '';
      if (p && p !== 'xmlns' && !namespaces.has(p))
        fail(`the prefix ${p}: of the attribute ${attr} is not declared`, start);
    }
    const { line, column } = at(start);
    checkDepth(stack.length + 1, line, column);
    const element: XmlElement = {
      kind: 'element',
      name: elementName,
      local: colon === -1 ? elementName : elementName.slice(colon + 1),
      uri: uri ?? '',
      attrs,
      children: [],
      line,
      column,
    };
    addChild(element);
    if (selfClosing) {
      if (!stack.length) root = element;
    } else stack.push({ element, namespaces });
  }
  if (stack.length) {
    const open = stack.at(-1)!.element;
    fail(`the file ends inside <${open.name}> (opened on line ${open.line})`, text.length);
  }
  if (!root) fail('no root element: the file holds no XML document', 0);
  return root!;
}

/**
 * The text of an element's children (text and CDATA), elements and comments left out.
 *
 * @example
 * textOf(parseXml('<key>a<!-- c --><![CDATA[<b>]]></key>')); // 'a<b>'
 */
export function textOf(element: XmlElement): string {
  let out = '';
  for (const child of element.children) if (child.kind === 'text') out += child.text;
  return out;
}

/**
 * An element's content as text: its text, and each element inside it written back as XML (`<b>bold</b>`,
 * `<x id="1"/>`), for formats whose texts may hold inline markup (XLIFF's `<g>`, `<x/>`). Comments are left out.
 * With `escaped`, the text keeps `&` and `<` escaped: the content as XML, in one spelling (`&amp;`, `&#38;`
 * and `&#x26;` alike), where the text's own `<` must not read as markup.
 *
 * @example
 * innerXml(parseXml('<t>a <b>bold</b> &amp; <x id="1"/></t>')); // 'a <b>bold</b> & <x id="1"/>'
 * innerXml(parseXml('<t>a <b>bold</b> &#38; &lt;</t>'), { escaped: true }); // 'a <b>bold</b> &amp; &lt;'
 */
export function innerXml(element: XmlElement, options: { escaped?: boolean } = {}): string {
  let out = '';
  for (const child of element.children) {
    if (child.kind === 'text')
      out += options.escaped ? child.text.replace(/&/g, '&amp;').replace(/</g, '&lt;') : child.text;
    else if (child.kind === 'element') {
      const open = startTag(child);
      out +=
        child.children.length === 0 ? `${open.slice(0, -1)}/>` : `${open}${innerXml(child, options)}</${child.name}>`;
    }
  }
  return out;
}

/**
 * An element's start tag written back, attribute values quoted and escaped.
 *
 * @example
 * startTag(parseXml(`<font color='"red"'/>`)); // '<font color="&quot;red&quot;">'
 */
export function startTag(element: XmlElement): string {
  let out = `<${element.name}`;
  for (const [name, value] of element.attrs)
    out += ` ${name}="${value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}"`;
  return `${out}>`;
}

/**
 * The child elements of an element.
 *
 * @example
 * elementsOf(parseXml('<a>x<b/><!-- c --><c/></a>')).map((e) => e.name); // ['b', 'c']
 */
export function elementsOf(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => c.kind === 'element');
}
