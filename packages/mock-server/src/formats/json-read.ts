import { checkDepth, FormatReadError, lineFinder, snippet } from '@loc/sdk/internal';
import { i18nextPlural, readI18nextText } from './placeholders';
import { entryList } from './read-entries';
import { fileText } from './read-text';
import { leavesOf, type TreeNode } from './read-tree';
import type { Reader } from './reader-types';

/**
 * `json.standard` and `json.nested`: an object of texts, its keys joined at dots where it nests (so a
 * `json.standard` file that nests reads as well as a flat one, and `json.nested`'s keys kept flat at a
 * clash read back as they were). A number or `true`/`false` reads as the text it is written as; `null`
 * as no text (untranslated).
 */
export const readJson: Reader = (file) => {
  const entries = entryList();
  for (const leaf of leavesOf(parseJson(fileText(file, { format: 'JSON' }))))
    entries.add({ key: leaf.key, value: leaf.value, line: leaf.line });
  return { entries: entries.entries };
};

/**
 * `json.i18next`: as `json.nested`, and what i18next itself reads as a plural form (a key ending in
 * `_zero`, `_one`, `_two`, `_few`, `_many` or `_other`) is the plural form `<key>.<category>` of the
 * store; `{{name}}` is the placeholder `{name}` (placeholders.ts).
 */
export const readJsonI18next: Reader = (file) => {
  const entries = entryList();
  for (const leaf of leavesOf(parseJson(fileText(file, { format: 'JSON' })))) {
    entries.add({ key: i18nextPlural(leaf.key), value: readI18nextText(leaf.value), line: leaf.line });
  }
  return { entries: entries.entries };
};

/**
 * JSON (RFC 8259) parsed into a tree, strictly: a key twice in one object, a raw control character in a
 * string, nesting deeper than MAX_NESTING_DEPTH, anything after the value are errors, each with its line
 * and column. Iterative over the text, so a hostile file costs time in proportion to its size and no
 * stack. The root must be an object.
 *
 * @example
 * parseJson('{"a": {"b": "x"}}'); // a map node holding a map node holding the text "x"
 */
function parseJson(text: string): TreeNode {
  const at = lineFinder(text);
  let i = 0;
  const fail = (message: string, offset = i): never => {
    const { line, column } = at(offset);
    throw new FormatReadError(message, line, column);
  };
  const found = () => (i >= text.length ? 'the end of the file' : snippet(text.slice(i, i + 12)));
  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };
  const line = () => at(i).line;

  const string = (): string => {
    const start = i; // at the opening quote
    i++;
    let out = '';
    let from = i;
    for (;;) {
      if (i >= text.length) fail('a string without its closing quote', start);
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20)
        fail(
          `a raw control character (U+${c.toString(16).toUpperCase().padStart(4, '0')}) in a string: write it as an escape (\\n, \\t, \\u…)`,
        );
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text[i + 1];
      const simple = e === undefined ? undefined : JSON_ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else fail(`an invalid escape ${snippet(text.slice(i, i + 6))} in a string`);
      from = i;
    }
    out += text.slice(from, i);
    i++;
    return out;
  };

  const scalar = (): TreeNode => {
    const start = i;
    const l = line();
    const word = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!word)
      return fail(`expected a value (a string, an object, an array, a number, true, false or null), found ${found()}`);
    i += word[0].length;
    if (word[0] === 'null') return { kind: 'none', line: l };
    return { kind: 'text', line: l, value: text.slice(start, i) };
  };

  // The containers being filled, innermost last: an explicit stack, not recursion.
  type MapNode = Extract<TreeNode, { kind: 'map' }>;
  type ListNode = Extract<TreeNode, { kind: 'list' }>;
  type Open =
    | { node: MapNode; keys: Map<string, number>; key: string | undefined; keyLine: number }
    | { node: ListNode; keys?: undefined };
  const stack: Open[] = [];
  let root: TreeNode | undefined;

  skipSpace();
  if (i >= text.length) fail('the file is empty: expected a JSON object');
  if (text[i] !== '{') fail(`expected a JSON object (its keys and texts), found ${found()}`);

  /** Puts a finished value where it belongs: under the pending key of the innermost object, or in its list. */
  const place = (value: TreeNode) => {
    const open = stack.at(-1);
    if (!open) root = value;
    else if (open.keys) {
      open.node.entries.push({ key: open.key!, line: open.keyLine, node: value });
      open.key = undefined;
    } else open.node.items.push(value);
  };
  // False right after a value inside a container: a comma or the container's end comes next.
  let expectingValue = true;

  while (root === undefined) {
    skipSpace();
    const open = stack.at(-1);
    if (!expectingValue && open) {
      const close = open.keys ? '}' : ']';
      if (text[i] === close) {
        i++;
        stack.pop();
        place(open.node);
        continue;
      }
      if (text[i] !== ',') fail(`expected "," or "${close}", found ${found()}`);
      const comma = i++;
      skipSpace();
      if (text[i] === close) fail(`a comma before the end of an ${open.keys ? 'object' : 'array'}: remove it`, comma);
    }
    if (open?.keys && open.key === undefined) {
      // A key, then a colon, then its value.
      if (text[i] !== '"') fail(`expected a key in double quotes, found ${found()}`);
      const keyAt = i;
      const keyLine = line();
      const key = string();
      const first = open.keys.get(key);
      if (first !== undefined)
        fail(
          `the key ${snippet(key)} is also on line ${first} of this object: an object holds each key once; remove one`,
          keyAt,
        );
      open.keys.set(key, keyLine);
      skipSpace();
      if (text[i] !== ':') fail(`expected ":" after the key ${snippet(key)}, found ${found()}`);
      i++;
      skipSpace();
      open.key = key;
      open.keyLine = keyLine;
    }
    expectingValue = false;
    const c = text[i];
    if (c !== '{' && c !== '[') {
      place(c === '"' ? { kind: 'text', line: line(), value: string() } : scalar());
      continue;
    }
    const { line: l, column } = at(i);
    checkDepth(stack.length + 1, l, column);
    i++;
    skipSpace();
    if (text[i] === (c === '{' ? '}' : ']')) {
      i++;
      place(c === '{' ? { kind: 'map', line: l, entries: [] } : { kind: 'list', line: l, items: [] });
      continue;
    }
    stack.push(
      c === '{'
        ? { node: { kind: 'map', line: l, entries: [] }, keys: new Map(), key: undefined, keyLine: l }
        : { node: { kind: 'list', line: l, items: [] } },
    );
    expectingValue = true;
  }
  skipSpace();
  if (i < text.length) fail(`the JSON object ends before ${found()}: a file holds one object`);
  return root;
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
