import { elementsOf, FormatReadError, lineFinder, parseXml, snippet, textOf, type XmlElement } from '@loc/sdk/internal';
import { C_UNESCAPES } from './c-string';
import { entryList } from './read-entries';
import { fileText } from './read-text';
import type { Reader } from './reader-types';
import { xmlText } from './read-text';

/**
 * `strings.ios`: Apple's `.strings`, `"key" = "value";` pairs as Foundation's old-style property list
 * parser reads them: UTF-8, or UTF-16 with a byte order mark (as Xcode and genstrings write it), quoted strings with C escapes (`\n \t \r \" \\`, `\a \b \f \v`, `\'`, octal `\101`,
 * `\U` with four hex digits; a backslash before anything else is that character) or unquoted ones
 * (letters, digits, `_ $ + / : . -`), `"key";` for a text equal to its key (CoreFoundation's shortcut;
 * GNUstep reads an empty text there), `/* … *\/` and `//`
 * comments. The comment before an entry (the last since the previous one; `//` lines in a row are one)
 * is its comment.
 */
export const readStrings: Reader = (file) => {
  const text = fileText(file, { format: 'A .strings file', utf16: true });
  const at = lineFinder(text);
  const entries = entryList();
  let i = 0;
  const fail = (message: string, offset = i): never => {
    const { line, column } = at(offset);
    throw new FormatReadError(message, line, column);
  };
  let comment: string | undefined;
  let lineComment = -1; // the line the last `//` comment was on, so that `//` lines in a row join
  const skip = () => {
    for (;;) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\uFEFF') i++;
      else if (text.startsWith('/*', i)) {
        const end = text.indexOf('*/', i + 2);
        if (end === -1) fail('a comment (/*) that does not end (no */)');
        comment = text.slice(i + 2, end);
        lineComment = -1;
        i = end + 2;
      } else if (text.startsWith('//', i)) {
        const end = text.indexOf('\n', i);
        const line = at(i).line;
        const content = text.slice(i + 2, end === -1 ? text.length : end).replace(/\r$/, '');
        comment = lineComment === line - 1 && comment !== undefined ? `${comment}\n${content}` : content;
        lineComment = line;
        i = end === -1 ? text.length : end + 1;
      } else return;
    }
  };
  const string = (what: string): string => {
    const quote = text[i];
    if (quote !== '"' && quote !== "'") {
      const word = /^[A-Za-z0-9_$+/:.-]+/.exec(text.slice(i, i + 1000));
      if (!word)
        return fail(
          `expected ${what} (a "quoted" string), found ${snippet(text.slice(i, i + 12)) || 'the end of the file'}`,
        );
      i += word[0].length;
      return word[0];
    }
    const start = i;
    i++;
    let out = '';
    let from = i;
    for (;;) {
      const c = text[i];
      if (c === undefined) fail('a string without its closing quote', start);
      if (c === quote) break;
      if (c !== '\\') {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text[i + 1];
      if (e === undefined) fail('a string without its closing quote', start);
      if (e === 'U' || e === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          fail(`an invalid escape ${snippet(text.slice(i, i + 6))}: \\U takes four hex digits`);
        out += String.fromCharCode(Number.parseInt(hex, 16));
        i += 6;
      } else if (/[0-7]/.test(e!)) {
        const digits = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4))![0];
        out += String.fromCharCode(Number.parseInt(digits, 8));
        i += 1 + digits.length;
      } else {
        out += C_UNESCAPES[e!] ?? STRINGS_ESCAPES[e!] ?? e;
        i += 2;
      }
      from = i;
    }
    out += text.slice(from, i);
    i++;
    return out;
  };
  for (skip(); i < text.length; skip()) {
    const about = comment;
    comment = undefined;
    const line = at(i).line;
    const key = string('a key');
    skip();
    let value = key;
    if (text[i] === '=') {
      i++;
      skip();
      value = string(`the text of ${snippet(key)}`);
      skip();
    }
    if (text[i] !== ';') fail(`expected ";" after the entry ${snippet(key)}, found ${snippet(text.slice(i, i + 12))}`);
    i++;
    comment = undefined;
    entries.add({ key, value, line, ...(about === undefined ? {} : { comment: about }) });
  }
  return { entries: entries.entries };
};

const STRINGS_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', v: '\v' };

/**
 * `stringsdict.ios`: an XML property list of rules as Foundation reads them. A rule whose text is one
 * plural variable (`NSStringLocalizedFormatKey`, `%#@files@`, with the variable's
 * `NSStringPluralRuleType` forms) is the plural group `<key>.<category>`, each form its category's text
 * with the variable's place in the format filled in (`Found %#@files@` → `Found 1 file`), even a rule of
 * only an `other` form (a language of one form, Japanese: the same group as the source's `files.one`,
 * `files.other`). A rule that is a string, or whose format has no variable, is a key of its own. A rule of
 * two variables, and other rule types (width, device), have no place in the store and are refused.
 * Comments: none (a property list has none).
 */
export const readStringsdict: Reader = (file) => {
  const root = parseXml(xmlText(file, 'A .stringsdict file'));
  const plist = plistValue(root.name === 'plist' ? onlyChild(root) : root);
  if (plist.kind !== 'dict')
    throw new FormatReadError('expected a dictionary of rules at the top of the property list', plist.line);
  const entries = entryList();
  for (const [key, rule] of plist.entries) {
    if (rule.kind === 'string') {
      entries.add({ key, value: rule.value, line: rule.line });
      continue;
    }
    if (rule.kind !== 'dict') throw new FormatReadError(`the rule ${snippet(key)} is not a dictionary`, rule.line);
    const format = rule.entries.get('NSStringLocalizedFormatKey');
    if (!format) {
      const kinds = [...rule.entries.keys()].filter((k) => k.endsWith('RuleType')).join(', ');
      throw new FormatReadError(
        `the rule ${snippet(key)} has no NSStringLocalizedFormatKey${kinds ? ` (it is a ${kinds} rule, which loc-mock does not hold)` : ''}`,
        rule.line,
      );
    }
    if (format.kind !== 'string')
      throw new FormatReadError(`the NSStringLocalizedFormatKey of ${snippet(key)} is not a string`, format.line);
    const variables = [...new Set([...format.value.matchAll(/%(?:\d+\$)?#@([^@]*)@/g)].map((m) => m[1]!))];
    if (variables.length === 0) {
      entries.add({ key, value: format.value, line: rule.line });
      continue;
    }
    if (variables.length > 1)
      throw new FormatReadError(
        `the rule ${snippet(key)} combines ${variables.length} plural variables (${variables.join(', ')}): the store holds one plural per key; split it into rules of one variable`,
        format.line,
      );
    const name = variables[0]!;
    const variable = rule.entries.get(name);
    if (variable?.kind !== 'dict')
      throw new FormatReadError(
        `the rule ${snippet(key)} names the variable ${name}, which it does not define`,
        format.line,
      );
    const type = variable.entries.get('NSStringFormatSpecTypeKey');
    if (type?.kind !== 'string' || type.value !== 'NSStringPluralRuleType')
      throw new FormatReadError(
        `the variable ${name} of ${snippet(key)} is not an NSStringPluralRuleType, the only rule loc-mock holds`,
        variable.line,
      );
    const forms: [string, string, number][] = [];
    for (const [category, form] of variable.entries) {
      if (category === 'NSStringFormatSpecTypeKey' || category === 'NSStringFormatValueTypeKey') continue;
      if (!PLURAL_CATEGORIES.has(category))
        throw new FormatReadError(
          `${snippet(category)} in the variable ${name} of ${snippet(key)}: forms are zero, one, two, few, many and other`,
          form.line,
        );
      if (form.kind !== 'string')
        throw new FormatReadError(`the form ${category} of ${snippet(key)} is not a string`, form.line);
      const value = format.value.replace(/%(?:\d+\$)?#@[^@]*@/g, () => form.value);
      forms.push([category, value, form.line]);
    }
    for (const [category, value, line] of forms) entries.add({ key: `${key}.${category}`, value, line });
  }
  return { entries: entries.entries };
};

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

type PlistValue =
  | { kind: 'dict'; line: number; entries: Map<string, PlistValue> }
  | { kind: 'array'; line: number; items: PlistValue[] }
  | { kind: 'string'; line: number; value: string }
  | { kind: 'other'; line: number };

function onlyChild(element: XmlElement): XmlElement {
  const children = elementsOf(element);
  if (children.length !== 1)
    throw new FormatReadError(`<${element.name}> holds one value, not ${children.length}`, element.line);
  return children[0]!;
}

/** A property list value (XML form): dictionaries (a key twice refused), arrays, strings; numbers, dates, data and booleans as `other`. */
function plistValue(element: XmlElement): PlistValue {
  switch (element.name) {
    case 'dict': {
      const entries = new Map<string, PlistValue>();
      const keyLines = new Map<string, number>();
      const children = elementsOf(element);
      for (let k = 0; k < children.length; k += 2) {
        const keyElement = children[k]!;
        if (keyElement.name !== 'key')
          throw new FormatReadError(`expected a <key> in the <dict>, found <${keyElement.name}>`, keyElement.line);
        const valueElement = children[k + 1];
        if (!valueElement)
          throw new FormatReadError(`the <key> ${snippet(textOf(keyElement))} has no value`, keyElement.line);
        const key = textOf(keyElement);
        const first = keyLines.get(key);
        if (first !== undefined)
          throw new FormatReadError(
            `the key ${snippet(key)} is also on line ${first} of this dictionary: remove one`,
            keyElement.line,
          );
        keyLines.set(key, keyElement.line);
        entries.set(key, plistValue(valueElement));
      }
      return { kind: 'dict', line: element.line, entries };
    }
    case 'array':
      return { kind: 'array', line: element.line, items: elementsOf(element).map(plistValue) };
    case 'string':
      return { kind: 'string', line: element.line, value: textOf(element) };
    case 'integer':
    case 'real':
    case 'true':
    case 'false':
    case 'date':
    case 'data':
      return { kind: 'other', line: element.line };
    default:
      throw new FormatReadError(`<${element.name}> is not a property list element`, element.line);
  }
}
